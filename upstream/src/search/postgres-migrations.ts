/**
 * The search indexes on PostgreSQL (postgres-engine.ts), a migration list of their own (versions
 * 100–199) that createPostgresSearchEngine applies over the store's (store/postgres/migrations.ts),
 * recorded in the same schema_migrations table.
 *
 * PostgreSQL has no Chinese parser: each index row holds the analyser's tokens (jieba's words; the
 * characters and bigrams) as two 'simple' tsvectors built by the engine, with the weight of its
 * field (A names … D descriptions, as FTS5's column weights), each under a GIN index. Courses and
 * knowledge points carry the ids of every catalogue above them (`cats`, in the same GIN index), so
 * a catalogue filter is one more condition of the index scan. Knowledge-point ids encode (video,
 * kind, seq) as in SQLite (ranking.ts); video_id finds a video's rows.
 *
 * Triggers queue (kind, ref) in search_pending whenever indexed content changes, as SQLite's
 * migration 0005 (and 0006's narrower keyframe trigger) do; a change queued again takes a new id
 * (the newest row), so a rebuild that deletes the queue up to its start never deletes a later
 * change. The queue starts with every existing row.
 */
import type { PostgresMigration } from '../store/postgres/migrations';
import {
  catalogueLexemesSql,
  commonLexemesSql,
  PG_INDEX_DEFINITIONS,
  tableIndexes,
  tableSql,
  tableTriggers,
} from './postgres-indexes';

/** a lexeme held by at least this many rows of an index has its count kept (search_counts) */
export const COMMON_LEXEME_ROWS = 5_000;

/** (kind, ref expression[, condition]) queued by a trigger function */
const queue = (kind: string, ref: string, when?: string) =>
  when
    ? `IF ${when} THEN PERFORM search_queue('${kind}', ${ref}); END IF;`
    : `PERFORM search_queue('${kind}', ${ref});`;

/** a trigger function and its AFTER … FOR EACH ROW trigger */
function trigger(name: string, table: string, event: string, body: string): string {
  return `
CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${body}
  RETURN NULL;
END $$;
CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}();`;
}

/** the index tables as they were made first (a rebuild makes them anew from the same definitions) */
const INDEX_TABLES = Object.values(PG_INDEX_DEFINITIONS)
  .map((def) => [tableSql(def), ...tableIndexes(def).map((index) => `${index.sql};`)].join('\n'))
  .join('\n');

