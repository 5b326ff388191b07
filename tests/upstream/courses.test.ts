/** /api/courses/*: listings with paging, orderBy and year; counts; related courses; statistics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureContent, yearInChina } from './fixture';
import { startTestApi, type TestApi } from './harness';
import type { CourseItem, Paged } from '../../upstream/src/main-api/contract';

const ids = (list: CourseItem[]) => list.map((c) => c.courseId);

describe('course endpoints', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  const list = (params: Record<string, string | number | undefined>) =>
    api.client.get<Paged<CourseItem>>('/api/courses/GetListByCatalogId', { pageIndex: 1, pageSize: 20, ...params });

  it('answers a course with every field of the contract', async () => {
    const res = await list({ catalogId: 100 });
    expect(res.body.code).toBe(2000);
    const course = res.body.items.dataList.find((c) => c.courseId === 1);
    expect(course).toEqual({
      courseId: 1,
      catalogId: 100,
      courseName: '唯物辩证法的基本规律',
      courseImage: '/media/posters/%E8%AF%BE%E7%A8%8B%201.svg',
      authorName: '曾国华',
      authorPosition: '曾国华所在学院教授',
      authorId: 1,
      exclusive: 0,
      viewCount: 500,
      collectCount: 40,
      startCount: 30,
      noteCount: 20,
      videoCount: 3,
      courseInfo: '唯物辩证法的基本规律是一门课程。它讲述基本原理。',
      catalogName: '唯物辩证法',
      catalogTree: [
        { id: 1, name: '思政', level: 1 },
        { id: 10, name: '马克思主义基本原理', level: 2 },
        { id: 100, name: '唯物辩证法', level: 3 },
      ],
      publishTime: '2023-03-01T02:00:00.000Z',
      updateTime: '2025-05-01T02:00:00.000Z',
    });
    expect(res.body.items.dataList.find((c) => c.courseId === 2)?.exclusive).toBe(1);
  });

  it('lists a subtree newest update first by default (b.PublishTime)', async () => {
    const res = await list({ catalogId: 1 });
    expect(res.body.items.totalCount).toBe(7);
    expect(ids(res.body.items.dataList)).toEqual([1, 10, 3, 5, 6, 2, 4]);
    const explicit = await list({ catalogId: 1, orderBy: 'b.PublishTime' });
    expect(ids(explicit.body.items.dataList)).toEqual([1, 10, 3, 5, 6, 2, 4]);
  });

  it('sorts by ViewCount, NoteCount and collectCount descending, ties by course id descending', async () => {
    expect(ids((await list({ catalogId: 0, orderBy: 'ViewCount' })).body.items.dataList)).toEqual([
      7, 9, 2, 4, 1, 3, 6, 5, 8, 10,
    ]);
    expect(ids((await list({ catalogId: 0, orderBy: 'NoteCount' })).body.items.dataList)).toEqual([
      7, 2, 1, 9, 3, 4, 8, 10, 6, 5,
    ]);
    expect(ids((await list({ catalogId: 0, orderBy: 'collectCount' })).body.items.dataList)).toEqual([
      3, 7, 1, 4, 9, 2, 6, 5, 8, 10,
    ]);
  });

  it('refuses an unknown orderBy with 4000', async () => {
    const res = await list({ catalogId: 0, orderBy: 'viewcount' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(4000);
    expect(res.body.message).toContain('orderBy');
  });

  it('pages with pageIndex/pageSize over the whole ordering', async () => {
    const pages = [];
    for (let pageIndex = 1; pageIndex <= 4; pageIndex++) {
      const res = await list({ catalogId: 0, orderBy: 'ViewCount', pageIndex, pageSize: 3 });
      expect(res.body.items.totalCount).toBe(10);
      pages.push(ids(res.body.items.dataList));
    }
    expect(pages).toEqual([[7, 9, 2], [4, 1, 3], [6, 5, 8], [10]]);
    const beyond = await list({ catalogId: 0, pageIndex: 50, pageSize: 3 });
    expect(beyond.body.items).toEqual({ totalCount: 10, dataList: [] });
  });

  it('filters by year on updateTime in UTC+8', async () => {
    const y2025 = await list({ catalogId: 0, year: 2025 });
    expect(y2025.body.items.totalCount).toBe(6);
    expect(ids(y2025.body.items.dataList)).toEqual([1, 9, 7, 10, 3, 5]);
    const y2024 = await list({ catalogId: 12, year: 2024 });
    expect(ids(y2024.body.items.dataList)).toEqual([6]);
    const empty = await list({ catalogId: 0, year: 2000 });
    expect(empty.body.items).toEqual({ totalCount: 0, dataList: [] });
  });

  it('answers 4004 分类不存在 for an unknown catalogue', async () => {
    const res = await list({ catalogId: 77 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 4004, message: '分类不存在', items: null });
  });

  it('GetCourseAndVideoCount counts the subtree, honouring year and searchKey', async () => {
    const count = (params: Record<string, string | number>) =>
      api.client.get<{ courseCount: number; videoCount: number }>('/api/courses/GetCourseAndVideoCount', params);
    expect((await count({ catalogId: 0 })).body.items).toEqual({ courseCount: 10, videoCount: 20 });
    expect((await count({ catalogId: 1 })).body.items).toEqual({ courseCount: 7, videoCount: 13 });
    expect((await count({ catalogId: 1, year: 2025 })).body.items).toEqual({ courseCount: 4, videoCount: 9 });
    expect((await count({ catalogId: 0, searchKey: '辩证' })).body.items).toEqual({ courseCount: 1, videoCount: 3 });
    expect((await count({ catalogId: 2, searchKey: '辩证' })).body.items).toEqual({ courseCount: 0, videoCount: 0 });
    expect((await count({ catalogId: 0, searchKey: '' })).body.items).toEqual({ courseCount: 10, videoCount: 20 });
  });

  it('GetResourceStatistics counts everything, or the courses with videos published in year', async () => {
    const stats = (params: Record<string, string | number>) =>
      api.client.get<{ courseCount: number; videoCount: number }>('/api/courses/GetResourceStatistics', params);
    expect((await stats({ catalogId: 0 })).body.items).toEqual({ courseCount: 10, videoCount: 20 });

    const videos = fixtureContent().videos;
    for (const year of [2024, 2025]) {
      const inYear = videos.filter((v) => yearInChina(v.publishTime) === year);
      const expected = { courseCount: new Set(inYear.map((v) => v.courseId)).size, videoCount: inYear.length };
      expect(expected.videoCount).toBeGreaterThan(0);
      expect((await stats({ catalogId: 0, year })).body.items).toEqual(expected);
    }
    const subject1 = new Set([1, 2, 3, 4, 5, 6, 10]);
    const inSubject2025 = videos.filter((v) => subject1.has(v.courseId) && yearInChina(v.publishTime) === 2025);
    expect((await stats({ catalogId: 1, year: 2025 })).body.items).toEqual({
      courseCount: new Set(inSubject2025.map((v) => v.courseId)).size,
      videoCount: inSubject2025.length,
    });
  });

  it('GetRelevantList answers the same catalogue first, then the parent category, most played first, without the course', async () => {
    const relevant = (courseId: number, catalogId: number, pageIndex = 1, pageSize = 10) =>
      api.client.get<Paged<CourseItem>>('/api/courses/GetRelevantList', { courseId, catalogId, pageIndex, pageSize });
    const one = await relevant(1, 100);
    expect(one.body.items.totalCount).toBe(3);
    expect(ids(one.body.items.dataList)).toEqual([2, 10, 3]);
    // a level-2 catalogue without children: siblings under the subject
    expect(ids((await relevant(5, 12)).body.items.dataList)).toEqual([6, 2, 4, 1, 3, 10]);
    expect(ids((await relevant(5, 12, 2, 4)).body.items.dataList)).toEqual([3, 10]);
    expect(ids((await relevant(7, 20)).body.items.dataList)).toEqual([8]);
    const unknown = await relevant(999, 100);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 4004, message: '课程不存在', items: null });
  });
});
