/**
 * POST /api/log/AddPlayLogs over signed HTTP: several play reports in one call (the gateway's
 * coalesced reports), written in one transaction, each answered in order as AddPlayLog answers it
 * (its log id, or its own refusal, the others written all the same), with AddPlayLog's rules
 * (one row per user and video, stay time of a viewing, clamping, stale ids, the newest 100 kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectUnsigned } from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import { addMember } from './play-fixture';
import type { ViewLogItem } from '../../upstream/src/main-api/contract';

const ADD = '/api/log/AddPlayLog';
const ADD_MANY = '/api/log/AddPlayLogs';

interface ItemEnvelope {
  code: number;
  message: string;
  items: number | null;
}

describe('AddPlayLogs: play reports in one call', () => {
  let api: TestApi;
  let alice: number;
  let bob: number;
  beforeAll(async () => {
    api = await startTestApi();
    alice = await addMember(api.store, 'batch-alice');
    bob = await addMember(api.store, 'batch-bob');
  });
  afterAll(() => api.stop());

  // video 11 is 3801 s long (course 1), video 12 3802 s
  const log = (fields: Record<string, string | number>) => ({
    id: 0,
    userId: alice,
    userName: 'alice',
    comId: 0,
    catalogId: 100,
    courseId: 1,
    videoId: 11,
    lastPlayTime: 0,
    duration: 3801,
    stayTime: 0,
    ...fields,
  });
  const send = (logs: unknown) =>
    api.client.postJson<ItemEnvelope[]>(ADD_MANY, { logs: typeof logs === 'string' ? logs : JSON.stringify(logs) });
  const history = async (userId: number) =>
    (await api.client.get<ViewLogItem[]>('/api/usercenter/GetViewLogList', { userId })).body.items;

  it('answers each report as AddPlayLog would, in order, and writes them all', async () => {
    const res = await send([
      log({ stayTime: 1, lastPlayTime: 1.5 }),
      log({ userId: bob, userName: 'bob', videoId: 12, duration: 3802, stayTime: 2, lastPlayTime: 99_999 }),
      log({ videoId: 13, duration: 3803, stayTime: 3, lastPlayTime: 30 }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2001);
    const answers = res.body.items;
    expect(answers).toHaveLength(3);
    for (const answer of answers)
      expect(answer).toEqual({ code: 2001, message: '操作成功', items: expect.any(Number) });
    const [a11, b12, a13] = answers.map((answer) => answer.items!);
    expect(new Set([a11, b12, a13]).size).toBe(3);
    expect(await api.store.playLogs.find(alice, 11)).toMatchObject({ id: a11, lastPlayTime: 1, stayTime: 1 });
    // clamped to the video's real length, as AddPlayLog clamps
    expect(await api.store.playLogs.find(bob, 12)).toMatchObject({
      id: b12,
      lastPlayTime: 3802,
      duration: 3802,
      stayTime: 2,
    });
    expect(await api.store.playLogs.find(alice, 13)).toMatchObject({ id: a13, lastPlayTime: 30, stayTime: 3 });
  });

  it('continues viewings by their ids, keeps the largest running total, and a stale id starts a new viewing', async () => {
    const a11 = (await api.store.playLogs.find(alice, 11))!.id;
    const a13 = (await api.store.playLogs.find(alice, 13))!.id;
    const res = await send([
      log({ id: a11, stayTime: 6, lastPlayTime: 6 }),
      // the same viewing twice in one call (a beacon arriving late): the larger total stays
      log({ id: a11, stayTime: 4, lastPlayTime: 4 }),
      // video 13 reported with video 11's id: not this record's, so a new viewing of 13 (adds to 3)
      log({ id: a11, videoId: 13, duration: 3803, stayTime: 5, lastPlayTime: 40 }),
    ]);
    expect(res.body.items.map((answer) => answer.items)).toEqual([a11, a11, a13]);
    expect(await api.store.playLogs.find(alice, 11)).toMatchObject({ stayTime: 6, lastPlayTime: 4 });
    expect(await api.store.playLogs.find(alice, 13)).toMatchObject({ stayTime: 3 + 5, lastPlayTime: 40 });
    // the single call sees the same records
    const single = await api.client.postJson<number>(ADD, log({ id: a11, stayTime: 9, lastPlayTime: 9 }));
    expect(single.body.items).toBe(a11);
    expect(await api.store.playLogs.find(alice, 11)).toMatchObject({ stayTime: 9 });
  });

  it('a refused report gets its own refusal; the others of the call are written', async () => {
    const before = (await history(bob)).length;
    const res = await send([
      log({ userId: bob, videoId: 999 }),
      log({ userId: 999_999 }),
      log({ userId: bob, stayTime: 'lots' }),
      log({ userId: bob, videoId: 21 }),
      'not an object',
      log({ userId: bob, videoId: 13, duration: 3803, stayTime: 1 }),
    ]);
    expect(res.body.code).toBe(2001);
    const [unknownVideo, unknownUser, badNumber, otherCourse, notObject, fine] = res.body.items;
    expect(unknownVideo).toEqual({ code: 4004, message: '视频不存在', items: null });
    expect(unknownUser).toMatchObject({ code: 4000, items: null });
    expect(badNumber).toMatchObject({ code: 4000, message: expect.stringContaining('stayTime'), items: null });
    expect(otherCourse).toMatchObject({ code: 4004, items: null });
    expect(notObject).toMatchObject({ code: 4000, items: null });
    expect(fine).toEqual({ code: 2001, message: '操作成功', items: expect.any(Number) });
    expect(await history(bob)).toHaveLength(before + 1);
    expect((await api.store.playLogs.find(bob, 13))!.id).toBe(fine!.items);
  });

  it('refuses a call whose logs are not a JSON array of 1 to 100 reports, and an unsigned call', async () => {
    for (const logs of ['', '{"userId":1}', '[', '[]', JSON.stringify(Array.from({ length: 101 }, () => log({})))]) {
      const res = await send(logs);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 4000, items: null });
      expect(res.body.message).toContain('logs');
    }
    await expectUnsigned(api.server.url, ADD_MANY, { logs: JSON.stringify([log({})]) }, 'POST');
  });

  it('keeps the newest 100 records of a user when a call creates many', async () => {
    const base = Date.now();
    for (let sort = 1; sort <= 105; sort += 1) {
      await api.store.videos.insert({
        id: 8000 + sort,
        courseId: 8,
        sort: 200 + sort,
        name: `批量的一讲（${sort}）`,
        properTitle: `批量的一讲第${sort}讲`,
        code: `B${8000 + sort}`,
        abstract: '',
        durationSeconds: 600,
        publishTime: base,
        image: `videos/${8000 + sort}.svg`,
        keyframes: [],
        transcript: [],
      });
    }
    const heavy = await addMember(api.store, 'batch-heavy');
    const first = await send(
      Array.from({ length: 100 }, (_, i) =>
        log({ userId: heavy, videoId: 8001 + i, courseId: 8, duration: 600, stayTime: 1 }),
      ),
    );
    expect(first.body.items.every((answer) => answer.code === 2001)).toBe(true);
    await send(
      Array.from({ length: 5 }, (_, i) =>
        log({ userId: heavy, videoId: 8101 + i, courseId: 8, duration: 600, stayTime: 1 }),
      ),
    );
    expect(await api.store.playLogs.countByUser(heavy)).toBe(100);
    expect(await api.store.playLogs.find(heavy, 8001)).toBeUndefined();
    expect(await api.store.playLogs.find(heavy, 8105)).toBeDefined();
  });
});
