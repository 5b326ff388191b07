/**
 * The play page: scrolling comments (弹幕), the once-a-day view counting of
 * GetPlayPageData, the stay time of a viewing in play records, and the course counters kept by
 * likes, favourites and public notes.
 *
 * - danmaku: vtime in tenths of a second (the API answers one decimal); read by video in time
 *   order, and per user within the last minute (the rate limit).
 * - course_views: one row per (day, user, video) a course view was counted; the day is the
 *   calendar day in UTC+8. The key starts with the day so that yesterday's rows go in one range.
 * - play_logs.viewing_stay: the largest running stay time reported by the current viewing; stay_time
 *   is what earlier viewings accumulated plus this (AddPlayLog, upstream/API.md).
 * - The counters of courses (startCount = like_count, collect_count, note_count) follow
 *   user_operations and public notes by triggers, so that every writer (the API, the demo seed, a
 *   cascade when an account is deleted) keeps them right. The seeded figures are a base the real
 *   records add to; a counter never goes below 0.
 */
export const play = `
CREATE TABLE danmaku (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  video_id   INTEGER NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  vtime_ds   INTEGER NOT NULL,                         -- tenths of a second into the video
  content    TEXT    NOT NULL,                         -- 1..30 characters (product-spec §9)
  created_at INTEGER NOT NULL
);
CREATE INDEX danmaku_by_video ON danmaku (video_id, vtime_ds, id);
CREATE INDEX danmaku_by_user ON danmaku (user_id, created_at);

CREATE TABLE course_views (
  day      INTEGER NOT NULL,                           -- days since 1970-01-01 in UTC+8
  user_id  INTEGER NOT NULL,
  video_id INTEGER NOT NULL,
  PRIMARY KEY (day, user_id, video_id)
) WITHOUT ROWID;

ALTER TABLE play_logs ADD COLUMN viewing_stay INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER course_counters_operation_insert AFTER INSERT ON user_operations BEGIN
  UPDATE courses SET like_count = like_count + (NEW.operate_type = 0),
                     collect_count = collect_count + (NEW.operate_type = 1)
  WHERE id = NEW.course_id;
END;
CREATE TRIGGER course_counters_operation_delete AFTER DELETE ON user_operations BEGIN
  UPDATE courses SET like_count = MAX(0, like_count - (OLD.operate_type = 0)),
                     collect_count = MAX(0, collect_count - (OLD.operate_type = 1))
  WHERE id = OLD.course_id;
END;

CREATE TRIGGER course_counters_note_insert AFTER INSERT ON notes WHEN NEW.type = 0 BEGIN
  UPDATE courses SET note_count = note_count + 1 WHERE id = NEW.course_id;
END;
CREATE TRIGGER course_counters_note_delete AFTER DELETE ON notes WHEN OLD.type = 0 BEGIN
  UPDATE courses SET note_count = MAX(0, note_count - 1) WHERE id = OLD.course_id;
END;
CREATE TRIGGER course_counters_note_update AFTER UPDATE OF type, course_id ON notes BEGIN
  UPDATE courses SET note_count = MAX(0, note_count - 1) WHERE id = OLD.course_id AND OLD.type = 0;
  UPDATE courses SET note_count = note_count + 1 WHERE id = NEW.course_id AND NEW.type = 0;
END;
`;
