/**
 * The personal centre's reads through the gateway, against the real main API and login service:
 * the viewer's lists as Relay connections at the spec's page sizes (one upstream call each), the
 * profile with its login-service links, Note/Message/Fragment as nodes, nothing for an anonymous
 * viewer, nobody else's records, and the cost rule that lets a /center query through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  RestCollectedCourse,
  RestMessage,
  RestNote,
  RestPage,
  RestViewLog,
} from '../../gateway/src/upstream/types';
import { QUERY_LIMITS } from '../../gateway/src/yoga/limits';
import { globalId, numerically, rawGraphql, startPlatform, type Platform, type TestGateway } from './harness';
import { seedLearning, type SeededLearning } from './learning';

let platform: Platform;
let gateway: TestGateway;
let alice: { id: number; name: string; cookie: string; seeded: SeededLearning };
let bob: { id: number; name: string; cookie: string; seeded: SeededLearning };

beforeAll(async () => {
  platform = await startPlatform();
  gateway = await platform.gateway();
  const aliceId = await platform.addUser('alice');
  const bobId = await platform.addUser('bob');
  const aliceSeed = seedLearning(platform, { id: aliceId, name: 'alice' }, { id: bobId, name: 'bob' }, 0);
  const bobSeed = seedLearning(platform, { id: bobId, name: 'bob' }, { id: aliceId, name: 'alice' }, 1);
  platform.db
    .prepare('UPDATE users SET qq_bind_state = 1, real_name = ?, info = ? WHERE user_id = ?')
    .run('爱丽丝', '喜欢思政课', aliceId);
  alice = {
    id: aliceId,
    name: 'alice',
    cookie: `utoken=${(await platform.signIn('alice', 'Passw0rd2026')).token}`,
    seeded: aliceSeed,
  };
  bob = {
    id: bobId,
    name: 'bob',
    cookie: `utoken=${(await platform.signIn('bob', 'Passw0rd2026')).token}`,
    seeded: bobSeed,
  };
});

afterAll(async () => {
  await platform?.stop();
});

const CENTER_QUERY = `query CenterQuery {
  viewer {
    userType isLoggedIn name headPicture phoneNumber email
    profile {
      userId userName realName gender address birthday school major className studentId info headPicture phoneNumber email
      canChangePassword changeEmailUrl changePhoneUrl findPasswordUrl
      bindings { provider label bound bindUrl }
    }
    favouriteCourses { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id courseId name image authorName catalogueName viewCount collectCount noteCount videoCount updateTime } } }
    notes { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id noteId content vtime noteTime isPublic isMine collectedByViewer authorName videoId courseId catalogueId videoName videoImage courseName } } }
    collected: notes(kind: COLLECTED) { totalCount edges { node { id noteId content isMine collectedByViewer authorName } } }
    history { id updateTime lastPlayTime duration videoId courseId catalogueId videoName videoImage numberShow courseName }
    messages { totalCount pageInfo { hasNextPage } edges { node { id messageId type typeName message createTime videoName } } }
    fragments { totalCount pageInfo { hasNextPage } edges { node { id fragmentId name videoName videoId courseId duration createTime expireTime downloadable videoAddress } } }
  }
}`;

const ids = (connection: { edges: { node: Record<string, unknown> }[] }, key: string) =>
  connection.edges.map((edge) => edge.node[key]);

describe('an anonymous viewer', () => {
  it('has no profile and empty lists, without any upstream call', async () => {
    const response = await gateway.graphql(CENTER_QUERY);
    expect(response.body.errors).toBeUndefined();
    const viewer = response.body.data.viewer;
    expect(viewer.isLoggedIn).toBe(false);
    expect(viewer.profile).toBeNull();
    for (const list of ['favouriteCourses', 'notes', 'collected', 'messages', 'fragments']) {
      expect(viewer[list], list).toMatchObject({ totalCount: 0, edges: [] });
    }
    expect(viewer.history).toEqual([]);
    expect(response.body.extensions?.upstreamRequests).toBe(0);
  });
});

describe("a signed-in viewer's /center query", () => {
  let viewer: any;
  let upstreamRequests: number | undefined;

  beforeAll(async () => {
    const response = await gateway.graphql(CENTER_QUERY, undefined, { cookie: alice.cookie });
    expect(response.body.errors).toBeUndefined();
    viewer = response.body.data.viewer;
    upstreamRequests = response.body.extensions?.upstreamRequests;
  });

  it('passes the cost limit at the spec page sizes and costs one upstream call per list', () => {
    // favourites, own notes, collected notes, history, messages, fragments (the profile is the login service's)
    expect(upstreamRequests).toBe(6);
  });

  it('lists the favourite courses as the upstream does, as Course nodes', async () => {
    const expected = await platform.upstream.get<RestPage<RestCollectedCourse>>('/api/usercenter/GetCollectList', {
      userId: alice.id,
      pageIndex: 1,
      pageSize: 100,
    });
    expect(viewer.favouriteCourses.totalCount).toBe(expected.totalCount);
    expect(ids(viewer.favouriteCourses, 'courseId')).toEqual(expected.dataList.map((course) => course.courseId));
    expect(numerically(ids(viewer.favouriteCourses, 'courseId'))).toEqual(numerically(alice.seeded.favouriteCourseIds));
    expect(viewer.favouriteCourses.edges[0].node.id).toBe(globalId('Course', expected.dataList[0]!.courseId));
    expect(viewer.favouriteCourses.pageInfo.hasNextPage).toBe(false);
  });

  it("lists the viewer's own notes and the notes they collected", async () => {
    const own = await platform.upstream.get<RestPage<RestNote>>('/api/usercenter/GetNoteList', {
      userId: alice.id,
      noteType: 0,
      pageIndex: 1,
      pageSize: 100,
    });
    expect(ids(viewer.notes, 'noteId')).toEqual(own.dataList.map((note) => note.id));
    // hers, including the public ones bob collected
    expect(numerically(ids(viewer.notes, 'noteId'))).toEqual(
      numerically([...alice.seeded.ownNoteIds, ...bob.seeded.collectedNoteIds]),
    );
    const first = viewer.notes.edges.find((edge: any) => edge.node.noteId === alice.seeded.ownNoteIds[0]).node;
    expect(first).toMatchObject({
      id: globalId('Note', alice.seeded.ownNoteIds[0]!),
      isMine: true,
      isPublic: true,
      authorName: 'alice',
      content: 'alice 的笔记 1',
      vtime: 30,
    });
    expect(viewer.notes.edges.find((edge: any) => edge.node.noteId === alice.seeded.ownNoteIds[2]).node.isPublic).toBe(
      false,
    );
    expect(numerically(ids(viewer.collected, 'noteId'))).toEqual(numerically(alice.seeded.collectedNoteIds));
    for (const { node } of viewer.collected.edges)
      expect(node).toMatchObject({ isMine: false, collectedByViewer: true, authorName: 'bob' });
  });

  it('lists the history, messages and fragments', async () => {
    const history = await platform.upstream.get<RestViewLog[]>('/api/usercenter/GetViewLogList', { userId: alice.id });
    expect(viewer.history.map((entry: any) => entry.videoId)).toEqual(history.map((entry) => entry.videoId));
    expect(numerically(viewer.history.map((entry: any) => entry.videoId))).toEqual(
      numerically(alice.seeded.viewLogVideoIds),
    );
    expect(viewer.history[0]).toMatchObject({
      lastPlayTime: expect.any(Number),
      duration: 600,
      videoName: expect.any(String),
    });

    const messages = await platform.upstream.get<RestPage<RestMessage>>('/api/usercenter/GetMessageList', {
      userId: alice.id,
      pageIndex: 1,
      pageSize: 100,
    });
    expect(ids(viewer.messages, 'messageId')).toEqual(messages.dataList.map((message) => message.id));
    for (const id of alice.seeded.messageIds) expect(ids(viewer.messages, 'messageId')).toContain(id);
    const byType = Object.fromEntries(
      viewer.messages.edges.map((edge: any) => [edge.node.message, edge.node.typeName]),
    );
    expect(byType).toMatchObject({
      'alice 的消息 1': '系统通知',
      'alice 的消息 2': '笔记引用',
      'alice 的消息 3': '安全提醒',
      'alice 的消息 5': '系统消息',
    });

    expect(numerically(ids(viewer.fragments, 'fragmentId'))).toEqual(numerically(alice.seeded.fragmentIds));
    const downloadable = viewer.fragments.edges.map((edge: any) => edge.node.downloadable).sort();
    expect(downloadable).toEqual([false, true]);
  });

  it("reads the profile, with the login service's account pages", () => {
    const loginPort = new URL(platform.login.url).port;
    const gatewayPort = new URL(gateway.url).port;
    // back to /center's 账户设置 tab (position 5, as the web app numbers the tabs)
    const center = encodeURIComponent(`http://127.0.0.1:${gatewayPort}/center?position=5`);
    expect(viewer.profile).toMatchObject({
      userId: alice.id,
      userName: 'alice',
      realName: '爱丽丝',
      info: '喜欢思政课',
      gender: 'UNKNOWN',
      canChangePassword: true,
      changeEmailUrl: `http://127.0.0.1:${loginPort}/email?redirect=${center}`,
      changePhoneUrl: `http://127.0.0.1:${loginPort}/phone?redirect=${center}`,
      findPasswordUrl: `http://127.0.0.1:${loginPort}/find-password?redirect=${center}`,
    });
    expect(viewer.profile.bindings).toEqual([
      {
        provider: 'QQ',
        label: 'QQ',
        bound: true,
        bindUrl: `http://127.0.0.1:${loginPort}/bind?type=1&redirect=${center}`,
      },
      {
        provider: 'WECHAT',
        label: '微信',
        bound: false,
        bindUrl: `http://127.0.0.1:${loginPort}/bind?type=2&redirect=${center}`,
      },
      {
        provider: 'WEIBO',
        label: '微博',
        bound: false,
        bindUrl: `http://127.0.0.1:${loginPort}/bind?type=3&redirect=${center}`,
      },
    ]);
  });

  it('builds the account pages on LOGIN_PUBLIC_URL when it is set', async () => {
    const configured = await platform.gateway({ LOGIN_PUBLIC_URL: 'https://login.example.edu.cn/sso/login' });
    const response = await rawGraphql(
      configured.url,
      '{ viewer { profile { changeEmailUrl bindings { bindUrl } } } }',
      { cookie: alice.cookie, host: 'ketang.example.edu.cn' },
    );
    const center = encodeURIComponent('http://ketang.example.edu.cn/center?position=5');
    expect(response.body.data.viewer.profile.changeEmailUrl).toBe(
      `https://login.example.edu.cn/sso/email?redirect=${center}`,
    );
    expect(response.body.data.viewer.profile.bindings[2].bindUrl).toBe(
      `https://login.example.edu.cn/sso/bind?type=3&redirect=${center}`,
    );
  });

  it('shows an organisation network identity without a password to change', async () => {
    const response = await gateway.graphql('{ viewer { name profile { userName canChangePassword } } }', undefined, {
      'x-forwarded-for': '10.20.3.3',
    });
    expect(response.body.data.viewer.profile).toEqual({
      userName: response.body.data.viewer.name,
      canChangePassword: false,
    });
  });
});

describe('paging', () => {
  it('maps first/after onto pageIndex/pageSize', async () => {
    const query = `query Messages($first: Int, $after: String) { viewer { messages(first: $first, after: $after) { totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { node { messageId } } } } }`;
    const all = (await gateway.graphql(query, {}, { cookie: alice.cookie })).body.data.viewer.messages;
    const first = (await gateway.graphql(query, { first: 2 }, { cookie: alice.cookie })).body.data.viewer.messages;
    expect(ids(first, 'messageId')).toEqual(ids(all, 'messageId').slice(0, 2));
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = (
      await gateway.graphql(query, { first: 2, after: first.pageInfo.endCursor }, { cookie: alice.cookie })
    ).body.data.viewer.messages;
    expect(ids(second, 'messageId')).toEqual(ids(all, 'messageId').slice(2, 4));
    expect(second.pageInfo.hasPreviousPage).toBe(true);
    expect(second.totalCount).toBe(all.totalCount);
  });

  it('allows up to the spec sizes and no more', async () => {
    const ok = await gateway.graphql(
      '{ viewer { favouriteCourses(first: 10000) { totalCount } notes(first: 1000) { totalCount } messages(first: 1000) { totalCount } fragments(first: 10000) { totalCount } } }',
      undefined,
      { cookie: alice.cookie },
    );
    expect(ok.body.errors).toBeUndefined();
    for (const [field, size] of [
      ['favouriteCourses', 10001],
      ['notes', 1001],
      ['messages', 1001],
      ['fragments', 10001],
    ] as const) {
      const refused = await gateway.graphql(`{ viewer { ${field}(first: ${size}) { totalCount } } }`, undefined, {
        cookie: alice.cookie,
      });
      expect(refused.body.errors?.[0], field).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    }
  });
});

describe('the cost rule', () => {
  it("still refuses nesting that fans out per item below the viewer's lists", async () => {
    const tooComplex = {
      message: `查询过于复杂（复杂度上限 ${QUERY_LIMITS.maxCost}）`,
      extensions: { code: 'QUERY_TOO_COMPLEX' },
    };
    const videos = await gateway.graphql(
      '{ viewer { favouriteCourses { edges { node { videos { videoId } } } } } }',
      undefined,
      { cookie: alice.cookie },
    );
    expect(videos.body.errors).toEqual([tooComplex]);
    expect(videos.body.extensions?.upstreamRequests ?? 0).toBe(0);
    const related = await gateway.graphql(
      '{ viewer { favouriteCourses { edges { node { relatedCourses(first: 100) { edges { node { name } } } } } } } }',
      undefined,
      { cookie: alice.cookie },
    );
    expect(related.body.errors).toEqual([tooComplex]);
    const aliases = Array.from(
      { length: 29 },
      (_, index) => `f${index}: favouriteCourses { edges { node { name authorName catalogueName } } }`,
    ).join(' ');
    const many = await gateway.graphql(`{ viewer { ${aliases} } }`, undefined, { cookie: alice.cookie });
    expect(many.body.errors).toEqual([tooComplex]);
  });

  it('lets a favourite course list ask for its lecturers (one batch) and catalogues', async () => {
    const response = await gateway.graphql(
      '{ viewer { favouriteCourses { edges { node { author { name } catalogue { name } catalogueTrail { name } } } } } }',
      undefined,
      { cookie: alice.cookie },
    );
    expect(response.body.errors).toBeUndefined();
  });
});

describe("nobody else's records", () => {
  it('a viewer sees only their own lists', async () => {
    const response = await gateway.graphql(CENTER_QUERY, undefined, { cookie: bob.cookie });
    const viewer = response.body.data.viewer;
    for (const id of alice.seeded.ownNoteIds) expect(ids(viewer.notes, 'noteId')).not.toContain(id);
    for (const id of alice.seeded.messageIds) expect(ids(viewer.messages, 'messageId')).not.toContain(id);
    for (const id of alice.seeded.fragmentIds) expect(ids(viewer.fragments, 'fragmentId')).not.toContain(id);
    expect(numerically(ids(viewer.notes, 'noteId'))).toEqual(
      numerically([...bob.seeded.ownNoteIds, ...alice.seeded.collectedNoteIds]),
    );
    expect(viewer.profile.userName).toBe('bob');
  });

  it("node(id) reads the viewer's own notes, messages and fragments, and nobody else's", async () => {
    const query = `query N($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on Message { message } ... on Fragment { name } ... on Note { content isMine } } }`;
    const mine = [
      globalId('Message', alice.seeded.messageIds[0]!),
      globalId('Fragment', alice.seeded.fragmentIds[0]!),
      globalId('Note', alice.seeded.ownNoteIds[0]!),
      globalId('Note', alice.seeded.collectedNoteIds[0]!),
    ];
    const own = await gateway.graphql(query, { ids: mine }, { cookie: alice.cookie });
    expect(own.body.errors).toBeUndefined();
    expect(own.body.data.nodes.map((node: any) => node?.__typename)).toEqual(['Message', 'Fragment', 'Note', 'Note']);
    expect(own.body.data.nodes[0].message).toBe('alice 的消息 1');
    expect(own.body.data.nodes[2]).toMatchObject({ content: 'alice 的笔记 1', isMine: true });
    expect(own.body.data.nodes[3]).toMatchObject({ isMine: false });
    const asBob = await gateway.graphql(query, { ids: mine.slice(0, 3) }, { cookie: bob.cookie });
    expect(asBob.body.data.nodes).toEqual([null, null, null]);
    const anonymous = await gateway.graphql(query, { ids: mine });
    expect(anonymous.body.data.nodes).toEqual([null, null, null, null]);
  });
});
