/**
 * The /Play page over a mock gateway: a small stateful stand-in for the gateway's play-page query
 * and mutations (schema.graphql playPage, setVideoOperation, addNote, collectNote, uncollectNote,
 * deleteNote, clipVideo), the whole app in a memory router (shell, loader, keep-alive host), and a
 * stand-in for the player module (see FakeVideoPlayer).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render } from '@testing-library/react';
import { createElement, useImperativeHandle, type Ref } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { OperationDescriptor } from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator, type MockResolvers } from 'relay-test-utils';
import { appRoutes, createRouteRuntime } from '../../web/src/app/router';
import type { VideoPlayerHandle, VideoPlayerProps } from '../../web/src/components/Player/types';
import { GUIDE_SEEN_KEY } from '../../web/src/constants';
import { system } from '../../web/src/theme';
import { ANONYMOUS, MEMBER } from './centerMocks';
import { mockConnection, mockCourse } from './mockData';

export const LOGIN_URL = 'http://login.example.edu.cn/login';

// ---------------------------------------------------------------------------------------------
// The player: its real implementation (vidstack, HLS) is covered by the player's own tests and the
// Chromium e2e; jsdom cannot play media. The page tests replace the module with this stand-in,
// which honours the contract of components/Player/types.ts and records what the page did with it.

export const fakePlayer = {
  props: null as VideoPlayerProps | null,
  /** What currentTime() answers (seconds). */
  time: 0,
  seeks: [] as number[],
  pauses: 0,
  reset() {
    this.props = null;
    this.time = 0;
    this.seeks = [];
    this.pauses = 0;
  },
};

