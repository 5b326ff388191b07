/**
 * Search: transcript timings, the search indexes, the queue of content changes that
 * feeds them, and the search log behind the hot keywords.
 *
 * Transcript passages get start_ms/end_ms. Existing passages are timed proportionally to their
 * length: a video's duration is shared out by the cumulative character count of its passages in
 * order (the demo generator times its transcripts the same way, demo/transcript-timing.ts).
 *
 * Each index is two contentless FTS5 tables (upstream/src/search/sqlite-engine.ts): `_words`
 * holds jieba's search-mode words of each field space-joined, `_chars` the distinct characters and
 * pairs of adjacent characters of each field, for one-character keywords and text jieba cuts
 * differently (search/analyzer.ts). Both detail=full: bm25() scores every row 0 under detail=column
 * or none (checked with SQLite 3.53); distinct tokens keep the positions of `_chars` small. A `cats`
 * column holds tokens k<id> of every catalogue above a course (and its knowledge points), so a
 * catalogue filter is one more term of the match, not a filter after ranking. Knowledge-point
 * rowids encode the point: videoId * 2^17 + (transcript ? 2^16 : 0) + seq; search_kp_videos
 * remembers how many of each a video had indexed, so they can be deleted by rowid (a rowid range
 * scan of a contentless table reads the whole table).
 *
 * Triggers queue (kind, id) in search_pending whenever indexed content changes; the engine applies
 * the queue before it answers. Popularity (view counts) is read at query time and queues nothing.
 * The queue starts with every existing row, so an upgraded store indexes its content on first use.
 */
const FTS = `tokenize = 'unicode61 remove_diacritics 2', content = '', contentless_delete = 1, detail = full`;

/**
 * Queues (kind, ref) as the newest row, also when it is queued already: a rebuild deletes the rows
 * up to the newest one at its start (it reads the content after that), so a change that kept the
 * id of an older row would be deleted unapplied. DELETE + INSERT rather than INSERT OR REPLACE: a
 * trigger takes the conflict policy of the statement that fired it (an INSERT OR IGNORE into
 * courses would turn the REPLACE into IGNORE). AUTOINCREMENT never reuses an id.
 */
const queue = (kind: string, ref: string, when = '') => `
  DELETE FROM search_pending WHERE kind = '${kind}' AND ref = ${ref} ${when ? `AND (${when})` : ''};
  INSERT INTO search_pending (kind, ref) SELECT '${kind}', ${ref} ${when ? `WHERE ${when}` : ''};`;

