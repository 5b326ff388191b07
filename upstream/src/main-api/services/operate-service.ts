/**
 * Likes (operateType 0) and favourites (1) of a video (product-spec §4 toggle, §6 userType 1 or 2).
 * Setting what is set, or cancelling what is not, changes nothing and answers the same state, so a
 * double click or a retried request is harmless. The course counters follow by triggers (0007).
 */
import type { OperateType, Store } from '../../store';
import { OPERATE_TYPE } from '../../store/user-operations';
import { requireMember, requireUser } from './center-user';
import { requireVideo } from './videos';
import type { OperateState } from '../contract';

export const OPERATE_DONE: Readonly<Record<OperateType, string>> = {
  [OPERATE_TYPE.like]: '点赞成功',
  [OPERATE_TYPE.favourite]: '收藏成功',
};
export const OPERATE_CANCELLED: Readonly<Record<OperateType, string>> = {
  [OPERATE_TYPE.like]: '已取消点赞',
  [OPERATE_TYPE.favourite]: '已取消收藏',
};

export interface OperateTarget {
  userId: number;
  videoId: number;
  /** 0 = not checked */
  courseId: number;
  catalogId: number;
  operateType: OperateType;
}

export interface OperateService {
  state(query: { userId: number; videoId: number; courseId: number }): Promise<OperateState>;
  set(target: OperateTarget): Promise<OperateState>;
  cancel(target: OperateTarget): Promise<OperateState>;
}

export function createOperateService(store: Store, now: () => number = Date.now): OperateService {
  const stateOf = async (userId: number, videoId: number): Promise<OperateState> => {
    const s = await store.userOperations.videoState(userId, videoId);
    return {
      userLike: s.liked ? 1 : 0,
      userCollect: s.favourited ? 1 : 0,
      likeCount: s.likeCount,
      collectCount: s.favouriteCount,
    };
  };

  return {
    async state({ userId, videoId, courseId }) {
      await requireUser(store, userId);
      await requireVideo(store, videoId, courseId);
      return stateOf(userId, videoId);
    },

    async set({ userId, videoId, courseId, catalogId, operateType }) {
      await requireMember(store, userId);
      await requireVideo(store, videoId, courseId);
      await store.userOperations.add({ userId, videoId, operateType, catalogId }, now());
      return stateOf(userId, videoId);
    },

    async cancel({ userId, videoId, courseId, operateType }) {
      await requireMember(store, userId);
      await requireVideo(store, videoId, courseId);
      await store.userOperations.remove(userId, videoId, operateType);
      return stateOf(userId, videoId);
    },
  };
}
