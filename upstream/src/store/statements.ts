/**
 * Prepared statements keyed by their SQL text. Queries whose shape varies (a filter present or
 * not, one of a fixed set of sort orders) are assembled only from constant fragments, so the set
 * of distinct texts is small and each is prepared once; values are always bound, never spliced.
 */
import type { Database, Statement } from 'better-sqlite3';

export type Prepare = (sql: string) => Statement;

export function statementCache(db: Database): Prepare {
  const cache = new Map<string, Statement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}
