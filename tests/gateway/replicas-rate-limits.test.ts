/**
 * Request rate limits (gateway/src/yoga/rateLimits.ts, counted by replicas/rateLimits.ts): two gateways
 * on one Redis count a user's operations together, and an address's; past a budget either gateway
 * refuses with 请求过于频繁，请稍后再试 / RATE_LIMITED (HTTP 429 + Retry-After as JSON, an event on a
 * stream); another user or address goes on; expensive operations (search, writes, AI questions) have
 * budgets of their own; introspection is free. Without REDIS_URL a gateway counts alone, in its process.
 * When Redis goes away the counts fall back to the process with one warning, and come back to Redis.
 * Real Redis (127.0.0.1:6379, REDIS_URL to override); each run on a prefix of its own; small budgets by
 * environment over a window of an hour, so nothing depends on the clock.
 */
import { randomUUID } from 'node:crypto';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { parse } from 'graphql';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config';
import { createLogger } from '../../gateway/src/logger';
import { createRateLimits } from '../../gateway/src/replicas/rateLimits';
import { operationWeight } from '../../gateway/src/yoga/rateLimits';
import { startPlatform, TEST_PASSWORD, type GraphQLResponse, type Platform, type TestGateway } from './harness';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SMALL = {
  RATE_LIMIT_WINDOW_SECONDS: '3600',
  RATE_LIMIT_USER_OPERATIONS: '5',
  RATE_LIMIT_ADDRESS_OPERATIONS: '12',
  RATE_LIMIT_USER_EXPENSIVE: '2',
  RATE_LIMIT_ADDRESS_EXPENSIVE: '6',
};
const PLAIN = '{ site { title } }';
// expensive by its root field; asks the upstream nothing
const SEARCH = 'query Find { search(keyword: "思政") { keyword } }';
const DELETE_MESSAGE =
  'mutation Delete($id: ID!) { deleteMessage(input: { messageId: $id }) { deletedMessageId errors { message } } }';
const ASK = 'subscription { askAI(input: { question: "什么是矛盾？" }) { __typename } }';
const MESSAGE = '请求过于频繁，请稍后再试';

let lastAddress = 0;
/** a fresh client address (TEST-NET-2), named in X-Forwarded-For by the test client on loopback (a trusted proxy) */
const newAddress = () => `198.51.100.${++lastAddress}`;

function expectServed(answer: GraphQLResponse) {
  expect(answer.status).toBe(200);
  expect(answer.body.errors?.map((error) => error.extensions?.code) ?? []).not.toContain('RATE_LIMITED');
}

function expectRefused(answer: GraphQLResponse) {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(answer.body.data ?? null).toBeNull();
  expect(answer.body.errors).toHaveLength(1);
  const [error] = answer.body.errors!;
  expect(error!.message).toBe(MESSAGE);
  expect(error!.extensions).toEqual({
    code: 'RATE_LIMITED',
    retryAfterSeconds: Number(answer.headers.get('retry-after')),
  });
  expect(JSON.stringify(answer.body)).not.toMatch(/stack|at .*\.ts/);
}

