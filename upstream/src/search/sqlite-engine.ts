/**
 * The SQLite implementation of SearchEngine: jieba words in contentless FTS5 tables, ranked by
 * bm25() (upstream/src/store/migrations/0005-search.ts has the tables and the triggers).
 *
 * Cost model, measured on 1 184 459 knowledge points (tests/bench/search-corpus.ts) on a 2-core
 * machine: counting the matches of a term costs ~0.04 µs per match (3 ms for 72 000), ranking
 * them with bm25() ~0.6 µs per ranked row plus one pass over all the rows of every query word (its
 * IDF: ~20 ms for a word in 250 000 rows). So a query counts first, and when it matches more than
 * `rankWindow` rows ranks only the newest `rankWindow` of them (a rowid range); the rest follow
 * newest first. Reading anything per row besides the index (popularity, the original text) costs
 * ~2 µs per row, so the exact-phrase test and popularity ties reorder the best `headSize` rows only.
 *
 * Matching: every word of the keyword is required (jieba's precise cut, stopwords dropped). The
 * character index answers instead when the keyword is one Han character or jieba cuts it into
 * single characters only, and when no row of the whole index has every word (a fragment starting
 * inside a word, a name jieba cuts differently): every bigram of the keyword required.
 */
import Database from 'better-sqlite3';
import type { Database as DatabaseType } from 'better-sqlite3';
import { migrate } from '../store/migrate';
import { statementCache } from '../store/statements';
import {
  characterExpression,
  ftsString,
  indexCharacters,
  indexWords,
  wordExpression,
  type AnalyzedKeyword,
} from './analyzer';
import type {
  CatchUpReport,
  DroppedChange,
  PendingResult,
  RebuildProgress,
  RebuildSummary,
  SearchEngine,
  SearchHitId,
  SearchHits,
  SearchIndex,
  SearchPageQuery,
  SearchQuery,
} from './engine';
import { analysisCache, exactRowids, highlightsOf, orderHead, type Variant } from './ranking';
import {
  INDEX_DEFINITIONS,
  KP_TRANSCRIPT_BIT,
  KP_VIDEO_FACTOR,
  kpRef,
  type IndexDefinition,
  type IndexDocument,
} from './sqlite-indexes';

/** (engine.ts re-exports this module: its values are not imported here, only its types) */
const SEARCH_INDEXES = Object.keys(INDEX_DEFINITIONS) as SearchIndex[];

export interface SqliteSearchEngineOptions {
  /** matches ranked by relevance at most (the newest ones); default 5 000 */
  rankWindow?: number;
  /** best rows by BM25 that the exact-phrase tier and popularity ties reorder; default 200 */
  headSize?: number;
  /**
   * documents (index rows) written per transaction when applying queued changes; default 100. A
   * change is never split: a video's change rewrites all its knowledge points in one.
   */
  pendingBatch?: number;
  /** entities read per rebuild transaction; default 500 */
  rebuildBatch?: number;
}

/** Suffix of the tables a rebuild fills before it swaps them in. */
const REBUILD_SUFFIX = '__rebuild';
/** A rebuild whose heartbeat is older than this is taken for dead (its process ended). */
const REBUILD_STALE_MS = 120_000;
/**
 * ... except during an FTS5 optimize, one statement that writes no heartbeat and may take minutes
 * on a large index: the rebuild announces it with this allowance first.
 */
const OPTIMIZE_STALE_MS = 30 * 60_000;
/** the background slices of a catch-up that ran out of time */
const DRAIN_SLICE_MS = 50;

interface Plan {
  variant: Variant;
  table: string;
  match: string;
  /** extra WHERE condition, on rowid (topics and lecturers filtered by catalogue) */
  extra: string;
  params: Record<string, unknown>;
  /** true when every match contains the keyword as typed: no exact-phrase test needed */
  allExact: boolean;
}

interface RankedRow {
  rowid: number;
  score: number;
}

