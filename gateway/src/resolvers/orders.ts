/** The schema's sort enums in the upstream's vocabulary (product-spec §9, upstream/API.md). */
import type { CourseOrderBy } from '../upstream/mainApi';
import type { AuthorSort, CourseOrder } from '../graphql/resolverTypes';

const COURSE_ORDER_BY: Record<CourseOrder, CourseOrderBy> = {
  LATEST: 'b.PublishTime',
  MOST_PLAYED: 'ViewCount',
  MOST_NOTES: 'NoteCount',
  MOST_FAVOURITED: 'collectCount',
};

/** AuthorDetail's sortType orders one lecturer's courses: 0 newest, 1 played, 2 notes, 3 favourited. */
const AUTHOR_COURSE_SORT_TYPE: Record<CourseOrder, number> = {
  LATEST: 0,
  MOST_PLAYED: 1,
  MOST_NOTES: 2,
  MOST_FAVOURITED: 3,
};

/** GetListByPage's sortType orders lecturers: 0 recommendation, 1 most courses, 2 most played, 3 name A–Z. */
const AUTHOR_SORT_TYPE: Record<AuthorSort, number> = {
  DEFAULT: 0,
  MOST_COURSES: 1,
  MOST_PLAYED: 2,
  NAME: 3,
};

export function courseOrderBy(order: CourseOrder | null | undefined): CourseOrderBy {
  return COURSE_ORDER_BY[order ?? 'LATEST'];
}

export function authorCourseSortType(order: CourseOrder | null | undefined): number {
  return AUTHOR_COURSE_SORT_TYPE[order ?? 'LATEST'];
}

export function authorSortType(sort: AuthorSort | null | undefined): number {
  return AUTHOR_SORT_TYPE[sort ?? 'DEFAULT'];
}
