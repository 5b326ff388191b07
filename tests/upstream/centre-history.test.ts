/**
 * 历史记录 over HTTP: GET /api/usercenter/GetViewLogList (newest first, the ViewLog shape, at most
 * PLAY_LOG_KEEP = 100 because every write through the store's record() prunes the user's older
 * records) and POST /api/usercenter/ClearViewLog, which clears the caller's records and nobody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, addUser, expectUnknownUserRefused, expectUnsigned } from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import type { ViewLogItem } from '../../upstream/src/main-api/contract';

const LIST = '/api/usercenter/GetViewLogList';
const CLEAR = '/api/usercenter/ClearViewLog';
/** the fixture's videos: course c has videos c*10+1 .. c*10+n */
const VIDEO_IDS = [11, 12, 13, 21, 22, 31, 32, 33, 34, 41, 42, 51, 71, 72, 73, 81, 82, 91, 92, 101];

describe('viewing history', () => {
  let api: TestApi;
  let viewer: number;
  let other: number;
  const base = Date.now() - 30 * DAY_MS;

  beforeAll(async () => {
    api = await startTestApi();
    viewer = await addUser(api.store, 'viewer');
    other = await addUser(api.store, 'other');
  });
  afterAll(() => api.stop());

  const history = async (userId: number) => {
    const res = await api.client.get<ViewLogItem[]>(LIST, { userId });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };

  it('answers the ViewLog shape, newest first; recording a video again updates its one record', async () => {
    const first = await api.store.playLogs.record(
      { userId: viewer, videoId: 12, lastPlayTime: 100, duration: 3802, stayTime: 120 },
      base,
    );
    await api.store.playLogs.record(
      { userId: viewer, videoId: 21, catalogId: 10, lastPlayTime: 5, duration: 3801, stayTime: 5 },
      base + 1000,
    );
    expect((await history(viewer)).map((v) => v.videoId)).toEqual([21, 12]);

    const again = await api.store.playLogs.record(
      { userId: viewer, videoId: 12, lastPlayTime: 900, duration: 3802, stayTime: 950 },
      base + 2000,
    );
    expect(again).toBe(first);
    const items = await history(viewer);
    expect(items.map((v) => v.videoId)).toEqual([12, 21]);
    expect(items[0]).toEqual({
      id: first,
      updateTime: new Date(base + 2000).toISOString(),
      lastPlayTime: 900,
      duration: 3802,
      stayTime: 950,
      videoId: 12,
      videoName: '唯物辩证法的基本规律（2）',
      videoImage: '/media/videos/12.svg',
      numberShow: '第2讲',
      courseId: 1,
      // without a catalogId the course's own catalogue
      catalogId: 100,
      courseName: '唯物辩证法的基本规律',
    });
    expect(items[1]).toMatchObject({ videoId: 21, courseId: 2, catalogId: 10, numberShow: '第1讲' });
    expect(await api.store.playLogs.find(viewer, 12)).toMatchObject({ lastPlayTime: 900, stayTime: 950 });
    expect(
      await api.store.playLogs.record(
        { userId: viewer, videoId: 999, lastPlayTime: 0, duration: 0, stayTime: 0 },
        base,
      ),
    ).toBeNull();
    expect(await api.store.playLogs.clear(viewer)).toBe(2);
  });

  it('keeps the newest 100 records per user: of 105 written, the oldest 5 are gone', async () => {
    // 105 distinct videos are more than the fixture has: add a course of them
    await api.store.courses.insert({
      id: 500,
      catalogueId: 100,
      lecturerId: 1,
      name: '长课程',
      info: '',
      exclusive: false,
      viewCount: 0,
      collectCount: 0,
      likeCount: 0,
      noteCount: 0,
      publishTime: base,
      updateTime: base,
      recommendPosition: null,
      selectPosition: null,
      image: 'posters/course-500.svg',
    });
    for (let sort = 1; sort <= 105; sort += 1) {
      await api.store.videos.insert({
        id: 5000 + sort,
        courseId: 500,
        sort,
        name: `长课程第${sort}讲`,
        properTitle: '',
        code: `L${sort}`,
        abstract: '',
        durationSeconds: 600,
        publishTime: base,
        image: `videos/${5000 + sort}.svg`,
        keyframes: [],
        transcript: [],
      });
    }
    // the other user has a record that must survive the viewer's pruning
    await api.store.playLogs.record({ userId: other, videoId: 11, lastPlayTime: 1, duration: 3801, stayTime: 1 }, base);
    for (let i = 1; i <= 105; i += 1) {
      await api.store.playLogs.record(
        { userId: viewer, videoId: 5000 + i, lastPlayTime: i, duration: 600, stayTime: i },
        base + i * 60_000,
      );
    }
    const items = await history(viewer);
    expect(items).toHaveLength(100);
    expect(items[0]!.videoId).toBe(5105);
    expect(items[99]!.videoId).toBe(5006);
    expect(items.map((v) => v.videoId)).toEqual(Array.from({ length: 100 }, (_, i) => 5105 - i));
    for (let i = 1; i <= 5; i += 1) expect(await api.store.playLogs.find(viewer, 5000 + i)).toBeUndefined();
    expect(await api.store.playLogs.countByUser(viewer)).toBe(100);
    expect((await history(other)).map((v) => v.videoId)).toEqual([11]);

    // replaying an old video moves it to the top without growing the list
    await api.store.playLogs.record(
      { userId: viewer, videoId: 5006, lastPlayTime: 9, duration: 600, stayTime: 9 },
      base + 200 * 60_000,
    );
    const replayed = await history(viewer);
    expect(replayed).toHaveLength(100);
    expect(replayed[0]!.videoId).toBe(5006);
    expect(replayed[99]!.videoId).toBe(5007);
  });

  it('ClearViewLog clears only the caller’s records and says how many', async () => {
    for (const videoId of VIDEO_IDS.slice(0, 3)) {
      await api.store.playLogs.record(
        { userId: other, videoId, lastPlayTime: 1, duration: 3801, stayTime: 1 },
        base + videoId,
      );
    }
    const otherBefore = await history(other);
    expect(otherBefore).toHaveLength(3); // video 11 again: updated, not added

    const res = await api.client.postJson<number>(CLEAR, { userId: viewer });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 2001, message: '历史记录已清空', items: 100 });
    expect(await history(viewer)).toEqual([]);
    expect(await history(other)).toEqual(otherBefore);

    const empty = await api.client.postForm<number>(CLEAR, { userId: viewer });
    expect(empty.body).toEqual({ code: 2001, message: '历史记录已清空', items: 0 });
  });

  it('refuses a userId without an account (4000) and unsigned calls (401)', async () => {
    await expectUnknownUserRefused((userId) => api.client.get(LIST, { userId }));
    await expectUnknownUserRefused((userId) => api.client.postJson(CLEAR, { userId }));
    await expectUnsigned(api.server.url, LIST, { userId: String(other) });
    await expectUnsigned(api.server.url, CLEAR, { userId: String(other) }, 'POST');
    expect(await history(other)).toHaveLength(3);
  });
});
