/**
 * Every personal-centre call names its user with userId, filled by the signed gateway from the
 * signed-in viewer. An id with no account is a bad parameter (upstream/API.md), never an empty list.
 */
import { badParameter } from '../../http/envelope';
import type { Store, UserRecord } from '../../store';

export const UNKNOWN_USER = '参数 userId 对应的用户不存在';

export interface PageWindow {
  limit: number;
  offset: number;
}

export function requireUser(store: Store, userId: number): UserRecord {
  const user = store.users.get(userId);
  if (!user) throw badParameter(UNKNOWN_USER);
  return user;
}
