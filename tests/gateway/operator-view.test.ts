/**
 * The gateway's side of the operator's view, in units: the JSON logger (the request id on every line
 * of a request, err with its stack on error lines only, secrets redacted, problems to the problem
 * sink), the request id's form, the transport carrying the id to the upstream and reporting each
 * call's outcome and the breaker's state, and the gateway's /readyz and METRICS_TOKEN-guarded
 * /metrics with upstreams that are not there. The whole platform's view (three processes, SIGSTOP)
 * is tests/resilience/operator-view.test.ts.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, logFields, requestIdFrom, withRequestId } from '../../gateway/src/logger';
import { PlayLogBatcher } from '../../gateway/src/play/playLogBatch';
import { UpstreamClient, type UpstreamCallOutcome } from '../../gateway/src/upstream/client';
import { freePort } from '../support/platform';
import { startTestGateway, type TestGateway } from './harness';

describe('the gateway logger', () => {
  it('writes JSON lines with the request id, err with a stack only on error lines, secrets redacted', () => {
    const lines: { text: string; problem: boolean }[] = [];
    const logger = createLogger('debug', 'gateway', (text, problem) => lines.push({ text, problem }));
    withRequestId('page-1', () => {
      logger.info('request completed', logFields({ status: 200, cookie: 'utoken=abc', token: 'abc' }));
      logger.warn('upstream slow', new Error('took long'));
      logger.error('request failed', new Error('broke'));
    });
    logger.debug('outside', 2, { a: 1 });
    const parsed = lines.map((line) => ({ ...JSON.parse(line.text), problem: line.problem }));
    expect(parsed[0]).toMatchObject({
      level: 'info',
      service: 'gateway',
      reqId: 'page-1',
      msg: 'request completed',
      status: 200,
      cookie: '[redacted]',
      token: '[redacted]',
      problem: false,
    });
    expect(parsed[1]).toMatchObject({
      level: 'warn',
      reqId: 'page-1',
      err: { type: 'Error', message: 'took long' },
      problem: true,
    });
    expect(parsed[1].err.stack).toBeUndefined();
    expect(parsed[2]).toMatchObject({ level: 'error', err: { type: 'Error', message: 'broke' }, problem: true });
    expect(parsed[2].err.stack).toContain('operator-view.test.ts');
    expect(parsed[3]).toMatchObject({ level: 'debug', msg: 'outside 2 {"a":1}' });
    expect(parsed[3].reqId).toBeUndefined();
    expect(lines.map((line) => line.text).join('')).not.toContain('abc');
    expect(typeof parsed[0].time).toBe('string');
  });

  it('keeps below-threshold lines out and says whether debug is on', () => {
    const lines: string[] = [];
    const logger = createLogger('warn', 'gateway', (text) => lines.push(text));
    logger.info('quiet');
    logger.debug('quieter');
    logger.warn('heard');
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['heard']);
    expect(logger.isDebug()).toBe(false);
    expect(createLogger('debug', 'gateway', () => undefined).isDebug()).toBe(true);
  });

  it('takes a client’s request id only when short and plain', () => {
    expect(requestIdFrom('abc-123_X.y')).toBe('abc-123_X.y');
    for (const bad of [undefined, '', 'has space', 'a'.repeat(65), 'semi;colon', 'line\nbreak', '中文']) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});

describe('the transport for the operator', () => {
  let server: Server;
  let baseUrl: string;
  const seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      if (req.url?.startsWith('/silent')) return; // never answers
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 2000, message: '', items: null }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the request id (unsigned) and reports outcomes and the breaker’s state', async () => {
    const outcomes: UpstreamCallOutcome[] = [];
    const states: string[] = [];
    const client = new UpstreamClient({
      baseUrl,
      secret: 's',
      algorithm: 'md5',
      productId: 1,
      timeoutMs: 5_000,
      readTimeoutMs: 200,
      failuresToOpen: 1,
      openMs: 60_000,
      logger: createLogger('silent'),
      observer: { called: (outcome) => outcomes.push(outcome), breakerState: (state) => states.push(state) },
    });
    try {
      const scope = { clientAddress: null, upstreamRequests: 0 };
      await withRequestId('req-7', () => client.call({ method: 'GET', path: '/ok', kind: 'read' }, scope));
      expect(seen.at(-1)?.['x-request-id']).toBe('req-7');
      await client.call({ method: 'GET', path: '/ok', kind: 'read' }, scope);
      expect(seen.at(-1)?.['x-request-id']).toBeUndefined();
      await expect(client.call({ method: 'GET', path: '/silent', kind: 'read' }, scope)).rejects.toThrow();
      await expect(client.call({ method: 'GET', path: '/ok', kind: 'read' }, scope)).rejects.toThrow();
      expect(outcomes).toEqual(['ok', 'ok', 'timeout', 'breaker_open']);
      expect(states).toEqual(['closed', 'open']);
    } finally {
      await client.close();
    }
  });
});

describe('the play-log batcher for the operator', () => {
  let server: Server;
  let client: UpstreamClient;
  beforeAll(async () => {
    // answers every coalesced call with one envelope per report, as AddPlayLogs does
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const logs = JSON.parse(JSON.parse(body).logs as string) as unknown[];
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            code: 2001,
            message: '',
            items: logs.map((_, index) => ({ code: 2001, message: '', items: index + 1 })),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new UpstreamClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      secret: 's',
      algorithm: 'md5',
      productId: 1,
      timeoutMs: 5_000,
      logger: createLogger('silent'),
    });
  });
  afterAll(async () => {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('tells the size of each coalesced call', async () => {
    const sizes: number[] = [];
    const batcher = new PlayLogBatcher(client, createLogger('silent'), {
      windowMs: 60_000,
      maxReports: 3,
      onBatch: (reports) => sizes.push(reports),
    });
    const report = (videoId: number) =>
      batcher.add(
        {
          id: 0,
          userId: 1,
          userName: 'student',
          comId: 0,
          comCode: '',
          comName: '',
          catalogId: 1,
          courseId: 1,
          courseName: '课程',
          videoName: '视频',
          videoId,
          videoCode: 'v',
          lastPlayTime: 5,
          duration: 60,
          stayTime: 5,
          esLogId: '',
        },
        { clientAddress: null, upstreamRequests: 0 },
      );
    const answers = await Promise.all([report(1), report(2), report(3)]);
    expect(answers).toHaveLength(3);
    expect(sizes).toEqual([3]);
  });
});

describe('the gateway’s /readyz and /metrics', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    // a port nothing listens on: both upstreams are unreachable
    const nobody = `http://127.0.0.1:${await freePort()}`;
    gateway = await startTestGateway(nobody, { LOGIN_URL: nobody, METRICS_TOKEN: 'scrape-me' });
  });
  afterAll(() => gateway?.stop());

  it('is alive but not ready while its upstreams cannot be reached', async () => {
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'not ready',
      failed: { 'main-api': 'unreachable (ECONNREFUSED)', 'login-service': 'unreachable (ECONNREFUSED)' },
    });
  });

  it('answers /metrics to the METRICS_TOKEN bearer only, even on loopback', async () => {
    expect((await fetch(`${gateway.url}/metrics`)).status).toBe(403);
    const scraped = await fetch(`${gateway.url}/metrics`, { headers: { authorization: 'Bearer scrape-me' } });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('http_request_duration_seconds_count{route="/readyz",method="GET",status="5xx"} 1');
    expect(text).toContain('# TYPE gateway_upstream_calls_total counter');
    expect(text).toContain('gateway_ai_answers_in_flight 0');
    expect(text).toContain('gateway_upload_slots_in_use 0');
    expect(text).toContain('# TYPE gateway_play_log_batch_size histogram');
  });

  it('counts an upload refused at the door', async () => {
    const refusals = async () => {
      const text = await (
        await fetch(`${gateway.url}/metrics`, { headers: { authorization: 'Bearer scrape-me' } })
      ).text();
      return Number(/^gateway_upload_refusals_total\{reason="login"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    };
    const before = await refusals();
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        query: 'mutation($file: Upload!) { uploadAvatar(input: { file: $file }) { __typename } }',
        variables: { file: null },
      }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'x-graphql-yoga-csrf': '1' },
      body: form,
    });
    expect(response.status).toBe(401);
    await response.body?.cancel();
    expect(await refusals()).toBe(before + 1);
  });
});
