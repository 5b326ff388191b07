/**
 * Play records over signed HTTP: POST /api/log/AddPlayLog (one row per user and video; the stay time
 * of a viewing is the largest running total it reported, added to earlier viewings; id 0 starts a
 * viewing; lastPlayTime clamped into [0, duration]; decimals rounded down; JSON or form bodies as the
 * unload beacon sends them), the newest 100 per user kept, and GET /api/log/GetPalyLog; what the
 * client reports is held to what is possible (the video's real length, the time since the last report).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadParameter, expectUnsigned } from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import { addMember } from './play-fixture';
import type { ViewLogItem } from '../../upstream/src/main-api/contract';

const ADD = '/api/log/AddPlayLog';
const GET = '/api/log/GetPalyLog';

describe('play records', () => {
  let api: TestApi;
  let viewer: number;
  beforeAll(async () => {
    api = await startTestApi();
    viewer = await addMember(api.store, 'viewer');
  });
  afterAll(() => api.stop());

  /** every field of product-spec §7 AddPlayLog */
  const report = (fields: Record<string, string | number>) =>
    api.client.postJson<number>(ADD, {
      id: 0,
      userId: viewer,
      userName: 'viewer',
      comId: 0,
      comCode: '',
      comName: '',
      catalogId: 100,
      courseId: 1,
      courseName: '唯物辩证法的基本规律',
      videoName: '唯物辩证法的基本规律（1）',
      videoId: 11,
      videoCode: 'V000011',
      lastPlayTime: 0,
      duration: 3801,
      stayTime: 0,
      esLogId: '',
      ...fields,
    });
  const history = async (userId = viewer) =>
    (await api.client.get<ViewLogItem[]>('/api/usercenter/GetViewLogList', { userId })).body.items;
  const stayOf = async (videoId: number) => (await history()).find((v) => v.videoId === videoId)?.stayTime;

  it('a viewing keeps its largest running stay time, whatever order the reports arrive in', async () => {
    const first = await report({ id: 0, lastPlayTime: 1.9, stayTime: 1 });
    expect(first.body).toEqual({ code: 2001, message: '操作成功', items: expect.any(Number) });
    const id = first.body.items;
    for (const [stayTime, lastPlayTime] of [
      [6, 6.5],
      [11.7, 11.2],
      [9, 9],
    ] as const) {
      const res = await report({ id, stayTime, lastPlayTime });
      expect(res.body.items).toBe(id);
    }
    const [row] = await history();
    expect(row).toMatchObject({
      id,
      videoId: 11,
      stayTime: 11,
      lastPlayTime: 9,
      duration: 3801,
      catalogId: 100,
      courseId: 1,
    });
  });

  it('id 0 starts a new viewing: its stay time adds to what the earlier ones accumulated, on the same record', async () => {
    const again = await report({ id: 0, stayTime: 3, lastPlayTime: 100 });
    const id = again.body.items;
    expect(await stayOf(11)).toBe(11 + 3);
    await report({ id, stayTime: 7, lastPlayTime: 104 });
    await report({ id, stayTime: 5, lastPlayTime: 102 }); // the beacon arriving late
    expect(await stayOf(11)).toBe(11 + 7);
    // an id that is not this record's (another video's, or one cleared away) also starts a new viewing
    const other = (await report({ id: 0, videoId: 12, videoCode: 'V000012', duration: 3802, stayTime: 2 })).body.items;
    expect((await report({ id: other, stayTime: 4 })).body.items).toBe(id);
    expect(await stayOf(11)).toBe(11 + 7 + 4);
  });

  it('lastPlayTime is clamped into [0, duration]; decimals are rounded down; a form-encoded beacon works alike', async () => {
    await report({ id: 0, videoId: 13, videoCode: 'V000013', lastPlayTime: 5000, duration: 3803.9, stayTime: 2.99 });
    expect((await history()).find((v) => v.videoId === 13)).toMatchObject({
      lastPlayTime: 3803,
      duration: 3803,
      stayTime: 2,
    });
    const id = (
      await report({ id: 0, videoId: 13, videoCode: 'V000013', lastPlayTime: -4, duration: 3803, stayTime: 0 })
    ).body.items;
    expect((await history()).find((v) => v.videoId === 13)).toMatchObject({ lastPlayTime: 0, stayTime: 2 });

    const beacon = await api.client.postForm<number>(ADD, {
      id,
      userId: viewer,
      userName: 'viewer',
      comId: 0,
      catalogId: 100,
      courseId: 1,
      videoId: 13,
      lastPlayTime: '61.5',
      duration: '3803',
      stayTime: '8.25',
    });
    expect(beacon.body).toEqual({ code: 2001, message: '操作成功', items: id });
    expect((await history()).find((v) => v.videoId === 13)).toMatchObject({ lastPlayTime: 61, stayTime: 2 + 8 });
  });

  it('refuses an unknown video or one of another course (4004), an unknown user and bad numbers (4000)', async () => {
    const count = (await history()).length;
    const unknown = await report({ videoId: 999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 4004, message: '视频不存在', items: null });
    expect((await report({ videoId: 21 })).body.code).toBe(4004);
    expectBadParameter(await report({ userId: 999_999 }), 'userId');
    expectBadParameter(await report({ userId: 0 }), 'userId');
    expectBadParameter(await report({ duration: -1 }), 'duration');
    expectBadParameter(await report({ stayTime: 'lots' }), 'stayTime');
    expectBadParameter(await report({ lastPlayTime: '1e3' }), 'lastPlayTime');
    expectBadParameter(await report({ videoId: '' }), 'videoId');
    expectBadParameter(await report({ videoName: 'x'.repeat(256) }), 'videoName');
    await expectUnsigned(api.server.url, ADD, { userId: String(viewer), videoId: '11' }, 'POST');
    expect(await history()).toHaveLength(count);
  });

  it('GetPalyLog answers the record of a video ({id, lastWatchTime, lastPlayTime, duration}) or null', async () => {
    const id = (
      await report({ id: 0, videoId: 12, videoCode: 'V000012', lastPlayTime: 77, duration: 3802, stayTime: 1 })
    ).body.items;
    const res = await api.client.get(GET, { courseId: 1, catalogId: 100, userId: viewer, videoId: 12 });
    expect(res.body).toEqual({
      code: 2000,
      message: '成功',
      items: {
        id,
        lastWatchTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        lastPlayTime: 77,
        duration: 3802,
      },
    });
    const nobody = await addMember(api.store, 'nobody');
    expect((await api.client.get(GET, { courseId: 1, userId: nobody, videoId: 12 })).body).toEqual({
      code: 2000,
      message: '成功',
      items: null,
    });
    expect((await api.client.get(GET, { courseId: 2, userId: viewer, videoId: 12 })).body.code).toBe(4004);
    expectBadParameter(await api.client.get(GET, { courseId: 1, userId: 999_999, videoId: 12 }), 'userId');
  });

  it('keeps the newest 100 records of a user: the 101st video pushes out the oldest, updates push out nothing', async () => {
    const base = Date.now();
    for (let sort = 1; sort <= 105; sort += 1) {
      await api.store.videos.insert({
        id: 7000 + sort,
        courseId: 8,
        sort: 10 + sort,
        name: `额外的一讲（${sort}）`,
        properTitle: `额外的一讲第${sort}讲`,
        code: `X${7000 + sort}`,
        abstract: '',
        durationSeconds: 600,
        publishTime: base,
        image: `videos/${7000 + sort}.svg`,
        keyframes: [],
        transcript: [],
      });
    }
    const heavy = await addMember(api.store, 'heavy-viewer');
    const other = await addMember(api.store, 'other-viewer');
    await report({ userId: other, videoId: 11 });
    const ids: number[] = [];
    for (let i = 1; i <= 105; i += 1) {
      ids.push(
        (await report({ userId: heavy, videoId: 7000 + i, courseId: 8, duration: 600, stayTime: 1 })).body.items,
      );
    }
    const kept = await history(heavy);
    expect(kept).toHaveLength(100);
    expect(kept.map((v) => v.videoId)).toEqual(Array.from({ length: 100 }, (_, i) => 7105 - i));
    expect(await history(other)).toHaveLength(1);
    // reporting again on kept videos moves them up without pushing anything out
    for (const videoId of [7006, 7050])
      await report({ id: ids[videoId - 7001]!, userId: heavy, videoId, courseId: 8, duration: 600, stayTime: 2 });
    const after = await history(heavy);
    expect(after).toHaveLength(100);
    expect(after.slice(0, 2).map((v) => v.videoId)).toEqual([7050, 7006]);
    expect(after.map((v) => v.videoId)).toContain(7007);
  });
});

