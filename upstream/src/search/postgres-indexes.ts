/**
 * The five indexes of the PostgreSQL engine: their tables, the fields of a document and their
 * weights (the SQLite engine's column weights, as tsvector weights A–D), and the SQL that reads
 * documents, popularity and catalogue subtrees from the content tables.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../store/postgres/connection';
import { foldForMatch, htmlText, indexCharacters, indexWords } from './analyzer';
import type { SearchIndex } from './engine';
import { KP_MAX_SEQ, KP_TRANSCRIPT_BIT, KP_VIDEO_FACTOR, kpRef, kpRowid, type Variant } from './ranking';
import { INDEX_DEFINITIONS as SQLITE_INDEXES } from './sqlite-indexes';

/** One row of an index: the original texts of its fields, in weight order (A first). */
export interface PgDocument {
  rowid: number;
  fields: string[];
  /** every catalogue above (and including) the course's (courses, knowledge points) */
  cats: number[];
  /** knowledge points: the video */
  videoId?: number;
}

export interface PgIndexDefinition {
  index: SearchIndex;
  table: string;
  /** a cats column (in the GIN indexes) filters by catalogue; else `catalogueIds` does */
  hasCats: boolean;
  /** knowledge points: a video_id column, rows replaced by video */
  byVideo: boolean;
  /**
   * large indexes (courses, knowledge points): the number of rows holding each very common lexeme
   * is kept in search_counts (see tableTriggers), so that counting one never reads its rows
   */
  keepsCounts: boolean;
  /**
   * the rank window of a keyword held by at least this share of the rows is found by walking the
   * ids down from the newest, testing each row, rather than through the keyword's GIN entry (see
   * postgres-engine.ts, inRankWindow): a walk reads rankWindow / share rows, the GIN entry every
   * match. Knowledge points keep their tsvectors in the row (0.65 µs a row tested, 0.18 µs a GIN
   * entry, measured at 1.18 M rows: even at a tenth); a course's (2 kB with its description) are
   * compressed out of line, about 10 µs a row, so a walk pays only for a keyword nearly every
   * course holds.
   */
  walkShare: number;
  /** ts_rank's weights {D, C, B, A} */
  rankWeights: string;
  idOrder: 'asc' | 'desc';
  /** without cats: the ids within catalogue `catalogueId`'s subtree */
  catalogueIds?: (catalogueId: number) => RawBuilder<unknown>;
  /** entity ids after `after`, ascending, for the rebuild (knowledge points: video ids) */
  entityIds(db: Executor, after: number, limit: number): Promise<number[]>;
  /** the documents of these entities (knowledge points: of these videos) */
  documents(db: Executor, entityIds: readonly number[]): Promise<PgDocument[]>;
  /** the documents of these rowids, for the exact-phrase test */
  documentsByRowid(db: Executor, rowids: readonly number[]): Promise<PgDocument[]>;
  /** the popularity of the row whose id is `id` (more first), an SQL expression */
  popularityOf(id: RawBuilder<unknown>): RawBuilder<number | null>;
}

/** the weights of the SQLite engine's FTS5 columns, highest 1, as ts_rank's {D, C, B, A} */
function rankWeights(weights: readonly number[]): string {
  const top = Math.max(...weights);
  const byLetter = [0, 1, 2, 3].map((i) => (weights[i] ?? 0) / top);
  return `{${byLetter.reverse().join(',')}}`;
}

const rowsOf = async <T>(db: Executor, query: RawBuilder<T>): Promise<T[]> => (await query.execute(db)).rows;
const ints = (values: readonly number[]) => sql`${values}::integer[]`;

/** every catalogue above (and including) the catalogue in `column` */
const catsOf = (column: RawBuilder<unknown>) =>
  sql`COALESCE((SELECT array_agg(cl.ancestor_id ORDER BY cl.ancestor_id) FROM catalogue_closure cl WHERE cl.descendant_id = ${column}), '{}')`;

