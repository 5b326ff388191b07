/** /api/Recommend/* and /api/banner/GetList: position windows [startIndex, endIndex) and banners. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

describe('home endpoints', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  const courseIds = async (path: string, startIndex: number, endIndex: number) => {
    const res = await api.client.get<{ courseId: number }[]>(path, { productId: 1, startIndex, endIndex });
    expect(res.body.code).toBe(2000);
    return res.body.items.map((c) => c.courseId);
  };

  it('GetRecommendCourses answers the recommendation positions [startIndex, endIndex)', async () => {
    const path = '/api/Recommend/GetRecommendCourses';
    expect(await courseIds(path, 0, 4)).toEqual([1, 2, 3, 5]);
    expect(await courseIds(path, 4, 14)).toEqual([7, 9]);
    expect(await courseIds(path, 6, 18)).toEqual([]);
    expect(await courseIds(path, 1, 2)).toEqual([2]);
  });

  it('GetSelectedCourses answers the selection positions, with full course items', async () => {
    const res = await api.client.get<Record<string, unknown>[]>('/api/Recommend/GetSelectedCourses', {
      startIndex: 0,
      endIndex: 10,
      productId: 1,
    });
    expect(res.body.items.map((c) => c.courseId)).toEqual([3, 1, 4]);
    expect(res.body.items[0]).toMatchObject({ courseName: '社会存在与社会意识', authorName: '王立新', videoCount: 4 });
  });

  it('refuses a productId parameter other than 1', async () => {
    const res = await api.client.get('/api/Recommend/GetRecommendCourses', {
      productId: 2,
      startIndex: 0,
      endIndex: 4,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('productId');
  });

  it('GetRecommendAuthor answers recommended lecturers in recommendation order', async () => {
    const res = await api.client.get<Record<string, unknown>[]>('/api/Recommend/GetRecommendAuthor', {
      startIndex: 0,
      endIndex: 9,
    });
    expect(res.body.items.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(res.body.items[0]).toEqual({
      id: 1,
      name: '曾国华',
      authorposition: '曾国华所在学院教授',
      authorImage: '/media/avatars/1.svg',
      authorInfo: '<p>曾国华，<strong>教授</strong>。</p>',
      videoCount: 5,
      courseCount: 3,
      catalogId: 1,
      firstWord: 'Z',
    });
    const second = await api.client.get<{ id: number }[]>('/api/Recommend/GetRecommendAuthor', {
      startIndex: 1,
      endIndex: 2,
    });
    expect(second.body.items.map((a) => a.id)).toEqual([2]);
  });

  it('banner GetList answers banners by sort, limited', async () => {
    const res = await api.client.get<Record<string, unknown>[]>('/api/banner/GetList', { comCode: '', limit: 5 });
    expect(res.body.items).toEqual([
      { id: 2, imageUrl: '/media/banners/2.svg', title: '手机端活动', gotoUrl: '/m/activity/2025' },
      { id: 1, imageUrl: '/media/banners/1.svg', title: '唯物辩证法', gotoUrl: '/Play?courseId=1&catalogId=100' },
      { id: 3, imageUrl: '/media/banners/3.svg', title: '先秦诸子', gotoUrl: '/Play?courseId=7&catalogId=20' },
    ]);
    const two = await api.client.get<unknown[]>('/api/banner/GetList', { comCode: '', limit: 2 });
    expect(two.body.items).toHaveLength(2);
  });
});
