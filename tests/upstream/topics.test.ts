/** /api/special/*: topic list, details, "more topics" by sort and by shared catalogues. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import type { TopicItem } from '../../upstream/src/main-api/contract';

describe('topic endpoints', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  it('GetSpecialListByPage pages topics newest first, each with its first 4 courses', async () => {
    const res = await api.client.get<{ totalCount: number; dataList: TopicItem[] }>(
      '/api/special/GetSpecialListByPage',
      {
        comId: 0,
        pageSize: 12,
        pageIndex: 1,
      },
    );
    expect(res.body.code).toBe(2000);
    expect(res.body.items.totalCount).toBe(4);
    expect(res.body.items.dataList.map((t) => t.id)).toEqual([3, 1, 2, 4]);
    const first = res.body.items.dataList[1]!;
    expect(first).toMatchObject({
      id: 1,
      title: '马克思主义哲学专题',
      info: '马克思主义哲学专题的介绍。',
      imageUrl: '/media/topics/1.svg',
      courseCount: 5,
      publishTime: '2025-01-01T00:00:00.000Z',
    });
    expect(first.courseList.map((c) => c.courseId)).toEqual([1, 2, 3, 10]);
    expect(res.body.items.dataList[3]!.courseList.map((c) => c.courseId)).toEqual([9]);

    const page2 = await api.client.get<{ totalCount: number; dataList: TopicItem[] }>(
      '/api/special/GetSpecialListByPage',
      {
        comId: 0,
        pageSize: 3,
        pageIndex: 2,
      },
    );
    expect(page2.body.items.dataList.map((t) => t.id)).toEqual([4]);
  });

  it('GetSpecialDetails answers the topic with all its courses in order', async () => {
    const res = await api.client.get<TopicItem>('/api/special/GetSpecialDetails', { comId: 0, id: 1 });
    expect(res.body.items.courseCount).toBe(5);
    expect(res.body.items.courseList.map((c) => c.courseId)).toEqual([1, 2, 3, 10, 7]);
    expect(res.body.items.courseList[0]).toMatchObject({
      courseName: '唯物辩证法的基本规律',
      catalogName: '唯物辩证法',
    });
    const unknown = await api.client.get('/api/special/GetSpecialDetails', { comId: 0, id: 99 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 4004, message: '专题不存在', items: null });
  });

  it('GetMoreSpecialList answers other topics by sort order, excluding id', async () => {
    const more = async (id: number, limit: number) =>
      (await api.client.get<TopicItem[]>('/api/special/GetMoreSpecialList', { comId: 0, id, limit })).body.items;
    expect((await more(1, 6)).map((t) => t.id)).toEqual([2, 3, 4]);
    expect((await more(0, 6)).map((t) => t.id)).toEqual([2, 1, 3, 4]);
    expect((await more(0, 2)).map((t) => t.id)).toEqual([2, 1]);
    expect((await more(2, 6))[0]!.courseList.map((c) => c.courseId)).toEqual([1, 2, 3, 10]);
    const unknown = await api.client.get('/api/special/GetMoreSpecialList', { comId: 0, id: 99, limit: 6 });
    expect(unknown.body.code).toBe(4004);
  });

  it('GetRelatedSpecialList answers the topics sharing most catalogues first, excluding id', async () => {
    // topic 1's catalogues {1,10,100,101,2,20}; topic 3 shares 5, topic 2 shares 3, topic 4 none
    const res = await api.client.get<TopicItem[]>('/api/special/GetRelatedSpecialList', { comId: 0, id: 1, limit: 6 });
    expect(res.body.items.map((t) => t.id)).toEqual([3, 2, 4]);
    const limited = await api.client.get<TopicItem[]>('/api/special/GetRelatedSpecialList', {
      comId: 0,
      id: 1,
      limit: 1,
    });
    expect(limited.body.items.map((t) => t.id)).toEqual([3]);
    const unknown = await api.client.get('/api/special/GetRelatedSpecialList', { comId: 0, id: 99, limit: 6 });
    expect(unknown.body.code).toBe(4004);
  });
});
