/**
 * Every personal-centre call names its user with userId, filled by the signed gateway from the
 * signed-in viewer. An id with no account is a bad parameter (upstream/API.md), never an empty list.
 */
import { badParameter, refused } from '../../http/envelope';
import type { Store, UserRecord } from '../../store';

export const UNKNOWN_USER = '参数 userId 对应的用户不存在';

export interface PageWindow {
  limit: number;
  offset: number;
}

export async function requireUser(store: Store, userId: number): Promise<UserRecord> {
  const user = await store.users.get(userId);
  if (!user) throw badParameter(UNKNOWN_USER);
  return user;
}

export const NOT_PERMITTED = '当前账号无权进行此操作';

/** product-spec §6: only userType 1 or 2 like, favourite, take and collect notes and clip videos */
const MEMBER_TYPES: ReadonlySet<number> = new Set([1, 2]);

/** the user (else 4000), refused with NOT_PERMITTED unless of userType 1 or 2 */
export async function requireMember(store: Store, userId: number): Promise<UserRecord> {
  const user = await requireUser(store, userId);
  if (!MEMBER_TYPES.has(user.userType)) throw refused(NOT_PERMITTED);
  return user;
}

/** the name shown beside what the user writes: the real name when there is one */
export const displayNameOf = (user: UserRecord): string => user.realName || user.userName;
