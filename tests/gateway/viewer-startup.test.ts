/**
 * The viewer is worked out on the server from the utoken cookie only (product-spec §4 start-up
 * sequence), against the real login service and main API: anonymous visitors, signed-in accounts,
 * refused and expired tokens, refresh within 24 h, organisation networks behind a trusted proxy,
 * cookie attributes, caching, and no token in any log line.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISATION } from '../../upstream/src/demo/accounts';
import { cookieValue, setCookieOf, startPlatform, type Platform, type TestGateway } from './harness';

const VIEWER = `query Viewer { viewer { userType isLoggedIn isIP userId name comName comId comCode headPicture phoneNumber email } }`;
const HOUR = 3600_000;

let platform: Platform;
let gateway: TestGateway;
/** every token the tests saw, to look for in the gateway's log at the end */
const seenTokens = new Set<string>();

beforeAll(async () => {
  platform = await startPlatform();
  gateway = await platform.gateway({}, { captureLogs: true });
});

afterEach(() => platform.clock.reset());

afterAll(async () => {
  await platform?.stop();
});

async function signIn(userName: string, password: string): Promise<string> {
  const { token } = await platform.signIn(userName, password);
  seenTokens.add(token);
  return token;
}

function viewerWith(headers: Record<string, string> = {}, target: TestGateway = gateway) {
  return target.graphql(VIEWER, undefined, headers);
}

/** the login service's own view of a token, asked directly */
async function tokenIsValid(token: string): Promise<boolean> {
  const answer = await platform.login.client.get('/UserCenterApi/ValidateToken', { token });
  return answer.body.code === 2000;
}

const ANONYMOUS = {
  userType: -1,
  isLoggedIn: false,
  isIP: true,
  userId: null,
  name: null,
  comName: null,
  comId: null,
  comCode: null,
  headPicture: null,
  phoneNumber: null,
  email: null,
};

describe('anonymous visitors', () => {
  it('are anonymous without a token, and get no utoken cookie', async () => {
    const response = await viewerWith();
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.viewer).toEqual(ANONYMOUS);
    expect(setCookieOf(response.headers, 'utoken')).toBeUndefined();
  });

  it('do not cost a login-service call on pages that do not ask who they are', async () => {
    const response = await gateway.graphql('{ site { title } subjects { catalogueId } }');
    expect(response.body.extensions?.loginRequests).toBeUndefined();
  });
});

describe('signed in with a token from the login service', () => {
  it('is the account of the token, and the answer is cached for the next requests', async () => {
    const token = await signIn('student', 'Student2026');
    const first = await viewerWith({ cookie: `utoken=${token}` });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.viewer).toMatchObject({
      userType: 1,
      isLoggedIn: true,
      isIP: false,
      userId: await platform.userId('student'),
      name: 'student',
      comName: null,
      comId: null,
      comCode: null,
    });
    // ValidateToken + GetUserInfo, the first time only
    expect(first.body.extensions?.loginRequests).toBe(2);
    expect(setCookieOf(first.headers, 'utoken')).toBeUndefined();
    const again = await viewerWith({ cookie: `utoken=${token}` });
    expect(again.body.data.viewer).toEqual(first.body.data.viewer);
    expect(again.body.extensions?.loginRequests).toBeUndefined();
  });

  it('shows an organisation member with the organisation', async () => {
    const token = await signIn('teacher', 'Teacher2026');
    const response = await viewerWith({ cookie: `utoken=${token}` });
    const org = (await platform.store.organisations.getByGid(DEMO_ORGANISATION.gid))!;
    expect(response.body.data.viewer).toMatchObject({
      userType: 2,
      isLoggedIn: true,
      isIP: false,
      name: 'teacher',
      comName: DEMO_ORGANISATION.name,
      comId: org.comId,
      comCode: DEMO_ORGANISATION.comCode,
    });
  });

  it("writes the visit log in the viewer's name, whatever the client sends", async () => {
    const token = await signIn('student', 'Student2026');
    const response = await gateway.graphql(
      `mutation { recordVisit(input: { pageUrl: "/center", moduleName: "个人中心" }) { logId errors { code } } }`,
      undefined,
      { cookie: `utoken=${token}; userId=1; userName=admin`, 'x-user-id': '1' },
    );
    expect(response.body.data.recordVisit.errors).toEqual([]);
    const row = platform.db
      .prepare('SELECT user_id AS userId, user_name AS userName FROM visit_logs WHERE id = ?')
      .get(Number(response.body.data.recordVisit.logId)) as { userId: string; userName: string };
    expect(row).toEqual({ userId: String(await platform.userId('student')), userName: 'student' });
  });
});