const entityIds = (table: string) => async (db: Executor, after: number, limit: number) =>
  (
    await rowsOf(
      db,
      sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE id > ${after} ORDER BY id LIMIT ${limit}`,
    )
  ).map((r) => r.id);

async function courseDocuments(db: Executor, ids: readonly number[]): Promise<PgDocument[]> {
  const rows = await rowsOf(
    db,
    sql<{ rowid: number; name: string; lecturer: string; catalogue: string; info: string; cats: number[] }>`
      SELECT c.id AS rowid, c.name, l.name AS lecturer, c.info, ${catsOf(sql`c.catalogue_id`)} AS cats,
        COALESCE((SELECT string_agg(a.name, E'\\n' ORDER BY cl.depth DESC)
          FROM catalogue_closure cl JOIN catalogues a ON a.id = cl.ancestor_id
          WHERE cl.descendant_id = c.catalogue_id), '') AS catalogue
      FROM courses c JOIN lecturers l ON l.id = c.lecturer_id
      WHERE c.id = ANY(${ints(ids)})`,
  );
  return rows.map((row) => ({
    rowid: row.rowid,
    fields: [row.name, row.lecturer, row.catalogue, row.info],
    cats: row.cats,
  }));
}

/** the rowids of courses in the subtree of a catalogue */
const subtreeCourses = (catalogueId: number) =>
  sql`SELECT c.id FROM catalogue_closure cl JOIN courses c ON c.catalogue_id = cl.descendant_id WHERE cl.ancestor_id = ${catalogueId}`;

const courses: PgIndexDefinition = {
  index: 'courses',
  table: 'search_course',
  hasCats: true,
  byVideo: false,
  keepsCounts: true,
  walkShare: 0.8,
  rankWeights: rankWeights(SQLITE_INDEXES.courses.weights),
  idOrder: SQLITE_INDEXES.courses.idOrder,
  entityIds: entityIds('courses'),
  documents: courseDocuments,
  documentsByRowid: courseDocuments,
  popularityOf: (id) => sql`(SELECT view_count FROM courses WHERE id = ${id})`,
};

const knowledgePoints: PgIndexDefinition = {
  index: 'knowledgePoints',
  table: 'search_kp',
  hasCats: true,
  byVideo: true,
  keepsCounts: true,
  walkShare: 0.1,
  rankWeights: rankWeights(SQLITE_INDEXES.knowledgePoints.weights),
  idOrder: SQLITE_INDEXES.knowledgePoints.idOrder,
  entityIds: entityIds('videos'),
  async documents(db, videoIds) {
    const videos = await rowsOf(
      db,
      sql<{ id: number; name: string; cats: number[] }>`
        SELECT v.id, v.name, ${catsOf(sql`c.catalogue_id`)} AS cats
        FROM videos v JOIN courses c ON c.id = v.course_id WHERE v.id = ANY(${ints(videoIds)})`,
    );
    const byId = new Map(videos.map((v) => [v.id, v]));
    const rows = await rowsOf(
      db,
      sql<{ videoId: number; seq: number; label: string; text: string; transcript: boolean }>`
        SELECT video_id AS "videoId", seq, key_points AS label, description AS text, false AS transcript
        FROM video_keyframes WHERE video_id = ANY(${ints(videoIds)}) AND seq BETWEEN 0 AND ${KP_MAX_SEQ}
        UNION ALL
        SELECT video_id, seq, '', text, true FROM video_transcripts
        WHERE video_id = ANY(${ints(videoIds)}) AND seq BETWEEN 0 AND ${KP_MAX_SEQ}`,
    );
    const documents: PgDocument[] = [];
    for (const row of rows) {
      const video = byId.get(row.videoId);
      if (!video) continue;
      documents.push({
        rowid: kpRowid({ kind: row.transcript ? 'transcript' : 'keyframe', videoId: row.videoId, seq: row.seq }),
        fields: [row.label, row.text, video.name],
        cats: video.cats,
        videoId: row.videoId,
      });
    }
    return documents;
  },
  async documentsByRowid(db, rowids) {
    const refs = rowids.map(kpRef);
    const keyframes = refs.filter((r) => r.kind === 'keyframe');
    const passages = refs.filter((r) => r.kind === 'transcript');
    const rows = await rowsOf(
      db,
      sql<{ rowid: number; label: string; text: string; video: string }>`
        SELECT k.video_id::bigint * ${KP_VIDEO_FACTOR} + k.seq AS rowid, k.key_points AS label, k.description AS text, v.name AS video
        FROM unnest(${ints(keyframes.map((r) => r.videoId))}, ${ints(keyframes.map((r) => r.seq))}) AS u(video_id, seq)
        JOIN video_keyframes k ON k.video_id = u.video_id AND k.seq = u.seq JOIN videos v ON v.id = k.video_id
        UNION ALL
        SELECT t.video_id::bigint * ${KP_VIDEO_FACTOR} + ${KP_TRANSCRIPT_BIT} + t.seq, '', t.text, v.name
        FROM unnest(${ints(passages.map((r) => r.videoId))}, ${ints(passages.map((r) => r.seq))}) AS u(video_id, seq)
        JOIN video_transcripts t ON t.video_id = u.video_id AND t.seq = u.seq JOIN videos v ON v.id = t.video_id`,
    );
    return rows.map((row) => ({ rowid: Number(row.rowid), fields: [row.label, row.text, row.video], cats: [] }));
  },
  popularityOf: (id) =>
    sql`(SELECT c.view_count FROM videos v JOIN courses c ON c.id = v.course_id WHERE v.id = ${id} / ${KP_VIDEO_FACTOR})`,
};

async function topicDocuments(db: Executor, ids: readonly number[]): Promise<PgDocument[]> {
  const rows = await rowsOf(
    db,
    sql<{ rowid: number; title: string; info: string }>`
    SELECT id AS rowid, title, info FROM topics WHERE id = ANY(${ints(ids)})`,
  );
  return rows.map((row) => ({ rowid: row.rowid, fields: [row.title, row.info], cats: [] }));
}

const topics: PgIndexDefinition = {
  index: 'topics',
  table: 'search_topic',
  hasCats: false,
  byVideo: false,
  keepsCounts: false,
  walkShare: 0.1,
  rankWeights: rankWeights(SQLITE_INDEXES.topics.weights),
  idOrder: SQLITE_INDEXES.topics.idOrder,
  catalogueIds: (catalogueId) =>
    sql`SELECT tc.topic_id FROM topic_courses tc WHERE tc.course_id IN (${subtreeCourses(catalogueId)})`,
  entityIds: entityIds('topics'),
  documents: topicDocuments,
  documentsByRowid: topicDocuments,
  popularityOf: (id) =>
    sql`(SELECT COALESCE(SUM(c.view_count), 0) FROM topic_courses tc JOIN courses c ON c.id = tc.course_id WHERE tc.topic_id = ${id})`,
};

async function lecturerDocuments(db: Executor, ids: readonly number[]): Promise<PgDocument[]> {
  const rows = await rowsOf(
    db,
    sql<{ rowid: number; name: string; position: string; school: string; intro: string }>`
    SELECT id AS rowid, name, position, school, intro_html AS intro FROM lecturers WHERE id = ANY(${ints(ids)})`,
  );
  return rows.map((row) => ({
    rowid: row.rowid,
    fields: [row.name, row.position, row.school, htmlText(row.intro)],
    cats: [],
  }));
}

const lecturers: PgIndexDefinition = {
  index: 'lecturers',
  table: 'search_lecturer',
  hasCats: false,
  byVideo: false,
  keepsCounts: false,
  walkShare: 0.1,
  rankWeights: rankWeights(SQLITE_INDEXES.lecturers.weights),
  idOrder: SQLITE_INDEXES.lecturers.idOrder,
  catalogueIds: (catalogueId) =>
    sql`SELECT c.lecturer_id FROM catalogue_closure cl JOIN courses c ON c.catalogue_id = cl.descendant_id WHERE cl.ancestor_id = ${catalogueId}`,
  entityIds: entityIds('lecturers'),
  documents: lecturerDocuments,
  documentsByRowid: lecturerDocuments,
  popularityOf: (id) => sql`(SELECT COALESCE(SUM(c.view_count), 0) FROM courses c WHERE c.lecturer_id = ${id})`,
};

async function catalogueDocuments(db: Executor, ids: readonly number[]): Promise<PgDocument[]> {
  const rows = await rowsOf(
    db,
    sql<{ rowid: number; name: string }>`SELECT id AS rowid, name FROM catalogues WHERE id = ANY(${ints(ids)})`,
  );
  return rows.map((row) => ({ rowid: row.rowid, fields: [row.name], cats: [] }));
}

const catalogues: PgIndexDefinition = {
  index: 'catalogues',
  table: 'search_catalogue',
  hasCats: false,
  byVideo: false,
  keepsCounts: false,
  walkShare: 0.1,
  rankWeights: rankWeights(SQLITE_INDEXES.catalogues.weights),
  // SearchCatalog suggests catalogue nodes whatever the filter of the page
  idOrder: SQLITE_INDEXES.catalogues.idOrder,
  entityIds: entityIds('catalogues'),
  documents: catalogueDocuments,
  documentsByRowid: catalogueDocuments,
  // subjects before categories before sub-categories
  popularityOf: (id) => sql`(SELECT -level FROM catalogues WHERE id = ${id})`,
};

export const PG_INDEX_DEFINITIONS: Record<SearchIndex, PgIndexDefinition> = {
  courses,
  knowledgePoints,
  topics,
  lecturers,
  catalogues,
};

// ---- tables -------------------------------------------------------------------------------------

/** The table of an index (a rebuild makes one with a suffix), without its indexes. */
export function tableSql(def: PgIndexDefinition, suffix = ''): string {
  return `CREATE TABLE ${def.table}${suffix} (
  id    bigint   PRIMARY KEY,
  words tsvector NOT NULL,
  chars tsvector NOT NULL${def.byVideo ? ',\n  video_id integer NOT NULL' : ''}${def.hasCats ? `,\n  cats  integer[] NOT NULL DEFAULT '{}'` : ''}
);`;
}

/** name → definition of the indexes of an index table (named after the live table plus the suffix) */
export function tableIndexes(def: PgIndexDefinition, suffix = ''): { name: string; sql: string }[] {
  const table = `${def.table}${suffix}`;
  const cats = def.hasCats ? ', cats' : '';
  return [
    { name: `${table}_words`, sql: `CREATE INDEX ${table}_words ON ${table} USING gin (words${cats})` },
    { name: `${table}_chars`, sql: `CREATE INDEX ${table}_chars ON ${table} USING gin (chars${cats})` },
    ...(def.byVideo
      ? [{ name: `${table}_by_video`, sql: `CREATE INDEX ${table}_by_video ON ${table} (video_id)` }]
      : []),
  ];
}

/**
 * The statement triggers that keep search_counts in step with an index table (its tracked lexemes
 * only: the rows of search_counts, chosen by commonLexemesSql): every INSERT and DELETE of index
 * rows adds or takes off, in the same transaction, the rows holding each lexeme, of the whole index
 * and of every catalogue in the row's cats (migration 102's search_counts_change). The engine never
 * UPDATEs index rows (a document is deleted and inserted again). Trigger names are per table, so
 * a rebuilt table carries the same names.
 */
export function tableTriggers(def: PgIndexDefinition, suffix = ''): string[] {
  if (!def.keepsCounts) return [];
  const table = `${def.table}${suffix}`;
  return [
    `CREATE TRIGGER search_counts_added AFTER INSERT ON ${table} REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION search_counts_change('${def.table}', '1')`,
    `CREATE TRIGGER search_counts_removed AFTER DELETE ON ${table} REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION search_counts_change('${def.table}', '-1')`,
  ];
}

/**
 * The rows of search_counts of the whole index table (cat 0: each lexeme held by at least
 * `minRows` of its rows), from the table named `source` (the live one, or a rebuild's). Its text
 * is migration 101's, made before search_counts had a cat column: the column's default fills it.
 */
export function commonLexemesSql(
  def: PgIndexDefinition,
  source: string,
  minRows: number,
  into = 'search_counts',
): string {
  const min = Math.max(1, Math.floor(minRows));
  return (['words', 'chars'] as const)
    .map(
      (variant) => `INSERT INTO ${into} (tbl, variant, lexeme, n)
  SELECT '${def.table}', '${variant}', word, ndoc FROM ts_stat('SELECT ${variant} FROM ${source}') WHERE ndoc >= ${min};`,
    )
    .join('\n');
}

/**
 * The rows of search_counts per catalogue for an index table with cats: for every catalogue, each
 * lexeme held by at least `minRows` of the rows in its subtree (the rows whose cats hold it, as the
 * catalogue filter reads them), from the table named `source`. The whole index's rows (cat 0) are
 * commonLexemesSql's. A pair not tracked is counted from its matches, fewer than `minRows` when
 * the counts were made.
 */
export function catalogueLexemesSql(
  def: PgIndexDefinition,
  source: string,
  minRows: number,
  into = 'search_counts',
): string {
  if (!def.hasCats) return '';
  const min = Math.max(1, Math.floor(minRows));
  return (['words', 'chars'] as const)
    .map(
      (variant) => `INSERT INTO ${into} (tbl, variant, cat, lexeme, n)
  SELECT '${def.table}', '${variant}', c.id, s.word, s.ndoc FROM catalogues c,
    LATERAL ts_stat(format('SELECT ${variant} FROM ${source} WHERE cats @> ARRAY[%s]::integer[]', c.id)) AS s
  WHERE s.ndoc >= ${min};`,
    )
    .join('\n');
}

// ---- tsvectors and tsqueries ----------------------------------------------------------------------

/**
 * The lexemes of a token as FTS5's unicode61 tokenizer (remove_diacritics 2) makes them: folded
 * (lower case, Latin without diacritics) and split at anything but letters, marks and digits.
 */
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;
export const lexemesOf = (token: string): string[] =>
  foldForMatch(token)
    .split(SEPARATORS)
    .filter((t) => t !== '');

/** tsvector limits: positions up to 16383, 256 positions per lexeme, a lexeme under 2 KB */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_LEXEME = 255;
const MAX_LEXEME_BYTES = 2_000;
const WEIGHT_LETTERS = ['A', 'B', 'C', 'D'] as const;

const quoteLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A tsvector literal of the fields' tokens in order, each field with its weight (A, B, C, D),
 * positions running on (a gap between fields, so that no phrase spans two).
 */
export function tsvectorText(fieldsTokens: readonly string[][]): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  fieldsTokens.forEach((tokens, field) => {
    const weight = WEIGHT_LETTERS[Math.min(field, 3)];
    for (const token of tokens) {
      for (const lexeme of lexemesOf(token)) {
        position = Math.min(position + 1, MAX_POSITION);
        if (Buffer.byteLength(lexeme) > MAX_LEXEME_BYTES) continue;
        const list = positions.get(lexeme) ?? [];
        if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${position}${weight}`);
        positions.set(lexeme, list);
      }
    }
    position = Math.min(position + 1, MAX_POSITION);
  });
  return [...positions].map(([lexeme, list]) => `${quoteLexeme(lexeme)}:${list.join(',')}`).join(' ');
}

