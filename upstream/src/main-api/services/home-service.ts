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
  banners(limit: number): Promise<BannerItem[]>;
  recommendedCourses(window: PositionWindow): Promise<CourseItem[]>;
  selectedCourses(window: PositionWindow): Promise<CourseItem[]>;
  recommendedAuthors(window: PositionWindow): Promise<AuthorItem[]>;
}

export function createHomeService(store: Store): HomeService {
  return {
    banners: async (limit) => (await store.banners.list(limit)).map(toBannerItem),
    recommendedCourses: async ({ limit, offset }) => (await store.courses.recommended(limit, offset)).map(toCourseItem),
    selectedCourses: async ({ limit, offset }) => (await store.courses.selected(limit, offset)).map(toCourseItem),
    recommendedAuthors: async ({ limit, offset }) =>
      (await store.lecturers.list({ recommendedOnly: true }, 'recommendation', limit, offset)).map(toAuthorItem),
  };
}
