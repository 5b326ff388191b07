/**
 * The play page's reads through the gateway, against the real main API and login service:
 * Query.playPage (the public course for visitors, whose media stay refused; null for an unknown
 * course or a video of another course), its parts (tags, resume, QR and mobile links, the lecturer card), the Video fields of the
 * player (media URLs, qualities, subtitles, manuscript, keyframe images, the viewer's like/favourite
 * state, the notes tabs, scrolling comments) and the cost rules that let the whole page through.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestCourseTag, RestPlayPageData, RestSubtitles } from '../../gateway/src/upstream/types';
import { QUERY_LIMITS } from '../../gateway/src/yoga/limits';
import { globalId, startPlatform, type Platform, type TestGateway } from './harness';
import { giveDemoMedia } from './play-fixture';

let platform: Platform;
let gateway: TestGateway;
let alice: { id: number; cookie: string };
let bob: { id: number; cookie: string };
/** a course with at least three videos whose lecturer has at least three courses */
let course: { id: number; catalogueId: number; authorId: number; videoIds: number[] };

const PLAY_PAGE_QUERY = `query PlayQuery($courseId: Int!, $videoId: Int, $catalogueId: Int) {
  playPage(courseId: $courseId, videoId: $videoId, catalogueId: $catalogueId) {
    course { id courseId name image info authorName authorPosition viewCount collectCount likeCount noteCount videoCount
      author { id authorId name image position }
      relatedCourses(first: 10) { edges { node { id courseId name image authorName viewCount } } }
    }
    video {
      id videoId courseId name image numberShow duration abstract videoUrl subtitleUrl manuscript
      qualities { name height bandwidth }
      keyframes { timePoint keyPoints keyPointsShow description image }
      viewerOperations { liked favourited likeCount favouriteCount }
      notes(scope: ALL, first: 100) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id noteId content vtime noteTime isPublic isMine collectedByViewer authorName } } }
      danmaku { id danmakuId vtime content mine }
    }
    videos { id videoId name image numberShow duration videoUrl }
    tags { name type tagId }
    resume { logId videoId lastPlayTime duration lastWatchTime }
    mobileUrl
    qrCodeUrl
    authorCourses { id courseId name image }
  }
}`;

beforeAll(async () => {
  platform = await startPlatform();
  await giveDemoMedia(platform);
  gateway = await platform.gateway();
  const aliceId = await platform.addUser('alice');
  const bobId = await platform.addUser('bob');
  alice = { id: aliceId, cookie: `utoken=${(await platform.signIn('alice', 'Passw0rd2026')).token}` };
  bob = { id: bobId, cookie: `utoken=${(await platform.signIn('bob', 'Passw0rd2026')).token}` };
  const row = platform.db
    .prepare(
      `SELECT c.id, c.catalogue_id AS catalogueId, c.lecturer_id AS authorId FROM courses c
       WHERE (SELECT COUNT(*) FROM videos v WHERE v.course_id = c.id) >= 3
         AND (SELECT COUNT(*) FROM courses o WHERE o.lecturer_id = c.lecturer_id) >= 3
       ORDER BY c.id LIMIT 1`,
    )
    .get() as { id: number; catalogueId: number; authorId: number };
  const videoIds = (
    platform.db.prepare('SELECT id FROM videos WHERE course_id = ? ORDER BY sort, id').all(row.id) as { id: number }[]
  ).map((v) => v.id);
  course = { ...row, videoIds };
});

afterAll(async () => {
  await platform?.stop();
});

const play = (variables: Record<string, unknown>, cookie?: string, query = PLAY_PAGE_QUERY) =>
  gateway.graphql(query, variables, cookie ? { cookie } : {});

