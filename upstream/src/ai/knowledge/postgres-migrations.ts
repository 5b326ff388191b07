/**
 * The AI knowledge base's tables on PostgreSQL (postgres-knowledge-base.ts), a migration list of
 * its own (versions 200–299) that createPostgresKnowledgeBase applies with the store's
 * migratePostgres, recorded in the same schema_migrations. They mirror SQLite's 0008 and 0010:
 *
 * - ai_chunks: the chunks, each with its word count over the three word columns (text, video name,
 *   course), its letters (lower case, letters and digits only: a bigram phrase is a substring of
 *   them) and its bigrams as a tsvector with positions, found through GIN with a phrase query
 *   ('ab' <-> 'bc'), as FTS5 finds the phrase of a word's bigrams.
 * - ai_chunk_words: the postings of the word columns, one row per word and chunk, with the word's
 *   weighted frequency (4 × in the text + 2 × in the video's name + 1 × in the course, FTS5's
 *   weights) and the chunk's length, so that BM25 reads one B-tree range per word and nothing
 *   else, and a word's document frequency is a count over that range.
 * - ai_sentences, ai_terms, ai_aliases as in SQLite. Postings and sentences have no foreign key
 *   (migration 201): a statement trigger deletes those of deleted chunks.
 * - ai_kb_pending: the queue of changed courses, filled by triggers on the content tables. A queued
 *   course queued again moves to the end (a new id); a replica indexing it holds its row, so the
 *   change waits for that transaction and queues the course again after it.
 */
import type { PostgresMigration } from '../../store/postgres/migrations';

/** queue the courses of a SELECT (nulls ignored) */
const queue = (select: string) => `PERFORM ai_kb_queue(ARRAY(${select}));`;

/** a trigger function with its body */
const fn = (name: string, body: string) => `
CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${body}
  RETURN NULL;
END $$;`;

