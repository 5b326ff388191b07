/**
 * The PostgreSQL implementation of SearchEngine (DATABASE_URL=postgres://…): the analyser's jieba
 * words and character bigrams in 'simple' tsvectors with field weights, under GIN indexes
 * (postgres-migrations.ts has the tables and the triggers that queue content changes), ranked by
 * ts_rank with the SQLite engine's column weights. PostgreSQL has no Chinese parser, so the
 * tsvectors are built here, token by token, by the same analyser that cuts the keywords.
 *
 * The same contract and approximations as the SQLite engine (engine.ts): every word required, the
 * character index when the keyword is single characters or no row has every word; matches
 * counted first, only the newest `rankWindow` ranked when there are more; the best `headSize` rows
 * reordered by the exact-phrase tier, relevance, popularity and id. Relevance is ts_rank (with
 * length normalisation), not BM25: the sets and the exact tier agree with SQLite, the order
 * within a tier may differ.
 *
 * Several replicas may apply the queue at once: each batch claims its rows with FOR UPDATE SKIP
 * LOCKED. A content write that queues a row being applied waits for that batch and queues it
 * again, so a change is never lost to a batch that read the content before it. A rebuild builds
 * new tables beside the live ones and swaps them in one transaction; meanwhile the queue waits
 * (search_state holds the rebuild's heartbeat, as in SQLite).
 */
import { sql, type RawBuilder } from 'kysely';
import type { PostgresConnection } from '../store/postgres/connection';
import { migratePostgres } from '../store/postgres/migrations';
import { characterExpression, wordExpression, type AnalyzedKeyword } from './analyzer';
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
import {
  allOf,
  catalogueLexemesSql,
  commonLexemesSql,
  documentVectors,
  PG_INDEX_DEFINITIONS,
  singleLexeme,
  tableIndexes,
  tableSql,
  tableTriggers,
  type PgDocument,
  type PgIndexDefinition,
} from './postgres-indexes';
import { COMMON_LEXEME_ROWS, POSTGRES_SEARCH_MIGRATIONS } from './postgres-migrations';
import { analysisCache, exactRowids, highlightsOf, kpRef, orderHead, type Variant } from './ranking';

const SEARCH_INDEXES = Object.keys(PG_INDEX_DEFINITIONS) as SearchIndex[];

export interface PostgresSearchEngineOptions {
  /** matches ranked by relevance at most (the newest ones); default 5 000 */
  rankWindow?: number;
  /** best rows by relevance that the exact-phrase tier and popularity ties reorder; default 200 */
  headSize?: number;
  /** documents written per transaction when applying queued changes; default 100 */
  pendingBatch?: number;
  /** entities read per rebuild batch; default 500 */
  rebuildBatch?: number;
  /**
   * a rebuild keeps the count of every lexeme held by at least this many rows of the courses or
   * the knowledge points (search_counts), of the whole index and of each catalogue's subtree;
   * default COMMON_LEXEME_ROWS (5 000)
   */
  commonLexemeRows?: number;
}

const REBUILD_SUFFIX = '__rebuild';
/** A rebuild whose heartbeat is older than this is taken for dead (its process ended). */
const REBUILD_STALE_MS = 120_000;
/** ... except while it builds the GIN indexes of a large table: announced with this allowance */
const INDEXING_STALE_MS = 30 * 60_000;
/** how long a batch of the queue waits for a lock before it gives up (below deadlock_timeout, 1 s) */
const BATCH_LOCK_TIMEOUT_MS = 200;
/** the background slices of a catch-up that ran out of time */
const DRAIN_SLICE_MS = 50;

interface Plan {
  variant: Variant;
  /** the WHERE condition of every match */
  where: RawBuilder<unknown>;
  tsquery: string;
  /** every match contains the keyword as typed: no exact-phrase test needed */
  allExact: boolean;
  /** the query's one lexeme, when it has one, and its catalogue (0: none): its count may be kept */
  keptCount: { variant: Variant; lexeme: string; cat: number } | null;
}

interface RebuildState {
  heartbeat: number;
  pid: number;
  staleMs?: number;
}

/** a failure of a document's content (not of the database): dropped from the queue */
class DocumentError extends Error {}

