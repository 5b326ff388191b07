/**
 * 我的课程 over HTTP: GET /api/usercenter/GetCollectList lists the courses the caller favourited
 * through any of their videos, each once, newest favourite first with collectTime; likes do not
 * count; paging and the 10000 page-size maximum.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, addUser, expectPageSizeLimit, expectUnknownUserRefused, expectUnsigned } from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import type { FavouriteCourseItem, Paged } from '../../upstream/src/main-api/contract';

const LIST = '/api/usercenter/GetCollectList';
const FAVOURITE = 1;
const LIKE = 0;

describe('favourite courses', () => {
  let api: TestApi;
  let fan: number;
  let other: number;
  const base = Date.now() - 5 * DAY_MS;

  beforeAll(async () => {
    api = await startTestApi();
    fan = await addUser(api.store, 'fan');
    other = await addUser(api.store, 'other');
    const op = async (userId: number, videoId: number, operateType: 0 | 1, minutes: number) =>
      expect(await api.store.userOperations.add({ userId, videoId, operateType }, base + minutes * 60_000)).toBe(true);
    await op(fan, 11, FAVOURITE, 1); // course 1
    await op(fan, 31, FAVOURITE, 2); // course 3
    await op(fan, 13, FAVOURITE, 3); // course 1 again, later: course 1 moves up
    await op(fan, 71, FAVOURITE, 4); // course 7
    await op(fan, 91, LIKE, 5); // a like is not a favourite
    await op(fan, 41, FAVOURITE, 6); // course 4
    await op(other, 21, FAVOURITE, 7); // someone else's
    expect(await api.store.userOperations.add({ userId: fan, videoId: 11, operateType: FAVOURITE }, base)).toBe(false);
    expect(await api.store.userOperations.add({ userId: fan, videoId: 999, operateType: FAVOURITE }, base)).toBe(false);
  });
  afterAll(() => api.stop());

  const list = async (userId: number, pageIndex = 1, pageSize = 10000) => {
    const res = await api.client.get<Paged<FavouriteCourseItem>>(LIST, { userId, pageIndex, pageSize });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };

  it('lists each favourited course once, newest favourite first, with collectTime and the Course fields', async () => {
    const page = await list(fan);
    expect(page.totalCount).toBe(4);
    expect(page.dataList.map((c) => c.courseId)).toEqual([4, 7, 1, 3]);
    expect(page.dataList.map((c) => c.collectTime)).toEqual(
      [6, 4, 3, 2].map((minutes) => new Date(base + minutes * 60_000).toISOString()),
    );
    expect(page.dataList[2]).toMatchObject({
      courseId: 1,
      catalogId: 100,
      courseName: '唯物辩证法的基本规律',
      authorName: '曾国华',
      videoCount: 3,
      courseImage: '/media/posters/%E8%AF%BE%E7%A8%8B%201.svg',
    });
    expect((await list(other)).dataList.map((c) => c.courseId)).toEqual([2]);
  });

  it('pages with a stable total and enforces pageSize 1..10000', async () => {
    const pages = [await list(fan, 1, 3), await list(fan, 2, 3), await list(fan, 3, 3)];
    expect(pages.map((p) => p.totalCount)).toEqual([4, 4, 4]);
    expect(pages.map((p) => p.dataList.map((c) => c.courseId))).toEqual([[4, 7, 1], [3], []]);
    await expectPageSizeLimit(api.client, LIST, { userId: fan }, 10000);
  });

  it('drops a course once none of its videos is favourited any more', async () => {
    expect(await api.store.userOperations.remove(fan, 13, FAVOURITE)).toBe(true);
    expect((await list(fan)).dataList.map((c) => c.courseId)).toEqual([4, 7, 3, 1]);
    expect(await api.store.userOperations.remove(fan, 11, FAVOURITE)).toBe(true);
    expect((await list(fan)).dataList.map((c) => c.courseId)).toEqual([4, 7, 3]);
    expect(await api.store.userOperations.has(fan, 91, LIKE)).toBe(true);
  });

  it('refuses a userId without an account (4000) and unsigned calls (401)', async () => {
    await expectUnknownUserRefused((userId) => api.client.get(LIST, { userId, pageIndex: 1, pageSize: 10 }));
    await expectUnsigned(api.server.url, LIST, { userId: String(fan), pageIndex: '1', pageSize: '10' });
  });
});
