/**
 * The transport in front of a main API that stops answering, resets connections or answers errors:
 * the real main API behind a relay that can hold requests (a stalled service: the connection is
 * accepted, nothing comes back), cut them (the connection reset under the request) or answer 500.
 * What it proves: a read gives up after a read's time while a long call waits; calls in a row
 * without an answer open the circuit, which refuses calls at once without sending them and closes
 * again through one probe once the service answers; a service that answers errors never opens it; a
 * read whose connection was reset is sent once more with a sign of its own and answered, a write or
 * a timed-out read never twice; calls beyond the pool's connections and its waiting room are refused
 * at once.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../gateway/src/logger';
import { UpstreamClient, type UpstreamClientOptions, type RequestScope } from '../../gateway/src/upstream/client';
import { UpstreamError, type UpstreamFailure } from '../../gateway/src/upstream/errors';
import { startUpstream, type Upstream } from './harness';

type Mode = 'forward' | 'hold' | 'reset' | 'crash';

interface Relayed {
  method: string;
  path: string;
  query: Record<string, string>;
  sign: string | undefined;
}

let upstream: Upstream;
let relay: Server;
let relayUrl: string;
let mode: Mode = 'forward';
/** how many of the next requests are reset before the relay forwards again (mode 'reset') */
let resets = 0;
const relayed: Relayed[] = [];
const held: ServerResponse[] = [];
const clients: UpstreamClient[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
  const target = new URL(upstream.server.url);
  relay = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://relay');
    relayed.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      sign: req.headers.sign as string | undefined,
    });
    if (mode === 'hold') {
      held.push(res);
      return;
    }
    if (mode === 'reset' && resets > 0) {
      resets -= 1;
      req.socket.destroy();
      return;
    }
    if (mode === 'crash') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 5000, message: '服务器内部错误', items: null }));
      return;
    }
    const forward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
});

afterEach(async () => {
  mode = 'forward';
  resets = 0;
  for (const res of held.splice(0)) res.destroy();
  await Promise.all(clients.splice(0).map((client) => client.close()));
  relayed.length = 0;
});

afterAll(async () => {
  relay?.closeAllConnections();
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
  await upstream?.stop();
});

/** A client of the relay: a read gives up after 1.5 s, a write after 3 s, a long call after 20 s. */
function clientOf(options: Partial<UpstreamClientOptions> = {}): UpstreamClient {
  const client = new UpstreamClient({
    baseUrl: relayUrl,
    secret: upstream.config.apiSecret,
    algorithm: upstream.config.signAlgorithm,
    productId: 1,
    timeoutMs: 20_000,
    readTimeoutMs: 1_500,
    writeTimeoutMs: 3_000,
    failuresToOpen: 100,
    logger: createLogger('silent'),
    ...options,
  });
  clients.push(client);
  return client;
}

const scope = (): RequestScope => ({ clientAddress: null, upstreamRequests: 0 });
const SUBJECTS = {
  method: 'GET',
  path: '/api/catalog/GetCatalogListByParentId',
  params: { parentId: 0 },
  kind: 'read',
} as const;

/** The failure kind a call ended with, or 'answered'. */
async function outcome(promise: Promise<unknown>): Promise<UpstreamFailure | 'answered'> {
  try {
    await promise;
    return 'answered';
  } catch (error) {
    if (error instanceof UpstreamError) return error.failure;
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('timeouts by kind of call', () => {
  it("gives up on a read after a read's time and sends it once; a long call waits for the service", async () => {
    const client = clientOf();
    expect((await client.call(SUBJECTS, scope())).code).toBe(2000);
    relayed.length = 0;

    mode = 'hold';
    expect(await outcome(client.call(SUBJECTS, scope()))).toBe('timeout');
    // a read that timed out is not sent again: the service may still be working on it
    expect(relayed).toHaveLength(1);

    // the same stall, but the service answers after 3 s: a long call (clip cutting) is still waiting
    const long = client.call({ ...SUBJECTS, kind: 'long' }, scope());
    await expect.poll(() => relayed.length).toBe(2);
    await sleep(3_000);
    mode = 'forward';
    for (const res of held.splice(0)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 2000, message: '', items: [] }));
    }
    expect((await long).code).toBe(2000);
  });
});

