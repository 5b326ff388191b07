/**
 * AI answers streaming at once are counted across main-API replicas (REDIS_URL,
 * upstream/src/ai/streaming-slots.ts): AI_MAX_CONCURRENT answers in all and 2 of one user, whichever
 * replica they stream from; a slot comes back when its answer ends, or when its lease runs out (a
 * replica that died mid-answer); while Redis does not answer, a replica counts its own. Real Redis
 * (127.0.0.1:6379, REDIS_URL to override), a prefix per test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../upstream/src/http/redis-replay-cache';
import { createRedisSlots, type SlotVerdict } from '../../upstream/src/ai/streaming-slots';
import { createLogger } from '../../upstream/src/logger';
import { ask } from './ai-stream-client';
import { startTestApi, type TestApi } from './harness';
import { addMember } from './play-fixture';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const logger = createLogger('silent', 'test');

describe('slots in Redis, taken by two replicas', () => {
  const redis = connectRedis(REDIS_URL, 'test-ai-slots', logger);
  beforeAll(() => redis.connect());
  afterAll(() => redis.quit());
  const replicas = (limits: { perUser: number; everyone: number; leaseMs?: number }) => {
    const prefix = `test:${randomUUID()}:`;
    const options = { prefix, leaseMs: limits.leaseMs ?? 60_000, perUser: limits.perUser, everyone: limits.everyone };
    return [createRedisSlots(redis, options), createRedisSlots(redis, options)] as const;
  };
  const taken = (verdict: SlotVerdict) =>
    verdict.ok ? verdict : expect.fail(`refused: ${verdict.ok ? '' : verdict.full}`);

  it("counts one user's answers on both replicas together", async () => {
    const [one, two] = replicas({ perUser: 2, everyone: 10 });
    const first = taken(await one.take(7));
    taken(await two.take(7));
    expect(await one.take(7)).toEqual({ ok: false, full: 'user' });
    expect(await two.take(7)).toEqual({ ok: false, full: 'user' });
    taken(await two.take(8));
    first.release();
    await expect.poll(async () => (await two.take(7)).ok).toBe(true);
  });

  it("counts everyone's answers on both replicas together", async () => {
    const [one, two] = replicas({ perUser: 2, everyone: 2 });
    taken(await one.take(1));
    const second = taken(await two.take(2));
    expect(await one.take(3)).toEqual({ ok: false, full: 'everyone' });
    expect(await two.take(3)).toEqual({ ok: false, full: 'everyone' });
    second.release();
    await expect.poll(async () => (await one.take(3)).ok).toBe(true);
  });

  it('gives a slot back when its lease runs out, as when its replica died mid-answer', async () => {
    const [one, two] = replicas({ perUser: 1, everyone: 1, leaseMs: 300 });
    taken(await one.take(1));
    expect(await two.take(2)).toEqual({ ok: false, full: 'everyone' });
    // never released: only the lease frees it
    await expect.poll(async () => (await two.take(2)).ok, { timeout: 10_000 }).toBe(true);
  });

  it('counts in this process while Redis does not answer', async () => {
    const failures: unknown[] = [];
    const away = connectRedis('redis://127.0.0.1:1', 'test-unreachable', logger);
    const slots = createRedisSlots(away, {
      prefix: 'test:away:',
      leaseMs: 60_000,
      perUser: 1,
      everyone: 5,
      onRedisFailed: (e) => failures.push(e),
    });
    taken(await slots.take(1));
    expect(await slots.take(1)).toEqual({ ok: false, full: 'user' });
    expect(failures.length).toBeGreaterThan(0);
    away.disconnect();
  });
});

describe('two main APIs on one Redis with AI_MAX_CONCURRENT=1', () => {
  const env = { REDIS_URL, REDIS_PREFIX: `test:${randomUUID()}:`, AI_MAX_CONCURRENT: '1', AI_RETRIEVAL_PACE_MS: '50' };
  let one: TestApi;
  let two: TestApi;

  beforeAll(async () => {
    [one, two] = await Promise.all([startTestApi({ env }), startTestApi({ env })]);
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
  });

  it('refuses on the second an answer while the first streams one, and takes it once that one ended', async () => {
    const question = '唯物辩证法的基本规律是什么？';
    let refusal: unknown;
    let stop = false;
    const otherAsker = await addMember(two.store, 'asker-two');
    const streaming = ask(one.client, { question, userId: await addMember(one.store, 'asker-one') }, () => {
      if (refusal === undefined) {
        refusal = null;
        // asked on the other replica while this answer streams
        void ask(two.client, { question, userId: otherAsker }).then((result) => {
          refusal = result.envelope;
          stop = true;
        });
      }
      return stop;
    });
    await streaming;
    expect(refusal).toEqual({ code: -1, message: '当前提问人数较多，请稍后再试', items: null });
    // the first answer over (its client went away), its slot is free for the other replica
    await expect
      .poll(
        async () =>
          (await ask(two.client, { question, userId: await addMember(two.store, `asker-${randomUUID().slice(0, 8)}`) }))
            .chunks.length > 0,
      )
      .toBe(true);
  });
});
