/** Everything on the gateway's port besides GraphQL execution: web app, media, cookies, visit log, headers. */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWebDist, startTestGateway, startUpstream, type TestGateway, type Upstream } from './harness';

let upstream: Upstream;
let gateway: TestGateway;
let web: ReturnType<typeof makeWebDist>;
/** a build with precompressed siblings, as web/vite.config.mts writes them */
let precompressedWeb: ReturnType<typeof makeWebDist>;
let precompressedGateway: TestGateway;

beforeAll(async () => {
  upstream = await startUpstream();
  web = makeWebDist();
  precompressedWeb = makeWebDist();
  [gateway, precompressedGateway] = await Promise.all([
    startTestGateway(upstream.server.url, { WEB_DIST: web.dir }),
    startTestGateway(upstream.server.url, { WEB_DIST: precompressedWeb.dir }),
  ]);
});

afterAll(async () => {
  await Promise.all([gateway?.stop(), precompressedGateway?.stop()]);
  await upstream?.stop();
  web?.remove();
  precompressedWeb?.remove();
});

/** A raw request, for paths fetch() would normalise. */
function rawGet(url: string, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest({ host: target.hostname, port: target.port, path: pathname, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function expectWebSecurityHeaders(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toMatch(/https?:|\*/);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('permissions-policy')).toContain('camera=()');
}

describe('web app', () => {
  it('serves index.html at / with security headers and no cache', async () => {
    const response = await fetch(`${gateway.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectWebSecurityHeaders(response.headers);
    expect(await response.text()).toBe(readFileSync(path.join(web.dir, 'index.html'), 'utf8'));
  });

  it('falls back to index.html for page paths the client routes', async () => {
    for (const page of [
      '/home?scId=3',
      '/catalog',
      '/Play?courseId=1&catalogId=2',
      '/special/des?id=1',
      '/DissimilarLogin.aspx?gid=1',
    ]) {
      const response = await fetch(`${gateway.url}${page}`);
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toContain('<div id="root">');
      expectWebSecurityHeaders(response.headers);
    }
    const head = await fetch(`${gateway.url}/author`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('caches hashed assets for a year, compresses them and answers revalidation with 304', async () => {
    const response = await fetch(`${gateway.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(readFileSync(path.join(web.dir, 'assets', 'index-abc123.js'), 'utf8'));
    const etag = response.headers.get('etag')!;
    const again = await fetch(`${gateway.url}/assets/index-abc123.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const other = await fetch(`${gateway.url}/favicon.svg`);
    expect(other.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(other.headers.get('content-type')).toBe('image/svg+xml');
  });

  it("sends the build's precompressed .br or .gz file the client prefers, as it is, and revalidates it", async () => {
    // siblings that say which file they are, so that a body compressed on the fly cannot pass for them
    const original = readFileSync(path.join(web.dir, 'assets', 'index-abc123.js'), 'utf8');
    const asset = path.join(precompressedWeb.dir, 'assets', 'index-abc123.js');
    writeFileSync(`${asset}.br`, brotliCompressSync(`${original}// from .br\n`));
    writeFileSync(`${asset}.gz`, gzipSync(`${original}// from .gz\n`));
    const url = `${precompressedGateway.url}/assets/index-abc123.js`;
    const cases: [string, string | null, string][] = [
      ['br, gzip, deflate', 'br', '// from .br\n'],
      ['gzip, deflate, br;q=0.5', 'gzip', '// from .gz\n'],
      ['br;q=0, gzip', 'gzip', '// from .gz\n'],
      ['identity', null, original.slice(-20)],
    ];
    for (const [accept, encoding, ending] of cases) {
      const response = await fetch(url, { headers: { 'accept-encoding': accept } });
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      if (encoding)
        expect(Number(response.headers.get('content-length'))).toBe(
          statSync(`${asset}.${encoding === 'br' ? 'br' : 'gz'}`).size,
        );
      expect((await response.text()).endsWith(ending), accept).toBe(true);
    }
    const br = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    const again = await fetch(url, { headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const head = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(await head.text()).toBe('');
  });

  it('answers 404, not the page, for missing files, the REST paths and traversal', async () => {
    expect((await fetch(`${gateway.url}/assets/missing-123.js`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/logo.png`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/api/banner/GetList`)).status).toBe(404);
    const traversal = await rawGet(gateway.url, '/%2e%2e/%2e%2e/package.json');
    expect(traversal.body).not.toContain('"dependencies"');
  });

  it('refuses other methods on the web app', async () => {
    const response = await fetch(`${gateway.url}/home`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('says in Chinese that the web app is not built when dist has no index.html', async () => {
    const empty = makeWebDist();
    const bare = await startTestGateway(upstream.server.url, { WEB_DIST: path.join(empty.dir, 'assets') });
    try {
      const response = await fetch(`${bare.url}/`);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toContain('网页应用尚未构建');
      expect(html).toContain('npm run build');
      expect((await fetch(`${bare.url}/healthz`)).status).toBe(200);
    } finally {
      await bare.stop();
      empty.remove();
    }
  });
});

describe('/media proxy', () => {
  function someMediaFile(): { url: string; bytes: Buffer } {
    for (const folder of readdirSync(upstream.store.mediaDir)) {
      const dir = path.join(upstream.store.mediaDir, folder);
      const file = readdirSync(dir).find((name) => name.endsWith('.svg'));
      if (file)
        return { url: `/media/${folder}/${encodeURIComponent(file)}`, bytes: readFileSync(path.join(dir, file)) };
    }
    throw new Error('no media file in the demo content');
  }

  it('streams a file with its type and validators', async () => {
    const { url, bytes } = someMediaFile();
    const response = await fetch(`${gateway.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${gateway.url}${url}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('passes Range requests through as 206 partial content', async () => {
    const { url, bytes } = someMediaFile();
    const response = await fetch(`${gateway.url}${url}`, { headers: { range: 'bytes=10-29' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 10-29/${bytes.length}`);
    expect(response.headers.get('content-length')).toBe('20');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(10, 30));

    const unsatisfiable = await fetch(`${gateway.url}${url}`, { headers: { range: `bytes=${bytes.length + 10}-` } });
    expect(unsatisfiable.status).toBe(416);
  });

  it('answers HEAD without a body and passes 404 through', async () => {
    const { url, bytes } = someMediaFile();
    const head = await fetch(`${gateway.url}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(await head.text()).toBe('');
    expect((await fetch(`${gateway.url}/media/posters/no-such-file.svg`)).status).toBe(404);
  });

  it('refuses paths that climb out of /media', async () => {
    // encoded slashes survive URL parsing and would climb out once decoded
    const encodedSlash = await rawGet(gateway.url, '/media/posters/..%2f..%2fsizheng.sqlite');
    expect(encodedSlash.status).toBe(400);
    // dot segments are resolved by URL parsing first: this is the page path /sizheng.sqlite, not media
    const dotted = await rawGet(gateway.url, '/media/%2e%2e/sizheng.sqlite');
    expect(dotted.body).not.toContain('SQLite format');
    expect(dotted.body).toContain('<div id="root">');
  });
});

describe('guest cookie and visit log', () => {
  const RECORD = `mutation Visit($input: RecordVisitInput!) { recordVisit(input: $input) { logId errors { field code message } } }`;

  it('sets tokenUser once, then keeps it', async () => {
    const first = await gateway.graphql('{ viewer { userType } }');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^tokenUser=guest_[0-9a-f-]{36}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    const pair = cookie.split(';')[0]!;
    const second = await gateway.graphql('{ viewer { userType } }', undefined, { cookie: pair });
    expect(second.headers.get('set-cookie')).toBeNull();
    // the page itself also hands out the cookie, so a first visit's parallel requests share one id
    const page = await fetch(`${gateway.url}/home`);
    expect(page.headers.get('set-cookie')).toMatch(/^tokenUser=guest_/);
    const pageAgain = await fetch(`${gateway.url}/home`, { headers: { cookie: pair } });
    expect(pageAgain.headers.get('set-cookie')).toBeNull();
  });

  it('stores a visit with every field of §7, in the guest’s name', async () => {
    const first = await gateway.graphql('{ site { title } }');
    const pair = first.headers.get('set-cookie')!.split(';')[0]!;
    const guestId = pair.split('=')[1]!;
    const input = {
      pageUrl: '/catalog?scId=74&tcId=80',
      previousPageUrl: '/home?scId=2',
      moduleName: '分类',
      actId: 'spring-2026',
    };
    const response = await gateway.graphql(RECORD, { input }, { cookie: pair, 'x-forwarded-for': '198.51.100.23' });
    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.recordVisit;
    expect(payload.errors).toEqual([]);
    expect(payload.logId).toMatch(/^\d+$/);
    const row = await upstream.store.visitLogs.get(Number(payload.logId));
    expect(row).toMatchObject({
      actId: 'spring-2026',
      customerCode: '',
      customerId: '0',
      customerName: '',
      moduleName: '分类',
      pageUrl: '/catalog?scId=74&tcId=80',
      previousPageUrl: '/home?scId=2',
      productIds: '1',
      sourceType: 'PC',
      userId: guestId,
      userName: '游客',
      clientIp: '198.51.100.23',
    });
  });

  it('keeps the visit when previousPageUrl is a full URL, and drops only a malformed previousPageUrl', async () => {
    const stored = async (previousPageUrl: string) => {
      const response = await gateway.graphql(RECORD, {
        input: { pageUrl: '/Play?courseId=1&catalogId=2', previousPageUrl, moduleName: '课程播放' },
      });
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.recordVisit.errors).toEqual([]);
      expect(response.body.data.recordVisit.logId).toMatch(/^\d+$/);
      return (await upstream.store.visitLogs.get(Number(response.body.data.recordVisit.logId)))!.previousPageUrl;
    };
    // document.referrer of a page opened from another site, kept as it is
    expect(await stored('https://www.baidu.com/link?url=abc&wd=%E6%80%9D%E6%94%BF')).toBe(
      'https://www.baidu.com/link?url=abc&wd=%E6%80%9D%E6%94%BF',
    );
    expect(await stored('http://127.0.0.1:4000/home')).toBe('http://127.0.0.1:4000/home');
    expect(await stored('/home?scId=2')).toBe('/home?scId=2');
    // malformed: the visit is still logged, the field empty
    expect(await stored('javascript:alert(1)')).toBe('');
    expect(await stored('https://evil.example/a\u0007b')).toBe('');
    expect(await stored('https://user:secret@evil.example/')).toBe('');
    expect(await stored(`https://example.com/${'a'.repeat(2048)}`)).toBe('');
  });

  it('returns user errors for bad input and stores nothing', async () => {
    const response = await gateway.graphql(RECORD, {
      input: { pageUrl: 'https://elsewhere.example/x', moduleName: '' },
    });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.recordVisit.logId).toBeNull();
    expect(
      response.body.data.recordVisit.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
    ).toEqual([
      ['pageUrl', 'INVALID_PAGE_URL'],
      ['moduleName', 'INVALID_MODULE_NAME'],
    ]);
    expect(response.body.extensions?.upstreamRequests).toBe(0);
  });
});

describe('login page URL (Site.loginUrl)', () => {
  /** POST /graphql with a Host header of our choice (fetch() would not send it). */
  function siteQuery(url: string, headers: Record<string, string>): Promise<{ loginUrl: string; currentYear: number }> {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      const body = JSON.stringify({ query: '{ site { loginUrl currentYear } }' });
      const req = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: '/graphql',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-graphql-yoga-csrf': '1',
            'content-length': Buffer.byteLength(body),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            try {
              resolve((JSON.parse(text) as { data: { site: { loginUrl: string; currentYear: number } } }).data.site);
            } catch (error) {
              reject(new Error(`${res.statusCode}: ${text}`, { cause: error }));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it("derives it from the host the browser used and LOGIN_URL's port", async () => {
    expect((await siteQuery(gateway.url, { host: 'ketang.example.edu.cn:4000' })).loginUrl).toBe(
      'http://ketang.example.edu.cn:5200/login',
    );
    expect((await siteQuery(gateway.url, { host: '192.168.1.20' })).loginUrl).toBe('http://192.168.1.20:5200/login');
    expect((await siteQuery(gateway.url, { host: '[::1]:4000' })).loginUrl).toBe('http://[::1]:5200/login');
    // a trusted proxy (loopback by default) may say the browser used https
    expect(
      (await siteQuery(gateway.url, { host: 'ketang.example.edu.cn', 'x-forwarded-proto': 'https' })).loginUrl,
    ).toBe('https://ketang.example.edu.cn:5200/login');
    // garbage in Host falls back to LOGIN_URL's host
    expect((await siteQuery(gateway.url, { host: 'bad_host!:80' })).loginUrl).toBe('http://127.0.0.1:5200/login');
  });

  it('believes X-Forwarded-Proto only from a trusted proxy, and follows LOGIN_URL and LOGIN_PUBLIC_URL', async () => {
    const strict = await startTestGateway(upstream.server.url, {
      TRUSTED_PROXIES: '192.0.2.1',
      LOGIN_URL: 'http://10.0.0.5:6200',
    });
    try {
      expect(
        (await siteQuery(strict.url, { host: 'ketang.example.edu.cn', 'x-forwarded-proto': 'https' })).loginUrl,
      ).toBe('http://ketang.example.edu.cn:6200/login');
    } finally {
      await strict.stop();
    }
    const configured = await startTestGateway(upstream.server.url, {
      LOGIN_PUBLIC_URL: 'https://login.example.edu.cn/login',
    });
    try {
      const site = await siteQuery(configured.url, { host: 'ketang.example.edu.cn' });
      expect(site.loginUrl).toBe('https://login.example.edu.cn/login');
      expect(site.currentYear).toBeGreaterThanOrEqual(2025);
    } finally {
      await configured.stop();
    }
  });
});

describe('client address', () => {
  it('forwards the end user address from a trusted proxy and ignores it from anyone else', async () => {
    const viaProxy = await gateway.graphql('{ clientIp }', undefined, { 'x-forwarded-for': '198.51.100.7' });
    expect(viaProxy.body.data.clientIp).toBe('198.51.100.7');
    const direct = await gateway.graphql('{ clientIp }');
    expect(direct.body.data.clientIp).toBe('127.0.0.1');

    const strict = await startTestGateway(upstream.server.url, { TRUSTED_PROXIES: '192.0.2.1' });
    try {
      const spoofed = await strict.graphql('{ clientIp }', undefined, { 'x-forwarded-for': '198.51.100.7' });
      expect(spoofed.body.data.clientIp).toBe('127.0.0.1');
    } finally {
      await strict.stop();
    }
  });
});

describe('caching of GraphQL answers', () => {
  it('marks every JSON answer of /graphql private and not to be stored, errors and refusals too', async () => {
    const post = await gateway.graphql('{ site { title } }');
    expect(post.status).toBe(200);
    expect(post.headers.get('cache-control')).toBe('private, no-store');
    const get = await fetch(`${gateway.url}/graphql?query=${encodeURIComponent('{ site { title } }')}`, {
      headers: { accept: 'application/graphql-response+json', 'x-graphql-yoga-csrf': '1' },
    });
    expect(get.status).toBe(200);
    expect(get.headers.get('cache-control')).toBe('private, no-store');
    await get.arrayBuffer();
    const invalid = await gateway.graphql('{ nope }');
    expect(invalid.body.errors?.length).toBeGreaterThan(0);
    expect(invalid.headers.get('cache-control')).toBe('private, no-store');
    const noCsrf = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ site { title } }' }),
    });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.headers.get('cache-control')).toBe('private, no-store');
    await noCsrf.arrayBuffer();
    const unsized = await fetch(`${gateway.url}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-graphql-yoga-csrf': '1' },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(JSON.stringify({ query: '{ site { title } }' })));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(unsized.status).toBe(411);
    expect(unsized.headers.get('cache-control')).toBe('private, no-store');
    await unsized.arrayBuffer();
  });

  it('leaves event streams their own headers', async () => {
    for (const endpoint of ['/graphql', '/graphql/stream']) {
      const response = await fetch(`${gateway.url}${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-graphql-yoga-csrf': '1' },
        body: JSON.stringify({ query: '{ site { title } }' }),
      });
      expect(response.headers.get('content-type'), endpoint).toContain('text/event-stream');
      expect(response.headers.get('cache-control'), endpoint).toBe('no-cache, no-transform');
      expect(response.headers.get('x-accel-buffering'), endpoint).toBe('no');
      expect(await response.text()).toContain('思政云课堂');
    }
  });
});

describe('event streams', () => {
  it('tells proxies not to buffer GraphQL over SSE', async () => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-graphql-yoga-csrf': '1' },
      body: JSON.stringify({ query: '{ site { title } }' }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toContain('no-transform');
    const text = await response.text();
    expect(text).toContain('思政云课堂');
  });

  it('serves the graphql-sse protocol at /graphql/stream with the same headers', async () => {
    const response = await fetch(`${gateway.url}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-graphql-yoga-csrf': '1' },
      body: JSON.stringify({ query: '{ site { title } }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const text = await response.text();
    expect(text).toContain('event: next');
    expect(text).toContain('思政云课堂');
    expect(text).toContain('event: complete');
  });

  it('answers /healthz', async () => {
    const response = await fetch(`${gateway.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