describe('rate limits', () => {
  const prefix = `test:${randomUUID()}:`;
  const alonePrefix = `test:${randomUUID()}:`;
  let platform: Platform;
  let a: TestGateway;
  let b: TestGateway;
  let alone: TestGateway;
  let admin: Redis;
  const cookies = new Map<string, string>();
  const userIds = new Map<string, number>();

  const as = (
    gateway: TestGateway,
    query: string,
    options: { user?: string; from: string; variables?: Record<string, unknown> },
  ) =>
    gateway.graphql(query, options.variables, {
      'x-forwarded-for': options.from,
      ...(options.user ? { cookie: cookies.get(options.user)! } : {}),
    });

  beforeAll(async () => {
    platform = await startPlatform();
    const shared = { REDIS_URL, REDIS_PREFIX: prefix, ...SMALL };
    [a, b, alone] = await Promise.all([
      platform.gateway(shared),
      platform.gateway(shared),
      platform.gateway({ REDIS_PREFIX: alonePrefix, ...SMALL }),
    ]);
    for (const name of ['rl-one', 'rl-two', 'rl-three', 'rl-four', 'rl-five', 'rl-six']) {
      userIds.set(name, await platform.addUser(name));
      cookies.set(name, `utoken=${(await platform.signIn(name, TEST_PASSWORD)).token}`);
    }
    admin = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    await platform?.stop();
    if (admin) {
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    }
  });

  it("counts one user's operations on both gateways together, refuses the next on either, and leaves others alone", async () => {
    const school = newAddress();
    for (let i = 0; i < 5; i += 1) expectServed(await as(i % 2 === 0 ? a : b, PLAIN, { user: 'rl-one', from: school }));
    expectRefused(await as(a, PLAIN, { user: 'rl-one', from: school }));
    expectRefused(await as(b, PLAIN, { user: 'rl-one', from: school }));
    // the same user from another address is the same user
    expectRefused(await as(b, PLAIN, { user: 'rl-one', from: newAddress() }));

    // another student behind the same school address, and a visitor there, go on
    const other = await as(a, PLAIN, { user: 'rl-two', from: school });
    expectServed(other);
    expect(other.body.data.site.title).toBe('思政云课堂');
    expectServed(await as(b, PLAIN, { from: school }));
    // introspection is not counted
    const schema = await as(a, '{ __schema { queryType { name } } }', { user: 'rl-one', from: school });
    expectServed(schema);
    expect(schema.body.data.__schema.queryType.name).toBe('Query');

    // the count is in Redis, under this platform's prefix
    expect(
      Number(await admin.get(`${prefix}rate-limits:user-operations:${userIds.get('rl-one')}`)),
    ).toBeGreaterThanOrEqual(6);
  });

  it("counts one address's operations on both gateways together, signed in or not, and leaves other addresses alone", async () => {
    const crowded = newAddress();
    for (let i = 0; i < 12; i += 1) expectServed(await as(i % 2 === 0 ? a : b, PLAIN, { from: crowded }));
    expectRefused(await as(a, PLAIN, { from: crowded }));
    expectRefused(await as(b, PLAIN, { from: crowded }));
    // a signed-in user with budget left is refused there too: the address is spent
    expectRefused(await as(a, PLAIN, { user: 'rl-three', from: crowded }));

    const elsewhere = newAddress();
    expectServed(await as(b, PLAIN, { from: elsewhere }));
    expectServed(await as(a, PLAIN, { user: 'rl-three', from: elsewhere }));
  });

  it('counts searches, writes and questions to the AI on a budget of their own; an event stream gets the refusal as its event', async () => {
    const from = newAddress();
    expectServed(await as(a, SEARCH, { user: 'rl-four', from }));
    const deleted = await as(b, DELETE_MESSAGE, {
      user: 'rl-four',
      from,
      variables: { id: Buffer.from('Message:999999').toString('base64') },
    });
    expectServed(deleted);
    expectRefused(await as(a, SEARCH, { user: 'rl-four', from }));
    // the general budget has room left (4 of 5): an ordinary read is served
    expectServed(await as(b, PLAIN, { user: 'rl-four', from }));

    // a question to the AI as the web client asks it (graphql-sse over /graphql): 200, the refusal as the event
    const stream = await fetch(`${b.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'x-graphql-yoga-csrf': '1',
        'x-forwarded-for': from,
        cookie: cookies.get('rl-four')!,
      },
      body: JSON.stringify({ query: ASK }),
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await stream.text();
    expect(events).toContain(MESSAGE);
    expect(events).toContain('"code":"RATE_LIMITED"');
    expect(events).not.toContain('"http"');

    // another user from the same address still searches
    expectServed(await as(a, SEARCH, { user: 'rl-five', from }));
  });

  it('counts in the process without REDIS_URL: one gateway still limits, alone', async () => {
    const from = newAddress();
    for (let i = 0; i < 5; i += 1) expectServed(await as(alone, PLAIN, { user: 'rl-six', from }));
    expectRefused(await as(alone, PLAIN, { user: 'rl-six', from }));
    expectServed(await as(alone, PLAIN, { user: 'rl-five', from }));
    // its counts are its own: the Redis gateways have not seen this user
    expectServed(await as(a, PLAIN, { user: 'rl-six', from: newAddress() }));
    expect(await admin.keys(`${alonePrefix}*`)).toEqual([]);
  });
});

describe('rate limits while Redis is away', () => {
  const prefix = `test:${randomUUID()}:`;
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  let proxy: Server;
  let port = 0;
  let admin: Redis;

  /** a TCP relay to Redis that the test can cut and restore, as a network failure would */
  const openProxy = () =>
    new Promise<void>((resolve) => {
      proxy = createServer((client) => {
        const server = connect(Number(target.port || 6379), target.hostname);
        sockets.add(client).add(server);
        client.pipe(server).pipe(client);
        for (const socket of [client, server]) socket.on('error', () => [client, server].forEach((s) => s.destroy()));
      });
      proxy.listen(port, '127.0.0.1', () => {
        port = (proxy.address() as AddressInfo).port;
        resolve();
      });
    });
  const cutProxy = () =>
    new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    });

  beforeAll(async () => {
    await openProxy();
    admin = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    await cutProxy();
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('serves and counts in the process with one warning, then counts in Redis again', async () => {
    const lines: string[] = [];
    const logger = createLogger('debug', 'gateway', (line) => lines.push(line));
    const limits = createRateLimits({
      settings: { windowSeconds: 3600, userOperations: 3, addressOperations: 0, userExpensive: 0, addressExpensive: 0 },
      redisUrl: `redis://127.0.0.1:${port}`,
      prefix,
      logger,
      retryRedisAfterMs: 0,
    })!;
    try {
      await limits.ready();
      expect(limits.shared).toBe(true);
      const user = { user: 'away', address: null };
      expect(await limits.consume(user, false)).toEqual({ allowed: true });
      expect(await admin.get(`${prefix}rate-limits:user-operations:away`)).toBe('1');

      await cutProxy();
      // every operation is served while Redis is away, and one client is still held back by this process
      const verdicts = [];
      for (let i = 0; i < 4; i += 1) verdicts.push(await limits.consume(user, false));
      expect(verdicts.slice(0, 3)).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
      expect(verdicts[3]).toMatchObject({ allowed: false, budget: 'user-operations' });
      const warnings = () =>
        lines
          .map((line) => JSON.parse(line) as { level: string; msg: string })
          .filter((line) => line.level === 'warn' && line.msg.includes('rate limits'));
      expect(warnings()).toHaveLength(1);
      // Redis still has only what it counted before
      expect(await admin.get(`${prefix}rate-limits:user-operations:away`)).toBe('1');

      await openProxy();
      const back = { user: 'back', address: null };
      await expect
        .poll(
          async () => {
            await limits.consume(back, false);
            return admin.get(`${prefix}rate-limits:user-operations:back`);
          },
          { timeout: 20_000, interval: 200 },
        )
        .not.toBeNull();
      expect(lines.some((line) => line.includes('Redis answers again'))).toBe(true);
      expect(warnings()).toHaveLength(1);
    } finally {
      await limits.close();
    }
  });
});

