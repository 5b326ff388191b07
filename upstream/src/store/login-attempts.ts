/** Failed password logins and the locks they lead to (brute-force protection). */
import type { Database } from 'better-sqlite3';
import { statementCache } from './statements';

export type LockScope = 'account' | 'address';

export interface LoginAttemptStore {
  recordFailure(accountKey: string, clientIp: string, at: number): void;
  failuresOfAccount(accountKey: string, since: number): number;
  failuresOfAddress(clientIp: string, since: number): number;
  /** the lock's end, or undefined when there is none (expired ones included; callers compare) */
  lockedUntil(scope: LockScope, subject: string): number | undefined;
  lock(scope: LockScope, subject: string, until: number): void;
  /** a successful login: the account's failures and lock are forgotten */
  clearAccount(accountKey: string): void;
  /** drops failures older than `before` and ended locks */
  purge(before: number): void;
}

export function createLoginAttemptStore(db: Database): LoginAttemptStore {
  const prepare = statementCache(db);
  return {
    recordFailure(accountKey, clientIp, at) {
      prepare('INSERT INTO login_failures (account_key, client_ip, created_at) VALUES (?, ?, ?)').run(accountKey, clientIp, at);
    },
    failuresOfAccount(accountKey, since) {
      return (
        prepare('SELECT count(*) AS n FROM login_failures WHERE account_key = ? AND created_at > ?').get(accountKey, since) as {
          n: number;
        }
      ).n;
    },
    failuresOfAddress(clientIp, since) {
      return (
        prepare('SELECT count(*) AS n FROM login_failures WHERE client_ip = ? AND created_at > ?').get(clientIp, since) as {
          n: number;
        }
      ).n;
    },
    lockedUntil(scope, subject) {
      const row = prepare('SELECT locked_until AS until FROM login_locks WHERE scope = ? AND subject = ?').get(scope, subject) as
        | { until: number }
        | undefined;
      return row?.until;
    },
    lock(scope, subject, until) {
      prepare(
        `INSERT INTO login_locks (scope, subject, locked_until) VALUES (?, ?, ?)
         ON CONFLICT (scope, subject) DO UPDATE SET locked_until = max(locked_until, excluded.locked_until)`,
      ).run(scope, subject, until);
    },
    clearAccount(accountKey) {
      db.transaction(() => {
        prepare('DELETE FROM login_failures WHERE account_key = ?').run(accountKey);
        prepare("DELETE FROM login_locks WHERE scope = 'account' AND subject = ?").run(accountKey);
      })();
    },
    purge(before) {
      prepare('DELETE FROM login_failures WHERE created_at < ?').run(before);
      prepare('DELETE FROM login_locks WHERE locked_until < ?').run(before);
    },
  };
}