describe('Query.playPage for a visitor', () => {
  const views = () =>
    (platform.db.prepare('SELECT view_count AS n FROM courses WHERE id = ?').get(course.id) as { n: number }).n;

  it('answers the course around the player (public), without a resume point and without counting a view', async () => {
    const before = views();
    const response = await play({ courseId: course.id, videoId: course.videoIds[1]! });
    expect(response.body.errors).toBeUndefined();
    const page = response.body.data.playPage;
    const expected = await platform.upstream.get<RestPlayPageData>('/api/play/GetPlayPageData', {
      courseId: course.id,
    });
    expect(page.course).toMatchObject({ courseId: course.id, name: expected.course.courseName });
    expect(page.video.videoId).toBe(course.videoIds[1]);
    expect(page.videos.map((video: { videoId: number }) => video.videoId)).toEqual(course.videoIds);
    expect(page.resume).toBeNull();
    expect(page.video.viewerOperations).toBeNull();
    expect(page.video.manuscript).toBeNull();
    expect(page.video.notes.edges).toEqual([]);
    expect(views()).toBe(before);
  });

  it('gives media addresses the media server refuses until they sign in (playing needs login)', async () => {
    for (const cookie of [undefined, 'utoken=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await play({ courseId: course.id }, cookie);
      const video = response.body.data.playPage.video;
      expect(video.videoUrl).toMatch(/^\/media\/videos\/.+\/master\.m3u8$/);
      const master = await fetch(`${gateway.url}${video.videoUrl}`);
      expect(master.status).toBe(403);
    }
  });
});

describe('Query.playPage for a signed-in viewer', () => {
  it('answers the course, the video asked for, the list and the tags as the main API has them', async () => {
    const videoId = course.videoIds[1]!;
    const response = await play({ courseId: course.id, videoId }, alice.cookie);
    expect(response.body.errors).toBeUndefined();
    const page = response.body.data.playPage;
    const expected = await platform.upstream.get<RestPlayPageData>('/api/play/GetPlayPageData', {
      courseId: course.id,
      videoId,
    });
    expect(page.course).toMatchObject({
      courseId: course.id,
      name: expected.course.courseName,
      authorName: expected.course.authorName,
    });
    expect(page.course.author.authorId).toBe(course.authorId);
    expect(page.video.videoId).toBe(videoId);
    expect(page.video.id).toBe(globalId('Video', `${course.id}:${videoId}`));
    expect(page.videos.map((video: { videoId: number }) => video.videoId)).toEqual(course.videoIds);
    const tags = await platform.upstream.get<RestCourseTag[]>('/api/play/GetCourseTags', { courseId: course.id });
    expect(page.tags).toEqual(tags.map((tag) => ({ name: tag.tagName, type: tag.tagType, tagId: tag.id })));
    expect(page.tags.some((tag: { type: number }) => tag.type === 1)).toBe(true);
    expect(page.tags.filter((tag: { type: number }) => tag.type === 2)).toEqual([
      { name: expected.course.authorName, type: 2, tagId: course.authorId },
    ]);
  });

  it("shows the course's first video when none (or 0) is asked for", async () => {
    for (const variables of [{ courseId: course.id }, { courseId: course.id, videoId: 0 }]) {
      const response = await play(variables, alice.cookie);
      expect(response.body.data.playPage.video.videoId).toBe(course.videoIds[0]);
    }
  });

  it('is null for an unknown course and for a video of another course', async () => {
    const otherVideo = (
      platform.db.prepare('SELECT id FROM videos WHERE course_id <> ? LIMIT 1').get(course.id) as { id: number }
    ).id;
    for (const variables of [{ courseId: 999_999 }, { courseId: course.id, videoId: otherVideo }]) {
      const response = await play(variables, alice.cookie);
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.playPage).toBeNull();
    }
  });

  it('refuses a negative id as bad input before any call', async () => {
    const response = await play({ courseId: -1 }, alice.cookie);
    expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'courseId' });
  });

  it('links the mobile page and the QR code of the video shown, on the host the browser used', async () => {
    const videoId = course.videoIds[2]!;
    const response = await play({ courseId: course.id, videoId, catalogueId: course.catalogueId }, alice.cookie);
    const page = response.body.data.playPage;
    const query = `catalogId=${course.catalogueId}&courseId=${course.id}&videoId=${videoId}`;
    expect(page.qrCodeUrl).toBe(`/qr/play.png?${query}`);
    expect(page.mobileUrl).toBe(`${gateway.url}/m/play?${query}`);
    // opened without a catalogue: the course's own
    const plain = await play({ courseId: course.id, videoId }, alice.cookie);
    expect(plain.body.data.playPage.qrCodeUrl).toBe(
      `/qr/play.png?catalogId=${course.catalogueId}&courseId=${course.id}&videoId=${videoId}`,
    );
  });

  it('gives the lecturer card two other courses of the lecturer, never this one', async () => {
    const response = await play({ courseId: course.id }, alice.cookie);
    const others = response.body.data.playPage.authorCourses as { courseId: number }[];
    expect(others).toHaveLength(2);
    expect(others.map((c) => c.courseId)).not.toContain(course.id);
    const lecturerCourses = (
      platform.db.prepare('SELECT id FROM courses WHERE lecturer_id = ?').all(course.authorId) as { id: number }[]
    ).map((c) => c.id);
    for (const other of others) expect(lecturerCourses).toContain(other.courseId);
  });

  it("counts the view once per viewer and video a day (the viewer's id goes with GetPlayPageData)", async () => {
    const views = () =>
      (platform.db.prepare('SELECT view_count AS n FROM courses WHERE id = ?').get(course.id) as { n: number }).n;
    const videoId = course.videoIds[2]!;
    const before = views();
    await play({ courseId: course.id, videoId }, bob.cookie);
    expect(views()).toBe(before + 1);
    await play({ courseId: course.id, videoId }, bob.cookie);
    expect(views()).toBe(before + 1);
  });
});

