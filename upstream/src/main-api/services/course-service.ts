/** Course listings of the catalogue pages, their counts, related courses and sidebar statistics. */
import { notFound } from '../../http/envelope';
import type { CourseRecord, CourseOrder, Store } from '../../store';
import { toCourseItem } from '../presenters';
import type { CatalogueService } from './catalogue-service';
import { optionalYearRange, yearRange } from './year';
import type { CountAnswer, CourseItem, Paged } from '../contract';

export const COURSE_NOT_FOUND = '课程不存在';

/** The orderBy values of product-spec §9 and the store order each stands for. */
export const COURSE_ORDER_VALUES = {
  'b.PublishTime': 'latest',
  ViewCount: 'mostViewed',
  NoteCount: 'mostNotes',
  collectCount: 'mostCollected',
} as const satisfies Record<string, CourseOrder>;

export type CourseOrderValue = keyof typeof COURSE_ORDER_VALUES;

export interface CatalogueQuery {
  catalogId: number;
  year?: number;
}

export interface CourseService {
  requireCourse(id: number): Promise<CourseRecord>;
  countWithVideos(query: CatalogueQuery & { searchKey?: string }): Promise<CountAnswer>;
  listByCatalogue(
    query: CatalogueQuery & { order: CourseOrderValue; limit: number; offset: number },
  ): Promise<Paged<CourseItem>>;
  relevant(query: { courseId: number; catalogId: number; limit: number; offset: number }): Promise<Paged<CourseItem>>;
  statistics(query: CatalogueQuery): Promise<CountAnswer>;
}

export function createCourseService(store: Store, catalogues: CatalogueService): CourseService {
  const requireCourse = async (id: number): Promise<CourseRecord> => {
    const course = await store.courses.get(id);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    return course;
  };

  return {
    requireCourse,

    async countWithVideos({ catalogId, year, searchKey }) {
      await catalogues.requireCatalogue(catalogId);
      return store.courses.countWithVideos({
        catalogueId: catalogId,
        updated: optionalYearRange(year),
        nameContains: searchKey?.trim() || undefined,
      });
    },

    async listByCatalogue({ catalogId, year, order, limit, offset }) {
      await catalogues.requireCatalogue(catalogId);
      const filter = { catalogueId: catalogId, updated: optionalYearRange(year) };
      return {
        totalCount: await store.courses.count(filter),
        dataList: (await store.courses.list(filter, COURSE_ORDER_VALUES[order], limit, offset)).map(toCourseItem),
      };
    },

    async relevant({ courseId, catalogId, limit, offset }) {
      await catalogues.requireCatalogue(catalogId);
      const course = await requireCourse(courseId);
      // Relevance follows the course's own catalogue: the play URL's catalogId may be a broader node.
      const own = await store.catalogues.get(course.catalogueId);
      const scope = own && own.parentId !== 0 ? own.parentId : course.catalogueId;
      return {
        totalCount: await store.courses.countRelevant(courseId, scope),
        dataList: (await store.courses.relevant(courseId, course.catalogueId, scope, limit, offset)).map(toCourseItem),
      };
    },

    async statistics({ catalogId, year }) {
      await catalogues.requireCatalogue(catalogId);
      return store.courses.countByVideoPublication(catalogId, year === undefined ? null : yearRange(year));
    },
  };
}
