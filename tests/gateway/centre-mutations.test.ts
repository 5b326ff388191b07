/**
 * The account and personal-centre mutations through the gateway, against the real main API and login
 * service: each needs a signed-in viewer (LOGIN_REQUIRED, no upstream call), acts with the viewer's
 * user id only, and answers typed user errors (REFUSED with the service's sentence, INVALID with the
 * field, UNAVAILABLE). Logout and the no-login link change the cookie and the viewer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISATION } from '../../upstream/src/demo/accounts';
import { createOrganisation } from '../../upstream/src/login-service/services/accounts';
import {
  cookieValue,
  globalId,
  setCookieOf,
  startPlatform,
  TEST_PASSWORD,
  type Platform,
  type TestGateway,
} from './harness';
import { seedLearning, type SeededLearning } from './learning';

let platform: Platform;
let gateway: TestGateway;
let alice: { id: number; seeded: SeededLearning };
let bob: { id: number; seeded: SeededLearning };
const seenTokens = new Set<string>();

const UNAVAILABLE = { code: 'UNAVAILABLE', message: '服务暂时不可用，请稍后再试', field: null };
const LOGIN_REQUIRED = { code: 'LOGIN_REQUIRED', message: '请先登录', field: null };

beforeAll(async () => {
  platform = await startPlatform();
  gateway = await platform.gateway({}, { captureLogs: true });
  const aliceId = await platform.addUser('alice');
  const bobId = await platform.addUser('bob');
  alice = {
    id: aliceId,
    seeded: seedLearning(platform, { id: aliceId, name: 'alice' }, { id: bobId, name: 'bob' }, 0),
  };
  bob = { id: bobId, seeded: seedLearning(platform, { id: bobId, name: 'bob' }, { id: aliceId, name: 'alice' }, 1) };
  // the anonymous loopback visitor's network login is refused once, then remembered
  await gateway.graphql('{ viewer { userType } }');
});

afterAll(async () => {
  await platform?.stop();
});

async function cookieOf(userName: string, password = TEST_PASSWORD): Promise<string> {
  const { token } = await platform.signIn(userName, password);
  seenTokens.add(token);
  return `utoken=${token}`;
}

function mutate(
  query: string,
  variables: Record<string, unknown>,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  return gateway.graphql(query, variables, cookie ? { cookie, ...headers } : headers);
}

const count = (sql: string, ...args: unknown[]) => (platform.db.prepare(sql).get(...args) as { n: number }).n;

describe('without a signed-in viewer', () => {
  const MUTATIONS: [string, string, Record<string, unknown>][] = [
    ['logout', 'mutation { logout(input: {}) { viewer { isLoggedIn } errors { code message field } } }', {}],
    [
      'deleteMessage',
      'mutation M($id: ID!) { deleteMessage(input: { messageId: $id }) { deletedMessageId errors { code message field } } }',
      { id: globalId('Message', 1) },
    ],
    ['clearHistory', 'mutation { clearHistory(input: {}) { message errors { code message field } } }', {}],
    [
      'deleteFragment',
      'mutation M($id: ID!) { deleteFragment(input: { fragmentId: $id }) { deletedFragmentId errors { code message field } } }',
      { id: globalId('Fragment', 1) },
    ],
    [
      'deleteNote',
      'mutation M($id: ID!) { deleteNote(input: { noteId: $id }) { deletedNoteId errors { code message field } } }',
      { id: globalId('Note', 1) },
    ],
    [
      'uncollectNote',
      'mutation M($id: ID!) { uncollectNote(input: { noteId: $id }) { uncollectedNoteId errors { code message field } } }',
      { id: globalId('Note', 1) },
    ],
    [
      'updateProfile',
      'mutation M($input: UpdateProfileInput!) { updateProfile(input: $input) { profile { realName } errors { code message field } } }',
      {
        input: {
          realName: 'x',
          gender: 'MALE',
          address: '',
          birthday: '',
          school: '',
          major: '',
          className: '',
          studentId: '',
          info: '',
        },
      },
    ],
    [
      'changePassword',
      'mutation { changePassword(input: { oldPassword: "a1234567", newPassword: "b1234567", confirmPassword: "b1234567" }) { message errors { code message field } } }',
      {},
    ],
    [
      'unbindAccount',
      'mutation { unbindAccount(input: { provider: QQ }) { profile { userName } errors { code message field } } }',
      {},
    ],
  ];

  it.each(MUTATIONS)('%s answers LOGIN_REQUIRED and calls nothing', async (name, query, variables) => {
    const response = await mutate(query, variables);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data[name].errors).toEqual([LOGIN_REQUIRED]);
    expect(response.body.extensions?.upstreamRequests).toBe(0);
    expect(response.body.extensions?.loginRequests).toBeUndefined();
  });

  it('nothing was deleted or changed', () => {
    expect(count('SELECT COUNT(*) AS n FROM messages WHERE id = 1')).toBe(1);
  });
});

describe('personal-centre records', () => {
  const DELETE_MESSAGE =
    'mutation M($id: ID!) { deleteMessage(input: { messageId: $id }) { deletedMessageId errors { code message field } } }';
  const DELETE_FRAGMENT =
    'mutation M($id: ID!) { deleteFragment(input: { fragmentId: $id }) { deletedFragmentId message errors { code message field } } }';
  const DELETE_NOTE =
    'mutation M($id: ID!) { deleteNote(input: { noteId: $id }) { deletedNoteId errors { code message field } } }';
  const UNCOLLECT_NOTE =
    'mutation M($id: ID!) { uncollectNote(input: { noteId: $id }) { uncollectedNoteId errors { code message field } } }';
  let aliceCookie: string;

  beforeAll(async () => {
    aliceCookie = await cookieOf('alice');
  });

  it("deleteMessage deletes the viewer's message", async () => {
    const id = globalId('Message', alice.seeded.messageIds[0]!);
    const response = await mutate(DELETE_MESSAGE, { id }, aliceCookie);
    expect(response.body.data.deleteMessage).toEqual({ deletedMessageId: id, errors: [] });
    expect(count('SELECT COUNT(*) AS n FROM messages WHERE id = ?', alice.seeded.messageIds[0])).toBe(0);
  });

  it("deleteMessage of somebody else's message is refused with the service's sentence, and it stays", async () => {
    const response = await mutate(DELETE_MESSAGE, { id: globalId('Message', bob.seeded.messageIds[0]!) }, aliceCookie);
    expect(response.body.data.deleteMessage).toEqual({
      deletedMessageId: null,
      errors: [{ code: 'REFUSED', message: '消息不存在', field: null }],
    });
    expect(count('SELECT COUNT(*) AS n FROM messages WHERE id = ?', bob.seeded.messageIds[0])).toBe(1);
  });

  it("an id that is not a message's is INVALID, without an upstream call", async () => {
    for (const id of ['bm9wZQ==', globalId('Course', alice.seeded.messageIds[1]!), 'not base64!']) {
      const response = await mutate(DELETE_MESSAGE, { id }, aliceCookie);
      expect(response.body.data.deleteMessage.errors, id).toEqual([
        { code: 'INVALID', message: '消息不存在', field: 'messageId' },
      ]);
      expect(response.body.extensions?.upstreamRequests).toBe(0);
    }
  });

  it("deleteFragment answers the server's sentence; somebody else's is refused", async () => {
    const id = globalId('Fragment', alice.seeded.fragmentIds[0]!);
    const response = await mutate(DELETE_FRAGMENT, { id }, aliceCookie);
    expect(response.body.data.deleteFragment).toEqual({ deletedFragmentId: id, message: '片段已删除', errors: [] });
    const foreign = await mutate(
      DELETE_FRAGMENT,
      { id: globalId('Fragment', bob.seeded.fragmentIds[0]!) },
      aliceCookie,
    );
    expect(foreign.body.data.deleteFragment.errors).toEqual([{ code: 'REFUSED', message: '片段不存在', field: null }]);
    expect(count('SELECT COUNT(*) AS n FROM fragments WHERE id = ?', bob.seeded.fragmentIds[0])).toBe(1);
  });

  it("deleteNote deletes the viewer's own note, and refuses one by somebody else", async () => {
    const id = globalId('Note', alice.seeded.ownNoteIds[0]!);
    const response = await mutate(DELETE_NOTE, { id }, aliceCookie);
    expect(response.body.data.deleteNote).toEqual({ deletedNoteId: id, errors: [] });
    expect(count('SELECT COUNT(*) AS n FROM notes WHERE id = ?', alice.seeded.ownNoteIds[0])).toBe(0);
    // bob wrote it; alice only collected it
    const foreign = await mutate(DELETE_NOTE, { id: globalId('Note', alice.seeded.collectedNoteIds[0]!) }, aliceCookie);
    expect(foreign.body.data.deleteNote.errors).toEqual([{ code: 'REFUSED', message: '笔记不存在', field: null }]);
    expect(count('SELECT COUNT(*) AS n FROM notes WHERE id = ?', alice.seeded.collectedNoteIds[0])).toBe(1);
  });

  it('uncollectNote stops collecting; a note not collected is refused', async () => {
    const id = globalId('Note', alice.seeded.collectedNoteIds[1]!);
    const response = await mutate(UNCOLLECT_NOTE, { id }, aliceCookie);
    expect(response.body.data.uncollectNote).toEqual({ uncollectedNoteId: id, errors: [] });
    expect(
      count(
        'SELECT COUNT(*) AS n FROM note_collections WHERE user_id = ? AND note_id = ?',
        alice.id,
        alice.seeded.collectedNoteIds[1],
      ),
    ).toBe(0);
    const again = await mutate(UNCOLLECT_NOTE, { id }, aliceCookie);
    expect(again.body.data.uncollectNote.errors).toEqual([{ code: 'REFUSED', message: '未收录该笔记', field: null }]);
  });

  it("clearHistory clears the viewer's history only and answers the server's sentence", async () => {
    const response = await mutate(
      'mutation { clearHistory(input: {}) { message viewer { history { videoId } } errors { code } } }',
      {},
      aliceCookie,
    );
    expect(response.body.data.clearHistory).toEqual({ message: '历史记录已清空', viewer: { history: [] }, errors: [] });
    expect(count('SELECT COUNT(*) AS n FROM play_logs WHERE user_id = ?', alice.id)).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM play_logs WHERE user_id = ?', bob.id)).toBe(
      bob.seeded.viewLogVideoIds.length,
    );
  });

  it('answers UNAVAILABLE when the main API is down', async () => {
    const cut = await platform.gateway({ UPSTREAM_URL: 'http://127.0.0.1:9' });
    const response = await cut.graphql(
      DELETE_MESSAGE,
      { id: globalId('Message', alice.seeded.messageIds[1]!) },
      { cookie: aliceCookie },
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.deleteMessage).toEqual({ deletedMessageId: null, errors: [UNAVAILABLE] });
  });
});

describe('updateProfile', () => {
  const UPDATE = `mutation U($input: UpdateProfileInput!) { updateProfile(input: $input) {
    profile { realName gender address birthday school major className studentId info }
    viewer { name isLoggedIn }
    errors { code message field }
  } }`;
  const valid = {
    realName: ' 爱丽丝 ',
    gender: 'FEMALE',
    address: '北京市海淀区',
    birthday: '2004-05-06',
    school: '示范大学',
    major: '马克思主义理论',
    className: '2022级1班',
    studentId: 'S-2022-001',
    info: '第一行\n第二行',
  };

  it('saves the profile and answers it', async () => {
    const response = await mutate(UPDATE, { input: valid }, await cookieOf('alice'));
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.updateProfile).toEqual({
      profile: { ...valid, realName: '爱丽丝' },
      viewer: { name: 'alice', isLoggedIn: true },
      errors: [],
    });
    expect(await platform.store.users.get(alice.id)).toMatchObject({
      realName: '爱丽丝',
      gender: 0,
      info: '第一行\n第二行',
      studentId: 'S-2022-001',
    });
  });

  it("names every broken field at once, in the service's words, before calling it", async () => {
    const cookie = await cookieOf('alice');
    // the viewer is known (cached) first, so that any login-service call below would be the mutation's
    await gateway.graphql('{ viewer { name } }', undefined, { cookie });
    const response = await mutate(
      UPDATE,
      {
        input: {
          ...valid,
          info: '思'.repeat(401),
          realName: '名'.repeat(33),
          studentId: '学号',
          birthday: '2999-01-01',
          address: 'a\u0007b',
        },
      },
      cookie,
    );
    expect(response.body.data.updateProfile.profile).toBeNull();
    expect(response.body.data.updateProfile.errors).toEqual(
      expect.arrayContaining([
        { code: 'INVALID', message: '个人简介不能超过400字', field: 'info' },
        { code: 'INVALID', message: '姓名不能超过32个字', field: 'realName' },
        { code: 'INVALID', message: '学号只能包含字母、数字和短横线，且不超过32位', field: 'studentId' },
        { code: 'INVALID', message: '出生日期格式应为YYYY-MM-DD，且不能晚于今天', field: 'birthday' },
        { code: 'INVALID', message: '内容包含非法字符', field: 'address' },
      ]),
    );
    expect(response.body.data.updateProfile.errors).toHaveLength(5);
    expect(response.body.extensions?.loginRequests).toBeUndefined();
    // 400 code points are fine, however many UTF-16 units they take
    const emoji = await mutate(UPDATE, { input: { ...valid, info: '😀'.repeat(400) } }, cookie);
    expect(emoji.body.data.updateProfile.errors).toEqual([]);
  });

  it("is refused by the service for an organisation's network identity", async () => {
    const response = await mutate(UPDATE, { input: valid }, undefined, { 'x-forwarded-for': '10.20.7.7' });
    seenTokens.add(cookieValue(setCookieOf(response.headers, 'utoken'))!);
    expect(response.body.data.updateProfile.errors).toEqual([
      { code: 'REFUSED', message: '机构网络账号不能修改个人信息', field: null },
    ]);
  });
});

describe('changePassword', () => {
  const CHANGE = `mutation C($input: ChangePasswordInput!) { changePassword(input: $input) { message errors { code message field } } }`;

  it("checks what it can before calling, and refuses a wrong old password with the service's sentence", async () => {
    await platform.addUser('carol');
    const cookie = await cookieOf('carol');
    const mismatch = await mutate(
      CHANGE,
      { input: { oldPassword: TEST_PASSWORD, newPassword: 'NewPassw0rd1', confirmPassword: 'NewPassw0rd2' } },
      cookie,
    );
    expect(mismatch.body.data.changePassword.errors).toEqual([
      { code: 'INVALID', message: '两次输入的新密码不一致', field: 'confirmPassword' },
    ]);
    const weak = await mutate(
      CHANGE,
      { input: { oldPassword: TEST_PASSWORD, newPassword: 'short1', confirmPassword: 'short1' } },
      cookie,
    );
    expect(weak.body.data.changePassword.errors).toEqual([
      { code: 'INVALID', message: '新密码至少8位，且须同时包含字母和数字', field: 'newPassword' },
    ]);
    const wrong = await mutate(
      CHANGE,
      { input: { oldPassword: 'Wrong0ld-pass', newPassword: 'NewPassw0rd1', confirmPassword: 'NewPassw0rd1' } },
      cookie,
    );
    expect(wrong.body.data.changePassword).toEqual({
      message: null,
      errors: [{ code: 'REFUSED', message: '原密码错误', field: null }],
    });
  });

  it("changes it, ends the user's other sessions at once, keeps this one", async () => {
    await platform.addUser('dave');
    const other = await cookieOf('dave');
    const current = await cookieOf('dave');
    // both sessions are known (and cached) by the gateway
    for (const cookie of [other, current])
      expect((await gateway.graphql('{ viewer { name } }', undefined, { cookie })).body.data.viewer.name).toBe('dave');
    const response = await mutate(
      CHANGE,
      { input: { oldPassword: TEST_PASSWORD, newPassword: 'NewPassw0rd1', confirmPassword: 'NewPassw0rd1' } },
      current,
    );
    expect(response.body.data.changePassword).toEqual({ message: '密码修改成功', errors: [] });
    expect((await gateway.graphql('{ viewer { name } }', undefined, { cookie: current })).body.data.viewer.name).toBe(
      'dave',
    );
    const ended = await gateway.graphql('{ viewer { isLoggedIn } }', undefined, { cookie: other });
    expect(ended.body.data.viewer.isLoggedIn).toBe(false);
    expect(cookieValue(setCookieOf(ended.headers, 'utoken'))).toBe('');
    await expect(platform.signIn('dave', 'NewPassw0rd1')).resolves.toMatchObject({ token: expect.any(String) });
  });
});

describe('unbindAccount', () => {
  it('unbinds a bound account and answers the profile; an unbound one is refused', async () => {
    const eve = await platform.addUser('eve');
    platform.db.prepare('UPDATE users SET weixin_bind_state = 1 WHERE user_id = ?').run(eve);
    const cookie = await cookieOf('eve');
    const UNBIND =
      'mutation { unbindAccount(input: { provider: WECHAT }) { profile { bindings { provider bound } } errors { code message field } } }';
    const response = await mutate(UNBIND, {}, cookie);
    expect(response.body.data.unbindAccount.errors).toEqual([]);
    expect(response.body.data.unbindAccount.profile.bindings).toEqual([
      { provider: 'QQ', bound: false },
      { provider: 'WECHAT', bound: false },
      { provider: 'WEIBO', bound: false },
    ]);
    const again = await mutate(UNBIND, {}, cookie);
    expect(again.body.data.unbindAccount).toEqual({
      profile: null,
      errors: [{ code: 'REFUSED', message: '该账号未绑定', field: null }],
    });
  });
});

describe('logout', () => {
  const LOGOUT =
    'mutation { logout(input: {}) { viewer { isLoggedIn userType isIP name comName } errors { code message field } } }';

  it('revokes the token, clears the cookie, and leaves an anonymous viewer', async () => {
    const cookie = await cookieOf('alice');
    const response = await mutate(LOGOUT, {}, cookie);
    expect(response.body.data.logout).toEqual({
      viewer: { isLoggedIn: false, userType: -1, isIP: true, name: null, comName: null },
      errors: [],
    });
    expect(setCookieOf(response.headers, 'utoken')).toBe('utoken=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect(
      (await platform.login.client.get('/UserCenterApi/ValidateToken', { token: cookieValue(cookie)! })).body.code,
    ).toBe(-1);
    // the gateway forgot it at once: the same cookie is anonymous now, not served from the cache
    const after = await gateway.graphql('{ viewer { isLoggedIn } }', undefined, { cookie });
    expect(after.body.data.viewer.isLoggedIn).toBe(false);
  });

  it("on an organisation's network, gives the organisation's identity back", async () => {
    const cookie = await cookieOf('student', 'Student2026');
    const response = await mutate(LOGOUT, {}, cookie, { 'x-forwarded-for': '10.20.1.2' });
    expect(response.body.data.logout.viewer).toMatchObject({
      isLoggedIn: true,
      userType: 2,
      isIP: false,
      comName: DEMO_ORGANISATION.name,
    });
    const headers = response.headers.getSetCookie().filter((header) => header.startsWith('utoken='));
    expect(headers).toHaveLength(1);
    const token = cookieValue(headers[0])!;
    seenTokens.add(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(`utoken=${token}`).not.toBe(cookie);
  });
});

describe('companyLogin (/DissimilarLogin.aspx?gid=...)', () => {
  const COMPANY =
    'mutation C($gid: String!) { companyLogin(input: { gid: $gid }) { openUrl viewer { isLoggedIn userType name comName } errors { code message field } } }';

  it('signs an anonymous visitor in as the organisation with the demo gid and sets the cookie', async () => {
    const response = await mutate(COMPANY, { gid: DEMO_ORGANISATION.gid });
    const org = (await platform.store.organisations.getByGid(DEMO_ORGANISATION.gid))!;
    expect(response.body.data.companyLogin).toEqual({
      openUrl: null,
      viewer: { isLoggedIn: true, userType: 2, name: `org${org.comId}`, comName: DEMO_ORGANISATION.name },
      errors: [],
    });
    const token = cookieValue(setCookieOf(response.headers, 'utoken'))!;
    seenTokens.add(token);
    expect(
      (await gateway.graphql('{ viewer { comName } }', undefined, { cookie: `utoken=${token}` })).body.data.viewer
        .comName,
    ).toBe(DEMO_ORGANISATION.name);
  });

  it('keeps a member of the organisation signed in as themselves', async () => {
    const cookie = await cookieOf('teacher', 'Teacher2026');
    const response = await mutate(COMPANY, { gid: DEMO_ORGANISATION.gid }, cookie);
    expect(response.body.data.companyLogin.viewer).toMatchObject({ isLoggedIn: true, name: 'teacher' });
    expect(cookieValue(setCookieOf(response.headers, 'utoken')) ?? cookieValue(cookie)).toBe(cookieValue(cookie));
  });

  it("refuses an unknown gid with the service's sentence and changes nothing", async () => {
    const cookie = await cookieOf('student', 'Student2026');
    const response = await mutate(COMPANY, { gid: 'no-such-library' }, cookie);
    expect(response.body.data.companyLogin).toEqual({
      openUrl: null,
      viewer: { isLoggedIn: true, userType: 1, name: 'student', comName: null },
      errors: [{ code: 'REFUSED', message: '无效的免登录链接', field: null }],
    });
    expect(setCookieOf(response.headers, 'utoken')).toBeUndefined();
    const empty = await mutate(COMPANY, { gid: '  ' }, cookie);
    expect(empty.body.data.companyLogin.errors).toEqual([
      { code: 'INVALID', message: '无效的免登录链接', field: 'gid' },
    ]);
  });

  it('answers the -2 link to open for a disabled organisation, and changes nothing', async () => {
    const org = await createOrganisation(
      platform.store,
      { name: '停用图书馆', ipRanges: ['10.99.0.0/16'], gid: 'closed-library' },
      Date.now(),
    );
    await platform.store.organisations.setEnabled(org.comId, false);
    const response = await mutate(COMPANY, { gid: 'closed-library' });
    expect(response.body.data.companyLogin.errors).toEqual([]);
    expect(response.body.data.companyLogin.viewer.isLoggedIn).toBe(false);
    const url = new URL(response.body.data.companyLogin.openUrl);
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('reason')).toBe('org-disabled');
    expect(setCookieOf(response.headers, 'utoken')).toBeUndefined();
  });
});

describe('companyLogin and isIP (product-spec §4: "Company login sets isIP false regardless of code")', () => {
  const COMPANY_IP =
    'mutation C($gid: String!) { companyLogin(input: { gid: $gid }) { openUrl viewer { isLoggedIn isIP } errors { code } } }';

  it('answers isIP false for an anonymous visitor whatever the code, without signing anyone in', async () => {
    const refused = await mutate(COMPANY_IP, { gid: 'no-such-library' });
    expect(refused.body.data.companyLogin).toEqual({
      openUrl: null,
      viewer: { isLoggedIn: false, isIP: false },
      errors: [{ code: 'REFUSED' }],
    });
    expect(setCookieOf(refused.headers, 'utoken')).toBeUndefined();
    const org = await createOrganisation(
      platform.store,
      { name: '闭馆图书馆', ipRanges: ['10.98.0.0/16'], gid: 'closed-library-2' },
      Date.now(),
    );
    await platform.store.organisations.setEnabled(org.comId, false);
    const openUrl = await mutate(COMPANY_IP, { gid: 'closed-library-2' });
    expect(openUrl.body.data.companyLogin.viewer).toEqual({ isLoggedIn: false, isIP: false });
    expect(openUrl.body.data.companyLogin.openUrl).toMatch(/^https?:\/\//);
    const signedIn = await mutate(COMPANY_IP, { gid: DEMO_ORGANISATION.gid });
    expect(signedIn.body.data.companyLogin.viewer).toEqual({ isLoggedIn: true, isIP: false });
    seenTokens.add(cookieValue(setCookieOf(signedIn.headers, 'utoken'))!);
    // only that answer: the session is unchanged, so the next operation's anonymous viewer is isIP true again
    const next = await gateway.graphql('{ viewer { isLoggedIn isIP } }');
    expect(next.body.data.viewer).toEqual({ isLoggedIn: false, isIP: true });
  });
});

describe("the gateway's log", () => {
  it('never contains a token or a password', () => {
    const log = gateway.logs.join('');
    expect(log).toContain('/UserCenterApi/');
    expect(seenTokens.size).toBeGreaterThan(8);
    for (const token of seenTokens) expect(log).not.toContain(token);
    for (const password of [TEST_PASSWORD, 'NewPassw0rd1', 'Wrong0ld-pass', 'Student2026'])
      expect(log).not.toContain(password);
  });
});
