/**
 * The search log behind the hot keywords on PostgreSQL, answering as store/search-logs.ts does:
 * one row per keyword, searcher and day, at most MAX_KEYWORDS_PER_SEARCHER_DAY new keywords per
 * searcher and day. The cap's check-then-write holds a lock on the searcher only (an advisory
 * lock keyed by the searcher), so searches of different people never wait on one another; a log
 * write is best-effort and gives up after a short lock wait rather than hold up the search.
 */
import { sql } from 'kysely';
import type { Async } from '../async-door';
import {
  MAX_KEYWORDS_PER_SEARCHER_DAY,
  normaliseLoggedKeyword,
  platformDay,
  type HotKeywordRecord,
  type SearchLogStore,
} from '../search-logs';
import type { PostgresConnection } from './connection';

/** rows older than this many days are deleted as new ones arrive (hot keywords read 30), as in SQLite */
const RETENTION_DAYS = 60;
/** how long a log write may wait for a lock (SQLite: its 100 ms busy timeout) */
const RECORD_LOCK_TIMEOUT = '100ms';

export function createPostgresSearchLogStore(connection: PostgresConnection): Async<SearchLogStore> {
  const { db } = connection;
  return {
    async record(keyword, searcher, at) {
      const normalised = normaliseLoggedKeyword(keyword);
      if (normalised === null) return false;
      const day = platformDay(at);
      return connection.transaction(async () => {
        await sql`SET LOCAL lock_timeout = ${sql.lit(RECORD_LOCK_TIMEOUT)}`.execute(db());
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`search-log:${searcher}`}))`.execute(db());
        // a keyword already recorded today only moves its time; a new one counts against the cap
        const result = await sql`INSERT INTO search_log (keyword, searcher, day, searched_at)
          SELECT ${normalised}::text, ${searcher}::text, ${day}::integer, ${at}::bigint
          WHERE EXISTS (SELECT 1 FROM search_log WHERE keyword = ${normalised} AND searcher = ${searcher} AND day = ${day})
             OR (SELECT count(*) FROM search_log WHERE searcher = ${searcher} AND day = ${day}) < ${MAX_KEYWORDS_PER_SEARCHER_DAY}
          ON CONFLICT (keyword, searcher, day) DO UPDATE SET searched_at = greatest(search_log.searched_at, excluded.searched_at)`.execute(
          db(),
        );
        await db()
          .deleteFrom('search_log')
          .where('day', '<', day - RETENTION_DAYS)
          .execute();
        return Number(result.numAffectedRows ?? 0) > 0;
      });
    },
    async hot(limit, now, days) {
      const { rows } =
        await sql<HotKeywordRecord>`SELECT keyword, COUNT(*) AS count, MAX(searched_at) AS "lastSearchedAt"
        FROM search_log WHERE day > ${platformDay(now) - days} AND day <= ${platformDay(now)}
        GROUP BY keyword ORDER BY count DESC, "lastSearchedAt" DESC, keyword COLLATE "C" LIMIT ${limit}`.execute(db());
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
  };
}
