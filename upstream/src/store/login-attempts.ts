/**
 * The state behind brute-force protection (login-service/services/login-throttle.ts): failed
 * password attempts, each with its account and address, and the addresses accounts signed in from.
 * What a shared store does for replicas is the same per key (Redis: a sorted set of failure times
 * per pair, address and account: ZADD, ZCOUNT and the newest score; a key with a TTL per known
 * address).
 */
import type { Database } from 'better-sqlite3';
import { statementCache } from './statements';

/** Failures after a moment: how many, and when the newest was (unix ms; null when none). */
export interface FailureTally {
  count: number;
  latest: number | null;
}

export interface LoginAttemptStore {
  /**
   * One failed attempt on `accountKey` (the lower-cased user name, also of names that do not
   * exist, so answers do not tell which accounts exist) from `address` (an address as the
   * throttle keys it).
   */
  recordFailure(accountKey: string, address: string, at: number): void;
  /** failures after `since` of one account from one address */
  failuresOfPair(accountKey: string, address: string, since: number): FailureTally;
  /** failures after `since` from one address, whatever the accounts */
  failuresOfAddress(address: string, since: number): FailureTally;
  /** failures after `since` of one account, whatever the addresses */
  failuresOfAccount(accountKey: string, since: number): FailureTally;
  /** a right password from `address`: that pair's failures are forgotten (the account's from elsewhere stay) */
  clearPair(accountKey: string, address: string): void;
  /** the user signed in with the password from `address` at `at` */
  rememberAddress(userId: number, address: string, at: number): void;
  /** whether the user signed in with the password from `address` after `since` */
  isKnownAddress(userId: number, address: string, since: number): boolean;
  /** drops failures older than `failuresBefore` and addresses not signed in from since `addressesBefore` */
  purge(failuresBefore: number, addressesBefore: number): void;
}

export function createLoginAttemptStore(db: Database): LoginAttemptStore {
  const prepare = statementCache(db);
  const tally = (row: unknown): FailureTally => {
    const { n, latest } = row as { n: number; latest: number | null };
    return { count: n, latest };
  };
  return {
    recordFailure(accountKey, address, at) {
      prepare('INSERT INTO login_failures (account_key, client_ip, created_at) VALUES (?, ?, ?)').run(
        accountKey,
        address,
        at,
      );
    },
    failuresOfPair(accountKey, address, since) {
      return tally(
        prepare(
          'SELECT count(*) AS n, max(created_at) AS latest FROM login_failures WHERE account_key = ? AND client_ip = ? AND created_at > ?',
        ).get(accountKey, address, since),
      );
    },
    failuresOfAddress(address, since) {
      return tally(
        prepare(
          'SELECT count(*) AS n, max(created_at) AS latest FROM login_failures WHERE client_ip = ? AND created_at > ?',
        ).get(address, since),
      );
    },
    failuresOfAccount(accountKey, since) {
      return tally(
        prepare(
          'SELECT count(*) AS n, max(created_at) AS latest FROM login_failures WHERE account_key = ? AND created_at > ?',
        ).get(accountKey, since),
      );
    },
    clearPair(accountKey, address) {
      prepare('DELETE FROM login_failures WHERE account_key = ? AND client_ip = ?').run(accountKey, address);
    },
    rememberAddress(userId, address, at) {
      prepare(
        `INSERT INTO login_known_addresses (user_id, address, last_signed_in) VALUES (?, ?, ?)
         ON CONFLICT (user_id, address) DO UPDATE SET last_signed_in = max(last_signed_in, excluded.last_signed_in)`,
      ).run(userId, address, at);
    },
    isKnownAddress(userId, address, since) {
      return (
        prepare('SELECT 1 FROM login_known_addresses WHERE user_id = ? AND address = ? AND last_signed_in > ?').get(
          userId,
          address,
          since,
        ) !== undefined
      );
    },
    purge(failuresBefore, addressesBefore) {
      prepare('DELETE FROM login_failures WHERE created_at < ?').run(failuresBefore);
      prepare('DELETE FROM login_known_addresses WHERE last_signed_in < ?').run(addressesBefore);
    },
  };
}
