/**
 * askAI in front of a main API the test plays itself (the login service is the real one): what the
 * gateway does with what the upstream streams when it is not the usual answer. The upstream's own
 * err: sentence reaches the asker when it is short plain Chinese text, else 回答中断，请稍后再试; a line
 * that never ends, or an answer that is not a stream and never ends, is not read without bound: the
 * gateway gives up (UNAVAILABLE) and closes the upstream request.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askToEnd, shapeOf, SSE_ENDPOINTS } from './ai-fixture';
import { startPlatform, type Platform, type TestGateway } from './harness';

type Behaviour =
  /** a piece of answer, then err: with this text */
  | { kind: 'err'; text: string }
  /** a piece of answer, then a data line that never ends */
  | { kind: 'endless-line' }
  /** an event of many short data lines that never ends */
  | { kind: 'endless-event' }
  /** a 200 JSON answer (not a stream) that never ends */
  | { kind: 'endless-refusal' }
  /** a valid refusal envelope, but 100 KB long */
  | { kind: 'long-refusal' };

let platform: Platform;
let gateway: TestGateway;
let fake: Server;
let behaviour: Behaviour = { kind: 'err', text: '' };
/** flowQuestion requests closed by the gateway before the fake finished them */
let closedEarly = 0;
let token: string;

function endless(res: ServerResponse, piece: string) {
  const timer = setInterval(() => res.write(piece), 2);
  res.on('close', () => {
    clearInterval(timer);
    if (!res.writableFinished) closedEarly += 1;
  });
}

beforeAll(async () => {
  platform = await startPlatform();
  fake = createServer((req, res) => {
    if (!req.url?.startsWith('/api/ai/flowQuestion')) {
      res.writeHead(500).end();
      return;
    }
    const sse = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' };
    switch (behaviour.kind) {
      case 'err':
        res.writeHead(200, sse);
        res.end(`data: 答案的一半\n\ndata: err:${behaviour.text}\n\n`);
        return;
      case 'endless-line':
        res.writeHead(200, sse);
        res.write('data: 答案的一半\n\ndata: ');
        endless(res, '长'.repeat(4096));
        return;
      case 'endless-event':
        res.writeHead(200, sse);
        res.write('data: 答案的一半\n\n');
        endless(res, 'data: 行\n'.repeat(2048));
        return;
      case 'endless-refusal':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"code":-1,"message":"');
        endless(res, 'x'.repeat(16 * 1024));
        return;
      case 'long-refusal':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: -1, message: `提问太频繁${'。'.repeat(100 * 1024)}`, items: null }));
        return;
    }
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  // a long idle timeout: only the gateway's own limits may end these answers
  gateway = await platform.gateway({ UPSTREAM_URL: `http://127.0.0.1:${port}`, UPSTREAM_TIMEOUT_MS: '120000' });
  token = (await platform.signIn('student', 'Student2026')).token;
});

afterAll(async () => {
  fake?.closeAllConnections();
  await new Promise((resolve) => fake?.close(resolve));
  await platform?.stop();
});

async function lastError(endpoint: string) {
  const results = await askToEnd(gateway.url, endpoint, { question: '什么是矛盾？' }, token);
  expect(results.at(-1)!.data ?? null).toBeNull();
  return { shape: shapeOf(results), error: results.at(-1)!.errors![0]! };
}

describe.each(SSE_ENDPOINTS)('the upstream err: sentence over %s', (endpoint) => {
  it.each(['AI 解答超时，请稍后再试', 'AI 服务暂时不可用，请稍后再试'])(
    'passes on %s, code UNAVAILABLE',
    async (text) => {
      behaviour = { kind: 'err', text };
      const { shape, error } = await lastError(endpoint);
      expect(shape).toEqual(['AIAnswerDelta', 'error:UNAVAILABLE']);
      expect(error.message).toBe(text);
    },
  );

  it.each(['Error: ECONNRESET at TLSSocket.onread', `超时${'。'.repeat(100)}`, '超时\u0000', ''])(
    'says 回答中断，请稍后再试 instead of %j',
    async (text) => {
      behaviour = { kind: 'err', text };
      const { shape, error } = await lastError(endpoint);
      expect(shape).toEqual(['AIAnswerDelta', 'error:UNAVAILABLE']);
      expect(error.message).toBe('回答中断，请稍后再试');
    },
  );
});

describe('what the upstream sends is read within limits', () => {
  it('a line that never ends: 回答中断，请稍后再试, and the upstream request is closed', async () => {
    behaviour = { kind: 'endless-line' };
    const before = closedEarly;
    const { shape, error } = await lastError('/graphql');
    expect(shape).toEqual(['AIAnswerDelta', 'error:UNAVAILABLE']);
    expect(error.message).toBe('回答中断，请稍后再试');
    await expect.poll(() => closedEarly, { timeout: 5000 }).toBe(before + 1);
  });

  it('an event that never ends: 回答中断，请稍后再试, and the upstream request is closed', async () => {
    behaviour = { kind: 'endless-event' };
    const before = closedEarly;
    const { shape, error } = await lastError('/graphql/stream');
    expect(shape).toEqual(['AIAnswerDelta', 'error:UNAVAILABLE']);
    expect(error.message).toBe('回答中断，请稍后再试');
    await expect.poll(() => closedEarly, { timeout: 5000 }).toBe(before + 1);
  });

  it('an answer that is not a stream and never ends: UNAVAILABLE before any event, and the request is closed', async () => {
    behaviour = { kind: 'endless-refusal' };
    const before = closedEarly;
    const results = await askToEnd(gateway.url, '/graphql', { question: '什么是矛盾？' }, token);
    expect(results).toHaveLength(1);
    expect(results[0]!.errors).toEqual([
      expect.objectContaining({ message: '服务暂时不可用，请稍后再试', extensions: { code: 'UNAVAILABLE' } }),
    ]);
    await expect.poll(() => closedEarly, { timeout: 5000 }).toBe(before + 1);
  });

  it('a refusal envelope over 64 KB is not read: UNAVAILABLE', async () => {
    behaviour = { kind: 'long-refusal' };
    const results = await askToEnd(gateway.url, '/graphql', { question: '什么是矛盾？' }, token);
    expect(results).toHaveLength(1);
    expect(results[0]!.errors).toEqual([
      expect.objectContaining({ message: '服务暂时不可用，请稍后再试', extensions: { code: 'UNAVAILABLE' } }),
    ]);
  });
});
