/**
 * The search engine behind /api/search (upstream/API.md "Main API: search"), as an interface so
 * that another implementation can replace the SQLite one: PostgreSQL with jieba tokens in
 * tsvectors (postgres-engine.ts), a search server. Asynchronous for the engines that talk over a
 * network; the SQLite engine works synchronously and answers settled promises. It answers with ids in relevance order; the services load the records
 * and compute highlights from `highlightTerms`.
 *
 * Relevance, for every index: a hit whose field contains the whole keyword as typed
 * (case-insensitively) first, then BM25 with field weights (names over descriptions), then
 * popularity (course views), then id. The content tables stay the truth: the engine is told of
 * changes (the SQLite engine by triggers) and catches up when asked: the services call catchUp
 * once per request before they search (search and count do not, so that one request with four
 * groups and their counts pays for the queue once).
 *
 * Bulk-building an index on any SQLite file (a benchmark): open it with openMainApiData(dir) (which
 * migrates it and wires this engine on the store), write the content (seedDemoContent or the
 * stores), then `await data.search.rebuild()`;
 * or `const engine = createSqliteSearchEngine('/path/to/sizheng.sqlite'); await engine.rebuild(); await engine.close()`.
 */

export type SearchIndex = 'courses' | 'knowledgePoints' | 'topics' | 'lecturers' | 'catalogues';

export const SEARCH_INDEXES: readonly SearchIndex[] = [
  'courses',
  'knowledgePoints',
  'topics',
  'lecturers',
  'catalogues',
];

/** A knowledge point: a keyframe of a video or a passage (sentence) of its transcript. */
export interface KnowledgePointRef {
  kind: 'keyframe' | 'transcript';
  videoId: number;
  /** the keyframe's or the passage's seq within the video */
  seq: number;
}

/** What a hit of each index is identified by. */
export type SearchHitId<I extends SearchIndex> = I extends 'knowledgePoints' ? KnowledgePointRef : number;

export interface SearchQuery {
  /** trimmed and validated by the caller (1..50 characters) */
  keyword: string;
  /**
   * keep hits in this catalogue's subtree (0 or absent = all): courses and knowledge points by
   * their course's catalogue, topics and lecturers having a course there; catalogues ignore it
   */
  catalogueId?: number;
}

export interface SearchPageQuery extends SearchQuery {
  offset: number;
  limit: number;
}

export interface SearchHits<Id> {
  /** every match (exact; only the ranking of very common keywords is approximate, see below) */
  totalCount: number;
  /** the requested page, best first */
  ids: Id[];
  /** the words to highlight in the hits' texts, longest first */
  highlightTerms: string[];
}

export interface PendingResult {
  /** queued changes applied by this call (the dropped ones included) */
  applied: number;
  /** changes still queued (the call ran out of time, or a rebuild elsewhere holds them) */
  remaining: number;
  /**
   * changes that failed to apply (content the analysis cannot take): taken off the queue, since
   * they would fail the same way every time, and left out of the index until they change again
   */
  dropped: DroppedChange[];
}

export interface DroppedChange {
  kind: string;
  ref: number;
  error: unknown;
}

/** Where a catch-up reports what it could not do (the main API passes its logger). */
export type CatchUpReport = (level: 'warn' | 'error', message: string, error: unknown) => void;

export interface RebuildSummary {
  /** rows now in each index */
  counts: Record<SearchIndex, number>;
  elapsedMs: number;
}

export interface RebuildProgress {
  index: SearchIndex;
  /** rows (documents) written so far into this index */
  rows: number;
}

export interface SearchEngine {
  /**
   * One page of hits, best first. Ranking approximation: when a keyword matches more than the
   * engine's rank window (5 000 rows by default), only the newest window of matches (highest
   * ids: the latest courses and videos) is ranked by relevance; the older matches follow,
   * newest first. totalCount stays exact. The exact-phrase tier and popularity ties are settled
   * among the best few hundred by relevance (BM25 in SQLite, ts_rank in PostgreSQL); deeper pages
   * follow relevance alone.
   */
  search<I extends SearchIndex>(index: I, query: SearchPageQuery): Promise<SearchHits<SearchHitId<I>>>;
  count(index: SearchIndex, query: SearchQuery): Promise<number>;
  /**
   * Applies queued content changes in bounded batches (one transaction each), at most for
   * maxMs (default: until the queue is empty; a single change may overrun it). Waits for nothing:
   * while a rebuild runs it applies nothing. Throws when the database fails (busy beyond its
   * timeout, full).
   */
  applyPending(options?: { maxMs?: number }): Promise<PendingResult>;
  /**
   * What a request does before it searches: applyPending for at most maxMs, the rest applied in
   * short slices between requests. Never throws: failures (a lock held elsewhere) go to `report`,
   * and the searches answer from the index as it is.
   */
  catchUp(options: { maxMs: number; report?: CatchUpReport }): Promise<void>;
  /**
   * Reindexes everything from the content tables into new tables and swaps them in at the end:
   * searches keep answering from the old index meanwhile, also from other processes; changes
   * made during the rebuild are applied after the swap.
   */
  rebuild(options?: { onProgress?: (progress: RebuildProgress) => void }): Promise<RebuildSummary>;
  /** rows in each index and queued changes */
  stats(): Promise<{ counts: Record<SearchIndex, number>; pending: number }>;
  /**
   * closes the connection when the engine opened it (SQLite, given a path); the PostgreSQL engine
   * stops its background work only (the connection is the store's)
   */
  close(): Promise<void>;
}

export { createSqliteSearchEngine, type SqliteSearchEngineOptions } from './sqlite-engine';
export { createPostgresSearchEngine, type PostgresSearchEngineOptions } from './postgres-engine';