/**
 * SQLSTATE classes of a statement refused for its data (22 data exception, 23 constraint, 42
 * syntax, 54 limits such as a tsvector too long): the document's fault, failing the same way each
 * time. Anything else (connection, deadlock, resources, shutdown) is the database's: retried.
 */
function isDocumentFailure(error: unknown): boolean {
  if (error instanceof DocumentError) return true;
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^(22|23|42|54)/.test(code);
}

export async function createPostgresSearchEngine(
  connection: PostgresConnection,
  options: PostgresSearchEngineOptions = {},
): Promise<SearchEngine> {
  await migratePostgres(connection, POSTGRES_SEARCH_MIGRATIONS);
  const rankWindow = options.rankWindow ?? 5_000;
  const headSize = options.headSize ?? 200;
  const pendingBatch = options.pendingBatch ?? 100;
  const rebuildBatch = options.rebuildBatch ?? 500;
  const commonLexemeRows = options.commonLexemeRows ?? COMMON_LEXEME_ROWS;
  const db = () => connection.db();
  const rows = async <T>(query: RawBuilder<T>): Promise<T[]> => (await query.execute(db())).rows;
  const exec = async (query: RawBuilder<unknown>): Promise<void> => {
    await query.execute(db());
  };
  const analyze = analysisCache();
  let closed = false;

  // ---- queries ---------------------------------------------------------------------------------

  function planFor(
    def: PgIndexDefinition,
    variant: Variant,
    tokens: readonly string[],
    catalogueId: number,
    allExact: boolean,
  ): Plan | null {
    const tsquery = allOf(tokens);
    if (!tsquery) return null;
    let filter = sql``;
    if (catalogueId > 0 && def.hasCats) filter = sql`AND cats @> ARRAY[${catalogueId}::integer]`;
    else if (catalogueId > 0 && def.catalogueIds) filter = sql`AND id IN (${def.catalogueIds(catalogueId)})`;
    const where = sql`${sql.ref(variant)} @@ ${tsquery}::tsquery ${filter}`;
    // kept per catalogue as well (cats is what the filter reads): courses and knowledge points
    const lexeme = def.keepsCounts && (catalogueId <= 0 || def.hasCats) ? singleLexeme(tokens) : null;
    return {
      variant,
      where,
      tsquery,
      allExact,
      keptCount: lexeme === null ? null : { variant, lexeme, cat: Math.max(0, catalogueId) },
    };
  }

  const table = (def: PgIndexDefinition, suffix = '') => sql.table(`${def.table}${suffix}`);

  /** the matches of a plan: the kept count of a common lexeme, else the matches counted */
  async function countPlan(def: PgIndexDefinition, plan: Plan): Promise<number> {
    if (plan.keptCount) {
      const [kept] = await rows(sql<{ n: number }>`SELECT n FROM search_counts
        WHERE tbl = ${def.table} AND variant = ${plan.keptCount.variant} AND lexeme = ${plan.keptCount.lexeme} AND cat = ${plan.keptCount.cat}`);
      if (kept) return kept.n;
    }
    return (await rows(sql<{ n: number }>`SELECT count(*)::integer AS n FROM ${table(def)} WHERE ${plan.where}`))[0]!.n;
  }

  /** whether the plan matches any row (stops at the first: no count needed) */
  async function anyMatch(def: PgIndexDefinition, plan: Plan): Promise<boolean> {
    return (
      await rows(sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM ${table(def)} WHERE ${plan.where}) AS any`)
    )[0]!.any;
  }

  /** as the SQLite engine resolves it (sqlite-engine.ts), the same analysis deciding */
  async function resolve(
    def: PgIndexDefinition,
    query: SearchQuery,
  ): Promise<{ plan: Plan; total: number; analyzed: AnalyzedKeyword } | null> {
    const analyzed = analyze(query.keyword);
    const catalogueId = query.catalogueId ?? 0;
    const characters = characterExpression(analyzed)
      ? planFor(def, 'chars', analyzed.characters, catalogueId, analyzed.singleCharacter)
      : null;
    if (!analyzed.charactersFirst) {
      const plan = wordExpression(analyzed)
        ? planFor(def, 'words', analyzed.words, catalogueId, analyzed.wordMatchIsExact)
        : null;
      if (plan) {
        const total = await countPlan(def, plan);
        if (total > 0 || !characters) return { plan, total, analyzed };
        if (catalogueId > 0 && (await anyMatch(def, planFor(def, 'words', analyzed.words, 0, false)!)))
          return { plan, total, analyzed };
      }
    }
    if (!characters) return null;
    return { plan: characters, total: await countPlan(def, characters), analyzed };
  }

  const rank = (def: PgIndexDefinition, plan: Plan) =>
    sql`ts_rank(${def.rankWeights}::float4[], ${sql.ref(plan.variant)}, ${plan.tsquery}::tsquery, 1)`;
  const tie = (def: PgIndexDefinition) => (def.idOrder === 'asc' ? sql`id` : sql`id DESC`);

  /** every match ranked (no window: they are rankWindow or fewer), rows [offset, offset + limit) */
  async function ranked(def: PgIndexDefinition, plan: Plan, limit: number, offset: number): Promise<number[]> {
    const list = await rows(
      sql<{ id: number }>`SELECT id FROM ${table(def)}
        WHERE ${plan.where} ORDER BY ${rank(def, plan)} DESC, ${tie(def)} LIMIT ${limit} OFFSET ${offset}`,
    );
    return list.map((row) => Number(row.id));
  }

  /** the matches older than the rank window, newest first */
  async function older(
    def: PgIndexDefinition,
    plan: Plan,
    lowest: number,
    limit: number,
    offset: number,
  ): Promise<number[]> {
    const list = await rows(
      sql<{ id: number }>`SELECT id FROM ${table(def)} WHERE ${plan.where} AND id < ${lowest}
        ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
    return list.map((row) => Number(row.id));
  }

  /**
   * Reads inside the rank window (id >= its start) with the planner held to bitmap scans: the
   * match's index ANDed with the id range, so that only the matches in the range are read. Left to
   * itself it walks the primary key through the range and tests every row's tsvector: with a
   * common keyword that is tens of thousands of rows read to find 5 000.
   */
  const inWindow = <T>(read: () => Promise<T>): Promise<T> =>
    connection.transaction(async () => {
      await exec(sql`SET LOCAL enable_indexscan = off`);
      await exec(sql`SET LOCAL enable_seqscan = off`);
      return read();
    });

  /** one window of matches ranked: rows [offset, offset + limit) of it, best first; its size and lowest id */
  interface WindowRows {
    rows: { id: number; score: number; popularity: number | null }[];
    /** matches in the window (rankWindow when the window is whole) */
    size: number;
    lowest: number;
  }

  /**
   * The newest `rankWindow` matches (those at `from` or above, when given), ranked in the same
   * statement that finds them: rows [offset, offset + limit) by relevance, with popularity when
   * asked, and the window's size and lowest id beside each row. The matches are read once, newest
   * first, their tsvector ranked as they are read.
   */
  async function windowRows(
    def: PgIndexDefinition,
    plan: Plan,
    from: number | null,
    limit: number,
    offset: number,
    withPopularity: boolean,
  ): Promise<WindowRows> {
    const range = from === null ? sql`` : sql`AND id >= ${from}`;
    const popularity = withPopularity ? def.popularityOf(sql.ref('w.id')) : sql`NULL::integer`;
    const list = await rows(
      sql<{ id: string; score: number; popularity: number | null; size: number; lowest: string }>`SELECT w.id, w.score,
        ${popularity} AS popularity, w.size, w.lowest
        FROM (SELECT id, score, count(*) OVER ()::integer AS size, min(id) OVER () AS lowest
          FROM (SELECT id, ${rank(def, plan)} AS score FROM ${table(def)} WHERE ${plan.where} ${range}
            ORDER BY id DESC LIMIT ${rankWindow}) AS m
          ORDER BY score DESC, ${tie(def)} LIMIT ${limit} OFFSET ${offset}) AS w
        ORDER BY w.score DESC, ${def.idOrder === 'asc' ? sql`w.id` : sql`w.id DESC`}`,
    );
    return {
      rows: list.map((row) => ({ id: Number(row.id), score: Number(row.score), popularity: row.popularity })),
      size: list.length > 0 ? list[0]!.size : 0,
      lowest: list.length > 0 ? Number(list[0]!.lowest) : NaN,
    };
  }

  /**
   * Rows [offset, offset + limit) of the rank window of `total` matches (more than rankWindow).
   * A common keyword (held by def.walkShare of the rows or more: a tenth of the knowledge points)
   * walks the ids down from the newest, testing each row: a few window's worth of rows, no index of
   * the keyword read (its GIN entry alone is a quarter of a million rows for a character such as 学,
   * 46 ms to read into a bitmap). A rarer one would walk far: its matches
   * are spread over the ids (content keeps coming), so the window is about the newest
   * rankWindow / total of the id range, read through the keyword's index ANDed with that range
   * (bitmap scans), widened until the range holds a whole window.
   */
  async function inRankWindow(
    def: PgIndexDefinition,
    plan: Plan,
    total: number,
    limit: number,
    offset: number,
    withPopularity: boolean,
  ): Promise<WindowRows> {
    const [range] = await rows(sql<{ lo: string; hi: string; rows: number }>`SELECT min(id) AS lo, max(id) AS hi,
      (SELECT reltuples FROM pg_class WHERE oid = ${def.table}::regclass) AS rows FROM ${table(def)}`);
    const lo = Number(range!.lo);
    const hi = Number(range!.hi);
    let share = (1.2 * rankWindow) / total;
    for (let probe = 0; probe < 3 && share < 0.5 && total < def.walkShare * Number(range!.rows); probe++) {
      const from = Math.floor(hi - (hi - lo) * share);
      const found = await inWindow(() => windowRows(def, plan, from, limit, offset, withPopularity));
      if (found.size >= rankWindow) return found;
      share *= 3;
    }
    return windowRows(def, plan, null, limit, offset, withPopularity);
  }

  /** the head reordered: the exact-phrase tier, relevance, popularity, id */
  async function orderedHead(
    def: PgIndexDefinition,
    plan: Plan,
    analyzed: AnalyzedKeyword,
    list: WindowRows['rows'],
  ): Promise<number[]> {
    if (list.length === 0) return [];
    const best = list.map((row) => ({ rowid: row.id, relevance: row.score }));
    const rowids = best.map((r) => r.rowid);
    const popularity = new Map(list.map((row) => [row.id, Number(row.popularity ?? 0)]));
    const exact = plan.allExact ? new Set(rowids) : exactRowids(await def.documentsByRowid(db(), rowids), analyzed);
    return orderHead(best, exact, popularity, def.idOrder);
  }

  /** the best `size` of every match (no window: the matches are rankWindow or fewer), reordered */
  async function head(def: PgIndexDefinition, plan: Plan, analyzed: AnalyzedKeyword, size: number): Promise<number[]> {
    // popularity read for the best rows only (outside the ranked subquery), in the same round trip
    const list = await rows(
      sql<{
        id: number;
        score: number;
        popularity: number | null;
      }>`SELECT r.id, r.score, ${def.popularityOf(sql.ref('r.id'))} AS popularity
        FROM (SELECT id, ${rank(def, plan)} AS score FROM ${table(def)}
          WHERE ${plan.where} ORDER BY score DESC, ${tie(def)} LIMIT ${size}) AS r`,
    );
    return orderedHead(
      def,
      plan,
      analyzed,
      list.map((row) => ({ id: Number(row.id), score: Number(row.score), popularity: row.popularity })),
    );
  }

  async function page(
    def: PgIndexDefinition,
    query: SearchPageQuery,
  ): Promise<{ total: number; rowids: number[]; terms: string[] }> {
    const resolved = await resolve(def, query);
    if (!resolved || resolved.total === 0) {
      return { total: 0, rowids: [], terms: resolved ? highlightsOf(resolved.plan.variant, resolved.analyzed) : [] };
    }
    const { plan, total, analyzed } = resolved;
    const windowCount = Math.min(total, rankWindow);
    const headCount = Math.min(headSize, windowCount);
    const end = Math.min(query.offset + query.limit, total);
    const rankedFrom = Math.max(query.offset, headCount);
    const rankedTo = Math.min(end, windowCount);
    const rowids: number[] = [];
    if (total <= rankWindow) {
      // positions [0, headCount): the reordered head; [headCount, total): relevance order
      if (query.offset < headCount)
        rowids.push(...(await head(def, plan, analyzed, headCount)).slice(query.offset, Math.min(end, headCount)));
      if (rankedTo > rankedFrom) rowids.push(...(await ranked(def, plan, rankedTo - rankedFrom, rankedFrom)));
      return { total, rowids, terms: highlightsOf(plan.variant, analyzed) };
    }
    // the rank window: the head and the ranked rows after it read with it, in one statement
    let lowest: number;
    if (query.offset < headCount) {
      const window = await inRankWindow(def, plan, total, Math.max(headCount, rankedTo), 0, true);
      lowest = window.lowest;
      rowids.push(
        ...(await orderedHead(def, plan, analyzed, window.rows.slice(0, headCount))).slice(
          query.offset,
          Math.min(end, headCount),
        ),
      );
      if (rankedTo > rankedFrom) rowids.push(...window.rows.slice(rankedFrom, rankedTo).map((row) => row.id));
    } else {
      const window = await inRankWindow(
        def,
        plan,
        total,
        Math.max(1, rankedTo - rankedFrom),
        Math.min(rankedFrom, windowCount - 1),
        false,
      );
      lowest = window.lowest;
      if (rankedTo > rankedFrom) rowids.push(...window.rows.map((row) => row.id));
    }
    // positions [windowCount, total): older matches, newest first
    const olderFrom = Math.max(query.offset, windowCount);
    if (end > olderFrom) rowids.push(...(await older(def, plan, lowest, end - olderFrom, olderFrom - windowCount)));
    return { total, rowids, terms: highlightsOf(plan.variant, analyzed) };
  }

  // ---- writing ---------------------------------------------------------------------------------

  async function insertDocuments(
    def: PgIndexDefinition,
    documents: readonly PgDocument[],
    suffix: string,
  ): Promise<void> {
    if (documents.length === 0) return;
    let vectors: Record<Variant, string>[];
    try {
      vectors = documents.map(documentVectors);
    } catch (error) {
      throw new DocumentError(`search index: cannot analyse a document of ${def.index}`, { cause: error });
    }
    const ids = documents.map((d) => d.rowid);
    const words = vectors.map((v) => v.words);
    const chars = vectors.map((v) => v.chars);
    const columns = ['id', 'words', 'chars', ...(def.byVideo ? ['video_id'] : []), ...(def.hasCats ? ['cats'] : [])];
    const values = [
      'u.id',
      'u.words::tsvector',
      'u.chars::tsvector',
      ...(def.byVideo ? ['u.video_id'] : []),
      ...(def.hasCats ? ['u.cats::integer[]'] : []),
    ];
    await exec(sql`INSERT INTO ${table(def, suffix)} (${sql.raw(columns.join(', '))})
      SELECT ${sql.raw(values.join(', '))}
      FROM unnest(${ids}::bigint[], ${words}::text[], ${chars}::text[],
        ${documents.map((d) => d.videoId ?? 0)}::integer[], ${documents.map((d) => `{${d.cats.join(',')}}`)}::text[])
        AS u(id, words, chars, video_id, cats)`);
  }

  /** Rows of these entities written (fresh tables) or rewritten (live tables); the documents written. */
  async function writeEntities(def: PgIndexDefinition, ids: readonly number[], suffix: string): Promise<number> {
    if (suffix === '') {
      const key = def.byVideo ? sql`video_id` : sql`id`;
      await exec(sql`DELETE FROM ${table(def)} WHERE ${key} = ANY(${ids}::bigint[])`);
    }
    const documents = await def.documents(db(), ids);
    await insertDocuments(def, documents, suffix);
    return documents.length;
  }

  // ---- the queue of changes ---------------------------------------------------------------------

  /** queues (kind, id) of every row the query selects, as the newest changes (as the triggers do) */
  const enqueue = (kind: string, ids: RawBuilder<unknown>) =>
    exec(sql`INSERT INTO search_pending (kind, ref) SELECT ${kind}, id FROM (${ids}) AS s(id)
      ON CONFLICT (kind, ref) DO UPDATE SET id = EXCLUDED.id`);

  /** what each kind of queued change does; the documents written (0 for the expansions) */
  async function applyChange({ kind, ref }: { kind: string; ref: number }): Promise<number> {
    const defs = PG_INDEX_DEFINITIONS;
    switch (kind) {
      case 'course-videos':
        await enqueue('video', sql`SELECT id FROM videos WHERE course_id = ${ref}`);
        return 0;
      case 'lecturer-courses':
        await enqueue('course', sql`SELECT id FROM courses WHERE lecturer_id = ${ref}`);
        return 0;
      case 'catalogue-courses':
        await enqueue(
          'course',
          sql`SELECT c.id FROM catalogue_closure cl JOIN courses c ON c.catalogue_id = cl.descendant_id WHERE cl.ancestor_id = ${ref}`,
        );
        return 0;
      case 'catalogue-placement':
        await enqueue('course', sql`SELECT id FROM courses WHERE catalogue_id = ${ref}`);
        await enqueue('course-videos', sql`SELECT id FROM courses WHERE catalogue_id = ${ref}`);
        return 0;
      case 'course':
        return writeEntities(defs.courses, [ref], '');
      case 'video':
        return writeEntities(defs.knowledgePoints, [ref], '');
      case 'topic':
        return writeEntities(defs.topics, [ref], '');
      case 'lecturer':
        return writeEntities(defs.lecturers, [ref], '');
      case 'catalogue':
        return writeEntities(defs.catalogues, [ref], '');
      default:
        throw new DocumentError(`unknown kind of search change: ${kind}`);
    }
  }

  async function rebuildState(): Promise<RebuildState | null> {
    const [row] = await rows(sql<{ value: string }>`SELECT value FROM search_state WHERE key = 'rebuild'`);
    if (!row) return null;
    const state = JSON.parse(row.value) as RebuildState;
    return Date.now() - state.heartbeat < (state.staleMs ?? REBUILD_STALE_MS) ? state : null;
  }

  const writeRebuildState = (staleMs?: number) =>
    exec(sql`INSERT INTO search_state (key, value) VALUES ('rebuild', ${JSON.stringify({ heartbeat: Date.now(), pid: process.pid, staleMs } satisfies RebuildState)})
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);

  const pendingCount = async () =>
    (await rows(sql<{ n: number }>`SELECT count(*)::integer AS n FROM search_pending`))[0]!.n;

  let rebuilding = false;

  async function applyPending(opts: { maxMs?: number } = {}): Promise<PendingResult> {
    const deadline = opts.maxMs === undefined ? Infinity : Date.now() + opts.maxMs;
    let applied = 0;
    let waiting = false;
    const dropped: DroppedChange[] = [];
    for (;;) {
      if (rebuilding) {
        waiting = true;
        break;
      }
      const batchDropped: DroppedChange[] = [];
      const done = await connection.transaction(async () => {
        // A batch never waits long for a lock: a content write holding a queued row (it requeues it)
        // may wait for this batch's rows, and a batch's expansions requeue rows too. The batch is
        // the one to give up (and is tried again later), never the content write.
        await exec(sql`SET LOCAL lock_timeout = ${sql.lit(`${BATCH_LOCK_TIMEOUT_MS}ms`)}`);
        // claimed first, then the rebuild asked: a rebuild that starts takes the queue's table
        // lock, so it either waits for this batch or is seen here (see rebuild)
        const changes = await rows(
          sql<{ id: number; kind: string; ref: number }>`SELECT id, kind, ref FROM search_pending
            ORDER BY id LIMIT ${pendingBatch} FOR UPDATE SKIP LOCKED`,
        );
        if (changes.length === 0) return 0;
        if (await rebuildState()) {
          waiting = true;
          return 0;
        }
        const handled: number[] = [];
        let documents = 0;
        for (const change of changes) {
          try {
            // a savepoint: a change that fails leaves nothing half-written
            documents += await connection.transaction(() =>
              applyChange({ kind: change.kind, ref: Number(change.ref) }),
            );
          } catch (error) {
            if (!isDocumentFailure(error)) throw error;
            batchDropped.push({ kind: change.kind, ref: Number(change.ref), error });
          }
          handled.push(Number(change.id));
          if (documents >= pendingBatch || Date.now() >= deadline) break;
        }
        await exec(sql`DELETE FROM search_pending WHERE id = ANY(${handled}::bigint[])`);
        return handled.length;
      });
      dropped.push(...batchDropped);
      applied += done;
      if (done === 0 || Date.now() >= deadline) break;
    }
    // counted also when nothing was applied: other replicas may hold the rows (SKIP LOCKED)
    return { applied, remaining: await pendingCount(), dropped };
  }

  /** what the latest catch-up was told to report with, for the slices it left to the background */
  let report: CatchUpReport = () => {};

  function reportDropped(list: readonly DroppedChange[]): void {
    for (const { kind, ref, error } of list) {
      report('error', `search index: dropped the queued change ${kind} ${ref}, which failed to apply`, error);
    }
  }

  let drainScheduled = false;
  /** Queued changes a catch-up had no time for are applied in slices between requests. */
  function scheduleDrain(): void {
    if (drainScheduled || closed) return;
    drainScheduled = true;
    setTimeout(() => {
      drainScheduled = false;
      if (closed) return;
      applyPending({ maxMs: DRAIN_SLICE_MS })
        .then(({ applied, remaining, dropped }) => {
          reportDropped(dropped);
          if (applied > 0 && remaining > 0) scheduleDrain();
        })
        .catch((error: unknown) => {
          if (!closed) report('warn', 'search index: applying queued changes in the background failed', error);
        });
    }, 10).unref();
  }

  async function catchUp(opts: { maxMs: number; report?: CatchUpReport }): Promise<void> {
    if (opts.report) report = opts.report;
    try {
      const [row] = await rows(sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM search_pending) AS any`);
      if (!row?.any) return;
      const { applied, remaining, dropped } = await applyPending({ maxMs: opts.maxMs });
      reportDropped(dropped);
      if (applied > 0 && remaining > 0) scheduleDrain();
    } catch (error) {
      // the database refused (a deadlock between two replicas' batches, a lost connection): answer
      // from the index as it is, and try again between requests
      report('warn', 'search index: applying queued changes failed', error);
      scheduleDrain();
    }
  }

  // ---- rebuild ----------------------------------------------------------------------------------

  async function counts(suffix = ''): Promise<Record<SearchIndex, number>> {
    const result = {} as Record<SearchIndex, number>;
    for (const index of SEARCH_INDEXES) {
      result[index] = (
        await rows(sql<{ n: number }>`SELECT count(*)::integer AS n FROM ${table(PG_INDEX_DEFINITIONS[index], suffix)}`)
      )[0]!.n;
    }
    return result;
  }

  const COUNTS_REBUILD = `search_counts${REBUILD_SUFFIX}`;
  const dropRebuildTables = async () => {
    for (const def of Object.values(PG_INDEX_DEFINITIONS))
      await exec(sql`DROP TABLE IF EXISTS ${table(def, REBUILD_SUFFIX)}`);
    await exec(sql`DROP TABLE IF EXISTS ${sql.table(COUNTS_REBUILD)}`);
  };

  async function rebuild(opts: { onProgress?: (progress: RebuildProgress) => void } = {}): Promise<RebuildSummary> {
    const started = Date.now();
    const covered = await connection.transaction(async () => {
      // waits for every transaction that queued a change (or claimed a batch) to end: every id up
      // to the highest one read here is committed, and its change is in the content read below
      await exec(sql`LOCK TABLE search_pending IN EXCLUSIVE MODE`);
      const running = await rebuildState();
      if (running) throw new Error(`a search index rebuild is already running (process ${running.pid})`);
      await writeRebuildState();
      return Number(
        (await rows(sql<{ id: number }>`SELECT COALESCE(MAX(id), 0)::bigint AS id FROM search_pending`))[0]!.id,
      );
    });
    rebuilding = true;
    try {
      await dropRebuildTables();
      await exec(sql`CREATE TABLE ${sql.table(COUNTS_REBUILD)} (LIKE search_counts INCLUDING DEFAULTS)`);
      for (const index of SEARCH_INDEXES) {
        const def = PG_INDEX_DEFINITIONS[index];
        await exec(sql.raw(tableSql(def, REBUILD_SUFFIX)));
        let after = 0;
        let written = 0;
        for (;;) {
          const ids = await def.entityIds(db(), after, rebuildBatch);
          if (ids.length === 0) break;
          after = ids[ids.length - 1]!;
          await writeRebuildState();
          written += await writeEntities(def, ids, REBUILD_SUFFIX);
          opts.onProgress?.({ index, rows: written });
        }
        // the GIN indexes built once over the whole table: faster than growing them row by row
        await writeRebuildState(INDEXING_STALE_MS);
        for (const { sql: create } of tableIndexes(def, REBUILD_SUFFIX)) await exec(sql.raw(create));
        await exec(sql.raw(`ANALYZE ${def.table}${REBUILD_SUFFIX}`));
        if (def.keepsCounts) {
          // the common lexemes' counts, then the triggers that keep them (the table is written no more
          // until it is swapped in: the queue waits for the rebuild)
          await exec(sql.raw(commonLexemesSql(def, `${def.table}${REBUILD_SUFFIX}`, commonLexemeRows, COUNTS_REBUILD)));
          await exec(
            sql.raw(catalogueLexemesSql(def, `${def.table}${REBUILD_SUFFIX}`, commonLexemeRows, COUNTS_REBUILD)),
          );
          for (const create of tableTriggers(def, REBUILD_SUFFIX)) await exec(sql.raw(create));
        }
        await writeRebuildState();
      }
      // the swap, one transaction: searches elsewhere wait for it briefly, then read the new tables
      await connection.transaction(async () => {
        for (const def of Object.values(PG_INDEX_DEFINITIONS)) {
          await exec(sql`DROP TABLE ${table(def)}`);
          await exec(sql`ALTER TABLE ${table(def, REBUILD_SUFFIX)} RENAME TO ${sql.id(def.table)}`);
          const live = tableIndexes(def);
          for (const [i, { name }] of tableIndexes(def, REBUILD_SUFFIX).entries()) {
            await exec(sql`ALTER INDEX ${sql.id(name)} RENAME TO ${sql.id(live[i]!.name)}`);
          }
          await exec(
            sql.raw(
              `ALTER TABLE ${def.table} RENAME CONSTRAINT ${def.table}${REBUILD_SUFFIX}_pkey TO ${def.table}_pkey`,
            ),
          );
        }
        await exec(sql`DELETE FROM search_counts`);
        await exec(sql`INSERT INTO search_counts SELECT * FROM ${sql.table(COUNTS_REBUILD)}`);
        await exec(sql`DROP TABLE ${sql.table(COUNTS_REBUILD)}`);
        await exec(sql`DELETE FROM search_pending WHERE id <= ${covered}`);
        await exec(sql`DELETE FROM search_state WHERE key = 'rebuild'`);
      });
    } catch (error) {
      try {
        await exec(sql`DELETE FROM search_state WHERE key = 'rebuild'`);
        await dropRebuildTables();
      } catch {
        // keep the first error
      }
      throw error;
    } finally {
      rebuilding = false;
    }
    // changes made while the rebuild ran (a change that cannot be applied is dropped, as ever)
    reportDropped((await applyPending()).dropped);
    return { counts: await counts(), elapsedMs: Date.now() - started };
  }

  // ---- the interface -----------------------------------------------------------------------------

  return {
    async search<I extends SearchIndex>(index: I, query: SearchPageQuery): Promise<SearchHits<SearchHitId<I>>> {
      const { total, rowids, terms } = await page(PG_INDEX_DEFINITIONS[index], query);
      const ids = (index === 'knowledgePoints' ? rowids.map(kpRef) : rowids) as SearchHitId<I>[];
      return { totalCount: total, ids, highlightTerms: terms };
    },
    count: async (index, query) => (await resolve(PG_INDEX_DEFINITIONS[index], query))?.total ?? 0,
    applyPending,
    catchUp,
    rebuild,
    stats: async () => ({ counts: await counts(), pending: await pendingCount() }),
    // the connection belongs to the store: closing stops the background slices only
    close: async () => {
      closed = true;
    },
  };
}