describe('what an operation weighs', () => {
  const weigh = (text: string, name?: string) => operationWeight(parse(text), name);

  it('makes searches, writes, uploads and questions to the AI expensive, introspection free, the rest ordinary', () => {
    expect(weigh('{ __schema { types { name } } __type(name: "Query") { name } }')).toBe('free');
    expect(weigh('{ subjects { name } }')).toBe('ordinary');
    expect(weigh('{ __typename subjects { name } }')).toBe('ordinary');
    expect(weigh('{ search(keyword: "x") { keyword } }')).toBe('expensive');
    // Relay spreads fragments on Query
    expect(
      weigh(
        'query SearchQuery { ...Tabs } fragment Tabs on Query { ... on Query { search(keyword: "x") { keyword } } }',
      ),
    ).toBe('expensive');
    expect(weigh('query Q { ...A } fragment A on Query { ...A subjects { name } }')).toBe('ordinary');
    expect(weigh('{ catalogueSuggestions(keyword: "x") { catalogueId } }')).toBe('expensive');
    expect(weigh('mutation { addNote(input: { videoId: 1, content: "x" }) { errors { message } } }')).toBe('expensive');
    expect(weigh('mutation($f: File!) { uploadAvatar(input: { file: $f }) { errors { message } } }')).toBe('expensive');
    expect(
      weigh(
        'mutation { reportPlay(input: { videoId: 1 }) { logId } recordVisit(input: { pageUrl: "/" }) { __typename } }',
      ),
    ).toBe('ordinary');
    expect(weigh('mutation { logout(input: {}) { __typename } }')).toBe('ordinary');
    expect(weigh(ASK)).toBe('expensive');
    // the operation asked for, in a document of several
    const two = 'query Home { subjects { name } } query Find { search(keyword: "x") { keyword } }';
    expect(weigh(two, 'Home')).toBe('ordinary');
    expect(weigh(two, 'Find')).toBe('expensive');
  });

  it('has generous documented defaults, each budget settable and 0 for off', () => {
    expect(loadGatewayConfig({}).rateLimits).toEqual({
      windowSeconds: 60,
      userOperations: 600,
      addressOperations: 20_000,
      userExpensive: 60,
      addressExpensive: 2_000,
    });
    expect(loadGatewayConfig(SMALL).rateLimits).toEqual({
      windowSeconds: 3600,
      userOperations: 5,
      addressOperations: 12,
      userExpensive: 2,
      addressExpensive: 6,
    });
    const off = {
      RATE_LIMIT_USER_OPERATIONS: '0',
      RATE_LIMIT_ADDRESS_OPERATIONS: '0',
      RATE_LIMIT_USER_EXPENSIVE: '0',
      RATE_LIMIT_ADDRESS_EXPENSIVE: '0',
    };
    expect(
      createRateLimits({
        settings: loadGatewayConfig(off).rateLimits,
        redisUrl: REDIS_URL,
        prefix: 'unused:',
        logger: createLogger('silent'),
      }),
    ).toBeNull();
    expect(() => loadGatewayConfig({ RATE_LIMIT_WINDOW_SECONDS: '0' })).toThrow(/RATE_LIMIT_WINDOW_SECONDS/);
    expect(() => loadGatewayConfig({ RATE_LIMIT_USER_EXPENSIVE: 'many' })).toThrow(/RATE_LIMIT_USER_EXPENSIVE/);
  });
});