describe('the video fields of the player', () => {
  it('carries the media of the video: master playlist, renditions highest first, subtitles and keyframe images', async () => {
    const response = await play({ courseId: course.id }, alice.cookie);
    const video = response.body.data.playPage.video;
    const expected = (
      await platform.upstream.get<RestPlayPageData>('/api/play/GetPlayPageData', { courseId: course.id })
    ).videoList[0]!;
    // the signed address of the upstream's playlist (upstream/mediaUrls.ts): playing needs login
    expect(expected.videoUrl).toMatch(/^\/media\/videos\/.+\/master\.m3u8$/);
    expect(video.videoUrl).toMatch(/^\/media\/t\/[^/]+\/videos\/.+\/master\.m3u8$/);
    expect(video.videoUrl.replace(/^\/media\/t\/[^/]+\//, '/media/')).toBe(expected.videoUrl);
    expect(video.qualities.length).toBeGreaterThanOrEqual(2);
    expect(video.qualities).toEqual(expected.qualities);
    const heights = video.qualities.map((quality: { height: number }) => quality.height);
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
    expect(video.qualities[0].name).toBe(`${heights[0]}p`);
    expect(video.subtitleUrl).toMatch(/^\/media\/t\/.+\.vtt$/);
    expect(video.keyframes.length).toBeGreaterThan(0);
    expect(video.keyframes.map((k: { image: string }) => k.image)).toEqual(
      expected.videoKeyframes!.map((k) => k.image ?? ''),
    );
    expect(video.keyframes[0].image).toMatch(/^\/media\/.+\.jpg$/);
    // the playlist the player gets is really there, through the gateway's /media
    const master = await fetch(`${gateway.url}${video.videoUrl}`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('#EXTM3U');
  });

  it('answers the manuscript of the subtitles (GetSubtitlesManuscriptUrl by the video code)', async () => {
    const response = await play({ courseId: course.id }, alice.cookie);
    const video = response.body.data.playPage.video;
    const code = (platform.db.prepare('SELECT code FROM videos WHERE id = ?').get(video.videoId) as { code: string })
      .code;
    const subtitles = await platform.upstream.get<RestSubtitles>('/api/play/GetSubtitlesManuscriptUrl', {
      videoCode: code,
      userId: alice.id,
    });
    expect(video.manuscript).toBe(subtitles.manuscript);
    expect(video.manuscript.length).toBeGreaterThan(10);
  });

  it('says a video without media has none: empty addresses, no renditions, no manuscript', async () => {
    // a video of another course, so that this course's videos keep their media for the other tests
    const bare = platform.db
      .prepare('SELECT id, course_id AS courseId FROM videos WHERE course_id <> ? ORDER BY id DESC LIMIT 1')
      .get(course.id) as { id: number; courseId: number };
    platform.db.prepare('DELETE FROM video_media WHERE video_id = ?').run(bare.id);
    const response = await gateway.graphql(
      `query Q($id: ID!) { node(id: $id) { ... on Video { videoUrl qualities { name } subtitleUrl manuscript } } }`,
      { id: globalId('Video', `${bare.courseId}:${bare.id}`) },
      { cookie: alice.cookie },
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.node).toEqual({ videoUrl: '', qualities: [], subtitleUrl: '', manuscript: null });
  });

  it('gives the viewer their like/favourite state and the counts, null to a visitor without a call', async () => {
    const query = `query Q($id: ID!) { node(id: $id) { ... on Video { viewerOperations { liked favourited likeCount favouriteCount } } } }`;
    const id = globalId('Video', `${course.id}:${course.videoIds[0]}`);
    const signed = await gateway.graphql(query, { id }, { cookie: alice.cookie });
    expect(signed.body.data.node.viewerOperations).toMatchObject({ liked: false, favourited: false });
    expect(signed.body.data.node.viewerOperations.likeCount).toBeGreaterThanOrEqual(0);
    const visitor = await gateway.graphql(query, { id });
    expect(visitor.body.data.node.viewerOperations).toBeNull();
    // node(id) itself is one GetPlayPageData; the operations of a visitor cost nothing more
    expect(visitor.body.extensions?.upstreamRequests).toBe(1);
  });
});

describe('Video.notes: the 全部笔记 and 我的笔记 tabs', () => {
  let videoId: number;
  const notesQuery = `query Q($id: ID!) { node(id: $id) { ... on Video {
    all: notes(scope: ALL) { totalCount edges { node { noteId content isPublic isMine collectedByViewer authorName } } }
    mine: notes(scope: MINE) { totalCount edges { node { noteId content isMine } } }
  } } }`;

  beforeAll(() => {
    videoId = course.videoIds[1]!;
    const insert = platform.db.prepare(
      'INSERT INTO notes (user_id, user_name, video_id, course_id, catalog_id, content, vtime, type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const now = Date.now();
    insert.run(alice.id, 'alice', videoId, course.id, course.catalogueId, 'alice 公开', 10, 0, now - 4000);
    insert.run(alice.id, 'alice', videoId, course.id, course.catalogueId, 'alice 私密', 20, 1, now - 3000);
    insert.run(bob.id, 'bob', videoId, course.id, course.catalogueId, 'bob 公开', 30, 0, now - 2000);
    insert.run(bob.id, 'bob', videoId, course.id, course.catalogueId, 'bob 私密', 40, 1, now - 1000);
  });

  it("shows everyone's public notes and the viewer's own private ones under ALL, newest first; only the viewer's under MINE", async () => {
    const response = await gateway.graphql(
      notesQuery,
      { id: globalId('Video', `${course.id}:${videoId}`) },
      { cookie: alice.cookie },
    );
    expect(response.body.errors).toBeUndefined();
    const { all, mine } = response.body.data.node;
    expect(all.edges.map((edge: { node: { content: string } }) => edge.node.content)).toEqual([
      'bob 公开',
      'alice 私密',
      'alice 公开',
    ]);
    expect(all.totalCount).toBe(3);
    expect(all.edges.map((edge: { node: { isMine: boolean } }) => edge.node.isMine)).toEqual([false, true, true]);
    expect(all.edges[0].node).toMatchObject({ authorName: 'bob', isPublic: true, collectedByViewer: false });
    expect(mine.edges.map((edge: { node: { content: string } }) => edge.node.content)).toEqual([
      'alice 私密',
      'alice 公开',
    ]);
  });

  it('is empty for a visitor', async () => {
    const response = await gateway.graphql(notesQuery, { id: globalId('Video', `${course.id}:${videoId}`) });
    expect(response.body.data.node.all).toEqual({ totalCount: 0, edges: [] });
  });

  it("refuses a page larger than the play page's 100", async () => {
    const response = await gateway.graphql(
      `query Q($id: ID!) { node(id: $id) { ... on Video { notes(first: 101) { totalCount } } } }`,
      { id: globalId('Video', `${course.id}:${videoId}`) },
      { cookie: alice.cookie },
    );
    expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
  });
});

describe('Video.danmaku and Danmaku nodes', () => {
  let videoId: number;
  beforeAll(() => {
    videoId = course.videoIds[0]!;
    const insert = platform.db.prepare(
      'INSERT INTO danmaku (user_id, video_id, vtime_ds, content, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    insert.run(alice.id, videoId, 15, '第一条', Date.now());
    insert.run(bob.id, videoId, 52, '第二条', Date.now());
    insert.run(alice.id, videoId, 123, '第三条', Date.now());
  });

  const danmakuQuery = `query Q($id: ID!, $from: Float, $to: Float) { node(id: $id) { ... on Video { danmaku(from: $from, to: $to) { id danmakuId vtime content mine createTime } } } }`;

  it("lists the comments in time order with the viewer's own marked mine", async () => {
    const response = await gateway.graphql(
      danmakuQuery,
      { id: globalId('Video', `${course.id}:${videoId}`) },
      { cookie: alice.cookie },
    );
    expect(response.body.errors).toBeUndefined();
    const list = response.body.data.node.danmaku as {
      vtime: number;
      content: string;
      mine: boolean;
      id: string;
      danmakuId: number;
    }[];
    expect(list.map((d) => [d.vtime, d.content, d.mine])).toEqual([
      [1.5, '第一条', true],
      [5.2, '第二条', false],
      [12.3, '第三条', true],
    ]);
    expect(list[0]!.id).toBe(globalId('Danmaku', `${videoId}:${list[0]!.danmakuId}`));
  });

  it('keeps to the seconds asked for, and refuses a range that ends before it starts', async () => {
    const id = globalId('Video', `${course.id}:${videoId}`);
    const window = await gateway.graphql(danmakuQuery, { id, from: 5, to: 10 }, { cookie: alice.cookie });
    expect(window.body.data.node.danmaku.map((d: { content: string }) => d.content)).toEqual(['第二条']);
    const backwards = await gateway.graphql(danmakuQuery, { id, from: 10, to: 5 }, { cookie: alice.cookie });
    expect(backwards.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'to' });
  });

  it('marks nothing mine for a visitor, and finds a comment by its global id', async () => {
    const visitor = await gateway.graphql(danmakuQuery, { id: globalId('Video', `${course.id}:${videoId}`) });
    const list = visitor.body.data.node.danmaku as { id: string; mine: boolean; content: string }[];
    expect(list.every((d) => d.mine === false)).toBe(true);
    const node = await gateway.graphql(
      `query Q($id: ID!) { node(id: $id) { __typename ... on Danmaku { content vtime } } }`,
      { id: list[1]!.id },
    );
    expect(node.body.data.node).toEqual({ __typename: 'Danmaku', content: '第二条', vtime: 5.2 });
    const unknown = await gateway.graphql(`query Q($id: ID!) { node(id: $id) { id } }`, {
      id: globalId('Danmaku', `${videoId}:99999`),
    });
    expect(unknown.body.data.node).toBeNull();
  });
});

describe('PlayPage.resume', () => {
  it('is null before the viewer watched the video, then the play log to continue', async () => {
    const videoId = course.videoIds[2]!;
    const query = `query Q($courseId: Int!, $videoId: Int) { playPage(courseId: $courseId, videoId: $videoId) { resume { logId videoId lastPlayTime duration lastWatchTime } } }`;
    const before = await play({ courseId: course.id, videoId }, bob.cookie, query);
    expect(before.body.data.playPage.resume).toBeNull();
    const reported = await gateway.graphql(
      `mutation M($input: ReportPlayInput!) { reportPlay(input: $input) { logId errors { code message field } } }`,
      { input: { videoId, courseId: course.id, lastPlayTime: 42.7, duration: 90, stayTime: 30 } },
      { cookie: bob.cookie },
    );
    expect(reported.body.data.reportPlay.errors).toEqual([]);
    const after = await play({ courseId: course.id, videoId }, bob.cookie, query);
    const resume = after.body.data.playPage.resume;
    expect(resume).toMatchObject({ logId: reported.body.data.reportPlay.logId, videoId, lastPlayTime: 42 });
    expect(resume.duration).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(resume.lastWatchTime))).toBe(false);
  });

  it("comes from GetPlayPageData's lastPlay: the page and its resume point are one upstream call, no GetPalyLog", async () => {
    const videoId = course.videoIds[2]!;
    const query = `query Q($courseId: Int!, $videoId: Int) { playPage(courseId: $courseId, videoId: $videoId) { resume { logId videoId lastPlayTime } } }`;
    const response = await play({ courseId: course.id, videoId }, bob.cookie, query);
    expect(response.body.data.playPage.resume).toMatchObject({ videoId, lastPlayTime: 42 });
    expect(response.body.extensions?.upstreamRequests).toBe(1);
  });
});

describe('secondary parts of the page when their upstream call fails', () => {
  /** forwards to the real main API, but answers 5000 (a server failure) on the paths in `failing` */
  let standIn: Server;
  let failingGateway: TestGateway;
  const failing = new Set<string>();

  beforeAll(async () => {
    const upstreamUrl = new URL(platform.upstream.server.url);
    standIn = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (failing.has(url.pathname)) {
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 5000, message: '服务器内部错误', items: null }));
        return;
      }
      const forward = httpRequest(
        {
          host: upstreamUrl.hostname,
          port: upstreamUrl.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: upstreamUrl.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    failingGateway = await platform.gateway({
      UPSTREAM_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
    });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (standIn ? standIn.close(() => resolve()) : resolve()));
  });

  it('keep the video and the page: empty notes, comments, tags and lecturer courses, each failure an error on its own path', async () => {
    failing.clear();
    for (const path of [
      '/api/danmaku/GetList',
      '/api/play/GetNoteList',
      '/api/play/GetCourseTags',
      '/api/author/AuthorDetail',
    ])
      failing.add(path);
    const response = await failingGateway.graphql(
      PLAY_PAGE_QUERY,
      { courseId: course.id, videoId: course.videoIds[0] },
      { cookie: alice.cookie },
    );
    const page = response.body.data.playPage;
    expect(page).not.toBeNull();
    expect(page.video).toMatchObject({ videoId: course.videoIds[0] });
    expect(page.video.videoUrl).not.toBe('');
    expect(page.course.courseId).toBe(course.id);
    expect(page.video.danmaku).toEqual([]);
    expect(page.video.notes).toMatchObject({ edges: [], totalCount: null, pageInfo: { hasNextPage: false } });
    expect(page.tags).toEqual([]);
    expect(page.authorCourses).toEqual([]);
    const errors = (response.body.errors ?? []).map((error) => ({
      path: error.path,
      message: error.message,
      code: error.extensions?.code,
    }));
    const unavailable = { message: '服务暂时不可用，请稍后再试', code: 'UPSTREAM_UNAVAILABLE' };
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: ['playPage', 'video', 'danmaku'], ...unavailable },
        { path: ['playPage', 'video', 'notes'], ...unavailable },
        { path: ['playPage', 'tags'], ...unavailable },
        { path: ['playPage', 'authorCourses'], ...unavailable },
      ]),
    );
    // (Course.author reads AuthorDetail too: nullable, it fails the ordinary way)
    expect(errors.every((error) => error.code === 'UPSTREAM_UNAVAILABLE')).toBe(true);
    expect(JSON.stringify(response.body.errors)).not.toMatch(/5000|stack|\/api\//i);
  });

  it('keeps the video when only the scrolling comments fail, the rest as usual', async () => {
    failing.clear();
    failing.add('/api/danmaku/GetList');
    const response = await failingGateway.graphql(
      PLAY_PAGE_QUERY,
      { courseId: course.id, videoId: course.videoIds[0] },
      { cookie: alice.cookie },
    );
    expect(response.body.data.playPage.video.danmaku).toEqual([]);
    expect(response.body.data.playPage.video.notes.totalCount).toEqual(expect.any(Number));
    expect(response.body.data.playPage.tags.length).toBeGreaterThan(0);
    expect(response.body.errors?.map((error) => error.path)).toEqual([['playPage', 'video', 'danmaku']]);
  });

  it('keeps the page when the upstream budget runs out before the secondary parts', async () => {
    failing.clear();
    // GetPlayPageData and a few more: the rest of the page's calls are refused by the budget
    const small = await platform.gateway({ UPSTREAM_BUDGET_PER_OPERATION: '2' });
    const response = await small.graphql(
      `query Q($courseId: Int!, $videoId: Int) { playPage(courseId: $courseId, videoId: $videoId) {
        video { videoId notes { totalCount } danmaku { id } } tags { name } authorCourses { courseId } } }`,
      { courseId: course.id, videoId: course.videoIds[0] },
      { cookie: alice.cookie },
    );
    expect(response.body.data.playPage.video.videoId).toBe(course.videoIds[0]);
    expect(response.body.errors?.length).toBeGreaterThan(0);
    expect(response.body.errors?.every((error) => error.extensions?.code === 'QUERY_TOO_COMPLEX')).toBe(true);
  });
});

