/**
 * The main API's background AI-content batches never wait for the write lock: while another
 * process writes the database (a rebuild, an import, `npm run ai:content`), a batch stops at its
 * first write instead of holding up the event loop, and every request with it, for the 5 s busy
 * timeout per video; the next batch, once the lock is free, writes what was left.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createContentWriter, runContentJob } from '../../upstream/src/ai/content';
import { loadUpstreamConfig } from '../../upstream/src/config';
import { DATABASE_FILE, openStore } from '../../upstream/src/store';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { fixtureContent } from './fixture';

describe('AI content in the background while another process writes', async () => {
  // the fixture content (20 videos) and no AI content yet
  const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-ai-busy-'));
  const store = openStore(dir);
  await seedDemoContent(store, fixtureContent(), store.mediaDir);
  const other = new Database(path.join(dir, DATABASE_FILE));
  afterAll(async () => {
    other.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const writer = createContentWriter(loadUpstreamConfig({}).ai);

  it('writes without waiting for the lock, stops the batch at the first busy write, and writes it all once the lock is free', async () => {
    // the store as the job sees it, counting its writes that try the lock once
    let triedOnce = 0;
    const counted = new Proxy(store, {
      get: (target, key, receiver) =>
        key === 'withoutWaiting'
          ? <T>(fn: () => Promise<T>): Promise<T> => {
              triedOnce++;
              return target.withoutWaiting(fn);
            }
          : Reflect.get(target, key, receiver),
    });
    other.prepare('BEGIN IMMEDIATE').run();
    let busy;
    try {
      busy = await runContentJob(counted, { writer, limit: 5, yieldBetween: true });
    } finally {
      other.prepare('ROLLBACK').run();
    }
    expect(busy).toMatchObject({ generated: 0, failed: 0, interrupted: true });
    expect(triedOnce).toBe(1);
    // the connection's own busy timeout is back for everything else
    expect(await store.withoutWaiting(async () => 1)).toBe(1);

    const next = await runContentJob(counted, { writer, limit: 5, yieldBetween: true });
    expect(next).toMatchObject({ generated: 5, failed: 0, interrupted: false });
    expect(triedOnce).toBe(1 + 5);
  });
});
