/**
 * Expired fragments go away without their owner: the main API deletes every user's expired
 * fragments, rows and cut files, when it starts and every hour after (the timer stops with the
 * server), and at start-up removes the half-written `*.partial.mp4` cuts a stopped process left.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMainApi } from '../../upstream/src/main-api/server';
import { startTestApi, type TestApi } from './harness';
import { addMember } from './play-fixture';

const DAY_MS = 86_400_000;

describe('sweeping expired fragments', () => {
  let api: TestApi;
  let owner: number;
  beforeAll(async () => {
    api = await startTestApi();
    owner = await addMember(api.store, 'sweep-owner');
  });
  afterAll(() => api.stop());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** a fragment of video 11 with a cut file, created `createdAt` */
  const fragment = async (name: string, createdAt: number) => {
    const videoAddress = `/media/fragments/${owner}/${name}.mp4`;
    const file = path.join(api.store.mediaDir, 'fragments', String(owner), `${name}.mp4`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'mp4');
    const row = (await api.store.fragments.insert(
      { userId: owner, videoId: 11, fragmentName: name, startTime: 0, endTime: 5, download: 1, videoAddress },
      createdAt,
    ))!;
    return { id: row.id, file };
  };
  const exists = async (id: number) => (await api.store.fragments.get(id)) !== undefined;

  it('at start-up: expired fragments and their files are deleted, unexpired ones kept, half-written cuts removed', async () => {
    const expired = await fragment('expired', Date.now() - 31 * DAY_MS);
    const kept = await fragment('kept', Date.now() - 29 * DAY_MS);
    const partial = path.join(api.store.mediaDir, 'fragments', String(owner), `${kept.id}-abc.mp4.partial.mp4`);
    writeFileSync(partial, 'half');
    const unrelated = path.join(api.store.mediaDir, 'fragments', String(owner), 'notes.txt');
    writeFileSync(unrelated, 'x');

    const again = await startMainApi({ config: api.config, store: api.store, port: 0 });
    try {
      expect(await exists(expired.id)).toBe(false);
      expect(existsSync(expired.file)).toBe(false);
      expect(await exists(kept.id)).toBe(true);
      expect(existsSync(kept.file)).toBe(true);
      expect(existsSync(partial)).toBe(false);
      expect(existsSync(unrelated)).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('every hour while it runs, with the server’s clock; not after close', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let offset = 0;
    const server = await startMainApi({
      config: api.config,
      store: api.store,
      port: 0,
      now: () => Date.now() + offset,
    });
    try {
      // 30 days and a little: not yet expired at start-up
      const soon = await fragment('soon', Date.now() - 30 * DAY_MS + 60_000);
      vi.advanceTimersByTime(60 * 60_000);
      expect(await exists(soon.id)).toBe(true);
      offset = 2 * 60_000; // two minutes on, it has expired: the next hourly sweep takes it
      vi.advanceTimersByTime(60 * 60_000);
      expect(await exists(soon.id)).toBe(false);
      expect(existsSync(soon.file)).toBe(false);
    } finally {
      await server.close();
    }
    const later = await fragment('later', Date.now() - 31 * DAY_MS);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(2 * 60 * 60_000);
    expect(await exists(later.id)).toBe(true);
  });
});
