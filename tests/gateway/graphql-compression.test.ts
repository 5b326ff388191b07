/**
 * GraphQL answers are gzipped for browsers that accept it, as JSON and as the one-result
 * event stream the web app reads (graphql-sse distinct connections), through real HTTP; an AI answer
 * streamed piece by piece is not (a compressor would hold its pieces back).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, startUpstream, type TestGateway, type Upstream } from './harness';

let upstream: Upstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startUpstream();
  gateway = await startTestGateway(upstream.server.url);
});

afterAll(async () => {
  await gateway?.stop();
  await upstream?.stop();
});

const QUERY = '{ subjects { name children { name children { name } } } banners { title image } }';

/** A raw POST (fetch would decompress and hide the encoding). */
function post(
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const target = new URL(`${gateway.url}/graphql`);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a query answer', () => {
  it('over the event stream, as the web app asks: gzipped, and the same events as uncompressed', async () => {
    const body = JSON.stringify({ query: QUERY });
    const plain = await post(body, { accept: 'text/event-stream' });
    const zipped = await post(body, { accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding'] ?? 'none').toBe('none');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    const text = gunzipSync(zipped.body).toString('utf8');
    // the same events (the upstream request count in extensions may differ: the catalogue is kept)
    const data = (stream: string) =>
      stream
        .split('\n')
        .filter((line) => line.startsWith('data: {'))
        .map((line) => (JSON.parse(line.slice(6)) as { data: unknown }).data);
    expect(data(text)).toEqual(data(plain.body.toString('utf8')));
    expect(data(text)).toHaveLength(1);
    expect(text).toContain('event: next');
    expect(text).toContain('event: complete');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('as JSON: gzipped when accepted, plain otherwise (or when gzip is refused with q=0)', async () => {
    const body = JSON.stringify({ query: QUERY });
    const zipped = await post(body, { accept: 'application/json', 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const answer = (JSON.parse(gunzipSync(zipped.body).toString('utf8')) as { data: { subjects: unknown[] } }).data;
    expect(answer.subjects.length).toBeGreaterThan(0);
    for (const encoding of [undefined, 'identity', 'gzip;q=0']) {
      const plain = await post(body, {
        accept: 'application/json',
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      });
      expect(plain.headers['content-encoding'], String(encoding)).toBeUndefined();
      expect((JSON.parse(plain.body.toString('utf8')) as { data: unknown }).data).toEqual(answer);
    }
  });
});

describe('a subscription', () => {
  it('streams uncompressed even when gzip is accepted', async () => {
    // a visitor is refused before any event, which is enough to see the stream's encoding
    const answer = await post(
      JSON.stringify({ query: 'subscription { askAI(input: { question: "什么是矛盾？" }) { __typename } }' }),
      {
        accept: 'text/event-stream',
        'accept-encoding': 'gzip',
      },
    );
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(answer.headers['content-encoding'] ?? 'none').toBe('none');
    expect(answer.body.toString('utf8')).toContain('LOGIN_REQUIRED');
  });
});
