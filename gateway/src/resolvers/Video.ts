import { connectionFromPages, connectionFromSlice, readWindow } from '../graphql/connection';
import { badUserInput } from '../graphql/errors';
import { emptyOnFailure } from '../graphql/fieldErrors';
import { toGlobalId } from '../graphql/globalId';
import type { NoteParent, VideoParent } from '../graphql/models';
import type { Field, VideoMediaState, VideoOperations, VideoResolvers } from '../graphql/resolverTypes';
import { PLAY_PAGE_NOTES } from '../play/rules';
import type { RestOperateState, RestVideoQuality } from '../upstream/types';
import { mediaUrlSignerFor } from '../upstream/mediaUrls';
import { isLoggedIn } from '../viewer';
import type { GatewayContext } from '../context';
import { safeVideoAddress } from './Records';

const course: Field<VideoResolvers, 'course'> = async (video, _args, { api }) => {
  const play = await api.play.courseData(video.courseId);
  return play ? { ...play.course, videoList: play.videoList } : null;
};

const count = (value: unknown): number => (Number.isFinite(Number(value)) ? Math.max(0, Math.trunc(Number(value))) : 0);

/** The renditions of the master playlist, highest first (the upstream sends them so; sorted again to be sure). */
function qualities(video: VideoParent): RestVideoQuality[] {
  return (Array.isArray(video.qualities) ? video.qualities : [])
    .filter((quality) => quality && typeof quality.name === 'string' && quality.name !== '')
    .map((quality) => ({ name: quality.name, height: count(quality.height), bandwidth: count(quality.bandwidth) }))
    .sort((a, b) => b.height - a.height || b.bandwidth - a.bandwidth);
}

export function videoOperations(state: RestOperateState): VideoOperations {
  return {
    liked: Number(state.userLike) === 1,
    favourited: Number(state.userCollect) === 1,
    likeCount: count(state.likeCount),
    favouriteCount: count(state.collectCount),
  };
}

/**
 * GetSubtitlesManuscriptUrl by the video's code for the signed-in viewer (the lecture's whole text,
 * like the video, needs login); null for a visitor or when the video has no subtitles.
 */
const manuscript: Field<VideoResolvers, 'manuscript'> = async (video, _args, { api, session }) => {
  if (!video.videoCode) return null;
  const viewer = await session.viewer();
  if (!isLoggedIn(viewer)) return null;
  const subtitles = await api.play.subtitles(video.videoCode, viewer.userId);
  return typeof subtitles?.manuscript === 'string' ? subtitles.manuscript : null;
};

/**
 * A video's playlist or subtitles as the viewer may fetch them: signed for a signed-in viewer
 * (upstream/mediaUrls.ts), as they are for a visitor (whose player asks to log in first; the
 * media server refuses the unsigned files).
 */
async function playableAddress(value: unknown, { session, config }: GatewayContext): Promise<string> {
  const address = safeVideoAddress(value);
  if (address === '') return address;
  const viewer = await session.viewer();
  return isLoggedIn(viewer) ? mediaUrlSignerFor(config.apiSecret)(address, viewer.userId) : address;
}

/**
 * What the media is doing (GetPlayPageData's mediaState); an upstream that does not say has media
 * when it gives a playlist, and none coming otherwise.
 */
function mediaState(video: VideoParent): VideoMediaState {
  if (video.mediaState === 'generating') return 'GENERATING';
  if (video.mediaState === 'unavailable') return 'UNAVAILABLE';
  if (video.mediaState === 'none') return 'NONE';
  if (video.mediaState === 'ready') return 'READY';
  return safeVideoAddress(video.videoUrl) === '' ? 'NONE' : 'READY';
}

/** The viewer's like/favourite state (GetUserOperateVideo); a visitor has none, without a call. */
const viewerOperations: Field<VideoResolvers, 'viewerOperations'> = async (video, _args, { api, session }) => {
  const viewer = await session.viewer();
  if (!isLoggedIn(viewer)) return null;
  const state = await api.play.operateState({
    courseId: video.courseId,
    catalogId: 0,
    userId: viewer.userId,
    videoId: video.videoId,
  });
  return state ? videoOperations(state) : null;
};

