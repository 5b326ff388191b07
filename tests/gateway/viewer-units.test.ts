/** The pure parts behind the viewer and the centre: the cache's bounds and expiry, cookie lifetimes, input rules. */
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config';
import { clearedTokenCookieHeader, tokenCookieHeader, tokenCookieMaxAge } from '../../gateway/src/http/cookies';
import { checkProfile } from '../../gateway/src/resolvers/Mutation/profileRules';
import { looksLikeImage } from '../../gateway/src/resolvers/Mutation/uploadAvatar';
import { ANONYMOUS_VIEWER, isPlausibleToken, viewerFromUserInfo, type Viewer } from '../../gateway/src/viewer';
import { NETWORK_MISS_TTL_MS, TOKEN_TTL_MS, ViewerCache, tokenKey } from '../../gateway/src/viewer/cache';

const someone = (userId: number): Viewer => ({
  ...ANONYMOUS_VIEWER,
  userType: 1,
  isIP: false,
  userId,
  name: `u${userId}`,
});

describe('ViewerCache', () => {
  it('keys tokens by their SHA-256 and forgets verdicts after their time', () => {
    let now = 1_000_000;
    const cache = new ViewerCache({ now: () => now });
    const key = tokenKey('secret-token');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain('secret');
    cache.rememberToken(key, { kind: 'valid', viewer: someone(1) });
    now += TOKEN_TTL_MS - 1;
    expect(cache.tokenVerdict(key)).toMatchObject({ kind: 'valid' });
    now += 1;
    expect(cache.tokenVerdict(key)).toBeUndefined();
    cache.rememberNetworkMiss('198.51.100.1');
    now += NETWORK_MISS_TTL_MS - 1;
    expect(cache.isNetworkMiss('198.51.100.1')).toBe(true);
    now += 1;
    expect(cache.isNetworkMiss('198.51.100.1')).toBe(false);
  });

  it('stays within its bound, dropping the oldest entries', () => {
    const cache = new ViewerCache({ maxEntries: 3 });
    for (let index = 0; index < 10; index += 1) cache.rememberToken(`k${index}`, { kind: 'invalid' });
    expect(cache.sizes.tokens).toBe(3);
    expect(cache.tokenVerdict('k0')).toBeUndefined();
    expect(cache.tokenVerdict('k9')).toEqual({ kind: 'invalid' });
  });

  it('forgets everything about one user at once', () => {
    const cache = new ViewerCache();
    cache.rememberToken('a', { kind: 'valid', viewer: someone(7) });
    cache.rememberToken('b', { kind: 'refreshed', viewer: someone(7), token: 'new', expiresAt: null });
    cache.rememberToken('c', { kind: 'valid', viewer: someone(8) });
    cache.rememberNetworkLogin('10.0.0.1\nguest', { token: 't', viewer: someone(7) });
    cache.forgetUser(7);
    expect(cache.tokenVerdict('a')).toBeUndefined();
    expect(cache.tokenVerdict('b')).toBeUndefined();
    expect(cache.tokenVerdict('c')).toBeDefined();
    expect(cache.networkLogin('10.0.0.1\nguest')).toBeUndefined();
  });

  it('forgets the tokens that were refreshed into a forgotten one, and the network logins that hand it out', () => {
    const cache = new ViewerCache();
    const oldKey = tokenKey('old-token');
    const newKey = tokenKey('new-token');
    cache.rememberToken(oldKey, { kind: 'refreshed', viewer: someone(7), token: 'new-token', expiresAt: null });
    cache.rememberToken(newKey, { kind: 'valid', viewer: someone(7) });
    cache.rememberToken(tokenKey('other'), {
      kind: 'refreshed',
      viewer: someone(8),
      token: 'other-new',
      expiresAt: null,
    });
    cache.rememberNetworkLogin('10.0.0.1\nguest', { token: 'new-token', viewer: someone(7) });
    cache.rememberNetworkLogin('10.0.0.2\nguest', { token: 'elsewhere', viewer: someone(9) });
    cache.forgetToken(newKey);
    expect(cache.tokenVerdict(newKey)).toBeUndefined();
    // "old token → refreshed into the new one" would hand the forgotten token out again
    expect(cache.tokenVerdict(oldKey)).toBeUndefined();
    expect(cache.networkLogin('10.0.0.1\nguest')).toBeUndefined();
    expect(cache.tokenVerdict(tokenKey('other'))).toMatchObject({ kind: 'refreshed' });
    expect(cache.networkLogin('10.0.0.2\nguest')).toMatchObject({ token: 'elsewhere' });
  });

  it('does not store what work learned when its token or user was forgotten after it began', async () => {
    const cache = new ViewerCache();
    const key = tokenKey('t1');
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const stored: boolean[] = [];
    const before = cache.track(async (since) => {
      await answered;
      stored.push(cache.rememberToken(key, { kind: 'valid', viewer: someone(7) }, since));
      stored.push(
        cache.rememberToken(
          tokenKey('t0'),
          { kind: 'refreshed', viewer: someone(7), token: 't1', expiresAt: null },
          since,
        ),
      );
      stored.push(cache.rememberToken(tokenKey('t2'), { kind: 'valid', viewer: someone(8) }, since));
      stored.push(cache.rememberNetworkLogin('10.0.0.1\nguest', { token: 't1', viewer: someone(7) }, since));
    });
    cache.forgetToken(key);
    expect(cache.sizes.forgotten).toBe(1);
    // work begun after the eviction stores as usual
    await cache.track(async (since) => {
      expect(cache.rememberToken(tokenKey('t3'), { kind: 'valid', viewer: someone(7) }, since)).toBe(true);
    });
    release();
    await before;
    expect(stored).toEqual([false, false, true, false]);
    expect(cache.tokenVerdict(key)).toBeUndefined();
    expect(cache.tokenVerdict(tokenKey('t0'))).toBeUndefined();
    expect(cache.tokenVerdict(tokenKey('t2'))).toMatchObject({ kind: 'valid' });
    // nothing runs any more: the marks are gone
    expect(cache.sizes.forgotten).toBe(0);

    const late = cache.track(async (since) => {
      await Promise.resolve();
      return cache.rememberToken(tokenKey('t9'), { kind: 'valid', viewer: someone(7) }, since);
    });
    cache.forgetUser(7);
    expect(await late).toBe(false);
  });

  it('detaches work about a forgotten token: later callers start afresh', async () => {
    const cache = new ViewerCache();
    const key = tokenKey('t1');
    const releases: (() => void)[] = [];
    let calls = 0;
    const work = () => {
      calls += 1;
      const call = calls;
      return new Promise<number>((resolve) => releases.push(() => resolve(call)));
    };
    const first = cache.shared(`token:${key}`, work, key);
    cache.forgetToken(key);
    const second = cache.shared(`token:${key}`, work, key);
    const third = cache.shared(`token:${key}`, work, key);
    expect(calls).toBe(2);
    releases[0]!();
    expect(await first).toBe(1);
    // the detached work's end leaves the newer work shared
    expect(cache.sizes.inFlight).toBe(1);
    releases[1]!();
    expect(await Promise.all([second, third])).toEqual([2, 2]);
    expect(cache.sizes.inFlight).toBe(0);
  });

  it('keeps its marks bounded while work hangs, refusing what old work learned when they overflow', async () => {
    const cache = new ViewerCache({ maxEntries: 4 });
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const hanging = cache.track(async (since) => {
      await answered;
      return cache.rememberToken(tokenKey('unrelated'), { kind: 'valid', viewer: someone(1) }, since);
    });
    for (let index = 0; index < 20; index += 1) cache.forgetToken(tokenKey(`t${index}`));
    expect(cache.sizes.forgotten).toBeLessThanOrEqual(4);
    release();
    expect(await hanging).toBe(false);
    await cache.track(async (since) => {
      expect(cache.rememberToken(tokenKey('unrelated'), { kind: 'valid', viewer: someone(1) }, since)).toBe(true);
    });
  });

  it('shares work under way and lets it go when done', async () => {
    const cache = new ViewerCache();
    let calls = 0;
    let release!: () => void;
    const work = () => {
      calls += 1;
      return new Promise<number>((resolve) => {
        release = () => resolve(calls);
      });
    };
    const first = cache.shared('k', work);
    const second = cache.shared('k', work);
    release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(cache.sizes.inFlight).toBe(0);
    const third = cache.shared('k', work);
    release();
    expect(await third).toBe(2);
  });
});

