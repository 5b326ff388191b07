/** 我的课程: the courses the user favourited (through any of their videos), newest favourite first. */
import type { Store } from '../../store';
import { toFavouriteCourseItem } from '../center-presenters';
import { requireUser, type PageWindow } from './center-user';
import type { FavouriteCourseItem, Paged } from '../contract';

export interface FavouriteService {
  listCourses(query: PageWindow & { userId: number }): Promise<Paged<FavouriteCourseItem>>;
}

export function createFavouriteService(store: Store): FavouriteService {
  return {
    async listCourses({ userId, limit, offset }) {
      await requireUser(store, userId);
      return {
        totalCount: await store.userOperations.countFavouriteCourses(userId),
        dataList: (await store.userOperations.listFavouriteCourses(userId, limit, offset)).map(toFavouriteCourseItem),
      };
    },
  };
}