export const search = `
ALTER TABLE video_transcripts ADD COLUMN start_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE video_transcripts ADD COLUMN end_ms INTEGER NOT NULL DEFAULT 0;

UPDATE video_transcripts AS t
SET start_ms = p.start_ms, end_ms = p.end_ms
FROM (
  SELECT x.video_id, x.seq,
    CASE WHEN x.total = 0 THEN 0 ELSE (x.upto - x.len) * x.duration_ms / x.total END AS start_ms,
    CASE WHEN x.total = 0 THEN 0 ELSE x.upto * x.duration_ms / x.total END AS end_ms
  FROM (
    SELECT s.video_id, s.seq, length(s.text) AS len,
      SUM(length(s.text)) OVER (PARTITION BY s.video_id ORDER BY s.seq ROWS UNBOUNDED PRECEDING) AS upto,
      SUM(length(s.text)) OVER (PARTITION BY s.video_id) AS total,
      v.duration_seconds * 1000 AS duration_ms
    FROM video_transcripts s JOIN videos v ON v.id = s.video_id
  ) x
) AS p
WHERE t.video_id = p.video_id AND t.seq = p.seq;

CREATE VIRTUAL TABLE search_course_words USING fts5(name, lecturer, catalogue, info, cats, ${FTS});
CREATE VIRTUAL TABLE search_course_chars USING fts5(name, lecturer, catalogue, info, cats, ${FTS});
CREATE VIRTUAL TABLE search_kp_words USING fts5(label, text, video, cats, ${FTS});
CREATE VIRTUAL TABLE search_kp_chars USING fts5(label, text, video, cats, ${FTS});
CREATE VIRTUAL TABLE search_topic_words USING fts5(title, info, ${FTS});
CREATE VIRTUAL TABLE search_topic_chars USING fts5(title, info, ${FTS});
CREATE VIRTUAL TABLE search_lecturer_words USING fts5(name, position, school, intro, ${FTS});
CREATE VIRTUAL TABLE search_lecturer_chars USING fts5(name, position, school, intro, ${FTS});
CREATE VIRTUAL TABLE search_catalogue_words USING fts5(name, ${FTS});
CREATE VIRTUAL TABLE search_catalogue_chars USING fts5(name, ${FTS});

CREATE TABLE search_kp_videos (
  video_id        INTEGER PRIMARY KEY,
  keyframe_span   INTEGER NOT NULL,                -- 1 + the highest keyframe seq indexed
  transcript_span INTEGER NOT NULL                 -- 1 + the highest passage seq indexed
);

-- kind: course | course-videos | video | topic | lecturer | lecturer-courses | catalogue |
-- catalogue-courses | catalogue-placement (see sqlite-engine.ts for what each reindexes)
CREATE TABLE search_pending (
  id   INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT    NOT NULL,
  ref  INTEGER NOT NULL,
  UNIQUE (kind, ref)
);

-- engine state shared by processes: a running rebuild ('rebuild' → JSON with its heartbeat)
CREATE TABLE search_state (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- one row per keyword, searcher and day (UTC+8 day number): the hot keywords count searchers, not requests
CREATE TABLE search_log (
  keyword     TEXT    NOT NULL,
  searcher    TEXT    NOT NULL,                    -- u:<userId> or ip:<address> (demo:<name> for the demo seed)
  day         INTEGER NOT NULL,
  searched_at INTEGER NOT NULL,                    -- the latest search of that day, unix ms
  PRIMARY KEY (keyword, searcher, day)
) WITHOUT ROWID;
CREATE INDEX search_log_by_day ON search_log (day, keyword);
-- the keywords of one searcher on one day, for the cap on them (store/search-logs.ts)
CREATE INDEX search_log_by_searcher ON search_log (searcher, day);

CREATE TRIGGER search_queue_course_insert AFTER INSERT ON courses BEGIN
  ${queue('course', 'NEW.id')}
END;
CREATE TRIGGER search_queue_course_update AFTER UPDATE OF id, name, info, lecturer_id, catalogue_id ON courses BEGIN
  ${queue('course', 'OLD.id')}
  ${queue('course', 'NEW.id')}
  ${queue('course-videos', 'NEW.id', 'NEW.catalogue_id IS NOT OLD.catalogue_id OR NEW.id IS NOT OLD.id')}
END;
CREATE TRIGGER search_queue_course_delete AFTER DELETE ON courses BEGIN
  ${queue('course', 'OLD.id')}
END;

CREATE TRIGGER search_queue_video_insert AFTER INSERT ON videos BEGIN
  ${queue('video', 'NEW.id')}
END;
CREATE TRIGGER search_queue_video_update AFTER UPDATE OF id, name, course_id ON videos BEGIN
  ${queue('video', 'OLD.id')}
  ${queue('video', 'NEW.id')}
END;
CREATE TRIGGER search_queue_video_delete AFTER DELETE ON videos BEGIN
  ${queue('video', 'OLD.id')}
END;

CREATE TRIGGER search_queue_keyframe_insert AFTER INSERT ON video_keyframes BEGIN
  ${queue('video', 'NEW.video_id')}
END;
CREATE TRIGGER search_queue_keyframe_update AFTER UPDATE ON video_keyframes BEGIN
  ${queue('video', 'OLD.video_id')}
  ${queue('video', 'NEW.video_id')}
END;
CREATE TRIGGER search_queue_keyframe_delete AFTER DELETE ON video_keyframes BEGIN
  ${queue('video', 'OLD.video_id')}
END;

CREATE TRIGGER search_queue_transcript_insert AFTER INSERT ON video_transcripts BEGIN
  ${queue('video', 'NEW.video_id')}
END;
CREATE TRIGGER search_queue_transcript_update AFTER UPDATE ON video_transcripts BEGIN
  ${queue('video', 'OLD.video_id')}
  ${queue('video', 'NEW.video_id')}
END;
CREATE TRIGGER search_queue_transcript_delete AFTER DELETE ON video_transcripts BEGIN
  ${queue('video', 'OLD.video_id')}
END;

-- topic_courses needs no trigger: a topic's catalogues are looked up when a search filters by one
CREATE TRIGGER search_queue_topic_insert AFTER INSERT ON topics BEGIN
  ${queue('topic', 'NEW.id')}
END;
CREATE TRIGGER search_queue_topic_update AFTER UPDATE OF id, title, info ON topics BEGIN
  ${queue('topic', 'OLD.id')}
  ${queue('topic', 'NEW.id')}
END;
CREATE TRIGGER search_queue_topic_delete AFTER DELETE ON topics BEGIN
  ${queue('topic', 'OLD.id')}
END;

-- a lecturer's name is indexed with their courses too
CREATE TRIGGER search_queue_lecturer_insert AFTER INSERT ON lecturers BEGIN
  ${queue('lecturer', 'NEW.id')}
END;
CREATE TRIGGER search_queue_lecturer_update AFTER UPDATE OF id, name, position, school, intro_html ON lecturers BEGIN
  ${queue('lecturer', 'OLD.id')}
  ${queue('lecturer', 'NEW.id')}
  ${queue('lecturer-courses', 'NEW.id', 'NEW.name IS NOT OLD.name')}
END;
CREATE TRIGGER search_queue_lecturer_delete AFTER DELETE ON lecturers BEGIN
  ${queue('lecturer', 'OLD.id')}
END;

-- catalogue names are indexed with the courses below them (their trail)
CREATE TRIGGER search_queue_catalogue_insert AFTER INSERT ON catalogues BEGIN
  ${queue('catalogue', 'NEW.id')}
END;
CREATE TRIGGER search_queue_catalogue_update AFTER UPDATE OF id, name ON catalogues BEGIN
  ${queue('catalogue', 'OLD.id')}
  ${queue('catalogue', 'NEW.id')}
  ${queue('catalogue-courses', 'NEW.id')}
END;
CREATE TRIGGER search_queue_catalogue_delete AFTER DELETE ON catalogues BEGIN
  ${queue('catalogue', 'OLD.id')}
END;
-- the tree's shape decides the cats tokens of the courses filed below a node: a node that moves
-- loses (or changes) its closure rows. A new node has no courses yet, so its rows queue nothing.
CREATE TRIGGER search_queue_closure_update AFTER UPDATE ON catalogue_closure BEGIN
  ${queue('catalogue-placement', 'OLD.descendant_id')}
  ${queue('catalogue-placement', 'NEW.descendant_id')}
END;
CREATE TRIGGER search_queue_closure_delete AFTER DELETE ON catalogue_closure BEGIN
  ${queue('catalogue-placement', 'OLD.descendant_id')}
END;

INSERT OR IGNORE INTO search_pending (kind, ref) SELECT 'catalogue', id FROM catalogues ORDER BY id;
INSERT OR IGNORE INTO search_pending (kind, ref) SELECT 'lecturer', id FROM lecturers ORDER BY id;
INSERT OR IGNORE INTO search_pending (kind, ref) SELECT 'topic', id FROM topics ORDER BY id;
INSERT OR IGNORE INTO search_pending (kind, ref) SELECT 'course', id FROM courses ORDER BY id;
INSERT OR IGNORE INTO search_pending (kind, ref) SELECT 'video', id FROM videos ORDER BY id;
`;