describe('the circuit breaker', () => {
  it('opens after calls in a row without an answer, refuses calls at once without sending them, and closes through one probe once the service answers', async () => {
    const client = clientOf({ failuresToOpen: 3, openMs: 1_000 });
    mode = 'hold';
    const first = await Promise.all([1, 2, 3].map(() => outcome(client.call(SUBJECTS, scope()))));
    expect(first).toEqual(['timeout', 'timeout', 'timeout']);
    expect(relayed).toHaveLength(3);

    // open: refused as unavailable, nothing reaches the service
    const refused = await Promise.all([1, 2, 3, 4, 5].map(() => outcome(client.call(SUBJECTS, scope()))));
    expect(refused).toEqual(Array(5).fill('unavailable'));
    expect(relayed).toHaveLength(3);

    // after the open time, one call is the probe; while it is out, the others are still refused at once
    await sleep(1_200);
    const probe = outcome(client.call(SUBJECTS, scope()));
    const during = await outcome(client.call(SUBJECTS, scope()));
    expect(during).toBe('unavailable');
    expect(await probe).toBe('timeout');
    expect(relayed).toHaveLength(4);

    // the service answers again: within the open time and a probe, calls go through, and keep going
    mode = 'forward';
    await expect
      .poll(() => outcome(client.call(SUBJECTS, scope())), { timeout: 5_000, interval: 100 })
      .toBe('answered');
    const after = await Promise.all([1, 2, 3, 4, 5].map(() => outcome(client.call(SUBJECTS, scope()))));
    expect(after).toEqual(Array(5).fill('answered'));
  });

  it('stays closed while the service answers, even with errors: a 500 is an answer', async () => {
    const client = clientOf({ failuresToOpen: 3, openMs: 60_000 });
    mode = 'crash';
    for (let i = 0; i < 6; i += 1) expect(await outcome(client.call(SUBJECTS, scope()))).toBe('server');
    mode = 'forward';
    expect(await outcome(client.call(SUBJECTS, scope()))).toBe('answered');
  });
});

describe('a connection reset under a call', () => {
  it('sends a read once more, with a sign of its own, and the main API answers it', async () => {
    const client = clientOf();
    mode = 'reset';
    resets = 1;
    const envelope = await client.call<unknown[]>(SUBJECTS, scope());
    expect(envelope.code).toBe(2000);
    expect(Array.isArray(envelope.items)).toBe(true);
    expect(relayed).toHaveLength(2);
    const [cut, again] = relayed as [Relayed, Relayed];
    expect(again.path).toBe(cut.path);
    // every sign is accepted once: the second try is signed afresh
    expect(again.query.nonce).not.toBe(cut.query.nonce);
    expect(again.sign).not.toBe(cut.sign);
  });

  it('fails a read whose second try is reset too, without a third', async () => {
    const client = clientOf();
    mode = 'reset';
    resets = 5;
    expect(await outcome(client.call(SUBJECTS, scope()))).toBe('network');
    expect(relayed).toHaveLength(2);
  });

  it('never sends a write twice', async () => {
    const client = clientOf();
    mode = 'reset';
    resets = 1;
    const write = client.call({ method: 'POST', path: '/api/log/AddVisitLog', params: { pageUrl: '/home' } }, scope());
    expect(await outcome(write)).toBe('network');
    // a GET that changes something (deleting a message) is a write as well
    resets = 1;
    const deletion = client.call(
      { method: 'GET', path: '/api/operate/DeleteMessage', params: { messageId: 1, userId: 1 } },
      scope(),
    );
    expect(await outcome(deletion)).toBe('network');
    expect(relayed.map((entry) => entry.path)).toEqual(['/api/log/AddVisitLog', '/api/operate/DeleteMessage']);
  });
});

describe('the waiting room', () => {
  it('refuses calls beyond the connections and the calls allowed to wait, at once', async () => {
    const client = clientOf({ connections: 2, maxWaiting: 2 });
    mode = 'hold';
    const settled: string[] = [];
    const calls = [1, 2, 3, 4, 5, 6].map((n) =>
      outcome(client.call(SUBJECTS, scope())).then((kind) => (settled.push(`${n}:${kind}`), kind)),
    );
    // the two beyond the room are refused before any of the four others has had an answer or given up
    await expect.poll(() => settled.length).toBe(2);
    expect(settled.sort()).toEqual(['5:unavailable', '6:unavailable']);
    expect((await Promise.all(calls)).slice(0, 4)).toEqual(['timeout', 'timeout', 'timeout', 'timeout']);
  });
});
