/**
 * Play reports coalesced on their way to the main API (gateway/src/play/playLogBatch.ts): reports
 * made at the same moment travel in one AddPlayLogs call, and each caller still gets its own answer
 * (its log id, or its own refusal); an upstream without AddPlayLogs gets AddPlayLog per report; and
 * through the gateway, viewers reporting at once (mutation and beacon) each continue their own viewing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayLogBatcher } from '../../gateway/src/play/playLogBatch';
import { createLogger } from '../../gateway/src/logger';
import { UpstreamClient, type RequestScope } from '../../gateway/src/upstream/client';
import type { PlayLogFields } from '../../gateway/src/upstream/mainApi';
import { startPlatform, type Platform, type TestGateway } from './harness';
import { courseWithVideos, type PlayCourse } from './play-fixture';

let platform: Platform;
let gateway: TestGateway;
let course: PlayCourse;

beforeAll(async () => {
  platform = await startPlatform();
  gateway = await platform.gateway();
  course = courseWithVideos(platform);
});

afterAll(async () => {
  await platform?.stop();
});

const clientOf = (baseUrl: string) =>
  new UpstreamClient({
    baseUrl,
    secret: platform.upstream.config.apiSecret,
    algorithm: platform.upstream.config.signAlgorithm,
    productId: 1,
    timeoutMs: 10_000,
    logger: createLogger('silent'),
  });

const fieldsOf = (userId: number, extra: Partial<PlayLogFields> = {}): PlayLogFields => ({
  id: 0,
  userId,
  userName: `user${userId}`,
  comId: 0,
  comCode: '',
  comName: '',
  catalogId: course.catalogueId,
  courseId: course.id,
  courseName: '',
  videoName: '',
  videoId: course.videoIds[0]!,
  videoCode: '',
  lastPlayTime: 10,
  duration: 60,
  stayTime: 5,
  esLogId: '',
  ...extra,
});

const rowOf = (userId: number, videoId: number) =>
  platform.db
    .prepare(
      'SELECT id, stay_time AS stayTime, last_play_time AS lastPlayTime FROM play_logs WHERE user_id = ? AND video_id = ?',
    )
    .get(userId, videoId) as { id: number; stayTime: number; lastPlayTime: number } | undefined;

describe('PlayLogBatcher against the main API', () => {
  it('sends reports made together in one call and answers each with its own log id or refusal', async () => {
    const client = clientOf(platform.upstream.server.url);
    const batcher = new PlayLogBatcher(client, createLogger('silent'), { windowMs: 50 });
    const users = [
      await platform.addUser('batch-u1'),
      await platform.addUser('batch-u2'),
      await platform.addUser('batch-u3'),
    ];
    const scope: RequestScope = { clientAddress: null, upstreamRequests: 0 };
    try {
      const results = await Promise.all([
        ...users.map((userId, index) =>
          batcher.add(fieldsOf(userId, { stayTime: 3 + index, lastPlayTime: 20 + index }), scope),
        ),
        batcher.add(fieldsOf(users[0]!, { videoId: 999_999 }), scope),
      ]);
      expect(batcher.callsSent).toBe(1);
      // each caller counts its report as one upstream request of its operation
      expect(scope.upstreamRequests).toBe(4);
      users.forEach((userId, index) => {
        const row = rowOf(userId, course.videoIds[0]!)!;
        expect(results[index]).toEqual({ ok: true, items: row.id, message: '操作成功' });
        expect(row).toMatchObject({ stayTime: 3 + index, lastPlayTime: 20 + index });
      });
      expect(results[3]).toEqual({ ok: false, code: 4004, message: '视频不存在' });
      // the next moment's reports go in a call of their own, continuing the viewings
      const next = await Promise.all(
        users.map((userId, index) =>
          batcher.add(
            fieldsOf(userId, { id: (results[index] as { items: number }).items, stayTime: 8 + index }),
            scope,
          ),
        ),
      );
      expect(batcher.callsSent).toBe(2);
      users.forEach((userId, index) => {
        expect(next[index]).toMatchObject({ ok: true, items: rowOf(userId, course.videoIds[0]!)!.id });
        expect(rowOf(userId, course.videoIds[0]!)!.stayTime).toBe(8 + index);
      });
    } finally {
      await client.close();
    }
  });

  it('sends a full batch at once, without waiting for the window', async () => {
    const client = clientOf(platform.upstream.server.url);
    const batcher = new PlayLogBatcher(client, createLogger('silent'), { windowMs: 60_000, maxReports: 2 });
    const userId = await platform.addUser('batch-full');
    try {
      const results = await Promise.all([
        batcher.add(fieldsOf(userId, { videoId: course.videoIds[1]! }), { clientAddress: null, upstreamRequests: 0 }),
        batcher.add(fieldsOf(userId, { videoId: course.videoIds[2]! }), { clientAddress: null, upstreamRequests: 0 }),
      ]);
      expect(results.map((r) => r.ok)).toEqual([true, true]);
      expect(batcher.callsSent).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('falls back to AddPlayLog per report when the main API has no AddPlayLogs', async () => {
    // an older main API: AddPlayLogs is an unknown path (4004 接口不存在); AddPlayLog answers a log id
    const seen: string[] = [];
    let nextId = 500;
    const older: Server = createServer((req, res) => {
      seen.push(req.url ?? '');
      req.resume();
      req.on('end', () => {
        res.writeHead(req.url === '/api/log/AddPlayLog' ? 200 : 404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            req.url === '/api/log/AddPlayLog'
              ? { code: 2001, message: '操作成功', items: nextId++ }
              : { code: 4004, message: '接口不存在', items: null },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => older.listen(0, '127.0.0.1', resolve));
    const client = clientOf(`http://127.0.0.1:${(older.address() as AddressInfo).port}`);
    const batcher = new PlayLogBatcher(client, createLogger('silent'), { windowMs: 20 });
    try {
      const scope: RequestScope = { clientAddress: null, upstreamRequests: 0 };
      const first = await Promise.all([batcher.add(fieldsOf(1), scope), batcher.add(fieldsOf(2), scope)]);
      expect(first.map((r) => (r.ok ? r.items : null)).sort()).toEqual([500, 501]);
      const later = await batcher.add(fieldsOf(3), scope);
      expect(later).toEqual({ ok: true, items: 502, message: '操作成功' });
      expect(seen).toEqual([
        '/api/log/AddPlayLogs',
        '/api/log/AddPlayLog',
        '/api/log/AddPlayLog',
        '/api/log/AddPlayLog',
      ]);
    } finally {
      await client.close();
      await new Promise((resolve) => older.close(resolve));
    }
  });
});

describe('viewers reporting at the same moment through the gateway', () => {
  const REPORT = `mutation M($input: ReportPlayInput!) { reportPlay(input: $input) { logId errors { code message field } } }`;

  it('each gets the log id of their own record, and continues their own viewing (mutation and beacon)', async () => {
    const viewers = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const userId = await platform.addUser(`together-${index}`);
        return {
          userId,
          cookie: `utoken=${(await platform.signIn(`together-${index}`, 'Passw0rd2026')).token}`,
          videoId: course.videoIds[index % 3]!,
        };
      }),
    );
    const report = (viewer: (typeof viewers)[number], extra: Record<string, unknown>) =>
      gateway.graphql(
        REPORT,
        {
          input: {
            videoId: viewer.videoId,
            courseId: course.id,
            catalogueId: course.catalogueId,
            duration: 60,
            ...extra,
          },
        },
        { cookie: viewer.cookie },
      );
    const first = await Promise.all(
      viewers.map((viewer, index) => report(viewer, { lastPlayTime: index, stayTime: 1 })),
    );
    const logIds = first.map((response) => {
      expect(response.body.data.reportPlay.errors).toEqual([]);
      return response.body.data.reportPlay.logId as string;
    });
    viewers.forEach((viewer, index) => expect(Number(logIds[index])).toBe(rowOf(viewer.userId, viewer.videoId)!.id));
    const second = await Promise.all(
      viewers.map((viewer, index) => report(viewer, { logId: logIds[index], lastPlayTime: 5 + index, stayTime: 5 })),
    );
    expect(second.map((response) => response.body.data.reportPlay.logId)).toEqual(logIds);
    // the last reports by beacon, all at once
    const beacons = await Promise.all(
      viewers.map((viewer, index) =>
        fetch(`${gateway.url}/beacon/play-log`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'sec-fetch-site': 'same-origin',
            cookie: viewer.cookie,
          },
          body: new URLSearchParams({
            logId: logIds[index]!,
            videoId: String(viewer.videoId),
            courseId: String(course.id),
            lastPlayTime: String(7 + index),
            duration: '60',
            stayTime: '7',
          }).toString(),
        }),
      ),
    );
    expect(beacons.map((response) => response.status)).toEqual(viewers.map(() => 204));
    viewers.forEach((viewer, index) =>
      expect(rowOf(viewer.userId, viewer.videoId)).toEqual({
        id: Number(logIds[index]),
        stayTime: 7,
        lastPlayTime: 7 + index,
      }),
    );
  });
});
