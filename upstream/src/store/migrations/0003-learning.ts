/**
 * What a signed-in person leaves behind while learning (product-spec §3, §7 "Personal centre" and
 * "Play page"): notes and the notes they collected, likes and favourites, play records (the
 * viewing history, last 100 per user), messages, clipped fragments (kept 30 days) and
 * find-password requests. Written by the main API and the login service, which share this store.
 * Times are unix milliseconds, as in 0001.
 */
export const learning = `
CREATE TABLE notes (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  user_name  TEXT    NOT NULL,                         -- as shown beside the note when it was written
  video_id   INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  course_id  INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  catalog_id INTEGER NOT NULL DEFAULT 0,
  content    TEXT    NOT NULL,                         -- at most 500 characters (product-spec §5)
  vtime      INTEGER NOT NULL DEFAULT 0,               -- second of the video the note refers to
  type       INTEGER NOT NULL DEFAULT 0 CHECK (type IN (0, 1)),  -- 0 public, 1 private
  created_at INTEGER NOT NULL
);
CREATE INDEX notes_by_user ON notes (user_id, created_at DESC);
CREATE INDEX notes_by_video ON notes (video_id, type, created_at DESC);

-- 收录: a user keeps another person's (public) note
CREATE TABLE note_collections (
  user_id    INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  note_id    INTEGER NOT NULL REFERENCES notes (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, note_id)
) WITHOUT ROWID;
CREATE INDEX note_collections_by_note ON note_collections (note_id);

-- likes (operate_type 0) and favourites (1) of a video; a course is favourited when one of its videos is
CREATE TABLE user_operations (
  user_id      INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  video_id     INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  operate_type INTEGER NOT NULL CHECK (operate_type IN (0, 1)),
  course_id    INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  catalog_id   INTEGER NOT NULL DEFAULT 0,
  created_at   INTEGER NOT NULL,
  PRIMARY KEY (user_id, video_id, operate_type)
) WITHOUT ROWID;
CREATE INDEX user_operations_by_user ON user_operations (user_id, operate_type, created_at DESC);
CREATE INDEX user_operations_by_video ON user_operations (video_id, operate_type);

-- one row per (user, video): the viewing history and the resume position; pruned to the newest 100 per user
CREATE TABLE play_logs (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  user_name       TEXT    NOT NULL DEFAULT '',
  com_id          INTEGER NOT NULL DEFAULT 0,
  video_id        INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  course_id       INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  catalog_id      INTEGER NOT NULL DEFAULT 0,
  last_play_time  INTEGER NOT NULL DEFAULT 0,          -- seconds into the video
  duration        INTEGER NOT NULL DEFAULT 0,          -- seconds, the video's length as the player saw it
  stay_time       INTEGER NOT NULL DEFAULT 0,          -- seconds watched in total
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL,
  UNIQUE (user_id, video_id)
);
CREATE INDEX play_logs_by_user ON play_logs (user_id, updated_at DESC);

CREATE TABLE messages (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  type       INTEGER NOT NULL,                         -- 1 系统通知, 2 笔记引用, 3 安全提醒, other 系统消息
  message    TEXT    NOT NULL,
  video_id   INTEGER REFERENCES videos (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX messages_by_user ON messages (user_id, created_at DESC, id DESC);

-- clipped fragments (ClipVideo), kept FRAGMENT_RETENTION_DAYS (30) from creation
CREATE TABLE fragments (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  video_id      INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  fragment_name TEXT    NOT NULL,
  start_time    INTEGER NOT NULL,                      -- seconds
  end_time      INTEGER NOT NULL,                      -- seconds, at most start + 180
  download      INTEGER NOT NULL DEFAULT 0 CHECK (download IN (0, 1)),
  video_address TEXT    NOT NULL DEFAULT '',           -- site-absolute /media/... path once cut
  created_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL
);
CREATE INDEX fragments_by_user ON fragments (user_id, created_at DESC);
CREATE INDEX fragments_by_user_video ON fragments (user_id, video_id);
CREATE INDEX fragments_by_expiry ON fragments (expires_at);

-- the find-password page's requests, for the people who run the platform (npm run admin -- user reset-requests)
CREATE TABLE password_reset_requests (
  id         INTEGER PRIMARY KEY,
  user_name  TEXT    NOT NULL,
  contact    TEXT    NOT NULL,
  client_ip  TEXT    NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  handled_at INTEGER
);
`;