describe('play records do not take the client at its word', () => {
  let api: TestApi;
  let viewer: number;
  /** the server's clock runs this far ahead of real time */
  let offset = 0;
  beforeAll(async () => {
    api = await startTestApi({ now: () => Date.now() + offset });
    viewer = await addMember(api.store, 'doubted-viewer');
  });
  afterAll(() => api.stop());

  // video 11 is 3801 s long, video 12 3802 s
  const report = (fields: Record<string, string | number>) =>
    api.client.postJson<number>(ADD, {
      id: 0,
      userId: viewer,
      courseId: 1,
      videoId: 11,
      lastPlayTime: 0,
      duration: 3801,
      stayTime: 0,
      ...fields,
    });
  const record = async (videoId = 11) => (await api.store.playLogs.find(viewer, videoId))!;

  it('position and length are clamped to the video’s real length', async () => {
    await report({ videoId: 12, lastPlayTime: 50_000, duration: 99_999 });
    expect(await record(12)).toMatchObject({ lastPlayTime: 3802, duration: 3802 });
    await report({ videoId: 12, lastPlayTime: 3000, duration: 9_000_000 });
    expect(await record(12)).toMatchObject({ lastPlayTime: 3000, duration: 3802 });
    // a shorter length than the real one (a player's rounding) is kept, the position within it
    await report({ videoId: 12, lastPlayTime: 3000, duration: 2000 });
    expect(await record(12)).toMatchObject({ lastPlayTime: 2000, duration: 2000 });
  });

  it('a report of length 0 (the media not read yet) keeps the resume point; a first one starts at 0 of the real length', async () => {
    const id = (await report({ lastPlayTime: 1234, duration: 3801 })).body.items;
    expect((await report({ id, lastPlayTime: 0, duration: 0 })).body.items).toBe(id);
    const resume = await api.client.get<{ lastPlayTime: number; duration: number }>(GET, {
      courseId: 1,
      userId: viewer,
      videoId: 11,
    });
    expect(resume.body.items).toMatchObject({ lastPlayTime: 1234, duration: 3801 });
    await report({ videoId: 13, lastPlayTime: 500, duration: 0 });
    expect(await record(13)).toMatchObject({ lastPlayTime: 0, duration: 3803 });
  });

  it('a report adds to the stay time at most the time since the previous report plus 10 s; a new viewing starts at most 10 s in', async () => {
    const fresh = await addMember(api.store, 'stay-viewer');
    const stay = async () => (await api.store.playLogs.find(fresh, 11))!.stayTime;
    const id = (await report({ userId: fresh, stayTime: 10_000_000 })).body.items;
    expect(await stay()).toBe(10);
    // a minute later the viewing may have grown by that minute (plus the slack), not by 115 days
    offset += 60_000;
    await report({ userId: fresh, id, stayTime: 10_000_000 });
    expect(await stay()).toBe(10 + 60 + 10);
    // a player reporting honestly every 5 s loses nothing
    let honest = await stay();
    for (let i = 0; i < 4; i += 1) {
      offset += 5_000;
      honest += 5;
      await report({ userId: fresh, id, stayTime: honest });
      expect(await stay()).toBe(honest);
    }
    // a late beacon with a smaller total changes nothing; a new viewing adds at most 10 s
    await report({ userId: fresh, id, stayTime: 3 });
    expect(await stay()).toBe(honest);
    await report({ userId: fresh, id: 0, stayTime: 10_000_000 });
    expect(await stay()).toBe(honest + 10);
  });
});
