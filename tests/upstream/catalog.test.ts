/** /api/catalog/*: the tree with resource counts, lecturer categories, the sub-category dropdown. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import type { CatalogueNode } from '../../upstream/src/main-api/contract';

const summary = (nodes: CatalogueNode[]): unknown =>
  nodes.map((n) => ({ id: n.id, count: n.resourceCount, child: summary(n.child) }));

describe('catalogue endpoints', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  it('GetCatalogListByParentId 0 answers the subjects with their whole subtrees and course counts', async () => {
    const res = await api.client.get<CatalogueNode[]>('/api/catalog/GetCatalogListByParentId', { parentId: 0 });
    expect(res.body.code).toBe(2000);
    const [sizheng] = res.body.items;
    expect(sizheng).toEqual({
      id: 1,
      name: '思政',
      parentId: 0,
      level: 1,
      catalogType: 1,
      resourceCount: 7,
      child: expect.any(Array),
    });
    expect(summary(res.body.items)).toEqual([
      {
        id: 1,
        count: 7,
        child: [
          {
            id: 10,
            count: 4,
            child: [
              { id: 100, count: 3, child: [] },
              { id: 101, count: 1, child: [] },
            ],
          },
          { id: 11, count: 1, child: [{ id: 110, count: 1, child: [] }] },
          { id: 12, count: 2, child: [] },
        ],
      },
      {
        id: 2,
        count: 2,
        // siblings in their sort order: 西方哲学 (sort 1) before 中国哲学 (sort 2)
        child: [
          { id: 21, count: 1, child: [{ id: 210, count: 1, child: [] }] },
          { id: 20, count: 1, child: [] },
        ],
      },
      { id: 3, count: 1, child: [{ id: 30, count: 1, child: [{ id: 300, count: 1, child: [] }] }] },
    ]);
    const leaf = sizheng!.child[0]!.child[0]!;
    expect(leaf).toMatchObject({ id: 100, name: '唯物辩证法', parentId: 10, level: 3, catalogType: 3 });
  });

  it('GetCatalogListByParentId of a category answers its children, [] for a leaf, 4004 for an unknown id', async () => {
    const under = await api.client.get<CatalogueNode[]>('/api/catalog/GetCatalogListByParentId', { parentId: 10 });
    expect(under.body.items.map((n) => n.id)).toEqual([100, 101]);
    const leaf = await api.client.get<CatalogueNode[]>('/api/catalog/GetCatalogListByParentId', { parentId: 100 });
    expect(leaf.body).toMatchObject({ code: 2000, items: [] });
    const unknown = await api.client.get('/api/catalog/GetCatalogListByParentId', { parentId: 999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 4004, message: '分类不存在', items: null });
  });

  it('resourceCount honours year (updateTime in that calendar year, UTC+8)', async () => {
    const y2025 = await api.client.get<CatalogueNode[]>('/api/catalog/GetCatalogListByParentId', {
      parentId: 1,
      year: 2025,
    });
    // 2025: courses 1, 3, 10 under 10; course 5 (2025-01-01 01:00 +08:00) under 12
    expect(summary(y2025.body.items)).toEqual([
      {
        id: 10,
        count: 3,
        child: [
          { id: 100, count: 2, child: [] },
          { id: 101, count: 1, child: [] },
        ],
      },
      { id: 11, count: 0, child: [{ id: 110, count: 0, child: [] }] },
      { id: 12, count: 1, child: [] },
    ]);
    const y2024 = await api.client.get<CatalogueNode[]>('/api/catalog/GetCatalogListByParentId', {
      parentId: 1,
      year: 2024,
    });
    // 2024: course 2 under 100, course 6 (2024-12-31 23:00 +08:00) under 12
    expect(y2024.body.items.map((n) => [n.id, n.resourceCount])).toEqual([
      [10, 1],
      [11, 0],
      [12, 1],
    ]);
  });

  it('GetCatalogList4 answers the direct children flat, with counts for year, [] for a leaf', async () => {
    const all = await api.client.get<CatalogueNode[]>('/api/catalog/GetCatalogList4', { catalogId: 10 });
    expect(all.body.items).toEqual([
      { id: 100, name: '唯物辩证法', parentId: 10, level: 3, catalogType: 3, resourceCount: 3, child: [] },
      { id: 101, name: '唯物史观', parentId: 10, level: 3, catalogType: 3, resourceCount: 1, child: [] },
    ]);
    const y2025 = await api.client.get<CatalogueNode[]>('/api/catalog/GetCatalogList4', { catalogId: 10, year: 2025 });
    expect(y2025.body.items.map((n) => n.resourceCount)).toEqual([2, 1]);
    const leaf = await api.client.get('/api/catalog/GetCatalogList4', { catalogId: 12 });
    expect(leaf.body).toMatchObject({ code: 2000, items: [] });
    const unknown = await api.client.get('/api/catalog/GetCatalogList4', { catalogId: 4242 });
    expect(unknown.body.code).toBe(4004);
  });

  it('GetCatalogResourceByAuthor answers subjects with lecturers, their categories with lecturers, counting lecturers', async () => {
    const res = await api.client.get<CatalogueNode[]>('/api/catalog/GetCatalogResourceByAuthor');
    expect(res.body.code).toBe(2000);
    // 思政: 曾国华 (filed at 思政), 王立新 (10), 张伟 (11); 哲学: 李晓明 (哲学), 单田芳 (20), 欧阳明 (21); 经济学: none
    expect(summary(res.body.items)).toEqual([
      {
        id: 1,
        count: 3,
        child: [
          { id: 10, count: 1, child: [] },
          { id: 11, count: 1, child: [] },
        ],
      },
      {
        id: 2,
        count: 3,
        child: [
          { id: 21, count: 1, child: [] },
          { id: 20, count: 1, child: [] },
        ],
      },
    ]);
  });
});
