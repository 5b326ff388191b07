/**
 * Media: the HLS renditions, poster, subtitles and manuscript of a video, keyframe
 * thumbnails, and the resumable jobs of the media pipeline (upstream/src/media/pipeline).
 *
 * video_media holds site paths (/media/videos/<videoCode>/...), never file-system paths: the
 * folder can be served by another host, and a demo video may borrow another video's folder.
 * qualities is JSON [{name, height, bandwidth}] highest first, as the API answers it.
 *
 * The keyframe search trigger of 0005 fired on any update of a keyframe; a thumbnail is not
 * indexed, so it is narrowed to the indexed columns (a time point is read at query time, but it
 * stays in the list so that the trigger keeps meaning "the knowledge point changed").
 *
 * A media job is one import (its key names the video and what it is made from); its steps are
 * rows of media_job_steps: a step finished once is skipped when the job runs again, so an import
 * interrupted by a crash resumes where it stopped.
 */
export const media = `
CREATE TABLE video_media (
  video_id        INTEGER PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
  folder          TEXT    NOT NULL,                -- /media/videos/<videoCode> (may be another video's)
  master_path     TEXT    NOT NULL,                -- <folder>/master.m3u8
  qualities       TEXT    NOT NULL DEFAULT '[]',   -- JSON [{name, height, bandwidth}], highest first
  poster          TEXT    NOT NULL DEFAULT '',
  subtitle_path   TEXT    NOT NULL DEFAULT '',     -- '' = no subtitles
  manuscript_path TEXT    NOT NULL DEFAULT '',     -- '' = no manuscript
  duration_ms     INTEGER NOT NULL,
  source          TEXT    NOT NULL DEFAULT '',     -- what the media was made from (file name, demo lecture)
  updated_at      INTEGER NOT NULL
);

ALTER TABLE video_keyframes ADD COLUMN image TEXT NOT NULL DEFAULT '';

DROP TRIGGER search_queue_keyframe_update;
CREATE TRIGGER search_queue_keyframe_update
AFTER UPDATE OF video_id, seq, time_point, key_points, description ON video_keyframes BEGIN
  DELETE FROM search_pending WHERE kind = 'video' AND ref = OLD.video_id;
  INSERT INTO search_pending (kind, ref) SELECT 'video', OLD.video_id;
  DELETE FROM search_pending WHERE kind = 'video' AND ref = NEW.video_id;
  INSERT INTO search_pending (kind, ref) SELECT 'video', NEW.video_id;
END;

CREATE TABLE media_jobs (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  job_key     TEXT    NOT NULL UNIQUE,             -- e.g. import:<videoCode>:<source fingerprint>
  kind        TEXT    NOT NULL,                    -- import | demo-lecture
  status      TEXT    NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  error       TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);

CREATE TABLE media_job_steps (
  job_id      INTEGER NOT NULL REFERENCES media_jobs (id) ON DELETE CASCADE,
  step        TEXT    NOT NULL,
  result      TEXT    NOT NULL DEFAULT 'null',     -- JSON the later steps read back
  finished_at INTEGER NOT NULL,
  PRIMARY KEY (job_id, step)
) WITHOUT ROWID;
`;