export const POSTGRES_SEARCH_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 100,
    name: 'search-indexes',
    sql: `
${INDEX_TABLES}

-- kind: course | course-videos | video | topic | lecturer | lecturer-courses | catalogue |
-- catalogue-courses | catalogue-placement (see postgres-engine.ts for what each reindexes)
CREATE SEQUENCE search_pending_ids;
CREATE TABLE search_pending (
  id   bigint  PRIMARY KEY DEFAULT nextval('search_pending_ids'),
  kind text    NOT NULL,
  ref  bigint  NOT NULL,
  UNIQUE (kind, ref)
);

-- engine state shared by replicas: a running rebuild ('rebuild' → JSON with its heartbeat)
CREATE TABLE search_state (
  key   text PRIMARY KEY,
  value text NOT NULL
);

-- queues (kind, ref) as the newest row, also when it is queued already (waits for a replica
-- applying that very row, then queues it again: the change it read may predate this one)
CREATE FUNCTION search_queue(queued_kind text, queued_ref bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_pending (kind, ref) VALUES (queued_kind, queued_ref)
  ON CONFLICT (kind, ref) DO UPDATE SET id = EXCLUDED.id
$$;

${trigger('search_queue_course_insert', 'courses', 'INSERT', queue('course', 'NEW.id'))}
${trigger(
  'search_queue_course_update',
  'courses',
  'UPDATE OF id, name, info, lecturer_id, catalogue_id',
  `${queue('course', 'OLD.id')}
  ${queue('course', 'NEW.id')}
  ${queue('course-videos', 'NEW.id', 'NEW.catalogue_id IS DISTINCT FROM OLD.catalogue_id OR NEW.id IS DISTINCT FROM OLD.id')}`,
)}
${trigger('search_queue_course_delete', 'courses', 'DELETE', queue('course', 'OLD.id'))}

${trigger('search_queue_video_insert', 'videos', 'INSERT', queue('video', 'NEW.id'))}
${trigger('search_queue_video_update', 'videos', 'UPDATE OF id, name, course_id', `${queue('video', 'OLD.id')}\n  ${queue('video', 'NEW.id')}`)}
${trigger('search_queue_video_delete', 'videos', 'DELETE', queue('video', 'OLD.id'))}

${trigger('search_queue_keyframe_insert', 'video_keyframes', 'INSERT', queue('video', 'NEW.video_id'))}
${trigger(
  'search_queue_keyframe_update',
  'video_keyframes',
  'UPDATE OF video_id, seq, time_point, key_points, description',
  `${queue('video', 'OLD.video_id')}\n  ${queue('video', 'NEW.video_id')}`,
)}
${trigger('search_queue_keyframe_delete', 'video_keyframes', 'DELETE', queue('video', 'OLD.video_id'))}

${trigger('search_queue_transcript_insert', 'video_transcripts', 'INSERT', queue('video', 'NEW.video_id'))}
${trigger('search_queue_transcript_update', 'video_transcripts', 'UPDATE', `${queue('video', 'OLD.video_id')}\n  ${queue('video', 'NEW.video_id')}`)}
${trigger('search_queue_transcript_delete', 'video_transcripts', 'DELETE', queue('video', 'OLD.video_id'))}

-- topic_courses needs no trigger: a topic's catalogues are looked up when a search filters by one
${trigger('search_queue_topic_insert', 'topics', 'INSERT', queue('topic', 'NEW.id'))}
${trigger('search_queue_topic_update', 'topics', 'UPDATE OF id, title, info', `${queue('topic', 'OLD.id')}\n  ${queue('topic', 'NEW.id')}`)}
${trigger('search_queue_topic_delete', 'topics', 'DELETE', queue('topic', 'OLD.id'))}

-- a lecturer's name is indexed with their courses too
${trigger('search_queue_lecturer_insert', 'lecturers', 'INSERT', queue('lecturer', 'NEW.id'))}
${trigger(
  'search_queue_lecturer_update',
  'lecturers',
  'UPDATE OF id, name, position, school, intro_html',
  `${queue('lecturer', 'OLD.id')}
  ${queue('lecturer', 'NEW.id')}
  ${queue('lecturer-courses', 'NEW.id', 'NEW.name IS DISTINCT FROM OLD.name')}`,
)}
${trigger('search_queue_lecturer_delete', 'lecturers', 'DELETE', queue('lecturer', 'OLD.id'))}

-- catalogue names are indexed with the courses below them (their trail)
${trigger('search_queue_catalogue_insert', 'catalogues', 'INSERT', queue('catalogue', 'NEW.id'))}
${trigger(
  'search_queue_catalogue_update',
  'catalogues',
  'UPDATE OF id, name',
  `${queue('catalogue', 'OLD.id')}
  ${queue('catalogue', 'NEW.id')}
  ${queue('catalogue-courses', 'NEW.id')}`,
)}
${trigger('search_queue_catalogue_delete', 'catalogues', 'DELETE', queue('catalogue', 'OLD.id'))}
-- the tree's shape decides the cats of the courses filed below a node: a node that moves loses
-- (or changes) its closure rows. A new node has no courses yet, so its rows queue nothing.
${trigger(
  'search_queue_closure_update',
  'catalogue_closure',
  'UPDATE',
  `${queue('catalogue-placement', 'OLD.descendant_id')}\n  ${queue('catalogue-placement', 'NEW.descendant_id')}`,
)}
${trigger('search_queue_closure_delete', 'catalogue_closure', 'DELETE', queue('catalogue-placement', 'OLD.descendant_id'))}

INSERT INTO search_pending (kind, ref) SELECT 'catalogue', id FROM catalogues ORDER BY id;
INSERT INTO search_pending (kind, ref) SELECT 'lecturer', id FROM lecturers ORDER BY id;
INSERT INTO search_pending (kind, ref) SELECT 'topic', id FROM topics ORDER BY id;
INSERT INTO search_pending (kind, ref) SELECT 'course', id FROM courses ORDER BY id;
INSERT INTO search_pending (kind, ref) SELECT 'video', id FROM videos ORDER BY id;
`,
  },
  {
    version: 101,
    name: 'search-counts',
    sql: `
-- The number of rows of a large index (courses, knowledge points) holding each very common lexeme
-- (a single character, 我们, 理解…), so that the exact count of a one-term keyword is one row
-- read rather than every match visited (seconds at a million rows). The lexemes tracked are
-- chosen when the counts are made (here, and by every rebuild); a lexeme not tracked is counted
-- from its matches, exactly, as before. Kept in step by the statement triggers of the index
-- tables, in the transaction that writes the index rows.
CREATE TABLE search_counts (
  tbl     text    NOT NULL,
  variant text    NOT NULL,
  lexeme  text    NOT NULL,
  n       integer NOT NULL,
  PRIMARY KEY (tbl, variant, lexeme)
);

-- TG_ARGV: the index table's live name, +1 (rows inserted) or -1 (rows deleted)
CREATE FUNCTION search_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_counts s SET n = s.n + TG_ARGV[1]::integer * d.n
  FROM (
    SELECT 'words' AS variant, l AS lexeme, count(*)::integer AS n FROM changed_rows, unnest(tsvector_to_array(words)) AS l GROUP BY l
    UNION ALL
    SELECT 'chars', l, count(*)::integer FROM changed_rows, unnest(tsvector_to_array(chars)) AS l GROUP BY l
  ) AS d
  WHERE s.tbl = TG_ARGV[0] AND s.variant = d.variant AND s.lexeme = d.lexeme;
  RETURN NULL;
END $$;

${Object.values(PG_INDEX_DEFINITIONS)
  .flatMap((def) => [
    ...tableTriggers(def).map((t) => `${t};`),
    ...(def.keepsCounts ? [commonLexemesSql(def, def.table, COMMON_LEXEME_ROWS)] : []),
  ])
  .join('\n')}
`,
  },
  {
    version: 102,
    name: 'search-counts-per-catalogue',
    sql: `
-- The kept counts per catalogue too: cat is the catalogue whose subtree the rows are in (the rows
-- whose cats hold it, as a catalogue filter reads them), 0 the whole index. A common word with a
-- catalogue filter (学 in 哲学: tens of thousands of matches) is then one row read as well. The
-- pairs tracked are those of at least COMMON_LEXEME_ROWS rows in the catalogue when the counts
-- are made; the others are counted from their matches.
ALTER TABLE search_counts ADD COLUMN cat integer NOT NULL DEFAULT 0;
ALTER TABLE search_counts DROP CONSTRAINT search_counts_pkey;
ALTER TABLE search_counts ADD PRIMARY KEY (tbl, variant, lexeme, cat);

-- each changed row counts for the whole index (0) and for every catalogue above its course
CREATE OR REPLACE FUNCTION search_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_counts s SET n = s.n + TG_ARGV[1]::integer * d.n
  FROM (
    SELECT 'words' AS variant, c AS cat, l AS lexeme, count(*)::integer AS n
      FROM changed_rows, unnest(tsvector_to_array(words)) AS l, unnest(array_prepend(0, cats)) AS c GROUP BY c, l
    UNION ALL
    SELECT 'chars', c, l, count(*)::integer
      FROM changed_rows, unnest(tsvector_to_array(chars)) AS l, unnest(array_prepend(0, cats)) AS c GROUP BY c, l
  ) AS d
  WHERE s.tbl = TG_ARGV[0] AND s.variant = d.variant AND s.cat = d.cat AND s.lexeme = d.lexeme;
  RETURN NULL;
END $$;

${Object.values(PG_INDEX_DEFINITIONS)
  .filter((def) => def.keepsCounts)
  .map((def) => catalogueLexemesSql(def, def.table, COMMON_LEXEME_ROWS))
  .join('\n')}
`,
  },
];
