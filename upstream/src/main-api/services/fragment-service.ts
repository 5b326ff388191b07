/**
 * 截取片段: the user's fragments not yet expired (FRAGMENT_RETENTION_DAYS), newest first. Expired
 * ones are deleted, files included, whenever the list meets them; deleting one also removes its
 * cut file. Someone else's fragment answers exactly like an unknown id.
 */
import { refused } from '../../http/envelope';
import { removeFragmentFile } from '../../media/fragment-files';
import type { FragmentRecord, Store } from '../../store';
import { toFragmentItem, type FragmentItem } from '../centre-presenters';
import type { Paged } from '../presenters';
import { requireUser, type PageWindow } from './centre-user';

export const FRAGMENT_DELETED = '片段已删除';
export const FRAGMENT_NOT_FOUND = '片段不存在';

export interface FragmentService {
  list(query: PageWindow & { userId: number }): Paged<FragmentItem>;
  /** refused with FRAGMENT_NOT_FOUND unless the fragment is the user's */
  deleteOwn(userId: number, fragmentId: number): void;
}

export function createFragmentService(store: Store, now: () => number = Date.now): FragmentService {
  // The row goes first: a file without a row is harmless garbage, a row without its file is a broken download.
  const removeFiles = (rows: FragmentRecord[]) => {
    for (const row of rows) removeFragmentFile(store.mediaDir, row.videoAddress);
  };

  return {
    list({ userId, limit, offset }) {
      requireUser(store, userId);
      const at = now();
      removeFiles(store.fragments.deleteExpired(at, userId));
      return {
        totalCount: store.fragments.countActive(userId, at),
        dataList: store.fragments.listActive(userId, at, limit, offset).map(toFragmentItem),
      };
    },

    deleteOwn(userId, fragmentId) {
      requireUser(store, userId);
      const row = store.fragments.deleteOwn(fragmentId, userId);
      if (!row) throw refused(FRAGMENT_NOT_FOUND);
      removeFiles([row]);
    },
  };
}
