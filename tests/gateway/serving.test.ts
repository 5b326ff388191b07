/**
 * The HTTP edges of the gateway: the page a browser gets at /graphql when GraphiQL is off, how a
 * client going away mid-answer is logged, and the security headers of every /media answer.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config';
import { clientDisconnectCode } from '../../gateway/src/http/clientGone';
import type { Logger } from '../../gateway/src/logger';
import { startGateway, type RunningGateway } from '../../gateway/src/server';
import { makeWebDist, startTestGateway, startUpstream, type TestGateway, type Upstream } from './harness';

const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream();
});

afterAll(async () => {
  await upstream?.stop();
});

/** A raw request, for paths fetch() would normalise. */
function rawGet(url: string, pathname: string): Promise<{ status: number; headers: IncomingMessage['headers'] }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest({ host: target.hostname, port: target.port, path: pathname, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/graphql in a browser with GraphiQL off', () => {
  let locked: TestGateway;

  beforeAll(async () => {
    locked = await startTestGateway(upstream.server.url, { GRAPHIQL: 'false' });
  });

  afterAll(async () => {
    await locked?.stop();
  });

  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it('answers a Chinese 404 page saying GraphiQL is off, not the CSRF refusal', async () => {
    for (const pathname of ['/graphql', '/graphql/']) {
      const response = await fetch(`${locked.url}${pathname}`, { headers: { accept: BROWSER_ACCEPT } });
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await response.text();
      expect(html).toContain('<title>GraphiQL 已关闭</title>');
      expect(html).toContain('POST /graphql');
      expect(html).not.toContain('<script');
      expect(html).not.toContain('CSRF');
    }
    const head = await fetch(`${locked.url}/graphql`, { method: 'HEAD', headers: { accept: BROWSER_ACCEPT } });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe('');
  });

  it('still gives API clients GraphQL and the CSRF check', async () => {
    const url = `${locked.url}/graphql?query=${encodeURIComponent('{ site { title } }')}`;
    const refused = await fetch(url, { headers: { accept: 'application/json' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe(
      'CSRF_REJECTED',
    );
    const ok = await fetch(url, { headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1' } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: unknown }).data).toEqual({ site: { title: '思政云课堂' } });
    expect((await locked.graphql('{ site { title } }')).body.data).toEqual({ site: { title: '思政云课堂' } });
  });
});

interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  args: unknown[];
}

function recordingLogger(entries: LogEntry[]): Logger {
  const record =
    (level: LogEntry['level']) =>
    (...args: unknown[]) =>
      void entries.push({ level, args });
  return {
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    isDebug: () => true,
  };
}

describe('a client closing the connection early', () => {
  const entries: LogEntry[] = [];
  let web: ReturnType<typeof makeWebDist>;
  let running: RunningGateway;

  beforeAll(async () => {
    web = makeWebDist();
    // large and incompressible, so the answer is still being written when the client leaves
    writeFileSync(path.join(web.dir, 'assets', 'poster-abc123.png'), randomBytes(16 * 1024 * 1024));
    const config = loadGatewayConfig({
      PORT: '0',
      UPSTREAM_URL: upstream.server.url,
      WEB_DIST: web.dir,
      LOG_LEVEL: 'silent',
    });
    running = await startGateway(config, { logger: recordingLogger(entries) });
  });

  afterAll(async () => {
    await running?.close();
    web?.remove();
  });

  it('is logged at debug level without a stack, not as an error', async () => {
    const target = new URL(running.url);
    await new Promise<void>((resolve) => {
      const req = httpRequest(
        { host: target.hostname, port: target.port, path: '/assets/poster-abc123.png' },
        (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', () => undefined);
      req.end();
    });
    const about = (entry: LogEntry) =>
      entry.args.some((arg) => typeof arg === 'string' && arg.includes('/assets/poster-abc123.png'));
    for (let waited = 0; waited < 5_000 && !entries.some(about); waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const logged = entries.filter(about);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.level).toBe('debug');
    expect(logged[0]!.args.every((arg) => typeof arg === 'string')).toBe(true);
    expect(String(logged[0]!.args[0])).toMatch(
      /closed the connection.*\((ERR_STREAM_PREMATURE_CLOSE|ECONNRESET|EPIPE)\)/,
    );
    expect(entries.filter((entry) => entry.level === 'error')).toEqual([]);
    // and the gateway goes on answering
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
  });

  it('tells a client disconnect from a real failure', () => {
    const gone = { destroyed: true, writableFinished: false, socket: null } as unknown as ServerResponse;
    const open = {
      destroyed: false,
      writableFinished: false,
      socket: { destroyed: false },
    } as unknown as ServerResponse;
    const failure = (code: string) => Object.assign(new Error(code), { code });
    for (const code of ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']) {
      expect(clientDisconnectCode(failure(code), gone)).toBe(code);
      // the same code while the client still listens came from somewhere else
      expect(clientDisconnectCode(failure(code), open)).toBeNull();
    }
    expect(clientDisconnectCode(failure('EIO'), gone)).toBeNull();
    expect(clientDisconnectCode(new Error('boom'), gone)).toBeNull();
    expect(clientDisconnectCode(null, gone)).toBeNull();
  });
});

describe('/media security headers', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway(upstream.server.url);
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  function someSvg(): string {
    for (const folder of readdirSync(upstream.store.mediaDir)) {
      const file = readdirSync(path.join(upstream.store.mediaDir, folder)).find((name) => name.endsWith('.svg'));
      if (file) return `/media/${folder}/${encodeURIComponent(file)}`;
    }
    throw new Error('no SVG in the demo content');
  }

  function expectMediaHeaders(headers: Headers | IncomingMessage['headers'], label: string) {
    const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
    expect(get('content-security-policy'), label).toBe(MEDIA_CSP);
    expect(get('x-content-type-options'), label).toBe('nosniff');
  }

  it('carries the sandboxing policy and nosniff on every answer, Range, HEAD and 304 still working', async () => {
    const url = `${gateway.url}${someSvg()}`;
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expectMediaHeaders(whole.headers, '200');
    const etag = whole.headers.get('etag')!;
    await whole.arrayBuffer();

    const part = await fetch(url, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-length')).toBe('10');
    expectMediaHeaders(part.headers, '206');
    await part.arrayBuffer();

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expectMediaHeaders(head.headers, 'HEAD');

    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expectMediaHeaders(again.headers, '304');

    const missing = await fetch(`${gateway.url}/media/posters/no-such-file.svg`);
    expect(missing.status).toBe(404);
    expectMediaHeaders(missing.headers, '404');
    await missing.arrayBuffer();

    const climbing = await rawGet(gateway.url, '/media/posters/..%2f..%2fsizheng.sqlite');
    expect(climbing.status).toBe(400);
    expectMediaHeaders(climbing.headers, '400');

    const post = await fetch(url, { method: 'POST' });
    expect(post.status).toBe(405);
    expectMediaHeaders(post.headers, '405');
  });

  it('sets them itself, whatever the upstream (or a CDN in front of it) sends', async () => {
    // an upstream that answers media with a permissive policy of its own
    const careless: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-security-policy': "script-src 'unsafe-inline'" });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    });
    await new Promise<void>((resolve) => careless.listen(0, '127.0.0.1', resolve));
    const alone = await startTestGateway(`http://127.0.0.1:${(careless.address() as AddressInfo).port}`);
    try {
      const response = await fetch(`${alone.url}/media/uploads/x.svg`);
      expect(response.status).toBe(200);
      expectMediaHeaders(response.headers, 'careless upstream');
      await response.arrayBuffer();
    } finally {
      await alone.stop();
      await new Promise<void>((resolve) => careless.close(() => resolve()));
    }
  });
});