export function FakeVideoPlayer(props: VideoPlayerProps & { readonly ref?: Ref<VideoPlayerHandle> }) {
  fakePlayer.props = props;
  useImperativeHandle(
    props.ref,
    () => ({
      currentTime: () => fakePlayer.time,
      pause: () => {
        fakePlayer.pauses += 1;
      },
      seek: (seconds: number) => {
        fakePlayer.seeks.push(seconds);
      },
    }),
    [],
  );
  return createElement(
    'div',
    { 'data-testid': 'fake-player', 'data-video-id': props.video.videoId },
    `正在播放：${props.video.name}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The gateway's data.

export type MockNote = {
  __typename: 'Note';
  id: string;
  noteId: number;
  videoId: number;
  content: string;
  vtime: number;
  noteTime: string;
  isPublic: boolean;
  isMine: boolean;
  collectedByViewer: boolean;
  authorName: string;
};

export interface Operations {
  liked: boolean;
  favourited: boolean;
  likeCount: number;
  favouriteCount: number;
}

const COURSE_ID = 11;
const CATALOGUE_ID = 7;

export function keyframe(timePoint: number, label: string) {
  const show = `${String(Math.floor(timePoint / 60)).padStart(2, '0')}:${String(timePoint % 60).padStart(2, '0')}`;
  return {
    timePoint,
    keyPoints: label,
    keyPointsShow: show,
    description: `${label}的说明`,
    image: `/media/k/${timePoint}.jpg`,
  };
}

function video(videoId: number, name: string, keyframes = [keyframe(30, '开篇')]) {
  return {
    __typename: 'Video',
    id: `video-${videoId}`,
    videoId,
    courseId: COURSE_ID,
    name,
    properTitle: name,
    numberShow: `第${videoId - 500}讲`,
    image: `/media/v/${videoId}.jpg`,
    code: `v${videoId}`,
    duration: 600,
    abstract: `${name}的视频简介`,
    videoUrl: `/media/videos/v${videoId}/master.m3u8`,
    qualities: [{ name: '720p', height: 720, bandwidth: 2_000_000 }],
    subtitleUrl: `/media/videos/v${videoId}/subtitles.vtt`,
    // READY, or GENERATING while its own lecture is being made (MediaPending asks again until READY)
    mediaState: 'READY' as string,
    keyframes,
    danmaku: [] as MockDanmaku[],
    // no AI content generated yet (the AI block's own tests give it some)
    aiContent: null as Record<string, unknown> | null,
  };
}

export interface MockDanmaku {
  id: string;
  vtime: number;
  content: string;
  mine: boolean;
}

let noteSeq = 0;

export function mockVideoNote(videoId: number, overrides: Partial<MockNote> = {}): MockNote {
  noteSeq += 1;
  return {
    __typename: 'Note',
    id: `Tm90ZTpw${noteSeq}`,
    noteId: 9000 + noteSeq,
    videoId,
    content: `别人的笔记${noteSeq}`,
    vtime: 95,
    noteTime: '2026-11-20T08:30:00.000Z',
    isPublic: true,
    isMine: false,
    collectedByViewer: false,
    authorName: '李同学',
    ...overrides,
  };
}

/** The arguments of the field a type resolver answers for. */
const argsOf = (context: unknown): unknown => (context as { args?: unknown } | null)?.args ?? {};

type UserErrorAnswer = { message: string } | 'network' | 'rate-limited';

/**
 * A stateful mock of the gateway's play page: the course 中国近现代史纲要 with three videos (501
 * has 5 keyframes, an own note and someone else's), like/favourite state per video, clips. Set
 * `fail[<mutation field>]` to answer the next call with a user error, 'network' to reject it, or
 * 'rate-limited' for the gateway's rate-limit answer (one GraphQL error, no data);
 * `fail.danmaku` fails the next comments load (useVideoDanmakuQuery) the same ways.
 */
export class PlayGateway {
  viewer: Record<string, unknown> = { ...MEMBER };
  /** The gateway answers playPage null (an unknown course, a video not of the course). */
  unknownCourse = false;
  videos = [
    video(501, '第一讲 绪论', [
      keyframe(10, '课程导入'),
      keyframe(75, '近代中国的社会性质'),
      keyframe(180, '两大历史任务'),
      keyframe(300, '救亡图存'),
      keyframe(420, '小结'),
    ]),
    video(502, '第二讲 进入近代后中华民族的磨难与抗争'),
    video(503, '第三讲 不同社会力量对国家出路的早期探索'),
  ];
  notes: MockNote[] = [
    mockVideoNote(501, { content: '我的第一条笔记', isMine: true, authorName: '张同学', vtime: 65 }),
    mockVideoNote(501, { content: '李同学的公开笔记', vtime: 125 }),
  ];
  operations = new Map<number, Operations>([
    [501, { liked: false, favourited: false, likeCount: 1234, favouriteCount: 8 }],
  ]);
  fragments: Array<{ id: string; videoId: number; name: string }> = [];
  fail: Record<string, UserErrorAnswer | undefined> = {};
  relatedCourses = Array.from({ length: 10 }, (_, i) => mockCourse({ name: `相关课程${i + 1}` }));
  authorCourses = [mockCourse({ name: '讲师课程甲' }), mockCourse({ name: '讲师课程乙' })];

  opsOf(videoId: number): Operations {
    let ops = this.operations.get(videoId);
    if (!ops) {
      ops = { liked: false, favourited: false, likeCount: 0, favouriteCount: 0 };
      this.operations.set(videoId, ops);
    }
    return ops;
  }

  /** The user error (or null) the next call of `field` answers with, consumed. */
  private failure(field: string): { message: string } | null {
    const answer = this.fail[field];
    if (!answer || answer === 'network' || answer === 'rate-limited') return null;
    delete this.fail[field];
    return answer;
  }

  /** The answer to useVideoDanmakuQuery (node(id:) of a video): its scrolling comments. */
  danmakuAnswer(id: unknown) {
    const found = this.videos.find((v) => v.id === id);
    return {
      data: {
        node: found ? { __typename: 'Video', id: found.id, danmaku: found.danmaku.map((d) => ({ ...d })) } : null,
      },
    };
  }

  /** The answer to MediaPendingRefetchQuery (node(id:) of a video): its media as they are now. */
  mediaAnswer(id: unknown) {
    const v = this.videos.find((candidate) => candidate.id === id);
    const node = v
      ? {
          __typename: 'Video',
          id: v.id,
          mediaState: v.mediaState,
          videoUrl: v.videoUrl,
          subtitleUrl: v.subtitleUrl,
          duration: v.duration,
          keyframes: v.keyframes,
        }
      : null;
    return { data: { node } };
  }

  /** How the next comments load fails (`fail.danmaku`, consumed): a server message, 'network', or null. */
  takeDanmakuFailure(): UserErrorAnswer | null {
    const answer = this.fail.danmaku ?? null;
    delete this.fail.danmaku;
    return answer;
  }

  /** Whether the next operation with this root field is refused by the gateway's rate limit (consumed). */
  takeRateLimit(field: string): boolean {
    if (this.fail[field] !== 'rate-limited') return false;
    delete this.fail[field];
    return true;
  }

  /** Whether the next operation with this root field fails at the network level (consumed). */
  takeNetworkFailure(field: string): boolean {
    if (this.fail[field] !== 'network') return false;
    delete this.fail[field];
    return true;
  }

  private notesOf(videoId: number, scope: 'ALL' | 'MINE') {
    const list = this.notes.filter(
      (n) => n.videoId === videoId && (scope === 'MINE' ? n.isMine : n.isPublic || n.isMine),
    );
    return mockConnection(list, false);
  }

  private videoRecord(v: ReturnType<typeof video>) {
    return {
      ...v,
      viewerOperations: { ...this.opsOf(v.videoId) },
      allNotes: this.notesOf(v.videoId, 'ALL'),
      myNotes: this.notesOf(v.videoId, 'MINE'),
    };
  }

  private playPage(args: { videoId?: number | null }) {
    const current = (args.videoId ? this.videos.find((v) => v.videoId === args.videoId) : this.videos[0]) ?? null;
    // a visitor gets the course as the gateway answers it: no resume point, no operations of their own
    const visitor = [-1, 0].includes(this.viewer.userType as number);
    return {
      course: {
        id: `course-${COURSE_ID}`,
        courseId: COURSE_ID,
        catalogueId: CATALOGUE_ID,
        name: '中国近现代史纲要',
        authorName: '王教授',
        authorPosition: '北京大学马克思主义学院教授',
        author: {
          id: 'author-906',
          authorId: 906,
          name: '王教授',
          position: '北京大学马克思主义学院教授',
          image: '/media/authors/906.jpg',
        },
        videoCount: this.videos.length,
        viewCount: 12_345,
        catalogueTrail: [
          { id: 'catalogue-1', catalogueId: 1, level: 1, name: '思想政治理论' },
          { id: 'catalogue-7', catalogueId: 7, level: 2, name: '中国近现代史' },
        ],
        relatedCourses: mockConnection(this.relatedCourses, false),
      },
      video: current ? this.videoRecord(current) : null,
      videos: this.videos.map((v) => this.videoRecord(v)),
      tags: [
        { name: '中国近现代史', type: 1, tagId: 7 },
        { name: '王教授', type: 2, tagId: 906 },
      ],
      resume:
        current && !visitor
          ? {
              logId: 'log-1',
              videoId: current.videoId,
              lastPlayTime: 42,
              duration: 600,
              lastWatchTime: '2026-11-20T08:00:00.000Z',
            }
          : null,
      mobileUrl: `http://localhost:4000/m/play?catalogId=${CATALOGUE_ID}&courseId=${COURSE_ID}&videoId=${current?.videoId ?? 0}`,
      qrCodeUrl: `/qr/play.png?courseId=${COURSE_ID}&videoId=${current?.videoId ?? 0}`,
      authorCourses: this.authorCourses,
    };
  }

  resolvers(): MockResolvers {
    const userError = (e: { message: string }) => [{ message: e.message, code: 'REFUSED', field: null }];
    return {
      Site: () => ({ loginUrl: LOGIN_URL, currentYear: 2026, title: '思政云课堂' }),
      Viewer: () => this.viewer,
      Query: () => ({
        subjects: [],
        banners: [],
        selectedCourses: [],
        recommendedAuthors: [],
        featuredTopics: [],
        recommendedCourses: mockConnection([mockCourse({ name: '推荐课程一' })], false),
        statistics: { courseCount: 10, videoCount: 90 },
        ...(this.unknownCourse ? { playPage: null } : {}),
      }),
      PlayPage: (context) => this.playPage(argsOf(context) as { videoId?: number }),
      FragmentConnection: () =>
        mockConnection(
          this.fragments.map((f) => ({ __typename: 'Fragment', ...f })),
          false,
        ),
      RecordVisitPayload: () => ({ logId: '1', errors: [] }),
      SetVideoOperationPayload: (context) => {
        const input = (argsOf(context) as { input: { videoId: number; kind: 'LIKE' | 'FAVOURITE'; on: boolean } })
          .input;
        const failed = this.failure('setVideoOperation');
        if (failed) return { operations: null, course: null, message: null, errors: userError(failed) };
        const ops = this.opsOf(input.videoId);
        const [flag, count] =
          input.kind === 'LIKE' ? (['liked', 'likeCount'] as const) : (['favourited', 'favouriteCount'] as const);
        if (ops[flag] !== input.on) {
          ops[flag] = input.on;
          ops[count] += input.on ? 1 : -1;
        }
        return {
          operations: { ...ops },
          course: { id: `course-${COURSE_ID}` },
          message: input.on ? '点赞成功' : '已取消点赞',
          errors: [],
        };
      },
      AddNotePayload: (context) => {
        const input = (
          argsOf(context) as { input: { videoId: number; content: string; visibility: string; vtime: number } }
        ).input;
        const failed = this.failure('addNote');
        if (failed) return { note: null, noteEdge: null, errors: userError(failed) };
        const note = mockVideoNote(input.videoId, {
          content: input.content,
          vtime: input.vtime,
          isPublic: input.visibility !== 'PRIVATE',
          isMine: true,
          authorName: String(this.viewer.name),
          noteTime: '2026-11-22T09:00:00.000Z',
        });
        this.notes.unshift(note);
        return { note, noteEdge: { cursor: note.id, node: note }, errors: [] };
      },
      CollectNotePayload: (context) => {
        const { noteId } = (argsOf(context) as { input: { noteId: string } }).input;
        const failed = this.failure('collectNote');
        if (failed) return { note: null, errors: userError(failed) };
        const note = this.notes.find((n) => n.id === noteId)!;
        note.collectedByViewer = true;
        return { note, errors: [] };
      },
      UncollectNotePayload: (context) => {
        const { noteId } = (argsOf(context) as { input: { noteId: string } }).input;
        const failed = this.failure('uncollectNote');
        if (failed) return { uncollectedNoteId: null, errors: userError(failed) };
        this.notes.find((n) => n.id === noteId)!.collectedByViewer = false;
        return { uncollectedNoteId: noteId, errors: [] };
      },
      DeleteNotePayload: (context) => {
        const { noteId } = (argsOf(context) as { input: { noteId: string } }).input;
        const failed = this.failure('deleteNote');
        if (failed) return { deletedNoteId: null, errors: userError(failed) };
        this.notes = this.notes.filter((n) => n.id !== noteId);
        return { deletedNoteId: noteId, errors: [] };
      },
      ClipVideoPayload: (context) => {
        const input = (argsOf(context) as { input: { videoId: number; name?: string | null } }).input;
        const failed = this.failure('clipVideo');
        if (failed) return { fragment: null, message: null, errors: userError(failed) };
        const count = this.fragments.filter((f) => f.videoId === input.videoId).length;
        const name = input.name ?? `${this.videos.find((v) => v.videoId === input.videoId)!.name}-片段${count + 1}`;
        const fragment = { id: `fragment-${this.fragments.length + 1}`, videoId: input.videoId, name };
        this.fragments.push(fragment);
        return { fragment: { __typename: 'Fragment', ...fragment }, message: '片段截取成功', errors: [] };
      },
    };
  }
}

