/** 我的课程: the courses the user favourited (through any of their videos), newest favourite first. */
import type { Store } from '../../store';
import { toFavouriteCourseItem, type FavouriteCourseItem } from '../centre-presenters';
import type { Paged } from '../presenters';
import { requireUser, type PageWindow } from './centre-user';

export interface FavouriteService {
  listCourses(query: PageWindow & { userId: number }): Paged<FavouriteCourseItem>;
}

export function createFavouriteService(store: Store): FavouriteService {
  return {
    listCourses({ userId, limit, offset }) {
      requireUser(store, userId);
      return {
        totalCount: store.userOperations.countFavouriteCourses(userId),
        dataList: store.userOperations.listFavouriteCourses(userId, limit, offset).map(toFavouriteCourseItem),
      };
    },
  };
}
