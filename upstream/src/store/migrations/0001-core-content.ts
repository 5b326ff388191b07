/**
 * The content of the walking skeleton: catalogue tree, lecturers, courses, videos, topics,
 * banners and the visit log. Times are unix milliseconds (integers sort and range-filter
 * cheaply, and map one-to-one onto PostgreSQL bigint).
 */
export const coreContent = `
CREATE TABLE catalogues (
  id        INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL DEFAULT 0,            -- 0 = a top-level subject (no row to reference)
  level     INTEGER NOT NULL CHECK (level BETWEEN 1 AND 3),
  name      TEXT    NOT NULL,
  sort      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX catalogues_by_parent ON catalogues (parent_id, sort, id);

-- Every (ancestor, descendant) pair including each node with itself at depth 0, so that
-- "courses in the subtree of X" is one indexed join instead of a recursive walk per request.
CREATE TABLE catalogue_closure (
  ancestor_id   INTEGER NOT NULL REFERENCES catalogues (id) ON DELETE CASCADE,
  descendant_id INTEGER NOT NULL REFERENCES catalogues (id) ON DELETE CASCADE,
  depth         INTEGER NOT NULL,
  PRIMARY KEY (ancestor_id, descendant_id)
) WITHOUT ROWID;
CREATE INDEX catalogue_closure_by_descendant ON catalogue_closure (descendant_id, depth);

CREATE TABLE lecturers (
  id           INTEGER PRIMARY KEY,
  name         TEXT    NOT NULL,
  name_pinyin  TEXT    NOT NULL,                   -- sort key of "name A-Z"
  first_word   TEXT    NOT NULL,                   -- A-Z initial of the surname, computed when written
  position     TEXT    NOT NULL,
  school       TEXT    NOT NULL,
  intro_html   TEXT    NOT NULL,                   -- sanitised before it is stored
  catalogue_id INTEGER REFERENCES catalogues (id),
  recommended  INTEGER NOT NULL DEFAULT 0,
  sort         INTEGER NOT NULL DEFAULT 0,
  image        TEXT    NOT NULL
);
CREATE INDEX lecturers_by_recommendation ON lecturers (recommended DESC, sort, id);
CREATE INDEX lecturers_by_first_word ON lecturers (first_word, id);
CREATE INDEX lecturers_by_catalogue ON lecturers (catalogue_id);
CREATE INDEX lecturers_by_pinyin ON lecturers (name_pinyin, id);

CREATE TABLE courses (
  id                 INTEGER PRIMARY KEY,
  catalogue_id       INTEGER NOT NULL REFERENCES catalogues (id),
  lecturer_id        INTEGER NOT NULL REFERENCES lecturers (id),
  name               TEXT    NOT NULL,
  info               TEXT    NOT NULL,
  exclusive          INTEGER NOT NULL DEFAULT 0,
  view_count         INTEGER NOT NULL DEFAULT 0,
  collect_count      INTEGER NOT NULL DEFAULT 0,
  like_count         INTEGER NOT NULL DEFAULT 0,
  note_count         INTEGER NOT NULL DEFAULT 0,
  publish_time       INTEGER NOT NULL,
  update_time        INTEGER NOT NULL,
  recommend_position INTEGER,                      -- home "recommended courses", NULL = not shown
  select_position    INTEGER,                      -- banner-side "selected courses", NULL = not shown
  image              TEXT    NOT NULL
);
CREATE INDEX courses_by_catalogue ON courses (catalogue_id, update_time DESC);
CREATE INDEX courses_by_lecturer ON courses (lecturer_id, update_time DESC);
CREATE INDEX courses_by_update ON courses (update_time DESC, id DESC);
CREATE INDEX courses_by_views ON courses (view_count DESC, id DESC);
CREATE INDEX courses_by_notes ON courses (note_count DESC, id DESC);
CREATE INDEX courses_by_collects ON courses (collect_count DESC, id DESC);
CREATE INDEX courses_by_recommend_position ON courses (recommend_position, id) WHERE recommend_position IS NOT NULL;
CREATE INDEX courses_by_select_position ON courses (select_position, id) WHERE select_position IS NOT NULL;

CREATE TABLE videos (
  id               INTEGER PRIMARY KEY,
  course_id        INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  sort             INTEGER NOT NULL,
  name             TEXT    NOT NULL,
  proper_title     TEXT    NOT NULL,
  code             TEXT    NOT NULL UNIQUE,
  abstract         TEXT    NOT NULL,
  duration_seconds INTEGER NOT NULL,
  publish_time     INTEGER NOT NULL,
  image            TEXT    NOT NULL
);
CREATE INDEX videos_by_course ON videos (course_id, sort, id);
CREATE INDEX videos_by_publish_time ON videos (publish_time);

CREATE TABLE video_keyframes (
  video_id    INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  time_point  INTEGER NOT NULL,
  key_points  TEXT    NOT NULL,
  description TEXT    NOT NULL,
  PRIMARY KEY (video_id, seq)
) WITHOUT ROWID;

-- Subtitle sentences one per row: search and the AI features of later issues index them.
CREATE TABLE video_transcripts (
  video_id INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  seq      INTEGER NOT NULL,
  text     TEXT    NOT NULL,
  PRIMARY KEY (video_id, seq)
) WITHOUT ROWID;

CREATE TABLE topics (
  id           INTEGER PRIMARY KEY,
  title        TEXT    NOT NULL,
  info         TEXT    NOT NULL,
  sort         INTEGER NOT NULL DEFAULT 0,
  publish_time INTEGER NOT NULL,
  image        TEXT    NOT NULL
);
CREATE INDEX topics_by_publish_time ON topics (publish_time DESC, id DESC);
CREATE INDEX topics_by_sort ON topics (sort, id);

CREATE TABLE topic_courses (
  topic_id  INTEGER NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
  course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  position  INTEGER NOT NULL,
  PRIMARY KEY (topic_id, position),
  UNIQUE (topic_id, course_id)
) WITHOUT ROWID;
CREATE INDEX topic_courses_by_course ON topic_courses (course_id);

CREATE TABLE banners (
  id       INTEGER PRIMARY KEY,
  title    TEXT    NOT NULL,
  image    TEXT    NOT NULL,
  goto_url TEXT    NOT NULL,
  sort     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX banners_by_sort ON banners (sort, id);

CREATE TABLE visit_logs (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  act_id            TEXT    NOT NULL DEFAULT '',
  customer_code     TEXT    NOT NULL DEFAULT '',
  customer_id       TEXT    NOT NULL DEFAULT '',
  customer_name     TEXT    NOT NULL DEFAULT '',
  module_name       TEXT    NOT NULL DEFAULT '',
  page_url          TEXT    NOT NULL,
  previous_page_url TEXT    NOT NULL DEFAULT '',
  product_ids       TEXT    NOT NULL DEFAULT '',
  source_type       TEXT    NOT NULL DEFAULT '',
  user_id           TEXT    NOT NULL DEFAULT '',
  user_name         TEXT    NOT NULL DEFAULT '',
  client_ip         TEXT    NOT NULL DEFAULT '',
  created_at        INTEGER NOT NULL
);
CREATE INDEX visit_logs_by_created_at ON visit_logs (created_at);
`;
