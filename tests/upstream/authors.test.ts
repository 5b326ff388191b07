/** /api/author/*: the lecturer list (catalogue, firstWord, sortType, paging) and lecturer details. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import type { AuthorDetail, AuthorItem } from '../../upstream/src/main-api/contract';

describe('lecturer endpoints', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  const list = async (params: Record<string, string | number>) => {
    const res = await api.client.get<{ totalCount: number; dataList: AuthorItem[] }>('/api/author/GetListByPage', {
      catalogId: 0,
      pageSize: 18,
      pageIndex: 1,
      ...params,
    });
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };
  const listIds = async (params: Record<string, string | number>) => (await list(params)).dataList.map((a) => a.id);

  it('files lecturers under the pinyin initial of the surname (曾 → Z, 单 → S, 欧阳 → O)', async () => {
    const all = await list({});
    expect(all.totalCount).toBe(6);
    const byName = Object.fromEntries(all.dataList.map((a) => [a.name, a.firstWord]));
    expect(byName).toEqual({ 曾国华: 'Z', 王立新: 'W', 李晓明: 'L', 单田芳: 'S', 张伟: 'Z', 欧阳明: 'O' });
  });

  it('filters by firstWord (case-insensitively), empty meaning all', async () => {
    expect(await list({ firstWord: 'Z' })).toMatchObject({ totalCount: 2 });
    expect(await listIds({ firstWord: 'Z' })).toEqual([1, 5]);
    expect(await listIds({ firstWord: 's' })).toEqual([4]);
    expect(await listIds({ firstWord: 'C' })).toEqual([]);
    expect(await listIds({ firstWord: '' })).toHaveLength(6);
    const bad = await api.client.get('/api/author/GetListByPage', {
      catalogId: 0,
      firstWord: 'ZZ',
      pageSize: 18,
      pageIndex: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('firstWord');
  });

  it('filters by catalogue subtree', async () => {
    expect(await listIds({ catalogId: 1 })).toEqual([1, 2, 5]);
    expect(await listIds({ catalogId: 2 })).toEqual([3, 4, 6]);
    expect(await listIds({ catalogId: 10 })).toEqual([2]);
    expect(await listIds({ catalogId: 2, firstWord: 'O' })).toEqual([6]);
    const unknown = await api.client.get('/api/author/GetListByPage', { catalogId: 999, pageSize: 18, pageIndex: 1 });
    expect(unknown.body.code).toBe(4004);
  });

  it('sorts by sortType: 0 recommendation, 1 most courses, 2 most played, 3 name A–Z', async () => {
    expect(await listIds({ sortType: 0 })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await listIds({ sortType: 1 })).toEqual([1, 2, 5, 3, 4, 6]);
    expect(await listIds({ sortType: 2 })).toEqual([2, 4, 3, 5, 1, 6]);
    expect(await listIds({ sortType: 3 })).toEqual([3, 6, 4, 2, 1, 5]);
    const bad = await api.client.get('/api/author/GetListByPage', {
      catalogId: 0,
      sortType: 4,
      pageSize: 18,
      pageIndex: 1,
    });
    expect(bad.body.code).toBe(4000);
  });

  it('pages', async () => {
    expect(await listIds({ sortType: 3, pageSize: 4, pageIndex: 2 })).toEqual([1, 5]);
    expect((await list({ pageSize: 4, pageIndex: 2 })).totalCount).toBe(6);
  });

  it('sanitises the intro HTML', async () => {
    const [wang] = (await list({ firstWord: 'W' })).dataList;
    expect(wang!.authorInfo).toBe('<p>王立新，<em>研究员</em></p>链接');
  });

  it('AuthorDetail answers the lecturer with a page of courses, sorted by sortType, totalCount by catalogue', async () => {
    const detail = (params: Record<string, number>) =>
      api.client.get<AuthorDetail>('/api/author/AuthorDetail', {
        id: 1,
        catalogId: 0,
        sortType: 0,
        pageSize: 18,
        pageIndex: 1,
        ...params,
      });
    const res = await detail({ pageSize: 2 });
    expect(res.body.items).toMatchObject({
      id: 1,
      name: '曾国华',
      authorposition: '曾国华所在学院教授',
      authorImage: '/media/avatars/1.svg',
      courseCount: 3,
      videoCount: 5,
      firstWord: 'Z',
      totalCount: 3,
    });
    expect(res.body.items.courseList.map((c) => c.courseId)).toEqual([1, 10]);
    expect((await detail({ pageSize: 2, pageIndex: 2 })).body.items.courseList.map((c) => c.courseId)).toEqual([5]);
    expect((await detail({ sortType: 1 })).body.items.courseList.map((c) => c.courseId)).toEqual([1, 5, 10]);
    expect((await detail({ sortType: 3 })).body.items.courseList.map((c) => c.courseId)).toEqual([1, 5, 10]);
    const filtered = await detail({ catalogId: 12 });
    expect(filtered.body.items.totalCount).toBe(1);
    expect(filtered.body.items.courseList.map((c) => c.courseId)).toEqual([5]);
    // lecturer totals stay the lecturer's whole work
    expect(filtered.body.items.courseCount).toBe(3);

    const unknown = await detail({ id: 404 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 4004, message: '讲师不存在', items: null });
  });
});