/**
 * The play page's notes tabs (GetNoteList of /api/play): 全部笔记 or 我的笔记, 100 a page (§9). A
 * secondary part of the page: a failure answers no notes and an error on this field (fieldErrors.ts).
 */
const notes: Field<VideoResolvers, 'notes'> = async (video, args, ctx, info) => {
  const window = readWindow(args.first, args.after, PLAY_PAGE_NOTES, PLAY_PAGE_NOTES);
  const viewer = await ctx.session.viewer();
  if (!isLoggedIn(viewer)) return connectionFromSlice([], window.offset, 0, false);
  const noteType = (args.scope ?? 'ALL') === 'MINE' ? 1 : 0;
  // after a failure the count is unknown: null, not 0
  const unknown = connectionFromSlice<NoteParent>([], window.offset, null, false);
  return emptyOnFailure(ctx, info, unknown, () =>
    connectionFromPages(window, async (pageIndex, pageSize) => {
      const page = await ctx.api.play.notes({
        videoId: video.videoId,
        userId: viewer.userId,
        noteType,
        pageIndex,
        pageSize,
      });
      return {
        totalCount: page.totalCount,
        dataList: page.dataList.map((note) => ({ ...note, viewerUserId: viewer.userId })),
      };
    }),
  );
};

function optionalSecond(name: string, value: number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isFinite(value) || value < 0) throw badUserInput(`参数 ${name} 必须是不小于 0 的秒数`, name);
  return value;
}

/**
 * Scrolling comments between two seconds (the whole video by default), in time order. A failure
 * answers none and an error on this field (the player shows 弹幕加载失败), not a page without its video.
 */
const danmaku: Field<VideoResolvers, 'danmaku'> = async (video, args, ctx, info) => {
  const from = optionalSecond('from', args.from);
  const to = optionalSecond('to', args.to);
  if (from !== undefined && to !== undefined && to < from) throw badUserInput('参数 to 不能小于 from', 'to');
  return emptyOnFailure(ctx, info, [], async () => {
    const viewer = await ctx.session.viewer();
    const list = await ctx.api.play.danmaku({
      videoId: video.videoId,
      from,
      to,
      userId: isLoggedIn(viewer) ? viewer.userId : undefined,
    });
    return (list ?? []).map((comment) => ({ ...comment, videoId: video.videoId }));
  });
};

/**
 * The play page's AI content block (GET /api/ai/GetAIContent, through the request's REST loader).
 * Null while none has been generated; a secondary part of the page: a failure answers null and an
 * error on this field (fieldErrors.ts), never a page without its video.
 */
const aiContent: Field<VideoResolvers, 'aiContent'> = (video, _args, ctx, info) =>
  emptyOnFailure(ctx, info, null, () => ctx.api.ai.content(video.videoId));

export const Video = {
  // videos are read through their course, so the course id is part of the key
  id: (video) => toGlobalId('Video', `${video.courseId}:${video.videoId}`),
  videoId: (video) => video.videoId,
  courseId: (video) => video.courseId,
  name: (video) => video.videoName,
  properTitle: (video) => video.properTile ?? '',
  image: (video) => video.videoImage ?? '',
  code: (video) => video.videoCode ?? '',
  numberShow: (video) => video.numberShow ?? '',
  duration: (video) => video.duration ?? 0,
  abstract: (video) => video.videoAbstract ?? '',
  publishTime: (video) => video.publishTime ?? '',
  keyframes: (video) =>
    (video.videoKeyframes ?? []).map((keyframe) => ({
      timePoint: keyframe.timePoint ?? 0,
      keyPoints: keyframe.keyPoints ?? '',
      keyPointsShow: keyframe.keyPointsShow ?? '',
      description: keyframe.description ?? '',
      image: safeVideoAddress(keyframe.image),
    })),
  course,
  // media addresses go into <video src>, <track src> and <img src>: site paths or http(s) only
  videoUrl: (video, _args, ctx) => playableAddress(video.videoUrl, ctx),
  qualities,
  subtitleUrl: (video, _args, ctx) => playableAddress(video.subtitleUrl, ctx),
  mediaState,
  manuscript,
  viewerOperations,
  notes,
  danmaku,
  aiContent,
} satisfies VideoResolvers;
