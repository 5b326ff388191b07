/**
 * Replicas share the signs already accepted (REDIS_URL, upstream/src/http/redis-replay-cache.ts): a
 * request accepted by one main API is refused by another behind the same load balancer, and the same
 * for two login services; while Redis does not answer, each replica still refuses what it has seen
 * itself. Real Redis (127.0.0.1:6379, REDIS_URL to override), a prefix per run.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, createRedisReplayCache } from '../../upstream/src/http/redis-replay-cache';
import { createLogger } from '../../upstream/src/logger';
import { signParams } from './client';
import { startTestApi, type TestApi } from './harness';
import { startTestLogin, type TestLogin } from './login-harness';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SECRET = 'sizheng-dev-secret';
const REFUSED = { code: 4001, message: '签名校验失败', items: null };

/** a GET as the gateway signs it: the same bytes can be sent to any replica */
function signedGet(baseUrl: string, path: string, pairs: [string, string][], aud: string) {
  const all: [string, string][] = [...pairs, ['aud', aud], ['nonce', randomUUID()]];
  const timespan = String(Math.floor(Date.now() / 1000));
  const headers = { timespan, sign: signParams(all, timespan, SECRET), productId: '1' };
  return async (target = baseUrl) => {
    const res = await fetch(`${target}${path}?${new URLSearchParams(all)}`, { headers });
    return { status: res.status, body: await res.json() };
  };
}

describe('two main APIs on one Redis', () => {
  const env = { REDIS_URL, REDIS_PREFIX: `test:${randomUUID()}:` };
  let one: TestApi;
  let two: TestApi;

  beforeAll(async () => {
    [one, two] = await Promise.all([startTestApi({ env }), startTestApi({ env })]);
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
  });

  it('refuses on the second a request the first accepted, and on the first itself', async () => {
    const send = signedGet(one.server.url, '/api/catalog/GetCatalogListByParentId', [['parentId', '0']], 'main-api');
    expect((await send()).body.code).toBe(2000);
    expect(await send(two.server.url)).toEqual({ status: 401, body: REFUSED });
    expect(await send(one.server.url)).toEqual({ status: 401, body: REFUSED });
  });
});

describe('two login services on one Redis', () => {
  const env = { REDIS_URL, REDIS_PREFIX: `test:${randomUUID()}:` };
  let one: TestLogin;
  let two: TestLogin;

  beforeAll(async () => {
    [one, two] = await Promise.all([startTestLogin(env), startTestLogin(env)]);
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
  });

  it('refuses on the second a ValidateToken the first answered', async () => {
    const send = signedGet(
      one.server.url,
      '/UserCenterApi/ValidateToken',
      [['token', 'x'.repeat(43)]],
      'login-service',
    );
    expect((await send()).status).toBe(200);
    expect(await send(two.server.url)).toEqual({ status: 401, body: REFUSED });
  });
});

describe('the shared replay cache without Redis', () => {
  it('falls back to this process: a sign is first once, then refused, while Redis does not answer', async () => {
    const lines: string[] = [];
    const logger = { ...createLogger('silent', 'test'), warn: (message: string) => lines.push(message) };
    // a port nothing listens on
    const redis = connectRedis('redis://127.0.0.1:1', 'test-unreachable', logger);
    const cache = createRedisReplayCache(redis, { prefix: `test:${randomUUID()}:`, logger });
    expect(await cache.remember('sign-a', 60)).toBe(true);
    expect(await cache.remember('sign-a', 60)).toBe(false);
    expect(lines.some((line) => line.includes('replay cache unreachable'))).toBe(true);
    redis.disconnect();
  });
});