describe('the viewer from GetUserInfo', () => {
  it("maps the login service's fields, empty strings and comId 0 to null", () => {
    expect(
      viewerFromUserInfo({
        UserName: 'student',
        UserType: 1,
        ComId: 0,
        UserId: 5,
        ComName: '',
        HeadPicture: '',
        PhoneNumber: '138',
        Email: '',
        ComCode: '',
      }),
    ).toEqual({
      userType: 1,
      isIP: false,
      userId: 5,
      name: 'student',
      comName: null,
      comId: null,
      comCode: null,
      headPicture: null,
      phoneNumber: '138',
      email: null,
    });
    expect(viewerFromUserInfo({ UserName: 'x', UserType: 0, ComId: 0, UserId: 5 } as never)).toBeNull();
    expect(viewerFromUserInfo({ UserName: 'x', UserType: 1, ComId: 0, UserId: 0 } as never)).toBeNull();
  });

  it('asks the login service only about plausible tokens', () => {
    expect(isPlausibleToken('A'.repeat(43))).toBe(true);
    expect(isPlausibleToken('')).toBe(false);
    expect(isPlausibleToken('a b')).toBe(false);
    expect(isPlausibleToken('令牌')).toBe(false);
    expect(isPlausibleToken('x'.repeat(513))).toBe(false);
  });
});

