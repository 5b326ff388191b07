/**
 * The PostgreSQL schema, in the embedded engine's order of migrations (store/migrations): each
 * runs once, recorded in schema_migrations; what is pending runs in one transaction. Replicas
 * starting together take turns on an advisory lock, so only the first migrates.
 */
import { sql } from 'kysely';
import type { PostgresConnection } from './connection';

export interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
}

export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    // store/migrations/0001-core-content.ts in its shape of today (0005 gave transcripts their
    // times, 0006 keyframes their thumbnails). Content ids are given by the seeder and the media
    // import (as in SQLite), so they are plain keys; the visit log numbers its rows itself.
    version: 1,
    name: 'core-content',
    sql: `
CREATE TABLE catalogues (
  id        integer PRIMARY KEY,
  parent_id integer NOT NULL DEFAULT 0,
  level     smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  name      text    NOT NULL,
  sort      integer NOT NULL DEFAULT 0
);
CREATE INDEX catalogues_by_parent ON catalogues (parent_id, sort, id);
CREATE TABLE catalogue_closure (
  ancestor_id   integer NOT NULL REFERENCES catalogues (id) ON DELETE CASCADE,
  descendant_id integer NOT NULL REFERENCES catalogues (id) ON DELETE CASCADE,
  depth         smallint NOT NULL,
  PRIMARY KEY (ancestor_id, descendant_id)
);
CREATE INDEX catalogue_closure_by_descendant ON catalogue_closure (descendant_id, depth);
CREATE TABLE lecturers (
  id           integer PRIMARY KEY,
  name         text    NOT NULL,
  name_pinyin  text    NOT NULL,
  first_word   text    NOT NULL,
  position     text    NOT NULL,
  school       text    NOT NULL,
  intro_html   text    NOT NULL,
  catalogue_id integer REFERENCES catalogues (id),
  recommended  smallint NOT NULL DEFAULT 0,
  sort         integer NOT NULL DEFAULT 0,
  image        text    NOT NULL
);
CREATE INDEX lecturers_by_recommendation ON lecturers (recommended DESC, sort, id);
CREATE INDEX lecturers_by_first_word ON lecturers (first_word, id);
CREATE INDEX lecturers_by_catalogue ON lecturers (catalogue_id);
CREATE INDEX lecturers_by_pinyin ON lecturers (name_pinyin COLLATE "C", id);
CREATE TABLE courses (
  id                 integer PRIMARY KEY,
  catalogue_id       integer NOT NULL REFERENCES catalogues (id),
  lecturer_id        integer NOT NULL REFERENCES lecturers (id),
  name               text    NOT NULL,
  info               text    NOT NULL,
  exclusive          boolean NOT NULL DEFAULT false,
  view_count         integer NOT NULL DEFAULT 0,
  collect_count      integer NOT NULL DEFAULT 0,
  like_count         integer NOT NULL DEFAULT 0,
  note_count         integer NOT NULL DEFAULT 0,
  publish_time       bigint  NOT NULL,
  update_time        bigint  NOT NULL,
  recommend_position integer,
  select_position    integer,
  image              text    NOT NULL
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
  id               integer PRIMARY KEY,
  course_id        integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  sort             integer NOT NULL,
  name             text    NOT NULL,
  proper_title     text    NOT NULL,
  code             text    NOT NULL UNIQUE,
  abstract         text    NOT NULL,
  duration_seconds integer NOT NULL,
  publish_time     bigint  NOT NULL,
  image            text    NOT NULL
);
CREATE INDEX videos_by_course ON videos (course_id, sort, id);
CREATE INDEX videos_by_publish_time ON videos (publish_time);
CREATE TABLE video_keyframes (
  video_id    integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  seq         integer NOT NULL,
  time_point  integer NOT NULL,
  key_points  text    NOT NULL,
  description text    NOT NULL,
  image       text    NOT NULL DEFAULT '',
  PRIMARY KEY (video_id, seq)
);
CREATE TABLE video_transcripts (
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  seq      integer NOT NULL,
  text     text    NOT NULL,
  start_ms bigint  NOT NULL DEFAULT 0,
  end_ms   bigint  NOT NULL DEFAULT 0,
  PRIMARY KEY (video_id, seq)
);
CREATE TABLE topics (
  id           integer PRIMARY KEY,
  title        text    NOT NULL,
  info         text    NOT NULL,
  sort         integer NOT NULL DEFAULT 0,
  publish_time bigint  NOT NULL,
  image        text    NOT NULL
);
CREATE INDEX topics_by_publish_time ON topics (publish_time DESC, id DESC);
CREATE INDEX topics_by_sort ON topics (sort, id);
CREATE TABLE topic_courses (
  topic_id  integer NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  position  integer NOT NULL,
  PRIMARY KEY (topic_id, position),
  UNIQUE (topic_id, course_id)
);
CREATE INDEX topic_courses_by_course ON topic_courses (course_id);
CREATE TABLE banners (
  id       integer PRIMARY KEY,
  title    text    NOT NULL,
  image    text    NOT NULL,
  goto_url text    NOT NULL,
  sort     integer NOT NULL DEFAULT 0
);
CREATE INDEX banners_by_sort ON banners (sort, id);
CREATE TABLE visit_logs (
  id                bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  act_id            text   NOT NULL DEFAULT '',
  customer_code     text   NOT NULL DEFAULT '',
  customer_id       text   NOT NULL DEFAULT '',
  customer_name     text   NOT NULL DEFAULT '',
  module_name       text   NOT NULL DEFAULT '',
  page_url          text   NOT NULL,
  previous_page_url text   NOT NULL DEFAULT '',
  product_ids       text   NOT NULL DEFAULT '',
  source_type       text   NOT NULL DEFAULT '',
  user_id           text   NOT NULL DEFAULT '',
  user_name         text   NOT NULL DEFAULT '',
  client_ip         text   NOT NULL DEFAULT '',
  created_at        bigint NOT NULL
);
CREATE INDEX visit_logs_by_created_at ON visit_logs (created_at);
`,
  },
  {
    // store/migrations/0002-accounts.ts: organisations, users and tokens of the login service
    version: 2,
    name: 'accounts',
    sql: `
CREATE TABLE organisations (
  com_id     integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name       text    NOT NULL,
  com_code   text    NOT NULL DEFAULT '',
  gid        text    NOT NULL UNIQUE DEFAULT replace(gen_random_uuid()::text, '-', ''),
  enabled    boolean NOT NULL DEFAULT true,
  created_at bigint  NOT NULL
);
CREATE TABLE organisation_ip_ranges (
  id     integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  com_id integer NOT NULL REFERENCES organisations (com_id) ON DELETE CASCADE,
  cidr   text    NOT NULL,
  UNIQUE (com_id, cidr)
);
CREATE TABLE users (
  user_id           integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_name         text    NOT NULL,
  password_hash     text,
  user_type         smallint NOT NULL CHECK (user_type IN (1, 2)),
  com_id            integer REFERENCES organisations (com_id),
  real_name         text    NOT NULL DEFAULT '',
  phone             text    NOT NULL DEFAULT '',
  email             text    NOT NULL DEFAULT '',
  head_picture      text    NOT NULL DEFAULT '',
  gender            smallint NOT NULL DEFAULT 2 CHECK (gender IN (0, 1, 2)),
  address           text    NOT NULL DEFAULT '',
  birthday          text    NOT NULL DEFAULT '',
  school            text    NOT NULL DEFAULT '',
  major             text    NOT NULL DEFAULT '',
  class_name        text    NOT NULL DEFAULT '',
  student_id        text    NOT NULL DEFAULT '',
  info              text    NOT NULL DEFAULT '',
  qq_bind_state     smallint NOT NULL DEFAULT 0,
  weixin_bind_state smallint NOT NULL DEFAULT 0,
  weibo_bind_state  smallint NOT NULL DEFAULT 0,
  enabled           boolean NOT NULL DEFAULT true,
  org_identity_of   integer UNIQUE REFERENCES organisations (com_id),
  created_at        bigint  NOT NULL
);
-- user names are unique without regard to ASCII case, as SQLite's COLLATE NOCASE makes them
-- (lower() would fold other letters too); getByName looks up by the same expression
CREATE UNIQUE INDEX users_by_name ON users (translate(user_name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'));
CREATE INDEX users_by_organisation ON users (com_id);
CREATE TABLE tokens (
  token_hash   text   PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  kind         text   NOT NULL CHECK (kind IN ('password', 'network', 'company')),
  created_at   bigint NOT NULL,
  expires_at   bigint NOT NULL,
  last_used_at bigint NOT NULL
);
CREATE INDEX tokens_by_user ON tokens (user_id);
CREATE INDEX tokens_by_expiry ON tokens (expires_at);
`,
  },
  {
    // store/migrations/0003-learning.ts (its password_reset_requests) and 0004's indexes of them
    version: 3,
    name: 'password-reset-requests',
    sql: `
CREATE TABLE password_reset_requests (
  id         integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_name  text   NOT NULL,
  contact    text   NOT NULL,
  client_ip  text   NOT NULL,
  created_at bigint NOT NULL,
  handled_at bigint
);
CREATE INDEX password_reset_requests_by_address ON password_reset_requests (client_ip, created_at);
CREATE INDEX password_reset_requests_by_time ON password_reset_requests (created_at);
CREATE INDEX password_reset_requests_open ON password_reset_requests (created_at DESC, id DESC) WHERE handled_at IS NULL;
`,
  },
  {
    // store/migrations/0003-learning.ts and 0004's index: what a signed-in person leaves behind while
    // learning (notes and their collections, likes and favourites, play records, messages, fragments)
    version: 4,
    name: 'learning',
    sql: `
CREATE TABLE notes (
  id         integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  user_name  text    NOT NULL,
  video_id   integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  course_id  integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  catalog_id integer NOT NULL DEFAULT 0,
  content    text    NOT NULL,
  vtime      integer NOT NULL DEFAULT 0,
  type       smallint NOT NULL DEFAULT 0 CHECK (type IN (0, 1)),
  created_at bigint  NOT NULL
);
CREATE INDEX notes_by_user ON notes (user_id, created_at DESC);
CREATE INDEX notes_by_video ON notes (video_id, type, created_at DESC);
CREATE INDEX notes_by_course ON notes (course_id);
CREATE TABLE note_collections (
  user_id    integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  note_id    integer NOT NULL REFERENCES notes (id) ON DELETE CASCADE,
  created_at bigint  NOT NULL,
  PRIMARY KEY (user_id, note_id)
);
CREATE INDEX note_collections_by_note ON note_collections (note_id);
CREATE TABLE user_operations (
  user_id      integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  video_id     integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  operate_type smallint NOT NULL CHECK (operate_type IN (0, 1)),
  course_id    integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  catalog_id   integer NOT NULL DEFAULT 0,
  created_at   bigint  NOT NULL,
  PRIMARY KEY (user_id, video_id, operate_type)
);
CREATE INDEX user_operations_by_user ON user_operations (user_id, operate_type, created_at DESC);
CREATE INDEX user_operations_by_video ON user_operations (video_id, operate_type);
CREATE INDEX user_operations_by_course ON user_operations (course_id);
CREATE TABLE play_logs (
  id             integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  user_name      text    NOT NULL DEFAULT '',
  com_id         integer NOT NULL DEFAULT 0,
  video_id       integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  course_id      integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  catalog_id     integer NOT NULL DEFAULT 0,
  last_play_time integer NOT NULL DEFAULT 0,
  duration       integer NOT NULL DEFAULT 0,
  stay_time      integer NOT NULL DEFAULT 0,
  viewing_stay   integer NOT NULL DEFAULT 0,
  created_at     bigint  NOT NULL,
  updated_at     bigint  NOT NULL,
  UNIQUE (user_id, video_id)
);
CREATE INDEX play_logs_by_user ON play_logs (user_id, updated_at DESC, id DESC);
CREATE INDEX play_logs_by_video ON play_logs (video_id);
CREATE INDEX play_logs_by_course ON play_logs (course_id);
CREATE TABLE messages (
  id         integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  type       integer NOT NULL,
  message    text    NOT NULL,
  video_id   integer REFERENCES videos (id) ON DELETE SET NULL,
  created_at bigint  NOT NULL
);
CREATE INDEX messages_by_user ON messages (user_id, created_at DESC, id DESC);
CREATE INDEX messages_by_video ON messages (video_id) WHERE video_id IS NOT NULL;
CREATE TABLE fragments (
  id            integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  video_id      integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  fragment_name text    NOT NULL,
  start_time    integer NOT NULL,
  end_time      integer NOT NULL,
  download      smallint NOT NULL DEFAULT 0 CHECK (download IN (0, 1)),
  video_address text    NOT NULL DEFAULT '',
  created_at    bigint  NOT NULL,
  expires_at    bigint  NOT NULL
);
CREATE INDEX fragments_by_user ON fragments (user_id, created_at DESC);
CREATE INDEX fragments_by_user_video ON fragments (user_id, video_id);
CREATE INDEX fragments_by_user_expiry ON fragments (user_id, expires_at);
CREATE INDEX fragments_by_expiry ON fragments (expires_at);
CREATE INDEX fragments_by_video ON fragments (video_id);
`,
  },
  {
    // store/migrations/0007-play.ts: scrolling comments, the once-a-day view counting, and the
    // course counters that follow likes, favourites and public notes (triggers, so that every
    // writer keeps them right; a counter never goes below 0)
    version: 7,
    name: 'play',
    sql: `
CREATE TABLE danmaku (
  id         integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  video_id   integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  vtime_ds   integer NOT NULL,
  content    text    NOT NULL,
  created_at bigint  NOT NULL
);
CREATE INDEX danmaku_by_video ON danmaku (video_id, vtime_ds, id);
CREATE INDEX danmaku_by_user ON danmaku (user_id, created_at);
CREATE TABLE course_views (
  day      integer NOT NULL,
  user_id  integer NOT NULL,
  video_id integer NOT NULL,
  PRIMARY KEY (day, user_id, video_id)
);
CREATE FUNCTION course_counters_operation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE courses SET like_count = like_count + (NEW.operate_type = 0)::int,
                       collect_count = collect_count + (NEW.operate_type = 1)::int
    WHERE id = NEW.course_id;
  ELSE
    UPDATE courses SET like_count = greatest(0, like_count - (OLD.operate_type = 0)::int),
                       collect_count = greatest(0, collect_count - (OLD.operate_type = 1)::int)
    WHERE id = OLD.course_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER course_counters_operation AFTER INSERT OR DELETE ON user_operations
  FOR EACH ROW EXECUTE FUNCTION course_counters_operation();
CREATE FUNCTION course_counters_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.type = 0 THEN
    UPDATE courses SET note_count = greatest(0, note_count - 1) WHERE id = OLD.course_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.type = 0 THEN
    UPDATE courses SET note_count = note_count + 1 WHERE id = NEW.course_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER course_counters_note AFTER INSERT OR DELETE ON notes
  FOR EACH ROW EXECUTE FUNCTION course_counters_note();
CREATE TRIGGER course_counters_note_update AFTER UPDATE OF type, course_id ON notes
  FOR EACH ROW EXECUTE FUNCTION course_counters_note();
`,
  },
  {
    // store/migrations/0005-search.ts: the search log behind the hot keywords (the search index
    // itself lives with the search engine)
    version: 5,
    name: 'search-log',
    sql: `
CREATE TABLE search_log (
  keyword     text    NOT NULL,
  searcher    text    NOT NULL,
  day         integer NOT NULL,
  searched_at bigint  NOT NULL,
  PRIMARY KEY (keyword, searcher, day)
);
CREATE INDEX search_log_by_day ON search_log (day, keyword);
CREATE INDEX search_log_by_searcher ON search_log (searcher, day);
`,
  },
  {
    // store/migrations/0008-ai-knowledge.ts: flowQuestion's questions (the knowledge base itself
    // lives with the AI engine)
    version: 8,
    name: 'ai-questions',
    sql: `
CREATE TABLE ai_questions (
  id         bigint  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL,
  client_id  text    NOT NULL DEFAULT '',
  model      text    NOT NULL,
  provider   text    NOT NULL,
  question   text    NOT NULL,
  course_id  integer NOT NULL DEFAULT 0,
  video_id   integer NOT NULL DEFAULT 0,
  asked_at   bigint  NOT NULL,
  chunks     integer NOT NULL DEFAULT 0,
  sources    text    NOT NULL DEFAULT '[]',
  outcome    text    NOT NULL DEFAULT 'streaming' CHECK (outcome IN ('streaming', 'end', 'err', 'aborted')),
  ended_at   bigint
);
CREATE INDEX ai_questions_by_user ON ai_questions (user_id, asked_at);
`,
  },
  {
    // store/migrations/0009-ai-content.ts: AI content of videos and courses (lists as jsonb)
    version: 9,
    name: 'ai-content',
    sql: `
CREATE TABLE ai_video_content (
  video_id      integer PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
  abstract      text   NOT NULL,
  key_points    jsonb  NOT NULL,
  guess_you_ask jsonb  NOT NULL,
  concepts      jsonb  NOT NULL,
  majors        jsonb  NOT NULL,
  material_hash text   NOT NULL,
  provider      text   NOT NULL,
  generated_at  bigint NOT NULL
);
CREATE TABLE ai_course_content (
  course_id     integer PRIMARY KEY REFERENCES courses (id) ON DELETE CASCADE,
  overview      text   NOT NULL,
  material_hash text   NOT NULL,
  provider      text   NOT NULL,
  generated_at  bigint NOT NULL
);
CREATE TABLE ai_content_state (
  key   text PRIMARY KEY,
  value text NOT NULL
);
`,
  },
  {
    // store/migrations/0006-media.ts: the media of videos and the media pipeline's resumable jobs
    version: 6,
    name: 'media',
    sql: `
CREATE TABLE video_media (
  video_id        integer PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
  folder          text   NOT NULL,
  master_path     text   NOT NULL,
  qualities       jsonb  NOT NULL DEFAULT '[]',
  poster          text   NOT NULL DEFAULT '',
  subtitle_path   text   NOT NULL DEFAULT '',
  manuscript_path text   NOT NULL DEFAULT '',
  duration_ms     bigint NOT NULL,
  source          text   NOT NULL DEFAULT '',
  updated_at      bigint NOT NULL
);
CREATE TABLE media_jobs (
  id         bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  job_key    text   NOT NULL UNIQUE,
  kind       text   NOT NULL,
  status     text   NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  error      text   NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE TABLE media_job_steps (
  job_id      bigint NOT NULL REFERENCES media_jobs (id) ON DELETE CASCADE,
  step        text   NOT NULL,
  result      jsonb  NOT NULL DEFAULT 'null',
  finished_at bigint NOT NULL,
  PRIMARY KEY (job_id, step)
);
`,
  },
  {
    // store/migrations/0002 and 0011: failed password attempts and the addresses accounts signed in from
    version: 11,
    name: 'login-throttle',
    sql: `
CREATE TABLE login_failures (
  id          bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  account_key text   NOT NULL,
  client_ip   text   NOT NULL,
  created_at  bigint NOT NULL
);
CREATE INDEX login_failures_by_account ON login_failures (account_key, created_at);
CREATE INDEX login_failures_by_address ON login_failures (client_ip, created_at);
CREATE INDEX login_failures_by_pair ON login_failures (account_key, client_ip, created_at);
CREATE INDEX login_failures_by_time ON login_failures (created_at);
CREATE TABLE login_known_addresses (
  user_id        integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  address        text    NOT NULL,
  last_signed_in bigint  NOT NULL,
  PRIMARY KEY (user_id, address)
);
CREATE INDEX login_known_addresses_by_time ON login_known_addresses (last_signed_in);
`,
  },
];

/** the advisory lock replicas take turns on while they migrate */
const MIGRATION_LOCK = 0x601d_0002;

/** applies what is pending; returns the versions it ran */
export async function migratePostgres(
  connection: PostgresConnection,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
): Promise<number[]> {
  return connection.transaction(async () => {
    const db = connection.db();
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer PRIMARY KEY,
      name       text    NOT NULL,
      applied_at bigint  NOT NULL
    )`.execute(db);
    const applied = new Set(
      (await db.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version),
    );
    const ran: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      // one transaction for all: a failed migration leaves the schema as it was
      await sql.raw(migration.sql).execute(db);
      await db
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, applied_at: Date.now() })
        .execute();
      ran.push(migration.version);
    }
    return ran;
  });
}
