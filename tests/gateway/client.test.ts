/**
 * The signed transport against a local stand-in that records what arrives and answers what a
 * broken upstream might: it checks the wire format and the failure classification; the real
 * upstream is exercised by the other test files.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../gateway/src/logger';
import { UpstreamClient, type RequestScope } from '../../gateway/src/upstream/client';
import { UpstreamError } from '../../gateway/src/upstream/errors';
import { computeSign } from '../../gateway/src/upstream/sign';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
}

const seen: Seen[] = [];
let server: Server;
let client: UpstreamClient;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      });
      const answers: Record<string, [number, string, string]> = {
        '/ok': [200, 'application/json', JSON.stringify({ code: 2000, message: '', items: [1, 2] })],
        '/not-found': [404, 'application/json', JSON.stringify({ code: 4004, message: '课程不存在', items: null })],
        '/crash': [500, 'application/json', JSON.stringify({ code: 5000, message: '服务器内部错误', items: null })],
        '/html': [200, 'text/html', '<html>proxy error</html>'],
        '/shape': [200, 'application/json', JSON.stringify({ ok: true })],
        '/unsigned': [401, 'application/json', JSON.stringify({ code: 4001, message: '签名校验失败', items: null })],
      };
      const [status, type, text] = answers[url.pathname.replace(/^\/prefix/, '')] ?? [404, 'text/plain', 'no'];
      res.writeHead(status, { 'content-type': type });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  client = new UpstreamClient({
    baseUrl: `http://127.0.0.1:${port}/prefix`,
    secret: 'test-secret',
    algorithm: 'md5',
    productId: 1,
    timeoutMs: 5_000,
    logger: createLogger('silent'),
  });
});

afterAll(async () => {
  await client?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const scope = (): RequestScope => ({ clientAddress: '198.51.100.4', upstreamRequests: 0 });
/** the parameter that makes every request's sign its own (randomUUID) */
const NONCE = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

