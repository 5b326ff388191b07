/**
 * The AI knowledge base and question log (upstream/API.md "Main API: AI").
 *
 * ai_chunks holds the course material cut into passages (upstream/src/ai/knowledge/chunker.ts):
 * transcript passages, keyframes, abstracts and the course's own description, each with the
 * second of the video where it starts. ai_chunk_words indexes them for BM25: jieba's search-mode
 * words of the chunk, of its video's name and of its course (name and lecturer), space-joined as
 * search does (search/analyzer.ts). Contentless, detail=full: bm25() needs the positions.
 *
 * The unit of rebuilding is a course: a course has a handful of videos and a few dozen chunks, and
 * its description is indexed with its first video, which a change of order or a deleted video
 * changes. Triggers queue the course of whatever indexed content changed in ai_kb_pending; the
 * knowledge base applies the queue before it retrieves (and at start-up), so a question never
 * waits for more than a bounded slice of it. The queue starts with every existing course.
 *
 * ai_questions records every accepted question of flowQuestion: the 60 s rate limit counts its
 * rows, and it tells how each answer ended.
 */
const FTS = `tokenize = 'unicode61 remove_diacritics 2', content = '', contentless_delete = 1, detail = full`;

/** queue a course (a SELECT yielding course ids), newest row last as search's queue does */
const queueCourses = (select: string) => `
  DELETE FROM ai_kb_pending WHERE course_id IN (${select});
  INSERT INTO ai_kb_pending (course_id) ${select};`;

export const aiKnowledge = `
CREATE TABLE ai_chunks (
  id          INTEGER PRIMARY KEY,                 -- the rowid in ai_chunk_words
  course_id   INTEGER NOT NULL,
  video_id    INTEGER NOT NULL,
  seq         INTEGER NOT NULL,                    -- order within the video: course, abstract, keyframes, transcript
  kind        TEXT    NOT NULL CHECK (kind IN ('transcript', 'keyframe', 'abstract', 'course')),
  time_point  INTEGER NOT NULL,                    -- seconds into the video where the chunk starts
  text        TEXT    NOT NULL,
  marks       TEXT    NOT NULL DEFAULT '[]'        -- JSON [[offset, second]] of each sentence
);
CREATE INDEX ai_chunks_by_course ON ai_chunks (course_id);
CREATE INDEX ai_chunks_by_video ON ai_chunks (video_id, seq);

CREATE VIRTUAL TABLE ai_chunk_words USING fts5(text, video, course, ${FTS});

CREATE TABLE ai_kb_pending (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  course_id INTEGER NOT NULL UNIQUE
);

CREATE TABLE ai_questions (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id    INTEGER NOT NULL,
  client_id  TEXT    NOT NULL DEFAULT '',
  model      TEXT    NOT NULL,
  provider   TEXT    NOT NULL,
  question   TEXT    NOT NULL,
  course_id  INTEGER NOT NULL DEFAULT 0,
  video_id   INTEGER NOT NULL DEFAULT 0,
  asked_at   INTEGER NOT NULL,                     -- unix ms
  chunks     INTEGER NOT NULL DEFAULT 0,           -- SSE events sent
  sources    TEXT    NOT NULL DEFAULT '[]',        -- JSON of the end: chunk's sources
  outcome    TEXT    NOT NULL DEFAULT 'streaming'  -- streaming | end | err | aborted
             CHECK (outcome IN ('streaming', 'end', 'err', 'aborted')),
  ended_at   INTEGER
);
CREATE INDEX ai_questions_by_user ON ai_questions (user_id, asked_at);

CREATE TRIGGER ai_kb_course_insert AFTER INSERT ON courses BEGIN
  ${queueCourses('SELECT NEW.id')}
END;
CREATE TRIGGER ai_kb_course_update AFTER UPDATE OF id, name, info, lecturer_id, catalogue_id ON courses BEGIN
  ${queueCourses('SELECT OLD.id UNION SELECT NEW.id')}
END;
CREATE TRIGGER ai_kb_course_delete AFTER DELETE ON courses BEGIN
  ${queueCourses('SELECT OLD.id')}
END;

CREATE TRIGGER ai_kb_video_insert AFTER INSERT ON videos BEGIN
  ${queueCourses('SELECT NEW.course_id')}
END;
CREATE TRIGGER ai_kb_video_update AFTER UPDATE OF id, course_id, sort, name, abstract ON videos BEGIN
  ${queueCourses('SELECT OLD.course_id UNION SELECT NEW.course_id')}
END;
CREATE TRIGGER ai_kb_video_delete AFTER DELETE ON videos BEGIN
  ${queueCourses('SELECT OLD.course_id')}
END;

CREATE TRIGGER ai_kb_keyframe_insert AFTER INSERT ON video_keyframes BEGIN
  ${queueCourses('SELECT course_id FROM videos WHERE id = NEW.video_id')}
END;
CREATE TRIGGER ai_kb_keyframe_update AFTER UPDATE OF video_id, time_point, key_points, description ON video_keyframes BEGIN
  ${queueCourses('SELECT course_id FROM videos WHERE id IN (OLD.video_id, NEW.video_id)')}
END;
CREATE TRIGGER ai_kb_keyframe_delete AFTER DELETE ON video_keyframes BEGIN
  ${queueCourses('SELECT course_id FROM videos WHERE id = OLD.video_id')}
END;

CREATE TRIGGER ai_kb_transcript_insert AFTER INSERT ON video_transcripts BEGIN
  ${queueCourses('SELECT course_id FROM videos WHERE id = NEW.video_id')}
END;
CREATE TRIGGER ai_kb_transcript_update AFTER UPDATE ON video_transcripts BEGIN
  ${queueCourses('SELECT course_id FROM videos WHERE id IN (OLD.video_id, NEW.video_id)')}
END;
CREATE TRIGGER ai_kb_transcript_delete AFTER DELETE ON video_transcripts BEGIN
  ${queueCourses('SELECT course_id FROM videos WHERE id = OLD.video_id')}
END;

CREATE TRIGGER ai_kb_lecturer_update AFTER UPDATE OF name, position ON lecturers BEGIN
  ${queueCourses('SELECT id FROM courses WHERE lecturer_id = NEW.id')}
END;

INSERT INTO ai_kb_pending (course_id) SELECT id FROM courses ORDER BY id;
`;
