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
  requireCourse(id: number): CourseRecord;
  countWithVideos(query: CatalogueQuery & { searchKey?: string }): CountAnswer;
  listByCatalogue(query: CatalogueQuery & { order: CourseOrderValue; limit: number; offset: number }): Paged<CourseItem>;
  relevant(query: { courseId: number; catalogId: number; limit: number; offset: number }): Paged<CourseItem>;
  statistics(query: CatalogueQuery): CountAnswer;
}

export function createCourseService(store: Store, catalogues: CatalogueService): CourseService {
  const requireCourse = (id: number): CourseRecord => {
    const course = store.courses.get(id);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    return course;
  };

  return {
    requireCourse,

    countWithVideos({ catalogId, year, searchKey }) {
      catalogues.requireCatalogue(catalogId);
      return store.courses.countWithVideos({
        catalogueId: catalogId,
        updated: optionalYearRange(year),
        nameContains: searchKey?.trim() || undefined,
      });
    },

    listByCatalogue({ catalogId, year, order, limit, offset }) {
      catalogues.requireCatalogue(catalogId);
      const filter = { catalogueId: catalogId, updated: optionalYearRange(year) };
      return {
        totalCount: store.courses.count(filter),
        dataList: store.courses.list(filter, COURSE_ORDER_VALUES[order], limit, offset).map(toCourseItem),
      };
    },

    relevant({ courseId, catalogId, limit, offset }) {
      catalogues.requireCatalogue(catalogId);
      const course = requireCourse(courseId);
      // Relevance follows the course's own catalogue: the play URL's catalogId may be a broader node.
      const own = store.catalogues.get(course.catalogueId);
      const scope = own && own.parentId !== 0 ? own.parentId : course.catalogueId;
      return {
        totalCount: store.courses.countRelevant(courseId, scope),
        dataList: store.courses.relevant(courseId, course.catalogueId, scope, limit, offset).map(toCourseItem),
      };
    },

    statistics({ catalogId, year }) {
      catalogues.requireCatalogue(catalogId);
      return store.courses.countByVideoPublication(catalogId, year === undefined ? null : yearRange(year));
    },
  };
}