/** the words (jieba) and characters tsvectors of a document */
export function documentVectors(doc: PgDocument): Record<Variant, string> {
  const tokens = (text: string) => (text ? text.split(' ').filter((t) => t !== '') : []);
  return {
    words: tsvectorText(doc.fields.map((field) => tokens(indexWords(field)))),
    chars: tsvectorText(doc.fields.map((field) => tokens(indexCharacters(field)))),
  };
}

/** The one lexeme of these tokens (a tsquery of a single term), or null when they make more or none. */
export function singleLexeme(tokens: readonly string[]): string | null {
  const lexemes = tokens.flatMap((token) => lexemesOf(token).filter((l) => Buffer.byteLength(l) <= MAX_LEXEME_BYTES));
  return lexemes.length === 1 ? lexemes[0]! : null;
}

/** A tsquery of tokens all required, each a phrase of its lexemes; null when none has one. */
export function allOf(tokens: readonly string[]): string | null {
  const parts: string[] = [];
  for (const token of tokens) {
    const lexemes = lexemesOf(token).filter((l) => Buffer.byteLength(l) <= MAX_LEXEME_BYTES);
    if (lexemes.length === 0) continue;
    parts.push(lexemes.length === 1 ? quoteLexeme(lexemes[0]!) : `(${lexemes.map(quoteLexeme).join(' <-> ')})`);
  }
  return parts.length > 0 ? parts.join(' & ') : null;
}
