/** The gateway's pure parts: configuration, addresses, cursors, page mapping, ids, visit input. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config';
import { clientAddressOf, createTrustTest } from '../../gateway/src/http/clientAddress';
import { guestCookieHeader, isValidGuestId, newGuestId, parseCookies } from '../../gateway/src/http/cookies';
import {
  connectionFromPages,
  connectionFromRange,
  decodeCursor,
  encodeCursor,
  readWindow,
} from '../../gateway/src/graphql/connection';
import { fromGlobalId, toGlobalId } from '../../gateway/src/graphql/globalId';
import { normalisePreviousPageUrl, validateVisit } from '../../gateway/src/resolvers/Mutation/recordVisit';
import { Fragment } from '../../gateway/src/resolvers/Records';
import { loginPageUrl, platformYear } from '../../gateway/src/resolvers/Query/site';

describe('loadGatewayConfig', () => {
  it('has the documented defaults', () => {
    const config = loadGatewayConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      upstreamUrl: 'http://127.0.0.1:5100',
      loginUrl: 'http://127.0.0.1:5200',
      apiSecret: 'sizheng-dev-secret',
      signAlgorithm: 'md5',
      productId: 1,
      comId: 0,
      comCode: '',
      siteTitle: '思政云课堂',
      graphiql: true,
      introspection: true,
      trustedProxies: ['127.0.0.0/8', '::1'],
      upstreamTimeoutMs: 85_000,
      upstreamReadTimeoutMs: 2_000,
      upstreamWriteTimeoutMs: 10_000,
      logLevel: 'info',
      exposeUpstreamCount: false,
      rateLimits: {
        windowSeconds: 60,
        userOperations: 600,
        addressOperations: 20_000,
        userExpensive: 60,
        addressExpensive: 2_000,
      },
    });
    expect(config.webDistDir).toBe(path.resolve(__dirname, '..', '..', 'web', 'dist'));
  });

  it('follows the environment', () => {
    const config = loadGatewayConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      UPSTREAM_PORT: '6100',
      LOGIN_URL: 'https://login.example.test/base/',
      API_SECRET: 'other',
      SIGN_ALGORITHM: 'SHA256',
      GRAPHIQL: 'false',
      INTROSPECTION: '0',
      TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.1',
      WEB_DIST: '/tmp/dist',
      UPSTREAM_TIMEOUT_MS: '1500',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      upstreamUrl: 'http://127.0.0.1:6100',
      loginUrl: 'https://login.example.test/base',
      apiSecret: 'other',
      signAlgorithm: 'sha256',
      graphiql: false,
      introspection: false,
      trustedProxies: ['10.0.0.0/8', '192.0.2.1'],
      webDistDir: '/tmp/dist',
      upstreamTimeoutMs: 1500,
      logLevel: 'debug',
    });
  });

  it('times reads and writes on their own, never beyond UPSTREAM_TIMEOUT_MS', () => {
    expect(loadGatewayConfig({ UPSTREAM_READ_TIMEOUT_MS: '4000', UPSTREAM_WRITE_TIMEOUT_MS: '20000' })).toMatchObject({
      upstreamTimeoutMs: 85_000,
      upstreamReadTimeoutMs: 4_000,
      upstreamWriteTimeoutMs: 20_000,
    });
    // an operator who shortens every call shortens reads and writes with it
    expect(loadGatewayConfig({ UPSTREAM_TIMEOUT_MS: '1500' })).toMatchObject({
      upstreamReadTimeoutMs: 1_500,
      upstreamWriteTimeoutMs: 1_500,
    });
    expect(() => loadGatewayConfig({ UPSTREAM_READ_TIMEOUT_MS: 'soon' })).toThrow(/UPSTREAM_READ_TIMEOUT_MS/);
  });

  it('refuses values that would misbehave later', () => {
    expect(() => loadGatewayConfig({ PORT: 'http' })).toThrow(/PORT/);
    expect(() => loadGatewayConfig({ SIGN_ALGORITHM: 'sha1' })).toThrow(/SIGN_ALGORITHM/);
    expect(() => loadGatewayConfig({ GRAPHIQL: 'maybe' })).toThrow(/GRAPHIQL/);
    expect(() => loadGatewayConfig({ UPSTREAM_URL: 'ftp://x' })).toThrow(/UPSTREAM_URL/);
    expect(() => loadGatewayConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('client address', () => {
  const trusted = createTrustTest(['127.0.0.0/8', '::1', '10.1.0.0/16']);

  it('believes X-Forwarded-For only from a trusted peer', () => {
    expect(clientAddressOf('127.0.0.1', '198.51.100.7', trusted)).toBe('198.51.100.7');
    expect(clientAddressOf('198.51.100.9', '198.51.100.7', trusted)).toBe('198.51.100.9');
    expect(clientAddressOf('::ffff:127.0.0.1', undefined, trusted)).toBe('127.0.0.1');
  });

  it('walks the chain from the right past trusted proxies only', () => {
    // the client wrote a fake first hop; the trusted proxy appended the real one
    expect(clientAddressOf('127.0.0.1', '203.0.113.66, 198.51.100.7, 10.1.2.3', trusted)).toBe('198.51.100.7');
    expect(clientAddressOf('127.0.0.1', 'garbage, 10.1.2.3', trusted)).toBe('10.1.2.3');
  });

  it('rejects malformed TRUSTED_PROXIES entries', () => {
    expect(() => createTrustTest(['not-an-ip'])).toThrow(/TRUSTED_PROXIES/);
    expect(() => createTrustTest(['10.0.0.0/40'])).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('cookies', () => {
  it('parses and issues the guest id', () => {
    const id = newGuestId();
    expect(isValidGuestId(id)).toBe(true);
    expect(parseCookies(`a=1; tokenUser=${id}; utoken=%E4%B8%AD`)).toEqual({ a: '1', tokenUser: id, utoken: '中' });
    expect(isValidGuestId('guest_<script>')).toBe(false);
    expect(guestCookieHeader(id, false)).toBe(`tokenUser=${id}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`);
  });
});

describe('global ids and cursors', () => {
  it('round-trips ids and refuses foreign ones', () => {
    const id = toGlobalId('Video', '12:345');
    expect(Buffer.from(id, 'base64').toString()).toBe('Video:12:345');
    expect(fromGlobalId(id)).toEqual({ type: 'Video', key: '12:345' });
    expect(fromGlobalId(Buffer.from('User:1').toString('base64'))).toBeNull();
    expect(fromGlobalId('%%%')).toBeNull();
  });

  it('round-trips cursors and rejects bad windows with BAD_USER_INPUT', () => {
    expect(decodeCursor(encodeCursor(41))).toBe(41);
    expect(decodeCursor('bm9wZQ==')).toBeNull();
    expect(readWindow(undefined, encodeCursor(19), 20)).toEqual({ offset: 20, first: 20 });
    for (const first of [0, 101, -1]) {
      expect(() => readWindow(first, null, 20)).toThrow(
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) }),
      );
    }
    expect(() => readWindow(10, 'bm9wZQ==', 20)).toThrow(/游标/);
  });
});

describe('page mapping', () => {
  const all = Array.from({ length: 47 }, (_, index) => index);
  const pagesAsked: [number, number][] = [];
  const fetchPage = async (pageIndex: number, pageSize: number) => {
    pagesAsked.push([pageIndex, pageSize]);
    return { totalCount: all.length, dataList: all.slice((pageIndex - 1) * pageSize, pageIndex * pageSize) };
  };

  it('maps an aligned window onto one page', async () => {
    pagesAsked.length = 0;
    const connection = await connectionFromPages({ offset: 20, first: 20 }, fetchPage);
    expect(pagesAsked).toEqual([[2, 20]]);
    expect(connection.edges.map((edge) => edge.node)).toEqual(all.slice(20, 40));
    expect(connection.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    expect(connection.edges[0]!.cursor).toBe(encodeCursor(20));
    expect(connection.totalCount).toBe(47);
  });

  it('reads the two pages an odd offset straddles', async () => {
    pagesAsked.length = 0;
    const connection = await connectionFromPages({ offset: 5, first: 20 }, fetchPage);
    expect(pagesAsked).toEqual([
      [1, 20],
      [2, 20],
    ]);
    expect(connection.edges.map((edge) => edge.node)).toEqual(all.slice(5, 25));
  });

  it('stops at the end without asking for a page past it', async () => {
    pagesAsked.length = 0;
    const connection = await connectionFromPages({ offset: 45, first: 10 }, fetchPage);
    expect(pagesAsked).toEqual([[5, 10]]);
    expect(connection.edges.map((edge) => edge.node)).toEqual([45, 46]);
    expect(connection.pageInfo.hasNextPage).toBe(false);
  });

  it('maps startIndex/endIndex windows and ends when a load is short', async () => {
    const fetchRange = async (start: number, end: number) => all.slice(start, end);
    const full = await connectionFromRange({ offset: 14, first: 12 }, fetchRange);
    expect(full.edges.map((edge) => edge.node)).toEqual(all.slice(14, 26));
    expect(full.pageInfo.hasNextPage).toBe(true);
    expect(full.totalCount).toBeNull();
    const short = await connectionFromRange({ offset: 38, first: 12 }, fetchRange);
    expect(short.edges).toHaveLength(9);
    expect(short.pageInfo.hasNextPage).toBe(false);
  });
});

describe('visit input', () => {
  const ok = { pageUrl: '/home?scId=3', previousPageUrl: '/catalog?scId=74', moduleName: '首页', actId: null };

  it('accepts site paths', () => {
    expect(validateVisit(ok)).toEqual([]);
    expect(validateVisit({ ...ok, previousPageUrl: '' })).toEqual([]);
  });

  it('names each bad field', () => {
    const fields = (input: Parameters<typeof validateVisit>[0]) => validateVisit(input).map((error) => error.field);
    expect(fields({ ...ok, pageUrl: 'https://evil.example/x' })).toEqual(['pageUrl']);
    expect(fields({ ...ok, pageUrl: '//evil.example/x' })).toEqual(['pageUrl']);
    expect(fields({ ...ok, pageUrl: '/has space' })).toEqual(['pageUrl']);
    expect(fields({ ...ok, pageUrl: `/${'a'.repeat(2048)}` })).toEqual(['pageUrl']);
    // previousPageUrl never refuses the visit (see below)
    expect(fields({ ...ok, previousPageUrl: 'javascript:alert(1)' })).toEqual([]);
    expect(fields({ ...ok, moduleName: '  ' })).toEqual(['moduleName']);
    expect(fields({ ...ok, actId: 'x'.repeat(256) })).toEqual(['actId']);
  });

  it('accepts a site path or an absolute http(s) URL as the previous page, and drops anything else', () => {
    for (const kept of [
      '/home?scId=3',
      'http://127.0.0.1:4000/home',
      'https://www.baidu.com/link?url=x&wd=%E6%80%9D%E6%94%BF',
      'HTTPS://Example.COM/',
      `https://example.com/${'a'.repeat(2020)}`,
    ]) {
      expect(normalisePreviousPageUrl(kept)).toBe(kept);
    }
    for (const dropped of [
      null,
      undefined,
      '',
      'javascript:alert(1)',
      'ftp://example.com/file',
      '//evil.example/x',
      'home',
      'https://',
      'https://example.com/a b',
      'https://example.com/\u0000',
      'https://example.com/\u0085',
      '/home\n',
      'https://user:pw@example.com/',
      `https://example.com/${'a'.repeat(2048)}`,
    ]) {
      expect(normalisePreviousPageUrl(dropped)).toBe('');
    }
  });
});

describe('site settings', () => {
  it('counts the year in UTC+8', () => {
    expect(platformYear(new Date('2025-12-31T15:59:59Z'))).toBe(2025);
    expect(platformYear(new Date('2025-12-31T16:00:00Z'))).toBe(2026); // midnight in Beijing
    expect(platformYear(new Date('2026-01-01T07:00:00-08:00'))).toBe(2026);
  });

  it('derives the login page from the request, or takes LOGIN_PUBLIC_URL', () => {
    const request = (host: string | null, headers: Record<string, string> = {}) => ({
      request: {
        url: `http://${host ?? 'gateway.invalid'}/graphql`,
        headers: { get: (name: string) => (name === 'host' ? host : (headers[name] ?? null)) },
      },
    });
    expect(loginPageUrl(loadGatewayConfig({}), request('ketang.example.edu.cn:4000'))).toBe(
      'http://ketang.example.edu.cn:5200/login',
    );
    expect(loginPageUrl(loadGatewayConfig({ LOGIN_PORT: '5801' }), request('localhost:4800'))).toBe(
      'http://localhost:5801/login',
    );
    // without a Node request there is no trusted peer: X-Forwarded-Proto is ignored
    expect(loginPageUrl(loadGatewayConfig({}), request('a.example', { 'x-forwarded-proto': 'https' }))).toBe(
      'http://a.example:5200/login',
    );
    expect(loginPageUrl(loadGatewayConfig({ LOGIN_URL: 'http://login.internal' }), request('a.example'))).toBe(
      'http://a.example/login',
    );
    expect(
      loginPageUrl(loadGatewayConfig({ LOGIN_PUBLIC_URL: 'https://login.example.edu.cn/login' }), request('a.example')),
    ).toBe('https://login.example.edu.cn/login');
    expect(() => loadGatewayConfig({ LOGIN_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/LOGIN_PUBLIC_URL/);
    expect(loadGatewayConfig({}).loginPublicUrl).toBeNull();
  });
});

describe("a fragment's video address", () => {
  const address = (videoAddress: unknown) => Fragment.videoAddress({ videoAddress } as never);

  it('is a path on this site or an http(s) URL', () => {
    expect(address('/media/fragments/12-abc.mp4')).toBe('/media/fragments/12-abc.mp4');
    expect(address('/media/fragments/a b.mp4?download=1#t')).toBe('/media/fragments/a b.mp4?download=1#t');
    expect(address('https://cdn.example.edu.cn/fragments/1.mp4')).toBe('https://cdn.example.edu.cn/fragments/1.mp4');
    expect(address('HTTP://CDN.example.edu.cn/1.mp4')).toBe('http://cdn.example.edu.cn/1.mp4');
  });

  it('is empty for anything a link could be abused with', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x.mp4',
      '/\\evil.example/x.mp4',
      '/\t/evil.example/x.mp4',
      '/media/x.mp4\n',
      'media/x.mp4',
      'http:evil.example',
      'https://user:pass@evil.example/x.mp4',
      'ftp://files.example/x.mp4',
      '',
      null,
      42,
    ]) {
      expect(address(value), String(value)).toBe('');
    }
  });
});
