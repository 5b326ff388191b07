/**
 * The play page's mutations through the gateway, against the real main API and login service:
 * setVideoOperation, addNote, collectNote, clipVideo, reportPlay and sendDanmaku. Each acts with the
 * signed-in viewer's id only (LOGIN_REQUIRED without any call for a visitor; reportPlay ignores
 * visitors), checks its input before calling, and answers typed user errors with the Chinese
 * sentences of product-spec §5/§8: the service's reason when it gave one, else 操作失败，请稍后再试~
 * (like, favourite) or 笔记记录失败 (notes), also when the service cannot be reached.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../upstream/src/login-service/services/accounts';
import { globalId, startPlatform, type Platform, type TestGateway } from './harness';
import { courseWithVideos, giveDemoMedia, type PlayCourse } from './play-fixture';

let platform: Platform;
let gateway: TestGateway;
let alice: { id: number; cookie: string };
let bob: { id: number; cookie: string };
let course: PlayCourse;
/** a stand-in main API that refuses every call with code -1 and no sentence */
let silentRefuser: Server;
let silentRefuserUrl: string;

beforeAll(async () => {
  platform = await startPlatform();
  await giveDemoMedia(platform);
  gateway = await platform.gateway({}, { captureLogs: true });
  const aliceId = await platform.addUser('alice');
  const bobId = await platform.addUser('bob');
  alice = { id: aliceId, cookie: `utoken=${(await platform.signIn('alice', 'Passw0rd2026')).token}` };
  bob = { id: bobId, cookie: `utoken=${(await platform.signIn('bob', 'Passw0rd2026')).token}` };
  course = courseWithVideos(platform);
  silentRefuser = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: -1, message: '', items: null }));
  });
  await new Promise<void>((resolve) => silentRefuser.listen(0, '127.0.0.1', resolve));
  silentRefuserUrl = `http://127.0.0.1:${(silentRefuser.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await platform?.stop();
  await new Promise((resolve) => silentRefuser?.close(resolve));
});

const count = (sql: string, ...args: unknown[]) => (platform.db.prepare(sql).get(...args) as { n: number }).n;

const SET_OPERATION = `mutation M($input: SetVideoOperationInput!) { setVideoOperation(input: $input) {
  operations { liked favourited likeCount favouriteCount } course { courseId likeCount collectCount } message errors { code message field } } }`;
const ADD_NOTE = `mutation M($input: AddNoteInput!) { addNote(input: $input) {
  note { id noteId content vtime isPublic isMine collectedByViewer authorName videoId courseId }
  noteEdge { cursor node { noteId } } errors { code message field } } }`;
const COLLECT_NOTE = `mutation M($input: CollectNoteInput!) { collectNote(input: $input) { note { noteId content collectedByViewer isMine } errors { code message field } } }`;
const CLIP = `mutation M($input: ClipVideoInput!) { clipVideo(input: $input) {
  fragment { id fragmentId name videoId duration downloadable videoAddress } message errors { code message field } } }`;
const REPORT = `mutation M($input: ReportPlayInput!) { reportPlay(input: $input) { logId errors { code message field } } }`;
const SEND_DANMAKU = `mutation M($input: SendDanmakuInput!) { sendDanmaku(input: $input) { danmaku { id danmakuId vtime content mine } errors { code message field } } }`;

const LOGIN_REQUIRED = [{ code: 'LOGIN_REQUIRED', message: '请先登录', field: null }];

describe('a visitor', () => {
  const cases = (): [string, string, Record<string, unknown>][] => [
    [
      'setVideoOperation',
      SET_OPERATION,
      { input: { videoId: course.videoIds[0], courseId: course.id, kind: 'LIKE', on: true } },
    ],
    ['addNote', ADD_NOTE, { input: { videoId: course.videoIds[0], courseId: course.id, content: '笔记', vtime: 1 } }],
    ['collectNote', COLLECT_NOTE, { input: { noteId: globalId('Note', 1) } }],
    ['clipVideo', CLIP, { input: { videoId: course.videoIds[0], courseId: course.id, startTime: 0, endTime: 5 } }],
    ['sendDanmaku', SEND_DANMAKU, { input: { videoId: course.videoIds[0], vtime: 1, content: '弹幕' } }],
  ];

  it('gets LOGIN_REQUIRED from every play mutation but reportPlay, and nothing is called', async () => {
    for (const [name, query, variables] of cases()) {
      const response = await gateway.graphql(query, variables);
      expect(response.body.errors, name).toBeUndefined();
      expect(response.body.data[name].errors, name).toEqual(LOGIN_REQUIRED);
      expect(response.body.extensions?.upstreamRequests, name).toBe(0);
    }
  });

  it('is ignored by reportPlay: no log id, no error, no call, no record', async () => {
    const before = count('SELECT COUNT(*) AS n FROM play_logs');
    const response = await gateway.graphql(REPORT, {
      input: { videoId: course.videoIds[0], courseId: course.id, lastPlayTime: 5, duration: 60, stayTime: 5 },
    });
    expect(response.body.data.reportPlay).toEqual({ logId: null, errors: [] });
    expect(response.body.extensions?.upstreamRequests).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM play_logs')).toBe(before);
  });
});

describe('an account of a type other than 1 (personal) or 2 (organisation member)', () => {
  it('gets 当前账号无权进行此操作 from like, favourite, note, 收录 and clip, and nothing changes', async () => {
    const userId = await platform.addUser('typethree');
    // the store admits types 1 and 2 only; an account of another type (as a legacy login service may
    // answer) is made by writing past that check
    platform.db.pragma('ignore_check_constraints = ON');
    platform.db.prepare('UPDATE users SET user_type = 3 WHERE user_id = ?').run(userId);
    platform.db.pragma('ignore_check_constraints = OFF');
    const cookie = `utoken=${(await platform.signIn('typethree', 'Passw0rd2026')).token}`;
    const viewer = await gateway.graphql('{ viewer { userType } }', {}, { cookie });
    expect(viewer.body.data.viewer.userType).toBe(3);
    const bobsNote = (
      await gateway.graphql(
        ADD_NOTE,
        { input: { videoId: course.videoIds[0], courseId: course.id, content: '给别人收录', vtime: 1 } },
        { cookie: bob.cookie },
      )
    ).body.data.addNote.note.noteId as number;
    const cases: [string, string, Record<string, unknown>][] = [
      [
        'setVideoOperation',
        SET_OPERATION,
        { input: { videoId: course.videoIds[0], courseId: course.id, kind: 'LIKE', on: true } },
      ],
      [
        'setVideoOperation',
        SET_OPERATION,
        { input: { videoId: course.videoIds[0], courseId: course.id, kind: 'FAVOURITE', on: true } },
      ],
      ['addNote', ADD_NOTE, { input: { videoId: course.videoIds[0], courseId: course.id, content: '笔记', vtime: 1 } }],
      ['collectNote', COLLECT_NOTE, { input: { noteId: globalId('Note', bobsNote) } }],
      ['clipVideo', CLIP, { input: { videoId: course.videoIds[0], courseId: course.id, startTime: 0, endTime: 5 } }],
    ];
    for (const [name, query, variables] of cases) {
      const response = await gateway.graphql(query, variables, { cookie });
      expect(response.body.errors, name).toBeUndefined();
      expect(response.body.data[name].errors, name).toEqual([
        { code: 'REFUSED', message: '当前账号无权进行此操作', field: null },
      ]);
    }
    expect(count('SELECT COUNT(*) AS n FROM user_operations WHERE user_id = ?', userId)).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM notes WHERE user_id = ?', userId)).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM note_collections WHERE user_id = ?', userId)).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM fragments WHERE user_id = ?', userId)).toBe(0);
  });
});

describe('setVideoOperation', () => {
  const input = (kind: 'LIKE' | 'FAVOURITE', on: boolean, videoId = course.videoIds[0]) => ({
    input: { videoId, courseId: course.id, catalogueId: course.catalogueId, kind, on },
  });

  it("likes, then cancels, with the new state and the course's counters", async () => {
    const likesBefore = count('SELECT like_count AS n FROM courses WHERE id = ?', course.id);
    const liked = await gateway.graphql(SET_OPERATION, input('LIKE', true), { cookie: alice.cookie });
    expect(liked.body.errors).toBeUndefined();
    const payload = liked.body.data.setVideoOperation;
    expect(payload.errors).toEqual([]);
    expect(payload.message).toBe('点赞成功');
    expect(payload.operations).toMatchObject({ liked: true, favourited: false });
    expect(payload.course).toMatchObject({ courseId: course.id, likeCount: likesBefore + 1 });
    expect(
      count(
        'SELECT COUNT(*) AS n FROM user_operations WHERE user_id = ? AND video_id = ? AND operate_type = 0',
        alice.id,
        course.videoIds[0],
      ),
    ).toBe(1);

    // idempotent: a second like changes nothing
    const again = await gateway.graphql(SET_OPERATION, input('LIKE', true), { cookie: alice.cookie });
    expect(again.body.data.setVideoOperation.course.likeCount).toBe(likesBefore + 1);

    const cancelled = await gateway.graphql(SET_OPERATION, input('LIKE', false), { cookie: alice.cookie });
    expect(cancelled.body.data.setVideoOperation).toMatchObject({ message: '已取消点赞', errors: [] });
    expect(cancelled.body.data.setVideoOperation.operations.liked).toBe(false);
    expect(cancelled.body.data.setVideoOperation.course.likeCount).toBe(likesBefore);
  });

  it("favourites for the viewer only: the count is everyone's, the state is each viewer's own", async () => {
    const favourited = await gateway.graphql(SET_OPERATION, input('FAVOURITE', true, course.videoIds[1]), {
      cookie: alice.cookie,
    });
    expect(favourited.body.data.setVideoOperation).toMatchObject({
      message: '收藏成功',
      operations: { favourited: true },
    });
    const count1 = favourited.body.data.setVideoOperation.operations.favouriteCount;
    const bobView = await gateway.graphql(
      `query Q($id: ID!) { node(id: $id) { ... on Video { viewerOperations { favourited favouriteCount } } } }`,
      { id: globalId('Video', `${course.id}:${course.videoIds[1]}`) },
      { cookie: bob.cookie },
    );
    expect(bobView.body.data.node.viewerOperations).toEqual({ favourited: false, favouriteCount: count1 });
    // and it is in alice's 我的课程
    const center = await gateway.graphql(
      '{ viewer { favouriteCourses { edges { node { courseId } } } } }',
      {},
      { cookie: alice.cookie },
    );
    expect(
      center.body.data.viewer.favouriteCourses.edges.map((edge: { node: { courseId: number } }) => edge.node.courseId),
    ).toContain(course.id);
  });

  it("passes the service's reason on (a video not of the course)", async () => {
    const otherVideo = (
      platform.db.prepare('SELECT id FROM videos WHERE course_id <> ? LIMIT 1').get(course.id) as { id: number }
    ).id;
    const response = await gateway.graphql(SET_OPERATION, input('LIKE', true, otherVideo), { cookie: alice.cookie });
    expect(response.body.data.setVideoOperation.errors).toEqual([
      { code: 'REFUSED', message: '视频不存在', field: null },
    ]);
  });

  it('says 操作失败，请稍后再试~ when the service refuses without a reason or cannot be reached', async () => {
    const refusing = await platform.gateway({ UPSTREAM_URL: silentRefuserUrl });
    const refused = await refusing.graphql(SET_OPERATION, input('LIKE', true), { cookie: alice.cookie });
    expect(refused.body.data.setVideoOperation.errors).toEqual([
      { code: 'REFUSED', message: '操作失败，请稍后再试~', field: null },
    ]);
    const unreachable = await platform.gateway({ UPSTREAM_URL: 'http://127.0.0.1:9' });
    const down = await unreachable.graphql(SET_OPERATION, input('FAVOURITE', false), { cookie: alice.cookie });
    expect(down.body.errors).toBeUndefined();
    expect(down.body.data.setVideoOperation.errors).toEqual([
      { code: 'UNAVAILABLE', message: '操作失败，请稍后再试~', field: null },
    ]);
  });
});

describe('addNote', () => {
  const note = (content: string, extra: Record<string, unknown> = {}) => ({
    input: {
      videoId: course.videoIds[0],
      courseId: course.id,
      catalogueId: course.catalogueId,
      content,
      vtime: 12,
      ...extra,
    },
  });

  it('refuses an empty note (请输入笔记内容) and one over 500 characters before calling', async () => {
    for (const [content, message] of [
      ['   ', '请输入笔记内容'],
      ['字'.repeat(501), '笔记内容不能超过500字'],
    ]) {
      const response = await gateway.graphql(ADD_NOTE, note(content!), { cookie: alice.cookie });
      expect(response.body.data.addNote).toEqual({
        note: null,
        noteEdge: null,
        errors: [{ code: 'INVALID', message, field: 'content' }],
      });
      expect(response.body.extensions?.upstreamRequests).toBe(0);
    }
    // 500 characters outside the Basic Multilingual Plane are 500, not 1 000
    const wide = await gateway.graphql(ADD_NOTE, note('𠀀'.repeat(500)), { cookie: alice.cookie });
    expect(wide.body.data.addNote.errors).toEqual([]);
  });

  it('adds a public note, trimmed, with the edge to prepend, seen by others under 全部笔记', async () => {
    const response = await gateway.graphql(ADD_NOTE, note('  这一讲讲得很透彻  '), { cookie: alice.cookie });
    const payload = response.body.data.addNote;
    expect(payload.errors).toEqual([]);
    expect(payload.note).toMatchObject({
      content: '这一讲讲得很透彻',
      vtime: 12,
      isPublic: true,
      isMine: true,
      collectedByViewer: false,
      authorName: 'alice',
      videoId: course.videoIds[0],
      courseId: course.id,
    });
    expect(payload.note.id).toBe(globalId('Note', payload.note.noteId));
    expect(payload.noteEdge.node.noteId).toBe(payload.note.noteId);
    const bobView = await gateway.graphql(
      `query Q($id: ID!) { node(id: $id) { ... on Video { notes { edges { node { noteId isMine } } } } } }`,
      { id: globalId('Video', `${course.id}:${course.videoIds[0]}`) },
      { cookie: bob.cookie },
    );
    expect(bobView.body.data.node.notes.edges.map((edge: { node: { noteId: number } }) => edge.node.noteId)).toContain(
      payload.note.noteId,
    );
  });

  it('keeps a private note to its author', async () => {
    const response = await gateway.graphql(ADD_NOTE, note('只给自己看', { visibility: 'PRIVATE' }), {
      cookie: alice.cookie,
    });
    const { note: added } = response.body.data.addNote;
    expect(added.isPublic).toBe(false);
    const notesOf = async (cookie: string) =>
      (
        await gateway.graphql(
          `query Q($id: ID!) { node(id: $id) { ... on Video { notes { edges { node { noteId } } } } } }`,
          { id: globalId('Video', `${course.id}:${course.videoIds[0]}`) },
          { cookie },
        )
      ).body.data.node.notes.edges.map((edge: { node: { noteId: number } }) => edge.node.noteId);
    expect(await notesOf(alice.cookie)).toContain(added.noteId);
    expect(await notesOf(bob.cookie)).not.toContain(added.noteId);
  });

  it("refuses a negative second; a moment past the video's end is kept at its end", async () => {
    const negative = await gateway.graphql(ADD_NOTE, note('时间不对', { vtime: -1 }), { cookie: alice.cookie });
    expect(negative.body.data.addNote.errors).toEqual([{ code: 'INVALID', message: '时间点无效', field: 'vtime' }]);
    expect(negative.body.extensions?.upstreamRequests).toBe(0);
    const late = await gateway.graphql(ADD_NOTE, note('太晚了', { vtime: 10_000_000 }), { cookie: alice.cookie });
    expect(late.body.data.addNote.errors).toEqual([]);
    const duration = (
      platform.db.prepare('SELECT duration_seconds AS duration FROM videos WHERE id = ?').get(course.videoIds[0]) as {
        duration: number;
      }
    ).duration;
    expect(late.body.data.addNote.note.vtime).toBeLessThanOrEqual(Math.ceil(duration));
  });

  it("leaves the author's name to the service: the real name, never the login account's name (a student number)", async () => {
    await createUser(
      platform.store,
      { userName: 'stu20260042', password: 'Passw0rd2026', userType: 1, realName: '张三丰' },
      Date.now(),
    );
    const cookie = `utoken=${(await platform.signIn('stu20260042', 'Passw0rd2026')).token}`;
    const response = await gateway.graphql(ADD_NOTE, note('用真名署名'), { cookie });
    expect(response.body.data.addNote.errors).toEqual([]);
    expect(response.body.data.addNote.note.authorName).toBe('张三丰');
    expect(count("SELECT COUNT(*) AS n FROM notes WHERE user_name = 'stu20260042'")).toBe(0);
  });

  it('says 笔记记录失败 when the service refuses without a reason or cannot be reached', async () => {
    const refusing = await platform.gateway({ UPSTREAM_URL: silentRefuserUrl });
    const refused = await refusing.graphql(ADD_NOTE, note('笔记'), { cookie: alice.cookie });
    expect(refused.body.data.addNote.errors).toEqual([{ code: 'REFUSED', message: '笔记记录失败', field: null }]);
    const unreachable = await platform.gateway({ UPSTREAM_URL: 'http://127.0.0.1:9' });
    const down = await unreachable.graphql(ADD_NOTE, note('笔记'), { cookie: alice.cookie });
    expect(down.body.data.addNote.errors).toEqual([{ code: 'UNAVAILABLE', message: '笔记记录失败', field: null }]);
  });
});

describe('collectNote', () => {
  let bobsPublic: number;
  let bobsPrivate: number;
  beforeAll(async () => {
    const add = async (content: string, visibility: string) =>
      (
        await gateway.graphql(
          ADD_NOTE,
          { input: { videoId: course.videoIds[2], courseId: course.id, content, vtime: 3, visibility } },
          { cookie: bob.cookie },
        )
      ).body.data.addNote.note.noteId as number;
    bobsPublic = await add('bob 的公开笔记', 'PUBLIC');
    bobsPrivate = await add('bob 的私密笔记', 'PRIVATE');
  });

  it("收录 someone else's public note: collected for the viewer, and its author gets a 笔记引用 message", async () => {
    const messagesBefore = count('SELECT COUNT(*) AS n FROM messages WHERE user_id = ? AND type = 2', bob.id);
    const response = await gateway.graphql(
      COLLECT_NOTE,
      { input: { noteId: globalId('Note', bobsPublic) } },
      { cookie: alice.cookie },
    );
    expect(response.body.data.collectNote).toEqual({
      note: { noteId: bobsPublic, content: 'bob 的公开笔记', collectedByViewer: true, isMine: false },
      errors: [],
    });
    expect(count('SELECT COUNT(*) AS n FROM messages WHERE user_id = ? AND type = 2', bob.id)).toBe(messagesBefore + 1);
    const tab = await gateway.graphql(
      `query Q($id: ID!) { node(id: $id) { ... on Video { notes { edges { node { noteId collectedByViewer } } } } } }`,
      { id: globalId('Video', `${course.id}:${course.videoIds[2]}`) },
      { cookie: alice.cookie },
    );
    expect(
      tab.body.data.node.notes.edges.find((edge: { node: { noteId: number } }) => edge.node.noteId === bobsPublic).node
        .collectedByViewer,
    ).toBe(true);
  });

  describe('for someone who collected more than the 1 000 notes of one page', () => {
    let dave: { id: number; cookie: string };
    beforeAll(async () => {
      const daveId = await platform.addUser('dave');
      dave = { id: daveId, cookie: `utoken=${(await platform.signIn('dave', 'Passw0rd2026')).token}` };
      const carolId = await platform.addUser('carol');
      // 1 000 notes newer than bob's, all collected by dave: bob's note is on the second page of his collection
      const insertNote = platform.db.prepare(
        'INSERT INTO notes (user_id, user_name, video_id, course_id, content, vtime, type, created_at) VALUES (?, ?, ?, ?, ?, 0, 0, ?)',
      );
      const insertCollection = platform.db.prepare(
        'INSERT INTO note_collections (user_id, note_id, created_at) VALUES (?, ?, ?)',
      );
      const later = Date.now() + 60_000;
      platform.db.transaction(() => {
        for (let i = 0; i < 1000; i += 1) {
          const noteId = Number(
            insertNote.run(carolId, 'carol', course.videoIds[2], course.id, `carol 的笔记 ${i}`, later + i)
              .lastInsertRowid,
          );
          insertCollection.run(daveId, noteId, later + i);
        }
      })();
    });

    it('answers the note as the play page asks for it (id, collectedByViewer) without reading it back', async () => {
      const response = await gateway.graphql(
        `mutation M($input: CollectNoteInput!) { collectNote(input: $input) { note { id noteId collectedByViewer isMine isPublic } errors { code message } } }`,
        { input: { noteId: globalId('Note', bobsPublic) } },
        { cookie: dave.cookie },
      );
      expect(response.body.data.collectNote).toEqual({
        note: {
          id: globalId('Note', bobsPublic),
          noteId: bobsPublic,
          collectedByViewer: true,
          isMine: false,
          isPublic: true,
        },
        errors: [],
      });
      expect(response.body.extensions?.upstreamRequests).toBe(1);
      expect(
        count('SELECT COUNT(*) AS n FROM note_collections WHERE user_id = ? AND note_id = ?', dave.id, bobsPublic),
      ).toBe(1);
    });

    it('finds the note past the first page when its content is asked for', async () => {
      const response = await gateway.graphql(
        COLLECT_NOTE,
        { input: { noteId: globalId('Note', bobsPublic) } },
        { cookie: dave.cookie },
      );
      expect(response.body.data.collectNote).toEqual({
        note: { noteId: bobsPublic, content: 'bob 的公开笔记', collectedByViewer: true, isMine: false },
        errors: [],
      });
    });
  });

  it("refuses the viewer's own note, someone else's private note and an id that is not a note", async () => {
    const own = await gateway.graphql(
      COLLECT_NOTE,
      { input: { noteId: globalId('Note', bobsPublic) } },
      { cookie: bob.cookie },
    );
    expect(own.body.data.collectNote.errors).toEqual([{ code: 'REFUSED', message: '不能收录自己的笔记', field: null }]);
    const hidden = await gateway.graphql(
      COLLECT_NOTE,
      { input: { noteId: globalId('Note', bobsPrivate) } },
      { cookie: alice.cookie },
    );
    expect(hidden.body.data.collectNote.errors).toEqual([{ code: 'REFUSED', message: '笔记不存在', field: null }]);
    const notANote = await gateway.graphql(
      COLLECT_NOTE,
      { input: { noteId: globalId('Course', course.id) } },
      { cookie: alice.cookie },
    );
    expect(notANote.body.data.collectNote.errors).toEqual([
      { code: 'INVALID', message: '笔记不存在', field: 'noteId' },
    ]);
    expect(notANote.body.extensions?.upstreamRequests).toBe(0);
  });
});

describe('reportPlay', () => {
  it('starts a viewing, continues it with the log id, and keeps the largest stay time of the viewing', async () => {
    const videoId = course.videoIds[1]!;
    const report = (extra: Record<string, unknown>) =>
      gateway.graphql(
        REPORT,
        { input: { videoId, courseId: course.id, catalogueId: course.catalogueId, duration: 300, ...extra } },
        { cookie: bob.cookie },
      );
    const first = await report({ lastPlayTime: 1, stayTime: 1 });
    const { logId, errors } = first.body.data.reportPlay;
    expect(errors).toEqual([]);
    expect(logId).toMatch(/^\d+$/);
    const second = await report({ logId, lastPlayTime: 6.5, stayTime: 6 });
    expect(second.body.data.reportPlay).toEqual({ logId, errors: [] });
    const row = platform.db
      .prepare(
        'SELECT id, last_play_time AS lastPlayTime, stay_time AS stayTime FROM play_logs WHERE user_id = ? AND video_id = ?',
      )
      .get(bob.id, videoId) as {
      id: number;
      lastPlayTime: number;
      stayTime: number;
    };
    expect(row).toMatchObject({ id: Number(logId), lastPlayTime: 6, stayTime: 6 });
    // it is bob's 历史记录 entry now
    const history = await gateway.graphql(
      '{ viewer { history { videoId lastPlayTime } } }',
      {},
      { cookie: bob.cookie },
    );
    expect(history.body.data.viewer.history[0]).toEqual({ videoId, lastPlayTime: 6 });
  });

  it('checks the report before calling: a log id that is not one, negative seconds, a video not of the course', async () => {
    const otherVideo = (
      platform.db.prepare('SELECT id FROM videos WHERE course_id <> ? LIMIT 1').get(course.id) as { id: number }
    ).id;
    const cases: [Record<string, unknown>, { message: string; field: string }][] = [
      [{ logId: 'abc' }, { message: '播放记录编号无效', field: 'logId' }],
      [{ lastPlayTime: -1 }, { message: '播放时间无效', field: 'lastPlayTime' }],
      [{ stayTime: 1e12 }, { message: '播放时间无效', field: 'stayTime' }],
      [{ videoId: otherVideo }, { message: '视频不存在', field: 'videoId' }],
    ];
    for (const [extra, error] of cases) {
      const response = await gateway.graphql(
        REPORT,
        {
          input: {
            videoId: course.videoIds[0],
            courseId: course.id,
            lastPlayTime: 1,
            duration: 60,
            stayTime: 1,
            ...extra,
          },
        },
        { cookie: alice.cookie },
      );
      expect(response.body.data.reportPlay).toEqual({ logId: null, errors: [{ code: 'INVALID', ...error }] });
    }
  });

  it("costs one upstream call a report once the video's names are known", async () => {
    const send = () =>
      gateway.graphql(
        REPORT,
        { input: { videoId: course.videoIds[2], courseId: course.id, lastPlayTime: 3, duration: 60, stayTime: 3 } },
        { cookie: alice.cookie },
      );
    await send();
    const again = await send();
    expect(again.body.data.reportPlay.errors).toEqual([]);
    expect(again.body.extensions?.upstreamRequests).toBe(1);
  });
});

describe('sendDanmaku', () => {
  const send = (content: string, cookie = alice.cookie, vtime = 7.25) =>
    gateway.graphql(SEND_DANMAKU, { input: { videoId: course.videoIds[0], vtime, content } }, { cookie });

  it('refuses an empty comment (请输入弹幕内容) and one over 30 characters before calling', async () => {
    for (const [content, message] of [
      [' ', '请输入弹幕内容'],
      ['弹'.repeat(31), '弹幕不能超过30个字'],
    ]) {
      const response = await send(content!);
      expect(response.body.data.sendDanmaku).toEqual({
        danmaku: null,
        errors: [{ code: 'INVALID', message, field: 'content' }],
      });
      expect(response.body.extensions?.upstreamRequests).toBe(0);
    }
  });

  it("sends a comment that the video's list then carries, mine for the sender only", async () => {
    const response = await send('  讲得好  ');
    const { danmaku, errors } = response.body.data.sendDanmaku;
    expect(errors).toEqual([]);
    expect(danmaku).toMatchObject({ content: '讲得好', mine: true });
    expect(danmaku.vtime).toBeCloseTo(7.2, 1);
    expect(danmaku.id).toBe(globalId('Danmaku', `${course.videoIds[0]}:${danmaku.danmakuId}`));
    const list = await gateway.graphql(
      `query Q($id: ID!) { node(id: $id) { ... on Video { danmaku { danmakuId mine } } } }`,
      { id: globalId('Video', `${course.id}:${course.videoIds[0]}`) },
      { cookie: bob.cookie },
    );
    expect(list.body.data.node.danmaku).toContainEqual({ danmakuId: danmaku.danmakuId, mine: false });
  });

  it("passes the service's limit on: at most 10 a minute", async () => {
    const sent = count('SELECT COUNT(*) AS n FROM danmaku WHERE user_id = ?', bob.id);
    let refusal: unknown = null;
    for (let i = sent; i < 11 && refusal === null; i++) {
      const response = await send(`第${i}条`, bob.cookie);
      if (response.body.data.sendDanmaku.errors.length > 0) refusal = response.body.data.sendDanmaku.errors[0];
    }
    expect(refusal).toEqual({ code: 'REFUSED', message: '发送太频繁，请稍后再试', field: null });
  });
});

describe('clipVideo', () => {
  const clip = (startTime: number, endTime: number, name?: string, videoId = course.videoIds[0]) =>
    gateway.graphql(
      CLIP,
      { input: { videoId, courseId: course.id, startTime, endTime, name } },
      { cookie: alice.cookie },
    );

  it('refuses a name over 50 characters before calling', async () => {
    const response = await clip(0, 2, '名'.repeat(51));
    expect(response.body.data.clipVideo.errors).toEqual([
      { code: 'INVALID', message: '片段名称不能超过50个字', field: 'name' },
    ]);
    expect(response.body.extensions?.upstreamRequests).toBe(0);
  });

  it('passes the range rules of the service on', async () => {
    const backwards = await clip(5, 3);
    expect(backwards.body.data.clipVideo.errors).toEqual([
      { code: 'REFUSED', message: '结束时间必须大于开始时间', field: null },
    ]);
    const tooLong = await clip(0, 181);
    expect(tooLong.body.data.clipVideo.errors[0].code).toBe('REFUSED');
    expect(['片段不能超过3分钟', '结束时间超出视频时长']).toContain(tooLong.body.data.clipVideo.errors[0].message);
  });

  it(
    'cuts a fragment (片段截取成功) that 截取片段 then lists, at most two per video',
    { timeout: 120_000 },
    async () => {
      const first = await clip(1, 3);
      expect(first.body.errors).toBeUndefined();
      const payload = first.body.data.clipVideo;
      expect(payload.errors).toEqual([]);
      expect(payload.message).toBe('片段截取成功');
      expect(payload.fragment).toMatchObject({ videoId: course.videoIds[0], duration: 2, downloadable: true });
      expect(payload.fragment.name).toMatch(/-片段1$/);
      expect(payload.fragment.videoAddress).toMatch(/^\/media\/fragments\/.+\.mp4$/);
      const file = await fetch(`${gateway.url}${payload.fragment.videoAddress}`, { headers: { cookie: alice.cookie } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('video/mp4');
      // the cut is its owner's only (play-http.test.ts has the rest)
      expect(
        (await fetch(`${gateway.url}${payload.fragment.videoAddress}`, { headers: { cookie: bob.cookie } })).status,
      ).toBe(404);
      const second = await clip(2, 4, '我的片段');
      expect(second.body.data.clipVideo.fragment.name).toBe('我的片段');
      const third = await clip(0, 1);
      expect(third.body.data.clipVideo.errors).toEqual([
        { code: 'REFUSED', message: '每个视频最多截取2个片段', field: null },
      ]);
      const center = await gateway.graphql(
        '{ viewer { fragments { edges { node { fragmentId } } } } }',
        {},
        { cookie: alice.cookie },
      );
      const listed = center.body.data.viewer.fragments.edges.map(
        (edge: { node: { fragmentId: number } }) => edge.node.fragmentId,
      );
      expect(listed).toEqual(
        expect.arrayContaining([payload.fragment.fragmentId, second.body.data.clipVideo.fragment.fragmentId]),
      );
    },
  );

  it("refuses a video that is not the course's", async () => {
    const otherVideo = (
      platform.db.prepare('SELECT id FROM videos WHERE course_id <> ? LIMIT 1').get(course.id) as { id: number }
    ).id;
    const response = await clip(0, 2, undefined, otherVideo);
    expect(response.body.data.clipVideo.errors).toEqual([{ code: 'INVALID', message: '视频不存在', field: 'videoId' }]);
  });
});
