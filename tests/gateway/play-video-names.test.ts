/**
 * The names play logs carry (gateway/src/play/videoNames.ts), kept by the process between reports,
 * read from the real main API: a video published after its course was read is found by reading the
 * course again (at most once per RELOAD_THROTTLE_MS), and made-up courses do not push real ones out.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../gateway/src/logger';
import { MAX_COURSES, PlayVideoNames, RELOAD_THROTTLE_MS } from '../../gateway/src/play/videoNames';
import { UpstreamClient, type RequestScope } from '../../gateway/src/upstream/client';
import { MainApi } from '../../gateway/src/upstream/mainApi';
import { DATABASE_FILE } from '../../upstream/src/store';
import { startUpstream, type Upstream } from './harness';

let upstream: Upstream;
let client: UpstreamClient;
let db: Database.Database;
let course: { id: number; videoIds: number[] };

beforeAll(async () => {
  upstream = await startUpstream();
  client = new UpstreamClient({
    baseUrl: upstream.server.url,
    secret: upstream.config.apiSecret,
    algorithm: upstream.config.signAlgorithm,
    productId: 1,
    timeoutMs: 10_000,
    logger: createLogger('silent'),
    connections: 32,
  });
  db = new Database(path.join(upstream.dataDir, DATABASE_FILE));
  db.pragma('busy_timeout = 5000');
  const id = (
    db.prepare('SELECT course_id AS id FROM videos GROUP BY course_id ORDER BY course_id LIMIT 1').get() as {
      id: number;
    }
  ).id;
  course = {
    id,
    videoIds: (db.prepare('SELECT id FROM videos WHERE course_id = ? ORDER BY id').all(id) as { id: number }[]).map(
      (row) => row.id,
    ),
  };
});

afterAll(async () => {
  db?.close();
  await client?.close();
  await upstream?.stop();
});

/** A MainApi of one request, with its own count of upstream calls. */
function api(): { api: MainApi; scope: RequestScope } {
  const scope: RequestScope = { clientAddress: null, upstreamRequests: 0, upstreamBudget: 100_000 };
  return {
    api: new MainApi(
      client,
      scope,
      1,
      async () => ({ comId: 0, comCode: '' }),
      async () => null,
    ),
    scope,
  };
}

function publishVideo(courseId: number, name: string): number {
  const info = db
    .prepare(
      `INSERT INTO videos (course_id, sort, name, proper_title, code, abstract, duration_seconds, publish_time, image)
       VALUES (?, 999, ?, '', ?, '', 60, ?, '')`,
    )
    .run(courseId, name, `late-${courseId}-${Date.now()}-${Math.random().toString(36).slice(2)}`, Date.now());
  return Number(info.lastInsertRowid);
}

describe('PlayVideoNames', () => {
  it('finds a video published after its course was read by reading the course again, at most once per throttle period', async () => {
    let now = 1_000_000;
    const names = new PlayVideoNames(() => now);
    const first = api();
    expect(await names.of(first.api, course.id, course.videoIds[0]!)).toMatchObject({ courseName: expect.any(String) });
    expect(first.scope.upstreamRequests).toBe(1);

    // published now: within the throttle period after the read, the miss is answered from memory
    const late = publishVideo(course.id, '新发布的一讲');
    const soon = api();
    expect(await names.of(soon.api, course.id, late)).toBeNull();
    expect(soon.scope.upstreamRequests).toBe(0);

    now += RELOAD_THROTTLE_MS;
    const later = api();
    expect(await names.of(later.api, course.id, late)).toMatchObject({ videoName: '新发布的一讲' });
    expect(later.scope.upstreamRequests).toBe(1);

    // a video the course really does not have costs one read per throttle period, not one per report
    const missing = api();
    for (let i = 0; i < 5; i += 1) expect(await names.of(missing.api, course.id, 999_999_999)).toBeNull();
    expect(missing.scope.upstreamRequests).toBe(0);
    now += RELOAD_THROTTLE_MS;
    for (let i = 0; i < 5; i += 1) expect(await names.of(missing.api, course.id, 999_999_999)).toBeNull();
    expect(missing.scope.upstreamRequests).toBe(1);
  });

  it(
    'keeps the real courses when reports name more made-up courses than it remembers courses',
    { timeout: 60_000 },
    async () => {
      const names = new PlayVideoNames();
      const warm = api();
      await names.of(warm.api, course.id, course.videoIds[0]!);
      const flood = api();
      const unknownIds = Array.from({ length: MAX_COURSES + 1 }, (_, i) => 900_000_000 + i);
      for (let start = 0; start < unknownIds.length; start += 100) {
        await Promise.all(unknownIds.slice(start, start + 100).map((courseId) => names.of(flood.api, courseId, 1)));
      }
      expect(flood.scope.upstreamRequests).toBe(MAX_COURSES + 1);
      const after = api();
      expect(await names.of(after.api, course.id, course.videoIds[0]!)).not.toBeNull();
      expect(after.scope.upstreamRequests).toBe(0);
      expect(names.size.courses).toBe(1);
    },
  );
});
