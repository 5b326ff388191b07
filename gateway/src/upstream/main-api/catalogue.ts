/**
 * upstream/API.md "Main API: catalogue and courses": the catalogue trees, counts, course lists, the
 * home's recommended and selected courses and its banners. The trees come as they are answered;
 * ../../loaders/catalogueTree.ts links them once per operation.
 */
import type { RestBanner, RestCatalogue, RestCourse, RestPage, RestResourceCount } from '../types';
import type { MainApiCalls } from './calls';

/** Sort values of product-spec §9 / API.md. */
export type CourseOrderBy = 'b.PublishTime' | 'ViewCount' | 'NoteCount' | 'collectCount';

export class CatalogueApi {
  constructor(private readonly calls: MainApiCalls) {}

  /** The whole subject tree: every top-level subject with its subtree in `child`. */
  async subjectTree(): Promise<RestCatalogue[]> {
    return (
      (await this.calls.read<RestCatalogue[] | null>('/api/catalog/GetCatalogListByParentId', { parentId: 0 })) ?? []
    );
  }

  /** The lecturer tree: level-1 nodes that have lecturers, with their level-2 children. */
  async lecturerTree(): Promise<RestCatalogue[]> {
    return (await this.calls.read<RestCatalogue[] | null>('/api/catalog/GetCatalogResourceByAuthor', {})) ?? [];
  }

  /** The direct children of a catalogue with their course counts for a year (one call per parent). */
  childrenCounts(parentId: number, year: number | undefined): Promise<RestCatalogue[]> {
    return this.calls.read<RestCatalogue[]>('/api/catalog/GetCatalogList4', { catalogId: parentId, year });
  }

  resourceCount(catalogId: number, year: number | undefined): Promise<RestResourceCount> {
    return this.calls.read<RestResourceCount>('/api/courses/GetCourseAndVideoCount', { catalogId, year });
  }

  statistics(year: number | undefined): Promise<RestResourceCount> {
    return this.calls.read<RestResourceCount>('/api/courses/GetResourceStatistics', { catalogId: 0, year });
  }

  courses(args: {
    catalogId: number;
    year: number | undefined;
    orderBy: CourseOrderBy;
    pageIndex: number;
    pageSize: number;
  }): Promise<RestPage<RestCourse>> {
    return this.calls.read<RestPage<RestCourse>>('/api/courses/GetListByCatalogId', { ...args });
  }

  relatedCourses(args: {
    courseId: number;
    catalogId: number;
    pageIndex: number;
    pageSize: number;
  }): Promise<RestPage<RestCourse>> {
    return this.calls.read<RestPage<RestCourse>>('/api/courses/GetRelevantList', { ...args });
  }

  recommendedCourses(startIndex: number, endIndex: number): Promise<RestCourse[]> {
    return this.calls.read<RestCourse[]>('/api/Recommend/GetRecommendCourses', {
      productId: this.calls.productId,
      startIndex,
      endIndex,
    });
  }

  selectedCourses(startIndex: number, endIndex: number): Promise<RestCourse[]> {
    return this.calls.read<RestCourse[]>('/api/Recommend/GetSelectedCourses', {
      startIndex,
      endIndex,
      productId: this.calls.productId,
    });
  }

  async banners(limit: number): Promise<RestBanner[]> {
    const { comCode } = await this.calls.organisation();
    return this.calls.read<RestBanner[]>('/api/banner/GetList', { comCode, limit });
  }
}
