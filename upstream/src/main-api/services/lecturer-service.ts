/** The lecturer list (/author) and a lecturer's page (/authorDes, the play page's lecturer card). */
import { badParameter, notFound } from '../../http/envelope';
import type { CourseOrder, LecturerOrder, Store } from '../../store';
import { toAuthorItem, toCourseItem } from '../presenters';
import type { CatalogueService } from './catalogue-service';
import type { AuthorDetail, AuthorItem, Paged } from '../contract';

export const LECTURER_NOT_FOUND = '讲师不存在';

/** sortType of the lecturer list */
export const LECTURER_SORT_TYPES: readonly LecturerOrder[] = ['recommendation', 'mostCourses', 'mostViewed', 'name'];
/** sortType of a lecturer's courses */
export const LECTURER_COURSE_SORT_TYPES: readonly CourseOrder[] = [
  'latest',
  'mostViewed',
  'mostNotes',
  'mostCollected',
];

export interface LecturerService {
  list(query: {
    catalogId: number;
    firstWord?: string;
    sortType: number;
    limit: number;
    offset: number;
  }): Promise<Paged<AuthorItem>>;
  detail(query: {
    id: number;
    catalogId: number;
    sortType: number;
    limit: number;
    offset: number;
  }): Promise<AuthorDetail>;
}

function pick<T>(values: readonly T[], index: number): T {
  const value = values[index];
  if (value === undefined) throw badParameter(`参数 sortType 必须是 0 到 ${values.length - 1} 之间的整数`);
  return value;
}

export function createLecturerService(store: Store, catalogues: CatalogueService): LecturerService {
  return {
    async list({ catalogId, firstWord, sortType, limit, offset }) {
      await catalogues.requireCatalogue(catalogId);
      const order = pick(LECTURER_SORT_TYPES, sortType);
      const filter = { catalogueId: catalogId, firstWord };
      return {
        totalCount: await store.lecturers.count(filter),
        dataList: (await store.lecturers.list(filter, order, limit, offset)).map(toAuthorItem),
      };
    },

    async detail({ id, catalogId, sortType, limit, offset }) {
      const order = pick(LECTURER_COURSE_SORT_TYPES, sortType);
      const lecturer = await store.lecturers.get(id);
      if (!lecturer) throw notFound(LECTURER_NOT_FOUND);
      await catalogues.requireCatalogue(catalogId);
      const filter = { lecturerId: id, catalogueId: catalogId };
      return {
        ...toAuthorItem(lecturer),
        courseList: (await store.courses.list(filter, order, limit, offset)).map(toCourseItem),
        totalCount: await store.courses.count(filter),
      };
    },
  };
}