describe('UpstreamClient', () => {
  it('signs a GET over its query string and forwards the user address', async () => {
    const s = scope();
    const envelope = await client.call(
      { method: 'GET', path: '/ok', params: { searchKey: '马克思 主义', pageIndex: 2, year: undefined } },
      s,
    );
    expect(envelope).toEqual({ code: 2000, message: '', items: [1, 2] });
    expect(s.upstreamRequests).toBe(1);
    const request = seen.at(-1)!;
    expect(request.path).toBe('/prefix/ok');
    expect(request.query).toEqual({ searchKey: '马克思 主义', pageIndex: '2', nonce: NONCE });
    expect(request.headers.productid).toBe('1');
    expect(request.headers['x-forwarded-for']).toBe('198.51.100.4');
    expect(request.headers.sign).toBe(computeSign(request.query, String(request.headers.timespan), 'test-secret'));
    expect(Math.abs(Number(request.headers.timespan) - Date.now() / 1000)).toBeLessThan(300);
  });

  it('signs a POST over its JSON body fields', async () => {
    await client.call({ method: 'POST', path: '/ok', params: { pageUrl: '/home?scId=1', customerId: 0 } }, scope());
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    const fields = JSON.parse(request.body) as Record<string, string>;
    expect(fields).toEqual({ pageUrl: '/home?scId=1', customerId: '0', nonce: NONCE });
    expect(request.headers.sign).toBe(computeSign(fields, String(request.headers.timespan), 'test-secret'));
    expect(request.query).toEqual({});
  });

  it("streams a multipart call's files as they are, with a Content-Length, signing the fields only", async () => {
    const chunks = ['GIF89a', '-first-chunk-', '-second-chunk-', 'end'].map((text) => new TextEncoder().encode(text));
    let streamed = 0;
    // a Blob-like that is not Node's Blob (yoga's files are @whatwg-node's PonyfillFile): only size, type and stream()
    const ponyfillLike = {
      size: chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0),
      type: 'image/gif',
      stream: () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            streamed += 1;
            controller.close();
          },
        }),
    };
    await client.call(
      {
        method: 'POST',
        path: '/ok',
        params: { token: 'tok"en\r\nx' },
        files: {
          avatar: { data: ponyfillLike, filename: 'a"b.gif' },
          other: { data: new Blob(['plain text'], { type: 'text/plain\r\nX-Evil: 1' }), filename: 'b.txt' },
        },
      },
      scope(),
    );
    expect(streamed).toBe(1);
    const request = seen.at(-1)!;
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=-{4}sizheng[0-9a-f]{32}$/);
    expect(Number(request.headers['content-length'])).toBe(Buffer.byteLength(request.body));
    expect(request.headers['transfer-encoding']).toBeUndefined();
    expect(request.body).not.toContain('X-Evil');
    const form = await new Response(request.body, {
      headers: { 'content-type': String(request.headers['content-type']) },
    }).formData();
    expect(form.get('token')).toBe('tok"en\r\nx');
    const nonce = form.get('nonce');
    expect(nonce).toEqual(NONCE);
    const avatar = form.get('avatar') as File;
    expect(avatar.name).toBe('a"b.gif');
    expect(avatar.type).toBe('image/gif');
    expect(await avatar.text()).toBe('GIF89a-first-chunk--second-chunk-end');
    const other = form.get('other') as File;
    expect(other.type).toBe('application/octet-stream');
    expect(await other.text()).toBe('plain text');
    expect(request.headers.sign).toBe(
      computeSign({ token: 'tok"en\r\nx', nonce: String(nonce) }, String(request.headers.timespan), 'test-secret'),
    );
  });

  it('gives identical calls in the same second signs of their own (the upstream accepts a sign once)', async () => {
    const call = { method: 'GET' as const, path: '/ok', params: { catalogId: 1 } };
    await Promise.all([
      client.call(call, scope()),
      client.call(call, scope()),
      client.call({ ...call, method: 'POST' }, scope()),
    ]);
    const [a, b, c] = seen.slice(-3);
    const nonces = [a!.query.nonce, b!.query.nonce, (JSON.parse(c!.body) as Record<string, string>).nonce];
    expect(new Set(nonces).size).toBe(3);
    expect(new Set([a!.headers.sign, b!.headers.sign, c!.headers.sign]).size).toBe(3);
  });

  it('signs media and the AI stream with a nonce too, keeping the media query as asked', async () => {
    const media = await client.media('/media/a.m3u8?v=2', { method: 'GET', headers: {}, clientAddress: null });
    await media.body.text();
    const mediaRequest = seen.at(-1)!;
    expect(mediaRequest.path).toBe('/prefix/media/a.m3u8');
    expect(mediaRequest.query).toEqual({ v: '2', nonce: NONCE });
    expect(mediaRequest.headers.sign).toBe(
      computeSign(mediaRequest.query, String(mediaRequest.headers.timespan), 'test-secret'),
    );

    const abort = new AbortController();
    await client.stream({ path: '/ok', params: { question: '什么是辩证法' } }, scope(), abort.signal);
    const streamRequest = seen.at(-1)!;
    expect(streamRequest.query).toEqual({ question: '什么是辩证法', nonce: NONCE });
    expect(streamRequest.headers.sign).toBe(
      computeSign(streamRequest.query, String(streamRequest.headers.timespan), 'test-secret'),
    );
  });

  it('names the service it calls in every request it signs (aud): GET, JSON, multipart, media and the AI stream', async () => {
    const named = new UpstreamClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/prefix`,
      secret: 'test-secret',
      algorithm: 'md5',
      productId: 1,
      timeoutMs: 5_000,
      logger: createLogger('silent'),
      audience: 'login-service',
    });
    try {
      await named.call({ method: 'GET', path: '/ok', params: { token: 't' } }, scope());
      const get = seen.at(-1)!;
      expect(get.query).toEqual({ token: 't', nonce: NONCE, aud: 'login-service' });
      expect(get.headers.sign).toBe(computeSign(get.query, String(get.headers.timespan), 'test-secret'));

      await named.call({ method: 'POST', path: '/ok', params: { token: 't' } }, scope());
      const post = JSON.parse(seen.at(-1)!.body) as Record<string, string>;
      expect(post).toEqual({ token: 't', nonce: NONCE, aud: 'login-service' });
      expect(seen.at(-1)!.headers.sign).toBe(computeSign(post, String(seen.at(-1)!.headers.timespan), 'test-secret'));

      await named.call(
        {
          method: 'POST',
          path: '/ok',
          params: { token: 't' },
          files: { avatar: { data: new Blob(['GIF89a']), filename: 'a.gif' } },
        },
        scope(),
      );
      const upload = seen.at(-1)!;
      const form = await new Response(upload.body, {
        headers: { 'content-type': String(upload.headers['content-type']) },
      }).formData();
      expect(form.get('aud')).toBe('login-service');
      expect(upload.headers.sign).toBe(
        computeSign(
          { token: 't', nonce: String(form.get('nonce')), aud: 'login-service' },
          String(upload.headers.timespan),
          'test-secret',
        ),
      );

      // a media URL that names another service itself gets this client's
      const media = await named.media('/media/a.m3u8?v=2&aud=main-api', {
        method: 'GET',
        headers: {},
        clientAddress: null,
      });
      await media.body.text();
      const mediaRequest = seen.at(-1)!;
      expect(mediaRequest.query).toEqual({ v: '2', nonce: NONCE, aud: 'login-service' });
      expect(mediaRequest.headers.sign).toBe(
        computeSign(mediaRequest.query, String(mediaRequest.headers.timespan), 'test-secret'),
      );

      await named.stream({ path: '/ok', params: { question: '什么是辩证法' } }, scope(), new AbortController().signal);
      const streamRequest = seen.at(-1)!;
      expect(streamRequest.query).toEqual({ question: '什么是辩证法', nonce: NONCE, aud: 'login-service' });
      expect(streamRequest.headers.sign).toBe(
        computeSign(streamRequest.query, String(streamRequest.headers.timespan), 'test-secret'),
      );
    } finally {
      await named.close();
    }
  });

  it('returns 4xx envelopes for the caller to judge', async () => {
    expect(await client.call({ method: 'GET', path: '/not-found' }, scope())).toMatchObject({
      code: 4004,
      message: '课程不存在',
    });
  });

  it.each([
    ['/crash', 'server'],
    ['/html', 'bad-response'],
    ['/shape', 'bad-response'],
    ['/unsigned', 'unauthorized'],
  ])('classifies %s as %s', async (path, failure) => {
    const error = await client
      .call({ method: 'GET', path, params: { secretish: 'value-not-logged' } }, scope())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).failure).toBe(failure);
    expect((error as UpstreamError).message).toContain(`on ${path}`);
    expect((error as UpstreamError).message).not.toMatch(/value-not-logged|test-secret/);
  });

  it('classifies a refused connection as network', async () => {
    const down = new UpstreamClient({
      baseUrl: 'http://127.0.0.1:1',
      secret: 's',
      algorithm: 'md5',
      productId: 1,
      timeoutMs: 2_000,
      logger: createLogger('silent'),
    });
    try {
      const error = await down.call({ method: 'GET', path: '/ok' }, scope()).catch((e: unknown) => e);
      expect((error as UpstreamError).failure).toBe('network');
    } finally {
      await down.close();
    }
  });
});
