/**
 * The search log behind the hot keywords: one row per keyword, searcher and day (UTC+8), so that
 * a keyword's count is the number of (searcher, day) pairs that searched it, not of requests.
 */
import type { Database } from 'better-sqlite3';
import { statementCache } from './statements';

const DAY_MS = 86_400_000;
/** the platform's calendar is China Standard Time (UTC+8), as in services/year.ts */
const UTC_PLUS_8_MS = 8 * 3_600_000;
/** rows older than this many days are deleted as new ones arrive: hot keywords read 30 */
const RETENTION_DAYS = 60;
/**
 * distinct keywords recorded per searcher and day: a person types a handful, a script looping
 * over a dictionary would otherwise add a row per word (and could push its words up the list)
 */
export const MAX_KEYWORDS_PER_SEARCHER_DAY = 20;
/** the keyword box takes 50 characters; NFKC may lengthen a few (㍿ → 株式会社) */
const MAX_KEYWORD_LENGTH = 50;
/**
 * How long a write of the log may wait for another process's write lock. The log is best-effort:
 * a search must not stall for the connection's full busy_timeout (5 s) for it.
 */
const RECORD_BUSY_TIMEOUT_MS = 100;

export interface HotKeywordRecord {
  keyword: string;
  /** (searcher, day) pairs within the period */
  count: number;
  /** the latest search, unix ms */
  lastSearchedAt: number;
}

export interface SearchLogStore {
  /**
   * `searcher` searched `keyword` at `at` (unix ms); a second search the same day changes only its
   * time. The keyword is normalised first (normaliseLoggedKeyword); false when nothing was
   * recorded: nothing left of it, or the searcher's keywords of the day are at their cap.
   */
  record(keyword: string, searcher: string, at: number): boolean;
  /** the most searched keywords of the `days` days up to and including now's, most first, ties most recent first */
  hot(limit: number, now: number, days: number): HotKeywordRecord[];
}

/** The platform day (UTC+8) a time falls in, as a day number. */
export const platformDay = (ms: number): number => Math.floor((ms + UTC_PLUS_8_MS) / DAY_MS);

const MARKS = /[\uE000\uE001]/g;
/** controls, format characters (bidi overrides, zero-width joiners), private use, unassigned */
const INVISIBLE = /\p{C}/gu;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * The keyword as the hot keywords show and count it: compatibility forms folded (full-width
 * letters, ㈱), invisible characters removed, whitespace collapsed, trimmed, Latin letters
 * lower-cased. Null when no letter or digit remains (punctuation, symbols, emoji only): such
 * keywords are not shown to everyone as "hot".
 */
export function normaliseLoggedKeyword(keyword: string): string | null {
  const text = keyword
    .replace(MARKS, '')
    .normalize('NFKC')
    // whitespace first: tabs and line breaks are controls, and would join the words around them
    .replace(/\s+/gu, ' ')
    .replace(INVISIBLE, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/\p{Script=Latin}+/gu, (latin) => latin.toLowerCase());
  if (!WORD_CHARACTER.test(text)) return null;
  const points = [...text];
  return points.length > MAX_KEYWORD_LENGTH ? points.slice(0, MAX_KEYWORD_LENGTH).join('').trim() : text;
}

export function createSearchLogStore(db: Database): SearchLogStore {
  const prepare = statementCache(db);

  /** fn with a short busy timeout, the connection's own restored after */
  function briefly<T>(fn: () => T): T {
    // inside a transaction the lock is held already (the demo seed): nothing to wait for
    if (db.inTransaction) return fn();
    const usual = db.pragma('busy_timeout', { simple: true }) as number;
    db.pragma(`busy_timeout = ${RECORD_BUSY_TIMEOUT_MS}`);
    try {
      return fn();
    } finally {
      db.pragma(`busy_timeout = ${usual}`);
    }
  }

  return {
    record(keyword, searcher, at) {
      const normalised = normaliseLoggedKeyword(keyword);
      if (normalised === null) return false;
      const day = platformDay(at);
      return briefly(() =>
        db
          .transaction(() => {
            // a keyword already recorded today only moves its time; a new one counts against the cap
            const changes = prepare(
              `INSERT INTO search_log (keyword, searcher, day, searched_at)
             SELECT @keyword, @searcher, @day, @at
             WHERE EXISTS (SELECT 1 FROM search_log WHERE keyword = @keyword AND searcher = @searcher AND day = @day)
                OR (SELECT count(*) FROM search_log WHERE searcher = @searcher AND day = @day) < @cap
             ON CONFLICT (keyword, searcher, day) DO UPDATE SET searched_at = MAX(searched_at, excluded.searched_at)`,
            ).run({ keyword: normalised, searcher, day, at, cap: MAX_KEYWORDS_PER_SEARCHER_DAY }).changes;
            prepare('DELETE FROM search_log WHERE day < ?').run(day - RETENTION_DAYS);
            return changes > 0;
          })
          .immediate(),
      );
    },

    hot(limit, now, days) {
      return prepare(
        `SELECT keyword, COUNT(*) AS count, MAX(searched_at) AS lastSearchedAt
         FROM search_log WHERE day > ? AND day <= ?
         GROUP BY keyword ORDER BY count DESC, lastSearchedAt DESC, keyword LIMIT ?`,
      ).all(platformDay(now) - days, platformDay(now), limit) as HotKeywordRecord[];
    },
  };
}
