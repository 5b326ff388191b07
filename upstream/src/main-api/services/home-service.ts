/** The home page's curated lists: banners, recommended and selected courses, recommended lecturers. */
import type { Store } from '../../store';
import { toAuthorItem, toBannerItem, toCourseItem } from '../presenters';
import type { AuthorItem, BannerItem, CourseItem } from '../contract';

export interface PositionWindow {
  /** first position, inclusive */
  offset: number;
  limit: number;
}

export interface HomeService {
  banners(limit: number): BannerItem[];
  recommendedCourses(window: PositionWindow): CourseItem[];
  selectedCourses(window: PositionWindow): CourseItem[];
  recommendedAuthors(window: PositionWindow): AuthorItem[];
}

export function createHomeService(store: Store): HomeService {
  return {
    banners: (limit) => store.banners.list(limit).map(toBannerItem),
    recommendedCourses: ({ limit, offset }) => store.courses.recommended(limit, offset).map(toCourseItem),
    selectedCourses: ({ limit, offset }) => store.courses.selected(limit, offset).map(toCourseItem),
    recommendedAuthors: ({ limit, offset }) =>
      store.lecturers.list({ recommendedOnly: true }, 'recommendation', limit, offset).map(toAuthorItem),
  };
}
