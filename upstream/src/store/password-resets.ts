/**
 * Requests left on the login service's find-password page (migration 0003
 * password_reset_requests), for the people who run the platform: they check who is asking and
 * reset the password by hand (`npm run admin -- user reset-requests`). The user name is kept as
 * typed: whether such an account exists is for the administrator to find out, not the page.
 */
import type { Database } from 'better-sqlite3';
import { statementCache } from './statements';

export interface PasswordResetInput {
  userName: string;
  /** the e-mail address or mobile number to reach the person at */
  contact: string;
  clientIp: string;
}

export interface PasswordResetRecord extends PasswordResetInput {
  id: number;
  createdAt: number;
  /** when an administrator marked it handled, else null */
  handledAt: number | null;
}

export interface PasswordResetStore {
  /** returns the new request's id */
  add(request: PasswordResetInput, createdAt: number): number;
  get(id: number): PasswordResetRecord | undefined;
  /** newest first; handled ones only when asked for */
  list(options?: { includeHandled?: boolean }): PasswordResetRecord[];
  /** false when there is no such open request */
  markHandled(id: number, at: number): boolean;
  /** requests sent from one address since `since` (the page's flood limit; index by address and time, 0004) */
  countFromAddress(clientIp: string, since: number): number;
  /** requests from anywhere since `since` (the page's global limit) */
  countSince(since: number): number;
  /** deletes the requests handled before `before` (retention); returns how many */
  purgeHandledBefore(before: number): number;
}

/** the statements whose plans the indexes of migration 0004 serve (tests read their plans) */
export const PASSWORD_RESET_SQL = {
  countFromAddress: 'SELECT count(*) AS n FROM password_reset_requests WHERE client_ip = ? AND created_at > ?',
  countSince: 'SELECT count(*) AS n FROM password_reset_requests WHERE created_at > ?',
  purgeHandledBefore: 'DELETE FROM password_reset_requests WHERE handled_at IS NOT NULL AND handled_at < ?',
} as const;

const COLUMNS = `id, user_name AS userName, contact, client_ip AS clientIp, created_at AS createdAt, handled_at AS handledAt`;

export function createPasswordResetStore(db: Database): PasswordResetStore {
  const prepare = statementCache(db);
  return {
    add(request, createdAt) {
      const result = prepare(
        `INSERT INTO password_reset_requests (user_name, contact, client_ip, created_at)
         VALUES (@userName, @contact, @clientIp, @createdAt)`,
      ).run({ ...request, createdAt });
      return Number(result.lastInsertRowid);
    },
    get(id) {
      return prepare(`SELECT ${COLUMNS} FROM password_reset_requests WHERE id = ?`).get(id) as
        PasswordResetRecord | undefined;
    },
    list(options = {}) {
      const where = options.includeHandled ? '' : 'WHERE handled_at IS NULL';
      return prepare(
        `SELECT ${COLUMNS} FROM password_reset_requests ${where} ORDER BY created_at DESC, id DESC`,
      ).all() as PasswordResetRecord[];
    },
    markHandled(id, at) {
      return (
        prepare('UPDATE password_reset_requests SET handled_at = ? WHERE id = ? AND handled_at IS NULL').run(at, id)
          .changes > 0
      );
    },
    countFromAddress(clientIp, since) {
      return (prepare(PASSWORD_RESET_SQL.countFromAddress).get(clientIp, since) as { n: number }).n;
    },
    countSince(since) {
      return (prepare(PASSWORD_RESET_SQL.countSince).get(since) as { n: number }).n;
    },
    purgeHandledBefore(before) {
      return prepare(PASSWORD_RESET_SQL.purgeHandledBefore).run(before).changes;
    },
  };
}