describe('cost rules', () => {
  it('lets the whole play page through in one operation, well under the limits', async () => {
    const response = await play(
      { courseId: course.id, videoId: course.videoIds[1], catalogueId: course.catalogueId },
      alice.cookie,
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.playPage.video.notes.totalCount).toBeGreaterThan(0);
    // GetPlayPageData, tags, resume, author card, related courses, lecturer, subject tree, manuscript,
    // operations, notes, danmaku: about a dozen, far from the 40 of one operation
    expect(response.body.extensions?.upstreamRequests).toBeLessThanOrEqual(15);
  });

  it('measures the page at less than half the cost limit', async () => {
    const { measureOperation } = await import('../../gateway/src/yoga/operationCost');
    const { COST_MODEL, UPSTREAM_CALL_COST } = await import('../../gateway/src/yoga/limits');
    const { createSchema } = await import('../../gateway/src/schema');
    const { parse } = await import('graphql');
    const cost = measureOperation(createSchema(), parse(PLAY_PAGE_QUERY), 'PlayQuery', { courseId: 1 }, COST_MODEL)!;
    expect(cost.structure + cost.upstreamCalls * UPSTREAM_CALL_COST).toBeLessThan(QUERY_LIMITS.maxCost / 2);
  });

  it('cuts off an operation that asks every video of the list for its manuscript at the upstream budget', async () => {
    // GetPlayPageData + one GetSubtitlesManuscriptUrl per video (at least 3): over a budget of 3
    const small = await platform.gateway({ UPSTREAM_BUDGET_PER_OPERATION: '3' });
    const response = await small.graphql(
      `query Q($courseId: Int!) { playPage(courseId: $courseId) { videos { videoId manuscript } } }`,
      { courseId: course.id },
      { cookie: alice.cookie },
    );
    expect(response.body.extensions?.upstreamRequests).toBe(3);
    expect(response.body.errors?.some((error) => error.extensions?.code === 'QUERY_TOO_COMPLEX')).toBe(true);
  });
});

