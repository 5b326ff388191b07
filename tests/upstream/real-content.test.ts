/**
 * The main API over the real generated demo content (upstream/src/demo/generate.ts), the data
 * `npm start` serves: every endpoint answers, the numbers agree with the content, images resolve.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import type { DemoContent } from '../../upstream/src/demo/types';
import { yearInChina } from './fixture';
import { startTestApi, type TestApi } from './harness';
import type { CatalogueNode, CourseItem, Paged } from '../../upstream/src/main-api/contract';

describe('main API over the generated demo content', () => {
  const now = new Date();
  let content: DemoContent;
  let api: TestApi;
  beforeAll(async () => {
    content = generateDemoContent({ now });
    api = await startTestApi({ content });
  });
  afterAll(() => api.stop());

  it('the catalogue tree counts every course once per subject', async () => {
    const res = await api.client.get<CatalogueNode[]>('/api/catalog/GetCatalogListByParentId', { parentId: 0 });
    expect(res.body.code).toBe(2000);
    const subjects = res.body.items;
    expect(subjects.length).toBeGreaterThan(0);
    expect(subjects.reduce((sum, s) => sum + s.resourceCount, 0)).toBe(content.courses.length);
    const count = (nodes: CatalogueNode[]): number => nodes.reduce((n, node) => n + 1 + count(node.child), 0);
    expect(count(subjects)).toBe(content.catalogues.length);
    // each subject's listing total agrees with its resourceCount
    for (const subject of subjects) {
      const list = await api.client.get<Paged<CourseItem>>('/api/courses/GetListByCatalogId', {
        catalogId: subject.id,
        pageIndex: 1,
        pageSize: 20,
      });
      expect(list.body.items.totalCount).toBe(subject.resourceCount);
    }
  });

  it('counts and statistics agree with the content, this year and last year included', async () => {
    const all = await api.client.get('/api/courses/GetCourseAndVideoCount', { catalogId: 0 });
    expect(all.body.items).toEqual({ courseCount: content.courses.length, videoCount: content.videos.length });
    const thisYear = yearInChina(now.toISOString());
    for (const year of [thisYear, thisYear - 1]) {
      const videos = content.videos.filter((v) => yearInChina(v.publishTime) === year);
      const stats = await api.client.get('/api/courses/GetResourceStatistics', { catalogId: 0, year });
      expect(stats.body.items).toEqual({
        courseCount: new Set(videos.map((v) => v.courseId)).size,
        videoCount: videos.length,
      });
      const updated = content.courses.filter((c) => yearInChina(c.updateTime) === year).length;
      const list = await api.client.get<Paged<CourseItem>>('/api/courses/GetListByCatalogId', {
        catalogId: 0,
        year,
        pageIndex: 1,
        pageSize: 1,
      });
      expect(list.body.items.totalCount).toBe(updated);
    }
  });

  it('home lists: recommended and selected courses, recommended lecturers, banners', async () => {
    const recommended = content.courses.filter((c) => c.recommended !== null).length;
    const first = await api.client.get<CourseItem[]>('/api/Recommend/GetRecommendCourses', {
      productId: 1,
      startIndex: 0,
      endIndex: 14,
    });
    expect(first.body.items).toHaveLength(Math.min(14, recommended));
    const selected = await api.client.get<CourseItem[]>('/api/Recommend/GetSelectedCourses', {
      productId: 1,
      startIndex: 0,
      endIndex: 10,
    });
    expect(selected.body.items).toHaveLength(Math.min(10, content.courses.filter((c) => c.selected !== null).length));
    const authors = await api.client.get<unknown[]>('/api/Recommend/GetRecommendAuthor', {
      startIndex: 0,
      endIndex: 9,
    });
    expect(authors.body.items).toHaveLength(Math.min(9, content.lecturers.filter((l) => l.recommended).length));
    const banners = await api.client.get<{ imageUrl: string }[]>('/api/banner/GetList', { comCode: '', limit: 5 });
    expect(banners.body.items).toHaveLength(Math.min(5, content.banners.length));
    for (const banner of banners.body.items)
      expect((await fetch(`${api.server.url}${banner.imageUrl}`)).status).toBe(200);
  });

  it('courses carry their trail from the subject down, and their images resolve', async () => {
    const list = await api.client.get<Paged<CourseItem>>('/api/courses/GetListByCatalogId', {
      catalogId: 0,
      pageIndex: 1,
      pageSize: 20,
    });
    for (const course of list.body.items.dataList) {
      expect(course.catalogTree[0]!.level).toBe(1);
      expect(course.authorName).not.toBe('');
      const image = await fetch(`${api.server.url}${course.courseImage}`);
      expect(image.status).toBe(200);
      await image.arrayBuffer();
    }
  });

  it('lecturers: every one filed under one letter, the letters add up, details answer', async () => {
    const all = await api.client.get<Paged<{ id: number; firstWord: string }>>('/api/author/GetListByPage', {
      catalogId: 0,
      pageIndex: 1,
      pageSize: 100,
    });
    expect(all.body.items.totalCount).toBe(content.lecturers.length);
    const letters = new Set(all.body.items.dataList.map((a) => a.firstWord));
    let sum = 0;
    for (const letter of letters) {
      expect(letter).toMatch(/^[A-Z]$/);
      const byLetter = await api.client.get<Paged<unknown>>('/api/author/GetListByPage', {
        catalogId: 0,
        firstWord: letter,
        pageIndex: 1,
        pageSize: 100,
      });
      sum += byLetter.body.items.totalCount;
    }
    expect(sum).toBe(content.lecturers.length);
    const cats = await api.client.get<CatalogueNode[]>('/api/catalog/GetCatalogResourceByAuthor');
    expect(cats.body.items.length).toBeGreaterThan(0);
    const detail = await api.client.get<{ courseCount: number; courseList: unknown[] }>('/api/author/AuthorDetail', {
      id: content.lecturers[0]!.id,
      pageIndex: 1,
      pageSize: 18,
    });
    expect(detail.body.code).toBe(2000);
    expect(detail.body.items.courseList.length).toBe(Math.min(18, detail.body.items.courseCount));
  });

  it('topics and the play page answer', async () => {
    const page = await api.client.get<Paged<{ id: number }>>('/api/special/GetSpecialListByPage', {
      comId: 0,
      pageIndex: 1,
      pageSize: 12,
    });
    expect(page.body.items.totalCount).toBe(content.topics.length);
    const id = page.body.items.dataList[0]!.id;
    const details = await api.client.get<{ courseList: unknown[] }>('/api/special/GetSpecialDetails', { comId: 0, id });
    expect(details.body.items.courseList).toHaveLength(content.topics.find((t) => t.id === id)!.courseIds.length);
    const related = await api.client.get<unknown[]>('/api/special/GetRelatedSpecialList', { comId: 0, id, limit: 6 });
    expect(related.body.items).toHaveLength(Math.min(6, content.topics.length - 1));

    const course = content.courses.find((c) => content.videos.some((v) => v.courseId === c.id))!;
    const play = await api.client.get<{ videoList: unknown[]; video: { videoKeyframes: unknown[] } }>(
      '/api/play/GetPlayPageData',
      {
        courseId: course.id,
        catalogId: course.catalogueId,
      },
    );
    expect(play.body.items.videoList).toHaveLength(content.videos.filter((v) => v.courseId === course.id).length);
    expect(play.body.items.video.videoKeyframes.length).toBeGreaterThan(0);
  });
});
