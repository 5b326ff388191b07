/** 历史记录: the user's play records, newest first; the store keeps only the last PLAY_LOG_KEEP. */
import type { Store } from '../../store';
import { PLAY_LOG_KEEP } from '../../learning-limits';
import { toViewLogItem } from '../center-presenters';
import { requireUser } from './center-user';
import type { ViewLogItem } from '../contract';

export const HISTORY_CLEARED = '历史记录已清空';

export interface HistoryService {
  list(userId: number): Promise<ViewLogItem[]>;
  /** returns how many records were removed */
  clear(userId: number): Promise<number>;
}

export function createHistoryService(store: Store): HistoryService {
  return {
    async list(userId) {
      await requireUser(store, userId);
      return (await store.playLogs.listByUser(userId, PLAY_LOG_KEEP)).map(toViewLogItem);
    },

    async clear(userId) {
      await requireUser(store, userId);
      return store.playLogs.clear(userId);
    },
  };
}
