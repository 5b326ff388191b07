/**
 * Bad input gets a clear 4000 naming the parameter (or 4004 for an unknown id), never a 500:
 * every GET endpoint is probed with malformed values of each of its parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

type Params = Record<string, string | number>;

/** A valid call of every GET endpoint; each probe replaces one parameter. */
const VALID: [string, Params][] = [
  ['/api/catalog/GetCatalogListByParentId', { parentId: 0 }],
  ['/api/catalog/GetCatalogList4', { catalogId: 1 }],
  ['/api/courses/GetCourseAndVideoCount', { catalogId: 0 }],
  ['/api/courses/GetListByCatalogId', { catalogId: 0, pageSize: 20, pageIndex: 1 }],
  ['/api/courses/GetRelevantList', { courseId: 1, catalogId: 100, pageIndex: 1, pageSize: 10 }],
  ['/api/courses/GetResourceStatistics', { catalogId: 0 }],
  ['/api/Recommend/GetRecommendCourses', { productId: 1, startIndex: 0, endIndex: 14 }],
  ['/api/Recommend/GetSelectedCourses', { productId: 1, startIndex: 0, endIndex: 10 }],
  ['/api/Recommend/GetRecommendAuthor', { startIndex: 0, endIndex: 9 }],
  ['/api/banner/GetList', { comCode: '', limit: 5 }],
  ['/api/play/GetPlayPageData', { courseId: 1 }],
  ['/api/special/GetSpecialListByPage', { comId: 0, pageSize: 12, pageIndex: 1 }],
  ['/api/special/GetSpecialDetails', { comId: 0, id: 1 }],
  ['/api/special/GetMoreSpecialList', { comId: 0, id: 0, limit: 6 }],
  ['/api/special/GetRelatedSpecialList', { comId: 0, id: 1, limit: 6 }],
  ['/api/author/GetListByPage', { catalogId: 0, pageSize: 18, pageIndex: 1 }],
  ['/api/author/AuthorDetail', { id: 1, pageSize: 18, pageIndex: 1 }],
];

const MALFORMED = ['abc', '1.5', '1e3', '0x10', ' ', '99999999999999999999', '12abc', '１'];
const INTEGER_PARAMS = new Set([
  'parentId',
  'catalogId',
  'courseId',
  'pageSize',
  'pageIndex',
  'startIndex',
  'endIndex',
  'limit',
  'productId',
  'comId',
  'id',
]);

describe('bad input', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  it('every endpoint answers its valid call with 2000', async () => {
    for (const [path, params] of VALID) {
      const res = await api.client.get(path, params);
      expect([path, res.status, res.body.code]).toEqual([path, 200, 2000]);
    }
  });

  it('a non-integer value of any integer parameter is a 4000 naming it, never a 500', async () => {
    for (const [path, params] of VALID) {
      for (const name of Object.keys(params).filter((k) => INTEGER_PARAMS.has(k))) {
        for (const value of MALFORMED) {
          const res = await api.client.get(path, { ...params, [name]: value });
          // ' ' is blank: for an optional parameter that means "absent", which is fine
          if (value === ' ' && res.status === 200) continue;
          expect([path, name, value, res.status, res.body.code]).toEqual([path, name, value, 400, 4000]);
          expect(res.body.message).toContain(name);
          expect(res.body.items).toBeNull();
        }
      }
    }
  });

  it('a missing required parameter is a 4000 naming it', async () => {
    const res = await api.client.get('/api/courses/GetListByCatalogId', { catalogId: 0, pageIndex: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 4000, message: '缺少参数 pageSize', items: null });
    const noId = await api.client.get('/api/special/GetSpecialDetails', { comId: 0 });
    expect(noId.body.message).toContain('id');
  });

  it('page sizes: negative, zero and huge are refused with the range in the message', async () => {
    for (const pageSize of [-1, 0, 101, 100000]) {
      const res = await api.client.get('/api/courses/GetListByCatalogId', { catalogId: 0, pageIndex: 1, pageSize });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('参数 pageSize 必须是 1 到 100 之间的整数');
    }
    for (const pageIndex of [0, -3]) {
      const res = await api.client.get('/api/author/GetListByPage', { catalogId: 0, pageIndex, pageSize: 18 });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('pageIndex');
    }
    const huge = await api.client.get('/api/courses/GetListByCatalogId', {
      catalogId: 0,
      pageIndex: 1000000000,
      pageSize: 100,
    });
    expect(huge.body).toEqual({ code: 2000, message: expect.any(String), items: { totalCount: 10, dataList: [] } });
  });

  it('index windows: endIndex must be above startIndex and at most 100 further', async () => {
    const window = (startIndex: number, endIndex: number) =>
      api.client.get('/api/Recommend/GetRecommendCourses', { productId: 1, startIndex, endIndex });
    expect((await window(-1, 5)).body.message).toContain('startIndex');
    const equal = await window(5, 5);
    expect(equal.status).toBe(400);
    expect(equal.body.message).toContain('endIndex');
    expect((await window(0, 101)).body.code).toBe(4000);
    expect((await window(0, 100)).body.code).toBe(2000);
  });

  it('limit 1..100, year 2000..2100, sortType 0..3, negative ids', async () => {
    expect((await api.client.get('/api/banner/GetList', { comCode: '', limit: 0 })).body.message).toContain('limit');
    expect((await api.client.get('/api/banner/GetList', { comCode: '', limit: 101 })).body.code).toBe(4000);
    const year = await api.client.get('/api/courses/GetListByCatalogId', {
      catalogId: 0,
      pageIndex: 1,
      pageSize: 20,
      year: 1999,
    });
    expect(year.body.message).toBe('参数 year 必须是 2000 到 2100 之间的整数');
    const sort = await api.client.get('/api/author/AuthorDetail', { id: 1, sortType: -1, pageIndex: 1, pageSize: 18 });
    expect(sort.body.message).toContain('sortType');
    const negative = await api.client.get('/api/play/GetPlayPageData', { courseId: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toContain('courseId');
  });

  it('text too long is refused', async () => {
    const res = await api.client.get('/api/courses/GetCourseAndVideoCount', {
      catalogId: 0,
      searchKey: '长'.repeat(101),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('searchKey');
  });

  it('unknown parameters are ignored but still signed', async () => {
    const res = await api.client.get('/api/catalog/GetCatalogList4', { catalogId: 1, whatever: 'x', _t: 123 });
    expect(res.body.code).toBe(2000);
  });
});