export { ANONYMOUS, MEMBER };

export interface SentOperation {
  readonly name: string;
  readonly variables: Record<string, unknown>;
}

/** The root field a mutation operation calls (setVideoOperation, addNote, ...). */
function rootFieldOf(operation: OperationDescriptor): string | null {
  const selection = operation.request.node.operation.selections[0] as { name?: string } | undefined;
  return operation.request.node.params.operationKind === 'mutation' ? (selection?.name ?? null) : null;
}

/**
 * The whole app at `path` over `gateway`: every operation is answered soon after it is sent, from
 * the gateway's current state (or rejected, for PlayQuery when `failPlayQuery`, and for a mutation
 * whose field is set to 'network'). Call `stop()` after the test.
 */
export function renderPlay(path: string, gateway: PlayGateway, { failPlayQuery = false } = {}) {
  window.localStorage.setItem(GUIDE_SEEN_KEY, '1');
  const environment = createMockEnvironment();
  const operations: SentOperation[] = [];
  const timer = setInterval(() => {
    for (
      let pending = environment.mock.getAllOperations();
      pending.length > 0;
      pending = environment.mock.getAllOperations()
    ) {
      const operation = pending[0]!;
      const name = operation.request.node.params.name;
      operations.push({ name, variables: { ...operation.request.variables } });
      const field = rootFieldOf(operation);
      const danmakuFailure = name === 'useVideoDanmakuQuery' ? gateway.takeDanmakuFailure() : null;
      if (danmakuFailure && typeof danmakuFailure === 'object') {
        // Video.danmaku failed: the gateway answers the error beside a null video
        act(() =>
          environment.mock.resolve(operation, {
            data: { node: null },
            errors: [{ message: danmakuFailure.message, path: ['node', 'danmaku'] }],
          }),
        );
      } else if (name === 'MediaPendingRefetchQuery') {
        act(() => environment.mock.resolve(operation, gateway.mediaAnswer(operation.request.variables.id)));
      } else if (name === 'useVideoDanmakuQuery' && !danmakuFailure) {
        act(() => environment.mock.resolve(operation, gateway.danmakuAnswer(operation.request.variables.id)));
      } else if (field !== null && gateway.takeRateLimit(field)) {
        // gateway/src/yoga/rateLimits.ts: the operation is not run, one error and no data
        act(() =>
          environment.mock.resolve(operation, {
            data: null,
            errors: [
              { message: '请求过于频繁，请稍后再试', extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 30 } },
            ],
          } as never),
        );
      } else if (
        (name === 'PlayQuery' && failPlayQuery) ||
        danmakuFailure === 'network' ||
        (field !== null && gateway.takeNetworkFailure(field))
      ) {
        act(() =>
          (
            environment.mock as typeof environment.mock & { reject(op: OperationDescriptor, error: Error): void }
          ).reject(operation, new Error('网络异常')),
        );
      } else {
        act(() => environment.mock.resolve(operation, MockPayloadGenerator.generate(operation, gateway.resolvers())));
      }
    }
  }, 5);
  const runtime = createRouteRuntime(environment);
  const router = createMemoryRouter(appRoutes(runtime), { initialEntries: [path] });
  runtime.latestLoaderData = () => Object.values(router.state.loaderData);
  runtime.isNavigating = () => router.state.navigation.state !== 'idle' || router.state.revalidation !== 'idle';
  render(
    createElement(ChakraProvider, {
      value: system,
      children: createElement(RelayEnvironmentProvider, {
        environment,
        children: createElement(RouterProvider, { router }),
      }),
    }),
  );
  return {
    router,
    environment,
    named: (name: string) => operations.filter((o) => o.name === name),
    stop: () => clearInterval(timer),
  };
}