export function createSqliteSearchEngine(
  target: DatabaseType | string,
  options: SqliteSearchEngineOptions = {},
): SearchEngine {
  const ownConnection = typeof target === 'string';
  const db: DatabaseType = typeof target === 'string' ? openDatabase(target) : target;
  const rankWindow = options.rankWindow ?? 5_000;
  const headSize = options.headSize ?? 200;
  const pendingBatch = options.pendingBatch ?? 100;
  const rebuildBatch = options.rebuildBatch ?? 500;
  const prepare = statementCache(db);

  const analyze = analysisCache();

  // ---- queries ---------------------------------------------------------------------------------

  const tableOf = (def: IndexDefinition, variant: Variant, suffix = '') => `${def.table}_${variant}${suffix}`;

  function planFor(
    def: IndexDefinition,
    variant: Variant,
    expression: string,
    catalogueId: number,
    allExact: boolean,
  ): Plan {
    const table = tableOf(def, variant);
    const columns = `{${def.columns.join(' ')}}`;
    let match = `${columns}: (${expression})`;
    let extra = '';
    const params: Record<string, unknown> = {};
    if (catalogueId > 0 && def.hasCats) {
      match = `{cats}: ${ftsString(`k${catalogueId}`)} AND ${match}`;
    } else if (catalogueId > 0 && def.catalogueRowids) {
      // a filter on the rows the match yields: `+` keeps SQLite from handing the IN list to FTS5
      // as rowid constraints, which would run the whole match once per id of the list
      extra = `AND +rowid IN (${def.catalogueRowids})`;
      params.catalogueId = catalogueId;
    }
    params.match = match;
    return { variant, table, match, extra, params, allExact };
  }

  function countPlan(plan: Plan): number {
    return (
      prepare(`SELECT count(*) AS n FROM ${plan.table} WHERE ${plan.table} MATCH @match ${plan.extra}`).get(
        plan.params,
      ) as {
        n: number;
      }
    ).n;
  }

  /**
   * The plan that answers the keyword in this index, with its match count; null when nothing can
   * match. The character index answers when the keyword is made of single characters (see
   * AnalyzedKeyword.charactersFirst) or the word index has no row with every word, in the whole
   * index: a catalogue without them finds nothing rather than rows with scattered characters.
   */
  function resolve(
    def: IndexDefinition,
    query: SearchQuery,
  ): { plan: Plan; total: number; analyzed: AnalyzedKeyword } | null {
    const analyzed = analyze(query.keyword);
    const catalogueId = query.catalogueId ?? 0;
    const characters = characterExpression(analyzed);
    if (!analyzed.charactersFirst) {
      const words = wordExpression(analyzed);
      if (words) {
        const plan = planFor(def, 'words', words, catalogueId, analyzed.wordMatchIsExact);
        const total = countPlan(plan);
        if (total > 0 || !characters) return { plan, total, analyzed };
        if (catalogueId > 0 && countPlan(planFor(def, 'words', words, 0, false)) > 0) return { plan, total, analyzed };
      }
    }
    if (!characters) return null;
    const plan = planFor(def, 'chars', characters, catalogueId, analyzed.singleCharacter);
    return { plan, total: countPlan(plan), analyzed };
  }

  const bm25 = (def: IndexDefinition, table: string) =>
    `bm25(${table}, ${[...def.weights, ...(def.hasCats ? [0] : [])].join(', ')})`;

  function ranked(def: IndexDefinition, plan: Plan, lowest: number | null, limit: number, offset: number): RankedRow[] {
    const window = lowest === null ? '' : 'AND rowid >= @lowest';
    const tie = def.idOrder === 'asc' ? 'rowid' : 'rowid DESC';
    return prepare(
      `SELECT rowid, ${bm25(def, plan.table)} AS score FROM ${plan.table}
       WHERE ${plan.table} MATCH @match ${plan.extra} ${window}
       ORDER BY score, ${tie} LIMIT @limit OFFSET @offset`,
    ).all({ ...plan.params, lowest, limit, offset }) as RankedRow[];
  }

  /** the matches older than the rank window, newest first */
  function older(plan: Plan, lowest: number, limit: number, offset: number): number[] {
    return (
      prepare(
        `SELECT rowid FROM ${plan.table} WHERE ${plan.table} MATCH @match ${plan.extra} AND rowid < @lowest
         ORDER BY rowid DESC LIMIT @limit OFFSET @offset`,
      ).all({ ...plan.params, lowest, limit, offset }) as { rowid: number }[]
    ).map((row) => row.rowid);
  }

  /** the lowest rowid of the newest `rankWindow` matches */
  function windowStart(plan: Plan): number {
    return (
      prepare(
        `SELECT rowid FROM ${plan.table} WHERE ${plan.table} MATCH @match ${plan.extra}
         ORDER BY rowid DESC LIMIT 1 OFFSET @skip`,
      ).get({ ...plan.params, skip: rankWindow - 1 }) as { rowid: number }
    ).rowid;
  }

  /**
   * The best rows by BM25, reordered: rows whose field contains the keyword as typed first, then
   * BM25, then popularity, then id.
   */
  function head(
    def: IndexDefinition,
    plan: Plan,
    analyzed: AnalyzedKeyword,
    lowest: number | null,
    size: number,
  ): number[] {
    const rows = ranked(def, plan, lowest, size, 0);
    if (rows.length === 0) return [];
    const rowids = rows.map((r) => r.rowid);
    const popularity = new Map(
      (prepare(def.popularitySql).all(JSON.stringify(rowids)) as { rowid: number; popularity: number }[]).map((r) => [
        r.rowid,
        r.popularity,
      ]),
    );
    const exact = plan.allExact ? new Set(rowids) : exactRowids(def.documentsByRowid(prepare, rowids), analyzed);
    // bm25(): lower is better
    const relevance = rows.map((r) => ({ rowid: r.rowid, relevance: -r.score }));
    return orderHead(relevance, exact, popularity, def.idOrder);
  }

  function page(def: IndexDefinition, query: SearchPageQuery): { total: number; rowids: number[]; terms: string[] } {
    const resolved = resolve(def, query);
    if (!resolved || resolved.total === 0) {
      return { total: 0, rowids: [], terms: resolved ? highlightsOf(resolved.plan.variant, resolved.analyzed) : [] };
    }
    const { plan, total, analyzed } = resolved;
    const lowest = total > rankWindow ? windowStart(plan) : null;
    const windowCount = Math.min(total, rankWindow);
    const headCount = Math.min(headSize, windowCount);
    const end = Math.min(query.offset + query.limit, total);
    const rowids: number[] = [];
    // positions [0, headCount): the reordered head
    if (query.offset < headCount) {
      rowids.push(...head(def, plan, analyzed, lowest, headCount).slice(query.offset, Math.min(end, headCount)));
    }
    // positions [headCount, windowCount): BM25 order
    const rankedFrom = Math.max(query.offset, headCount);
    const rankedTo = Math.min(end, windowCount);
    if (rankedTo > rankedFrom) {
      rowids.push(...ranked(def, plan, lowest, rankedTo - rankedFrom, rankedFrom).map((r) => r.rowid));
    }
    // positions [windowCount, total): older matches, newest first
    const olderFrom = Math.max(query.offset, windowCount);
    if (lowest !== null && end > olderFrom) {
      rowids.push(...older(plan, lowest, end - olderFrom, olderFrom - windowCount));
    }
    return { total, rowids, terms: highlightsOf(plan.variant, analyzed) };
  }

  // ---- writing ---------------------------------------------------------------------------------

  function insertDocument(def: IndexDefinition, doc: IndexDocument, suffix: string): void {
    const columns = [...def.columns, ...(def.hasCats ? ['cats'] : [])];
    const placeholders = columns.map(() => '?').join(', ');
    const words = doc.fields.map(indexWords);
    const chars = doc.fields.map(indexCharacters);
    const cats = def.hasCats ? [doc.cats] : [];
    prepare(
      `INSERT INTO ${tableOf(def, 'words', suffix)} (rowid, ${columns.join(', ')}) VALUES (?, ${placeholders})`,
    ).run(doc.rowid, ...words, ...cats);
    prepare(
      `INSERT INTO ${tableOf(def, 'chars', suffix)} (rowid, ${columns.join(', ')}) VALUES (?, ${placeholders})`,
    ).run(doc.rowid, ...chars, ...cats);
  }

  function deleteRow(def: IndexDefinition, rowid: number): void {
    prepare(`DELETE FROM ${tableOf(def, 'words')} WHERE rowid = ?`).run(rowid);
    prepare(`DELETE FROM ${tableOf(def, 'chars')} WHERE rowid = ?`).run(rowid);
  }

  /** Knowledge points of these videos written (fresh tables) or rewritten (live tables). */
  function writeVideos(videoIds: readonly number[], suffix: string): number {
    const def = INDEX_DEFINITIONS.knowledgePoints;
    if (suffix === '') {
      // the previous rows, by the spans remembered when they were written
      const spans = prepare(
        `SELECT video_id AS videoId, keyframe_span AS keyframes, transcript_span AS transcripts
         FROM search_kp_videos WHERE video_id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(videoIds)) as { videoId: number; keyframes: number; transcripts: number }[];
      for (const span of spans) {
        const base = span.videoId * KP_VIDEO_FACTOR;
        for (let seq = 0; seq < span.keyframes; seq++) deleteRow(def, base + seq);
        for (let seq = 0; seq < span.transcripts; seq++) deleteRow(def, base + KP_TRANSCRIPT_BIT + seq);
        prepare('DELETE FROM search_kp_videos WHERE video_id = ?').run(span.videoId);
      }
    }
    const documents = def.documents(prepare, videoIds);
    const spans = new Map<number, { keyframes: number; transcripts: number }>();
    for (const doc of documents) {
      insertDocument(def, doc, suffix);
      const ref = kpRef(doc.rowid);
      const span = spans.get(ref.videoId) ?? { keyframes: 0, transcripts: 0 };
      if (ref.kind === 'keyframe') span.keyframes = Math.max(span.keyframes, ref.seq + 1);
      else span.transcripts = Math.max(span.transcripts, ref.seq + 1);
      spans.set(ref.videoId, span);
    }
    for (const [videoId, span] of spans) {
      prepare(`INSERT INTO search_kp_videos${suffix} (video_id, keyframe_span, transcript_span) VALUES (?, ?, ?)`).run(
        videoId,
        span.keyframes,
        span.transcripts,
      );
    }
    return documents.length;
  }

  /** Rows of one-row-per-entity indexes written (fresh tables) or rewritten (live tables). */
  function writeEntities(def: IndexDefinition, ids: readonly number[], suffix: string): number {
    if (suffix === '') for (const id of ids) deleteRow(def, id);
    const documents = def.documents(prepare, ids);
    for (const doc of documents) insertDocument(def, doc, suffix);
    return documents.length;
  }

  // ---- the queue of changes ---------------------------------------------------------------------

  // REPLACE, as the triggers do: a change queued again becomes the newest row (see migration 0005)
  const enqueue = (kind: string, selectIdsSql: string, ref: number) =>
    prepare(`INSERT OR REPLACE INTO search_pending (kind, ref) SELECT '${kind}', id FROM (${selectIdsSql})`).run(ref);

  /**
   * What each kind of queued change does (the triggers of migration 0005 queue them): the
   * documents written, 0 for the expansions, which only queue more changes for later batches.
   */
  function applyChange({ kind, ref }: { kind: string; ref: number }): number {
    switch (kind) {
      case 'course-videos':
        enqueue('video', 'SELECT id FROM videos WHERE course_id = ?', ref);
        return 0;
      case 'lecturer-courses':
        enqueue('course', 'SELECT id FROM courses WHERE lecturer_id = ?', ref);
        return 0;
      case 'catalogue-courses':
        enqueue(
          'course',
          `SELECT c.id FROM catalogue_closure cl JOIN courses c ON c.catalogue_id = cl.descendant_id WHERE cl.ancestor_id = ?`,
          ref,
        );
        return 0;
      case 'catalogue-placement':
        enqueue('course', 'SELECT id FROM courses WHERE catalogue_id = ?', ref);
        enqueue('course-videos', 'SELECT id FROM courses WHERE catalogue_id = ?', ref);
        return 0;
      case 'course':
        return writeEntities(INDEX_DEFINITIONS.courses, [ref], '');
      case 'video':
        return writeVideos([ref], '');
      case 'topic':
        return writeEntities(INDEX_DEFINITIONS.topics, [ref], '');
      case 'lecturer':
        return writeEntities(INDEX_DEFINITIONS.lecturers, [ref], '');
      case 'catalogue':
        return writeEntities(INDEX_DEFINITIONS.catalogues, [ref], '');
      default:
        throw new Error(`unknown kind of search change: ${kind}`);
    }
  }

  /**
   * Errors of the database itself (locked, full, unreadable): the batch rolls back and is tried
   * again later. Any other error belongs to the document (text the analysis cannot take, a
   * constraint), and retrying would fail the same way forever.
   */
  const isDatabaseFailure = (error: unknown): boolean =>
    error instanceof Database.SqliteError &&
    /^SQLITE_(BUSY|LOCKED|FULL|IOERR|NOMEM|CORRUPT|NOTADB|READONLY|INTERRUPT|CANTOPEN|PROTOCOL)/.test(error.code);

  interface RebuildState {
    heartbeat: number;
    pid: number;
    /** how long after the heartbeat the rebuild is still alive; REBUILD_STALE_MS when absent */
    staleMs?: number;
  }

  function rebuildState(): RebuildState | null {
    const row = prepare(`SELECT value FROM search_state WHERE key = 'rebuild'`).get() as { value: string } | undefined;
    if (!row) return null;
    const state = JSON.parse(row.value) as RebuildState;
    return Date.now() - state.heartbeat < (state.staleMs ?? REBUILD_STALE_MS) ? state : null;
  }

  function writeRebuildState(staleMs?: number): void {
    prepare(`INSERT OR REPLACE INTO search_state (key, value) VALUES ('rebuild', ?)`).run(
      JSON.stringify({ heartbeat: Date.now(), pid: process.pid, staleMs } satisfies RebuildState),
    );
  }

  const pendingCount = () => (prepare('SELECT count(*) AS n FROM search_pending').get() as { n: number }).n;
  const hasPending = () => prepare('SELECT EXISTS (SELECT 1 FROM search_pending) AS any').get() as { any: number };

  let rebuilding = false;

  function applyPending(opts: { maxMs?: number } = {}): PendingResult {
    const deadline = opts.maxMs === undefined ? Infinity : Date.now() + opts.maxMs;
    let applied = 0;
    let waiting = false;
    const dropped: DroppedChange[] = [];
    for (;;) {
      const done = db
        .transaction(() => {
          // A rebuild (here or in another process) swaps in tables built from the content as it was
          // when it started, then applies what was queued since: the queue waits for it. Asked
          // under the write lock of each batch, as a rebuild may start between two of them.
          if (rebuilding || rebuildState()) {
            waiting = true;
            return 0;
          }
          const changes = prepare('SELECT id, kind, ref FROM search_pending ORDER BY id LIMIT ?').all(pendingBatch) as {
            id: number;
            kind: string;
            ref: number;
          }[];
          const handled: number[] = [];
          let documents = 0;
          for (const change of changes) {
            try {
              // a savepoint: a change that fails leaves nothing half-written
              documents += db.transaction(() => applyChange(change))();
            } catch (error) {
              if (isDatabaseFailure(error)) throw error;
              dropped.push({ kind: change.kind, ref: change.ref, error });
            }
            handled.push(change.id);
            // batches sized by what they write (a video's change writes all its passages), and the
            // time limit honoured between changes rather than after a whole batch
            if (documents >= pendingBatch || Date.now() >= deadline) break;
          }
          prepare('DELETE FROM search_pending WHERE id IN (SELECT value FROM json_each(?))').run(
            JSON.stringify(handled),
          );
          return handled.length;
        })
        .immediate();
      applied += done;
      if (done === 0 || Date.now() >= deadline) break;
    }
    return { applied, remaining: applied === 0 && !waiting ? 0 : pendingCount(), dropped };
  }

  /** what the latest catch-up was told to report with, for the slices it left to the background */
  let report: CatchUpReport = () => {};

  function reportDropped(dropped: readonly DroppedChange[]): void {
    for (const { kind, ref, error } of dropped) {
      report('error', `search index: dropped the queued change ${kind} ${ref}, which failed to apply`, error);
    }
  }

  let drainScheduled = false;
  /** Queued changes a catch-up had no time for are applied in slices between requests. */
  function scheduleDrain(): void {
    if (drainScheduled) return;
    drainScheduled = true;
    setTimeout(() => {
      drainScheduled = false;
      if (!db.open) return;
      try {
        const { applied, remaining, dropped } = applyPending({ maxMs: DRAIN_SLICE_MS });
        reportDropped(dropped);
        // nothing applied: a rebuild holds the queue (it applies it itself), the next search looks again
        if (applied > 0 && remaining > 0) scheduleDrain();
      } catch (error) {
        // busy elsewhere (a long write in another process): the next search tries again
        report('warn', 'search index: applying queued changes in the background failed', error);
      }
    }, 10).unref();
  }

  function catchUp(opts: { maxMs: number; report?: CatchUpReport }): void {
    if (opts.report) report = opts.report;
    try {
      if (!(hasPending().any === 1)) return;
      const { applied, remaining, dropped } = applyPending({ maxMs: opts.maxMs });
      reportDropped(dropped);
      if (applied > 0 && remaining > 0) scheduleDrain();
    } catch (error) {
      // Another process holds the write lock beyond busy_timeout, or worse: answer from the index
      // as it is, and try again between requests.
      const busy = error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY');
      report(busy ? 'warn' : 'error', 'search index: applying queued changes failed', error);
      scheduleDrain();
    }
  }

  // ---- rebuild ----------------------------------------------------------------------------------

  /** live table names of the index (what a rebuild replaces) */
  const tablesOf = (def: IndexDefinition): string[] => [
    tableOf(def, 'words'),
    tableOf(def, 'chars'),
    ...(def.index === 'knowledgePoints' ? ['search_kp_videos'] : []),
  ];
  const ALL_TABLES = SEARCH_INDEXES.flatMap((index) => tablesOf(INDEX_DEFINITIONS[index]));

  function dropTable(name: string): void {
    db.exec(`DROP TABLE IF EXISTS "${name}"`);
  }

  /** A new empty table defined like the live one (its CREATE statement, renamed). */
  function createLike(name: string, newName: string): void {
    const row = db.prepare(`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?`).get(name) as
      { sql: string } | undefined;
    if (!row) throw new Error(`search table ${name} is missing: is the store migrated?`);
    const sql = row.sql.replace(/^(CREATE\s+(?:VIRTUAL\s+)?TABLE\s+)("?)[A-Za-z0-9_]+\2/i, `$1"${newName}"`);
    if (sql === row.sql) throw new Error(`cannot read the definition of ${name}`);
    db.exec(sql);
  }

  const rowCount = (table: string): number =>
    (db.prepare(`SELECT count(*) AS n FROM "${table}_docsize"`).get() as { n: number }).n;

  function counts(): Record<SearchIndex, number> {
    const result = {} as Record<SearchIndex, number>;
    for (const index of SEARCH_INDEXES) result[index] = rowCount(tableOf(INDEX_DEFINITIONS[index], 'words'));
    return result;
  }

  function rebuild(opts: { onProgress?: (progress: RebuildProgress) => void } = {}): RebuildSummary {
    const started = Date.now();
    const covered = db
      .transaction(() => {
        const running = rebuildState();
        if (running) throw new Error(`a search index rebuild is already running (process ${running.pid})`);
        writeRebuildState();
        // the queue up to here is covered by reading the content after this point
        return (prepare('SELECT COALESCE(MAX(id), 0) AS id FROM search_pending').get() as { id: number }).id;
      })
      .immediate();
    rebuilding = true;
    try {
      for (const table of ALL_TABLES) {
        dropTable(table + REBUILD_SUFFIX);
        createLike(table, table + REBUILD_SUFFIX);
      }
      for (const index of SEARCH_INDEXES) {
        const def = INDEX_DEFINITIONS[index];
        let after = 0;
        let rows = 0;
        for (;;) {
          const ids = (prepare(def.entityIdsSql).all(after, rebuildBatch) as { id: number }[]).map((r) => r.id);
          if (ids.length === 0) break;
          after = ids[ids.length - 1]!;
          rows += db
            .transaction(() => {
              writeRebuildState();
              return index === 'knowledgePoints'
                ? writeVideos(ids, REBUILD_SUFFIX)
                : writeEntities(def, ids, REBUILD_SUFFIX);
            })
            .immediate();
          opts.onProgress?.({ index, rows });
        }
        // one b-tree per term: the fastest layout to query. One statement that beats no heartbeat:
        // announced (committed) with a longer allowance first, the usual one restored after.
        for (const variant of ['words', 'chars'] as const) {
          const table = tableOf(def, variant, REBUILD_SUFFIX);
          db.transaction(() => writeRebuildState(OPTIMIZE_STALE_MS)).immediate();
          db.transaction(() => db.prepare(`INSERT INTO "${table}" ("${table}") VALUES ('optimize')`).run()).immediate();
          db.transaction(() => writeRebuildState()).immediate();
        }
      }
      // the swap: quick renames, so other processes wait for the write lock only briefly
      db.transaction(() => {
        for (const table of ALL_TABLES) {
          // left by a rebuild that ended between its swap and its clean-up
          dropTable(`${table}__old`);
          db.exec(`ALTER TABLE "${table}" RENAME TO "${table}__old"`);
          db.exec(`ALTER TABLE "${table}${REBUILD_SUFFIX}" RENAME TO "${table}"`);
        }
        prepare('DELETE FROM search_pending WHERE id <= ?').run(covered);
        prepare(`DELETE FROM search_state WHERE key = 'rebuild'`).run();
      }).immediate();
      for (const table of ALL_TABLES) db.transaction(() => dropTable(`${table}__old`)).immediate();
    } catch (error) {
      try {
        prepare(`DELETE FROM search_state WHERE key = 'rebuild'`).run();
        for (const table of ALL_TABLES) dropTable(table + REBUILD_SUFFIX);
      } catch {
        // keep the first error
      }
      throw error;
    } finally {
      rebuilding = false;
    }
    // changes made while the rebuild ran (a change that cannot be applied is dropped, as ever)
    reportDropped(applyPending().dropped);
    return { counts: counts(), elapsedMs: Date.now() - started };
  }

  // ---- the interface -----------------------------------------------------------------------------

  // The work is synchronous (better-sqlite3): each call answers a settled promise, and a failure
  // becomes a rejected one, as the asynchronous engines fail.
  const settle = <T>(fn: () => T): Promise<T> => {
    try {
      return Promise.resolve(fn());
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };

  return {
    search<I extends SearchIndex>(index: I, query: SearchPageQuery): Promise<SearchHits<SearchHitId<I>>> {
      return settle(() => {
        const { total, rowids, terms } = page(INDEX_DEFINITIONS[index], query);
        const ids = (index === 'knowledgePoints' ? rowids.map(kpRef) : rowids) as SearchHitId<I>[];
        return { totalCount: total, ids, highlightTerms: terms };
      });
    },

    count: (index, query) => settle(() => resolve(INDEX_DEFINITIONS[index], query)?.total ?? 0),
    applyPending: (opts) => settle(() => applyPending(opts)),
    catchUp: (opts) => settle(() => catchUp(opts)),
    rebuild: (opts) => settle(() => rebuild(opts)),
    stats: () => settle(() => ({ counts: counts(), pending: pendingCount() })),

    close: () =>
      settle(() => {
        if (ownConnection && db.open) db.close();
      }),
  };
}

/** A connection of its own on a store file, configured like openStore's, schema migrated. */
function openDatabase(file: string): DatabaseType {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  migrate(db);
  return db;
}
