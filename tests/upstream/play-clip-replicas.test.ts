/**
 * Clip cutting stays inside its request (upstream/SCALING.md), and with REDIS_URL its limits count
 * across every main API: one cut of a user at a time and MAX_CONCURRENT_CLIPS cuts in all, whichever
 * replica runs them (main-api/services/fragment-service.ts, createClipSlots). A main API started with
 * REDIS_URL answers ClipVideo; another replica's cuts are slots taken in the same Redis
 * (127.0.0.1:6379, REDIS_URL to override; a prefix per test). Real ffmpeg, real Redis.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlotVerdict } from '../../upstream/src/ai/streaming-slots';
import { connectRedis } from '../../upstream/src/http/redis-replay-cache';
import { MAX_CONCURRENT_CLIPS } from '../../upstream/src/learning-limits';
import { createLogger } from '../../upstream/src/logger';
import type { FragmentItem } from '../../upstream/src/main-api/contract';
import { CLIP_BUSY, CLIP_USER_BUSY, createClipSlots } from '../../upstream/src/main-api/services/fragment-service';
import { startTestApi, type TestApi } from './harness';
import { addMember, addTestMedia, expectRefused } from './play-fixture';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('ClipVideo limits across main-API replicas (REDIS_URL)', () => {
  const prefix = `test:${randomUUID()}:`;
  const redis = connectRedis(REDIS_URL, 'test-clip-slots', createLogger('silent', 'test'));
  /** the other replica: its cuts are slots in the same Redis */
  const otherReplica = createClipSlots(redis, prefix);
  let api: TestApi;
  let clipper: number;

  beforeAll(async () => {
    await redis.connect();
    api = await startTestApi({ env: { REDIS_URL, REDIS_PREFIX: prefix } });
    clipper = await addMember(api.store, 'replica-clipper');
    await addTestMedia(api.store, 11, 'V000011', 30);
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await redis.quit();
  });

  const clip = (userId: number, startTime: number) =>
    api.client.get<FragmentItem>('/api/play/ClipVideo', {
      videoCode: 'V000011',
      userId,
      productId: 1,
      startTime,
      endTime: startTime + 3,
    });
  const cutOnOtherReplica = async (userId: number) => {
    const verdict: SlotVerdict = await otherReplica.take(userId);
    if (!verdict.ok) throw new Error(`the other replica could not cut for ${userId}: ${verdict.full}`);
    return verdict.release;
  };

  it("refuses a user's second cut while their first runs on another replica, and cuts once it ended", async () => {
    const release = await cutOnOtherReplica(clipper);
    expectRefused(await clip(clipper, 0), CLIP_USER_BUSY);
    release();
    let res = await clip(clipper, 0);
    // the release is sent, not awaited: it lands within a moment
    for (let tries = 0; res.body.code !== 2001 && tries < 50; tries++) res = await clip(clipper, 0);
    expect(res.body.code).toBe(2001);
    expect(existsSync(path.join(api.store.mediaDir, ...res.body.items.videoAddress.split('/').slice(2)))).toBe(true);
    // and this replica gave its slot back when the cut ended
    const releases: (() => void)[] = [];
    await expect
      .poll(async () => {
        const verdict = await otherReplica.take(clipper);
        if (verdict.ok) releases.push(verdict.release);
        return verdict.ok;
      })
      .toBe(true);
    for (const release of releases) release();
  });

  it('refuses a cut while MAX_CONCURRENT_CLIPS run on other replicas', async () => {
    const others = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_CLIPS }, (_, i) => addMember(api.store, `other-${i}`)),
    );
    const releases = await Promise.all(others.map((userId) => cutOnOtherReplica(userId)));
    const user = await addMember(api.store, 'third-clipper');
    expectRefused(await clip(user, 5), CLIP_BUSY);
    releases[0]!();
    await expect.poll(async () => (await clip(user, 5)).body.code).toBe(2001);
    for (const release of releases) release();
  });
});