describe('the organisation main-API calls are made for', () => {
  it("is the viewer's when they belong to one, else the site's", async () => {
    // a main API that only records what it is asked (the login service stays the real one)
    const asked: URLSearchParams[] = [];
    const recorder = createServer((req, res) => {
      asked.push(new URL(req.url ?? '/', 'http://recorder.invalid').searchParams);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 2000, message: '', items: { totalCount: 0, dataList: [] } }));
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    try {
      const recording = await platform.gateway({
        UPSTREAM_URL: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`,
      });
      const org = (await platform.store.organisations.getByGid(DEMO_ORGANISATION.gid))!;
      const query = '{ topics(first: 2) { totalCount } }';
      await recording.graphql(query, undefined, { cookie: `utoken=${await signIn('teacher', 'Teacher2026')}` });
      expect(asked.pop()?.get('comId')).toBe(String(org.comId));
      await recording.graphql(query, undefined, { cookie: `utoken=${await signIn('student', 'Student2026')}` });
      expect(asked.pop()?.get('comId')).toBe('0');
      await recording.graphql(query);
      expect(asked.pop()?.get('comId')).toBe('0');
    } finally {
      await new Promise((resolve) => recorder.close(resolve));
    }
  });
});

describe('tokens the login service refuses', () => {
  it('a garbage token: anonymous, and the cookie is cleared', async () => {
    for (const garbage of ['not-a-token', 'x'.repeat(43), '中文令牌']) {
      const response = await viewerWith({ cookie: `utoken=${encodeURIComponent(garbage)}` });
      expect(response.body.data.viewer, garbage).toEqual(ANONYMOUS);
      const cleared = setCookieOf(response.headers, 'utoken');
      expect(cleared, garbage).toBe('utoken=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    }
  });

  it('a revoked token: anonymous, cleared', async () => {
    const token = await signIn('student', 'Student2026');
    await platform.login.client.postJson('/UserCenterApi/Logout', { token });
    const response = await viewerWith({ cookie: `utoken=${token}` });
    expect(response.body.data.viewer).toEqual(ANONYMOUS);
    expect(cookieValue(setCookieOf(response.headers, 'utoken'))).toBe('');
  });

  it('a token expired more than 24 h ago: anonymous, cleared', async () => {
    const token = await signIn('student', 'Student2026');
    platform.clock.advance(168 * HOUR + 25 * HOUR);
    const response = await viewerWith({ cookie: `utoken=${token}` });
    expect(response.body.data.viewer).toEqual(ANONYMOUS);
    expect(cookieValue(setCookieOf(response.headers, 'utoken'))).toBe('');
  });
});

describe('a token expired less than 24 h ago', () => {
  it('is refreshed: the viewer is signed in and the cookie carries the new token', async () => {
    const token = await signIn('student', 'Student2026');
    platform.clock.advance(168 * HOUR + 1 * HOUR);
    const response = await viewerWith({ cookie: `utoken=${token}` });
    expect(response.body.data.viewer).toMatchObject({ isLoggedIn: true, name: 'student' });
    const header = setCookieOf(response.headers, 'utoken')!;
    expect(header).toMatch(/^utoken=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    const refreshed = cookieValue(header)!;
    seenTokens.add(refreshed);
    expect(refreshed).not.toBe(token);
    // the new token lives 168 h from the login service's (moved) clock, plus the 24 h refresh grace
    const maxAge = Number(/Max-Age=(\d+)/.exec(header)![1]);
    expect(maxAge).toBeGreaterThan((168 + 1 + 168 + 24) * 3600 - 120);
    expect(maxAge).toBeLessThanOrEqual((168 + 1 + 168 + 24) * 3600 + 5);
    expect(await tokenIsValid(refreshed)).toBe(true);
    // the old one was exchanged: it is gone
    expect(await tokenIsValid(token)).toBe(false);
    const next = await viewerWith({ cookie: `utoken=${refreshed}` });
    expect(next.body.data.viewer).toMatchObject({ isLoggedIn: true, name: 'student' });
    expect(setCookieOf(next.headers, 'utoken')).toBeUndefined();
  });

  it('is refreshed once when a page sends several operations with it at the same time', async () => {
    const token = await signIn('student', 'Student2026');
    platform.clock.advance(170 * HOUR);
    const answers = await Promise.all(Array.from({ length: 6 }, () => viewerWith({ cookie: `utoken=${token}` })));
    const cookies = answers.map((answer) => cookieValue(setCookieOf(answer.headers, 'utoken')));
    for (const answer of answers) expect(answer.body.data.viewer).toMatchObject({ isLoggedIn: true, name: 'student' });
    // every answer hands out the same new token: none of them clears the cookie
    expect(new Set(cookies).size).toBe(1);
    expect(cookies[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    seenTokens.add(cookies[0]!);
  });
});

describe("organisation networks (IPAutoLogin with the end user's address)", () => {
  it('signs in the organisation behind a trusted proxy and sets the cookie', async () => {
    // the test talks to the gateway over loopback, which TRUSTED_PROXIES trusts by default
    const response = await viewerWith({ 'x-forwarded-for': '10.20.1.2' });
    const org = (await platform.store.organisations.getByGid(DEMO_ORGANISATION.gid))!;
    expect(response.body.data.viewer).toMatchObject({
      userType: 2,
      isLoggedIn: true,
      isIP: false,
      name: `org${org.comId}`,
      comName: DEMO_ORGANISATION.name,
      comId: org.comId,
      comCode: DEMO_ORGANISATION.comCode,
    });
    const header = setCookieOf(response.headers, 'utoken')!;
    // IPAutoLogin does not say when the token expires: the documented 168 h, plus the refresh grace
    expect(header).toMatch(/^utoken=[A-Za-z0-9_-]{43}; Max-Age=691200; Path=\/; HttpOnly; SameSite=Lax$/);
    // an answer that hands out a token is never cached
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const token = cookieValue(header)!;
    seenTokens.add(token);
    expect(await tokenIsValid(token)).toBe(true);
    // with the cookie, the next request is that session, without another network login
    const next = await viewerWith({ cookie: `utoken=${token}`, 'x-forwarded-for': '10.20.1.2' });
    expect(next.body.data.viewer.name).toBe(`org${org.comId}`);
    expect(setCookieOf(next.headers, 'utoken')).toBeUndefined();
  });

  it('recognises an IPv6 range too', async () => {
    const response = await viewerWith({ 'x-forwarded-for': '2001:db8:20::7' });
    expect(response.body.data.viewer).toMatchObject({ isLoggedIn: true, comName: DEMO_ORGANISATION.name });
    seenTokens.add(cookieValue(setCookieOf(response.headers, 'utoken'))!);
  });

  it("stays anonymous outside the organisation's ranges, and asks again only after a while", async () => {
    const first = await viewerWith({ 'x-forwarded-for': '198.51.100.9' });
    expect(first.body.data.viewer).toEqual(ANONYMOUS);
    expect(first.body.extensions?.loginRequests).toBe(1);
    expect(setCookieOf(first.headers, 'utoken')).toBeUndefined();
    const second = await viewerWith({ 'x-forwarded-for': '198.51.100.9' });
    expect(second.body.data.viewer).toEqual(ANONYMOUS);
    expect(second.body.extensions?.loginRequests).toBeUndefined();
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const strict = await platform.gateway({ TRUSTED_PROXIES: '192.0.2.1' });
    const response = await viewerWith({ 'x-forwarded-for': '10.20.1.2' }, strict);
    expect(response.body.data.viewer).toEqual(ANONYMOUS);
    expect(setCookieOf(response.headers, 'utoken')).toBeUndefined();
  });

  it("replaces a refused token by the organisation's identity on its network", async () => {
    const response = await viewerWith({ cookie: 'utoken=stale', 'x-forwarded-for': '10.20.5.5' });
    expect(response.body.data.viewer).toMatchObject({ isLoggedIn: true, comName: DEMO_ORGANISATION.name });
    // one header for the cookie: the new token, not a clearing followed by it
    const headers = response.headers.getSetCookie().filter((header) => header.startsWith('utoken='));
    expect(headers).toHaveLength(1);
    expect(cookieValue(headers[0])).toMatch(/^[A-Za-z0-9_-]{43}$/);
    seenTokens.add(cookieValue(headers[0])!);
  });
});

describe('the utoken cookie', () => {
  it('carries Domain=COOKIE_DOMAIN when configured, and Secure behind a trusted https proxy', async () => {
    const shared = await platform.gateway({ COOKIE_DOMAIN: 'example.edu.cn' });
    const plain = await viewerWith({ 'x-forwarded-for': '10.20.9.9' }, shared);
    const header = setCookieOf(plain.headers, 'utoken')!;
    expect(header).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Domain=example\.edu\.cn$/);
    seenTokens.add(cookieValue(header)!);
    const secure = await viewerWith({ 'x-forwarded-for': '10.20.9.10', 'x-forwarded-proto': 'https' }, shared);
    const secureHeader = setCookieOf(secure.headers, 'utoken')!;
    expect(secureHeader).toMatch(/; Domain=example\.edu\.cn; Secure$/);
    seenTokens.add(cookieValue(secureHeader)!);
    const cleared = await viewerWith({ cookie: 'utoken=nonsense', 'x-forwarded-proto': 'https' }, shared);
    expect(setCookieOf(cleared.headers, 'utoken')).toBe(
      'utoken=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Domain=example.edu.cn; Secure',
    );
  });

  it('ignores X-Forwarded-Proto from an untrusted peer', async () => {
    const strict = await platform.gateway({ TRUSTED_PROXIES: '192.0.2.1' });
    const response = await viewerWith({ cookie: 'utoken=nonsense', 'x-forwarded-proto': 'https' }, strict);
    expect(setCookieOf(response.headers, 'utoken')).toBe('utoken=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  });
});

describe('when the login service cannot be reached', () => {
  it('the viewer is anonymous for the request and the cookie is kept', async () => {
    const token = await signIn('student', 'Student2026');
    const cut = await platform.gateway({ LOGIN_URL: 'http://127.0.0.1:9' });
    const response = await viewerWith({ cookie: `utoken=${token}` }, cut);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.viewer).toEqual(ANONYMOUS);
    expect(setCookieOf(response.headers, 'utoken')).toBeUndefined();
    // the catalogue still answers
    const page = await cut.graphql('{ banners { title } topics(first: 2) { edges { node { title } } } }', undefined, {
      cookie: `utoken=${token}`,
    });
    expect(page.body.errors).toBeUndefined();
    expect(page.body.data.banners.length).toBeGreaterThan(0);
  });
});

describe('nothing the client says about itself counts', () => {
  it('has no argument, header or cookie that names a user', async () => {
    const withArgument = await gateway.graphql(`{ viewer(userId: 1) { userId } }`);
    expect(withArgument.body.errors?.[0]?.message).toMatch(/userId/);
    const token = await signIn('student', 'Student2026');
    const forged = await viewerWith({
      cookie: `userId=${await platform.userId('teacher')}; utoken=${token}; tokenUser=x`,
      'x-user-id': '2',
      'x-forwarded-user': 'teacher',
    });
    expect(forged.body.data.viewer).toMatchObject({ userId: await platform.userId('student'), name: 'student' });
    const anonymous = await viewerWith({
      cookie: `userId=${await platform.userId('teacher')}`,
      'x-user-id': String(await platform.userId('teacher')),
    });
    expect(anonymous.body.data.viewer).toEqual(ANONYMOUS);
  });
});

describe("the gateway's log", () => {
  it('never contains a token, even at debug level', () => {
    const log = gateway.logs.join('');
    // the capture works: there is something to search
    expect(log).toContain('/UserCenterApi/ValidateToken');
    expect(seenTokens.size).toBeGreaterThan(5);
    for (const token of seenTokens) expect(log).not.toContain(token);
  });
});
