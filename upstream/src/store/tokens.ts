/** Issued login tokens, keyed by the SHA-256 of the token (the token itself is never stored). */
import type { Database } from 'better-sqlite3';
import { statementCache } from './statements';

export type TokenKind = 'password' | 'network' | 'company';

export interface TokenRecord {
  tokenHash: string;
  userId: number;
  kind: TokenKind;
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number;
}

export interface TokenStore {
  insert(token: TokenRecord): void;
  get(tokenHash: string): TokenRecord | undefined;
  touch(tokenHash: string, lastUsedAt: number): void;
  /** sets a token's expiry (refresh bookkeeping, operators, tests of stale tokens) */
  setExpiry(tokenHash: string, expiresAt: number): boolean;
  /** true when a token was removed */
  revoke(tokenHash: string): boolean;
  revokeAllOf(userId: number): number;
  /** every token of the user but `keepTokenHash` (a password change keeps the session that made it) */
  revokeOthersOf(userId: number, keepTokenHash: string): number;
  /** removes tokens that expired before `before`; returns how many */
  purgeExpired(before: number): number;
  countOf(userId: number): number;
}

const COLUMNS =
  'token_hash AS tokenHash, user_id AS userId, kind, created_at AS createdAt, expires_at AS expiresAt, last_used_at AS lastUsedAt';

export function createTokenStore(db: Database): TokenStore {
  const prepare = statementCache(db);
  return {
    insert(token) {
      prepare(
        `INSERT INTO tokens (token_hash, user_id, kind, created_at, expires_at, last_used_at)
         VALUES (@tokenHash, @userId, @kind, @createdAt, @expiresAt, @lastUsedAt)`,
      ).run(token);
    },
    get(tokenHash) {
      return prepare(`SELECT ${COLUMNS} FROM tokens WHERE token_hash = ?`).get(tokenHash) as TokenRecord | undefined;
    },
    touch(tokenHash, lastUsedAt) {
      prepare('UPDATE tokens SET last_used_at = ? WHERE token_hash = ?').run(lastUsedAt, tokenHash);
    },
    setExpiry(tokenHash, expiresAt) {
      return prepare('UPDATE tokens SET expires_at = ? WHERE token_hash = ?').run(expiresAt, tokenHash).changes > 0;
    },
    revoke(tokenHash) {
      return prepare('DELETE FROM tokens WHERE token_hash = ?').run(tokenHash).changes > 0;
    },
    revokeAllOf(userId) {
      return prepare('DELETE FROM tokens WHERE user_id = ?').run(userId).changes;
    },
    revokeOthersOf(userId, keepTokenHash) {
      return prepare('DELETE FROM tokens WHERE user_id = ? AND token_hash <> ?').run(userId, keepTokenHash).changes;
    },
    purgeExpired(before) {
      return prepare('DELETE FROM tokens WHERE expires_at < ?').run(before).changes;
    },
    countOf(userId) {
      return (prepare('SELECT count(*) AS n FROM tokens WHERE user_id = ?').get(userId) as { n: number }).n;
    },
  };
}