describe('Video.mediaState', () => {
  const MEDIA_QUERY = `query VideoMedia($id: ID!) { node(id: $id) { ... on Video { videoId mediaState videoUrl } } }`;
  const videoOf = (source: string) =>
    platform.db
      // not of the course the tests above open as alice (opening one of its videos starts its lecture)
      .prepare(
        `SELECT v.id, v.course_id AS courseId, v.code FROM video_media m JOIN videos v ON v.id = m.video_id
         WHERE m.source ${source} AND v.course_id <> ? ORDER BY v.id LIMIT 1`,
      )
      .get(course.id) as { id: number; courseId: number; code: string };

  it('is READY for a demo video with its own lecture, GENERATING for one waiting for it (a read starts nothing)', async () => {
    const ready = videoOf("LIKE 'demo-lecture:%'");
    const waiting = videoOf("= 'lecture-on-open'");
    const media = async (video: { id: number; courseId: number }) =>
      (await play({ id: globalId('Video', `${video.courseId}:${video.id}`) }, undefined, MEDIA_QUERY)).body.data.node;
    expect(await media(ready)).toMatchObject({ videoId: ready.id, mediaState: 'READY' });
    expect((await media(ready)).videoUrl).not.toBe('');
    expect(await media(waiting)).toEqual({ videoId: waiting.id, mediaState: 'GENERATING', videoUrl: '' });
    // reading it (no signed-in viewer opening it) queued no lecture
    expect(
      platform.db
        .prepare('SELECT COUNT(*) AS n FROM media_jobs WHERE job_key LIKE ?')
        .get(`demo-lecture:${waiting.code}:%`),
    ).toEqual({ n: 0 });
  });
});
