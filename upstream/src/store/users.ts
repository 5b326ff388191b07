/**
 * User accounts. The password hash is read only through passwordHashOf, so that no record
 * handed to a presenter, a log line or the admin CLI can carry it by accident.
 */
import type { Database } from 'better-sqlite3';
import { statementCache } from './statements';

export type UserType = 1 | 2;

export interface UserRecord {
  userId: number;
  userName: string;
  userType: UserType;
  comId: number | null;
  realName: string;
  phone: string;
  email: string;
  headPicture: string;
  gender: number;
  address: string;
  birthday: string;
  school: string;
  major: string;
  className: string;
  studentId: string;
  info: string;
  qqBindState: number;
  weixinBindState: number;
  weiboBindState: number;
  enabled: boolean;
  /** the organisation whose network identity this user is, else null */
  orgIdentityOf: number | null;
  createdAt: number;
  /** whether a password is set (network identities have none) */
  hasPassword: boolean;
}

export interface UserInput {
  userName: string;
  /** null: no password login */
  passwordHash: string | null;
  userType: UserType;
  comId: number | null;
  realName?: string;
  orgIdentityOf?: number | null;
}

/** The fields of the profile a user edits (UpdateUserExtraInfo); all replace the stored ones. */
export interface ProfileInput {
  realName: string;
  gender: number;
  address: string;
  birthday: string;
  school: string;
  major: string;
  className: string;
  studentId: string;
  info: string;
}

/** third-party accounts a user may have bound (QQ, 微信, 微博) */
export type OAuthProviderKey = 'qq' | 'weixin' | 'weibo';

const BIND_COLUMNS: Record<OAuthProviderKey, string> = {
  qq: 'qq_bind_state',
  weixin: 'weixin_bind_state',
  weibo: 'weibo_bind_state',
};

export interface UserStore {
  insert(user: UserInput, createdAt: number): UserRecord;
  get(userId: number): UserRecord | undefined;
  /** case-insensitive (ASCII) */
  getByName(userName: string): UserRecord | undefined;
  orgIdentity(comId: number): UserRecord | undefined;
  list(): UserRecord[];
  passwordHashOf(userId: number): string | null;
  setPasswordHash(userId: number, hash: string): boolean;
  setEnabled(userId: number, enabled: boolean): boolean;
  updateProfile(userId: number, profile: ProfileInput): boolean;
  setHeadPicture(userId: number, url: string): boolean;
  setBindState(userId: number, provider: OAuthProviderKey, bound: boolean): boolean;
  setEmail(userId: number, email: string): boolean;
  setPhone(userId: number, phone: string): boolean;
}

interface UserRow extends Omit<UserRecord, 'enabled' | 'hasPassword' | 'userType'> {
  userType: number;
  enabled: number;
  hasPassword: number;
}

const COLUMNS = `user_id AS userId, user_name AS userName, user_type AS userType, com_id AS comId,
  real_name AS realName, phone, email, head_picture AS headPicture, gender, address, birthday, school, major,
  class_name AS className, student_id AS studentId, info, qq_bind_state AS qqBindState,
  weixin_bind_state AS weixinBindState, weibo_bind_state AS weiboBindState, enabled,
  org_identity_of AS orgIdentityOf, created_at AS createdAt, password_hash IS NOT NULL AS hasPassword`;

const toRecord = (row: UserRow | undefined): UserRecord | undefined =>
  row && { ...row, userType: row.userType as UserType, enabled: row.enabled === 1, hasPassword: row.hasPassword === 1 };

export function createUserStore(db: Database): UserStore {
  const prepare = statementCache(db);
  const store: UserStore = {
    insert(user, createdAt) {
      const result = prepare(
        `INSERT INTO users (user_name, password_hash, user_type, com_id, real_name, org_identity_of, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        user.userName,
        user.passwordHash,
        user.userType,
        user.comId,
        user.realName ?? '',
        user.orgIdentityOf ?? null,
        createdAt,
      );
      return store.get(Number(result.lastInsertRowid))!;
    },
    get(userId) {
      return toRecord(prepare(`SELECT ${COLUMNS} FROM users WHERE user_id = ?`).get(userId) as UserRow | undefined);
    },
    getByName(userName) {
      return toRecord(prepare(`SELECT ${COLUMNS} FROM users WHERE user_name = ?`).get(userName) as UserRow | undefined);
    },
    orgIdentity(comId) {
      return toRecord(
        prepare(`SELECT ${COLUMNS} FROM users WHERE org_identity_of = ?`).get(comId) as UserRow | undefined,
      );
    },
    list() {
      return (prepare(`SELECT ${COLUMNS} FROM users ORDER BY user_id`).all() as UserRow[]).map((row) => toRecord(row)!);
    },
    passwordHashOf(userId) {
      const row = prepare('SELECT password_hash AS hash FROM users WHERE user_id = ?').get(userId) as
        { hash: string | null } | undefined;
      return row?.hash ?? null;
    },
    setPasswordHash(userId, hash) {
      return prepare('UPDATE users SET password_hash = ? WHERE user_id = ?').run(hash, userId).changes > 0;
    },
    setEnabled(userId, enabled) {
      return prepare('UPDATE users SET enabled = ? WHERE user_id = ?').run(enabled ? 1 : 0, userId).changes > 0;
    },
    updateProfile(userId, profile) {
      return (
        prepare(
          `UPDATE users SET real_name = @realName, gender = @gender, address = @address, birthday = @birthday,
             school = @school, major = @major, class_name = @className, student_id = @studentId, info = @info
           WHERE user_id = @userId`,
        ).run({ ...profile, userId }).changes > 0
      );
    },
    setHeadPicture(userId, url) {
      return prepare('UPDATE users SET head_picture = ? WHERE user_id = ?').run(url, userId).changes > 0;
    },
    setBindState(userId, provider, bound) {
      // the column comes from the constant map above, never from input
      const column = BIND_COLUMNS[provider];
      return prepare(`UPDATE users SET ${column} = ? WHERE user_id = ?`).run(bound ? 1 : 0, userId).changes > 0;
    },
    setEmail(userId, email) {
      return prepare('UPDATE users SET email = ? WHERE user_id = ?').run(email, userId).changes > 0;
    },
    setPhone(userId, phone) {
      return prepare('UPDATE users SET phone = ? WHERE user_id = ?').run(phone, userId).changes > 0;
    },
  };
  return store;
}