describe('the utoken cookie', () => {
  it('lives until the token expires plus the 24 h refresh grace, or the documented default when unknown', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(tokenCookieMaxAge('2026-11-29T00:00:00Z', now)).toBe(7 * 86400 + 86400);
    expect(tokenCookieMaxAge(null, now)).toBe(168 * 3600 + 86400);
    expect(tokenCookieMaxAge('nonsense', now)).toBe(168 * 3600 + 86400);
    expect(tokenCookieMaxAge('2026-11-01T00:00:00Z', now)).toBe(0);
  });

  it('is HttpOnly and SameSite=Lax on /, with Domain and Secure when asked', () => {
    expect(tokenCookieHeader('abc', 60, { domain: null, secure: false })).toBe(
      'utoken=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(clearedTokenCookieHeader({ domain: 'example.edu.cn', secure: true })).toBe(
      'utoken=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Domain=example.edu.cn; Secure',
    );
  });

  it('takes COOKIE_DOMAIN from the environment and refuses nonsense', () => {
    expect(loadGatewayConfig({}).cookieDomain).toBeNull();
    expect(loadGatewayConfig({ COOKIE_DOMAIN: 'Example.EDU.cn' }).cookieDomain).toBe('example.edu.cn');
    expect(() => loadGatewayConfig({ COOKIE_DOMAIN: 'a;b' })).toThrow(/COOKIE_DOMAIN/);
  });
});

describe('profile rules', () => {
  const valid = {
    realName: '张三',
    gender: 'MALE' as const,
    address: '',
    birthday: '',
    school: '',
    major: '',
    className: '',
    studentId: '',
    info: '',
  };
  const now = new Date('2026-11-22T10:00:00Z');

  it('trims, maps the gender and accepts the limits exactly', () => {
    const result = checkProfile(
      { ...valid, realName: '  张三  ', info: '思'.repeat(400), studentId: 'A-1', birthday: '2026-11-22' },
      now,
    );
    expect(result).toEqual({
      fields: {
        ...valid,
        realName: '张三',
        gender: 1,
        info: '思'.repeat(400),
        studentId: 'A-1',
        birthday: '2026-11-22',
      },
    });
  });

  it('refuses the day after today (UTC+8), impossible dates and dates before 1900', () => {
    for (const birthday of ['2026-11-23', '2026-02-30', '1899-12-31', '2026-1-1']) {
      expect(checkProfile({ ...valid, birthday }, now), birthday).toEqual({
        errors: [{ code: 'INVALID', message: '出生日期格式应为YYYY-MM-DD，且不能晚于今天', field: 'birthday' }],
      });
    }
  });

  it('lets line breaks and tabs through (the service keeps them in info, makes them a space elsewhere); refuses other controls and bidi overrides', () => {
    expect(checkProfile({ ...valid, info: 'a\nb' }, now)).toHaveProperty('fields');
    expect(checkProfile({ ...valid, info: 'a\tb' }, now)).toHaveProperty('fields');
    expect(checkProfile({ ...valid, school: 'a\r\nb' }, now)).toHaveProperty('fields');
    expect(checkProfile({ ...valid, info: 'esc\u001b[31m' }, now)).toEqual({
      errors: [{ code: 'INVALID', message: '内容包含非法字符', field: 'info' }],
    });
    expect(checkProfile({ ...valid, school: 'a\u0007b' }, now)).toEqual({
      errors: [{ code: 'INVALID', message: '内容包含非法字符', field: 'school' }],
    });
    expect(checkProfile({ ...valid, realName: '\u202e三张' }, now)).toEqual({
      errors: [{ code: 'INVALID', message: '内容包含非法字符', field: 'realName' }],
    });
  });
});

describe('image sniffing', () => {
  it('recognises the formats the login service decodes by their first bytes', () => {
    const bytes = (...values: (number | string)[]) =>
      new Uint8Array(
        values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])),
      );
    expect(looksLikeImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(looksLikeImage(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(looksLikeImage(bytes('GIF89a'))).toBe(true);
    expect(looksLikeImage(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe(true);
    expect(looksLikeImage(bytes('<svg'))).toBe(false);
    expect(looksLikeImage(new Uint8Array())).toBe(false);
  });
});