export const AI_KNOWLEDGE_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 200,
    name: 'ai-knowledge',
    sql: `
CREATE TABLE ai_chunks (
  id          bigserial PRIMARY KEY,
  course_id   integer  NOT NULL,
  video_id    integer  NOT NULL,
  seq         integer  NOT NULL,
  kind        text     NOT NULL CHECK (kind IN ('transcript', 'keyframe', 'abstract', 'course')),
  time_point  integer  NOT NULL,
  text        text     NOT NULL,
  marks       text     NOT NULL DEFAULT '[]',
  word_count  integer  NOT NULL,
  letters     text     NOT NULL,
  grams       tsvector NOT NULL
);
CREATE INDEX ai_chunks_by_course ON ai_chunks (course_id);
CREATE INDEX ai_chunks_by_video ON ai_chunks (video_id, seq);
CREATE INDEX ai_chunks_by_grams ON ai_chunks USING gin (grams);

CREATE TABLE ai_chunk_words (
  word     text    NOT NULL,
  chunk_id bigint  NOT NULL REFERENCES ai_chunks (id) ON DELETE CASCADE,
  weight   real    NOT NULL,
  length   integer NOT NULL,
  PRIMARY KEY (word, chunk_id) INCLUDE (weight, length)
);
CREATE INDEX ai_chunk_words_by_chunk ON ai_chunk_words (chunk_id);

CREATE TABLE ai_sentences (
  chunk_id bigint  NOT NULL REFERENCES ai_chunks (id) ON DELETE CASCADE,
  seq      integer NOT NULL,
  video_id integer NOT NULL,
  skeleton bigint  NOT NULL,
  sentence bigint  NOT NULL,
  named    boolean NOT NULL DEFAULT false,
  PRIMARY KEY (chunk_id, seq)
);
CREATE INDEX ai_sentences_by_skeleton ON ai_sentences (skeleton, sentence);
CREATE INDEX ai_sentences_by_sentence ON ai_sentences (sentence, video_id);

CREATE TABLE ai_terms (
  term text PRIMARY KEY
);
CREATE TABLE ai_aliases (
  term  text NOT NULL,
  alias text NOT NULL,
  PRIMARY KEY (term, alias)
);

CREATE TABLE ai_kb_pending (
  id        bigserial PRIMARY KEY,
  course_id integer NOT NULL UNIQUE
);

CREATE FUNCTION ai_kb_queue(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ai_kb_pending (course_id)
  SELECT DISTINCT id FROM unnest(ids) AS t (id) WHERE id IS NOT NULL ORDER BY id
  ON CONFLICT (course_id) DO UPDATE SET id = nextval(pg_get_serial_sequence('ai_kb_pending', 'id'))
$$;

${fn('ai_kb_course_changed', queue('SELECT OLD.id UNION SELECT NEW.id'))}
${fn('ai_kb_course_inserted', queue('SELECT NEW.id'))}
${fn('ai_kb_courses_deleted', queue('SELECT id FROM old_rows'))}
CREATE TRIGGER ai_kb_course_insert AFTER INSERT ON courses FOR EACH ROW EXECUTE FUNCTION ai_kb_course_inserted();
CREATE TRIGGER ai_kb_course_update AFTER UPDATE OF id, name, info, lecturer_id, catalogue_id ON courses
  FOR EACH ROW EXECUTE FUNCTION ai_kb_course_changed();
CREATE TRIGGER ai_kb_course_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ai_kb_courses_deleted();

${fn('ai_kb_videos_inserted', queue('SELECT course_id FROM new_rows'))}
${fn('ai_kb_video_changed', queue('SELECT OLD.course_id UNION SELECT NEW.course_id'))}
${fn('ai_kb_videos_deleted', queue('SELECT course_id FROM old_rows'))}
CREATE TRIGGER ai_kb_video_insert AFTER INSERT ON videos REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ai_kb_videos_inserted();
CREATE TRIGGER ai_kb_video_update AFTER UPDATE OF id, course_id, sort, name, abstract ON videos
  FOR EACH ROW EXECUTE FUNCTION ai_kb_video_changed();
CREATE TRIGGER ai_kb_video_delete AFTER DELETE ON videos REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ai_kb_videos_deleted();

${fn('ai_kb_material_inserted', queue('SELECT course_id FROM videos WHERE id IN (SELECT video_id FROM new_rows)'))}
${fn('ai_kb_material_changed', queue('SELECT course_id FROM videos WHERE id IN (OLD.video_id, NEW.video_id)'))}
${fn('ai_kb_material_deleted', queue('SELECT course_id FROM videos WHERE id IN (SELECT video_id FROM old_rows)'))}
CREATE TRIGGER ai_kb_keyframe_insert AFTER INSERT ON video_keyframes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ai_kb_material_inserted();
CREATE TRIGGER ai_kb_keyframe_update AFTER UPDATE OF video_id, time_point, key_points, description ON video_keyframes
  FOR EACH ROW EXECUTE FUNCTION ai_kb_material_changed();
CREATE TRIGGER ai_kb_keyframe_delete AFTER DELETE ON video_keyframes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ai_kb_material_deleted();
CREATE TRIGGER ai_kb_transcript_insert AFTER INSERT ON video_transcripts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ai_kb_material_inserted();
CREATE TRIGGER ai_kb_transcript_update AFTER UPDATE ON video_transcripts
  FOR EACH ROW EXECUTE FUNCTION ai_kb_material_changed();
CREATE TRIGGER ai_kb_transcript_delete AFTER DELETE ON video_transcripts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ai_kb_material_deleted();

${fn('ai_kb_lecturer_changed', queue('SELECT id FROM courses WHERE lecturer_id = NEW.id'))}
CREATE TRIGGER ai_kb_lecturer_update AFTER UPDATE OF name, position ON lecturers
  FOR EACH ROW EXECUTE FUNCTION ai_kb_lecturer_changed();

SELECT ai_kb_queue(ARRAY(SELECT id FROM courses ORDER BY id));
`,
  },
  {
    // A foreign key checks every inserted posting against ai_chunks, one lookup and row lock a row:
    // half the time of indexing a course (the demo's 380 000 postings: 5.8 s with it, 2.4–3.1 s
    // without, 2026-11-29). Only indexCourse writes postings and sentences, for the chunks it has
    // just written in the same transaction; a deletion of chunks takes theirs along, one statement
    // for each table however many chunks went (the cascade was a delete per chunk). ANY(ARRAY(…))
    // keeps the plan an index scan whatever the first deletion's size was.
    version: 201,
    name: 'ai-knowledge-postings-without-foreign-keys',
    sql: `
ALTER TABLE ai_chunk_words DROP CONSTRAINT ai_chunk_words_chunk_id_fkey;
ALTER TABLE ai_sentences DROP CONSTRAINT ai_sentences_chunk_id_fkey;
${fn(
  'ai_kb_chunks_deleted',
  `DELETE FROM ai_chunk_words WHERE chunk_id = ANY(ARRAY(SELECT id FROM old_rows));
  DELETE FROM ai_sentences WHERE chunk_id = ANY(ARRAY(SELECT id FROM old_rows));`,
)}
CREATE TRIGGER ai_kb_chunk_delete AFTER DELETE ON ai_chunks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ai_kb_chunks_deleted();
`,
  },
];
