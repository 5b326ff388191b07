/**
 * The media of videos (migration 0006): HLS master playlist and renditions, poster, subtitles,
 * manuscript and keyframe thumbnails, all as site paths under /media/; plus the resumable jobs of
 * the media pipeline. Writing a video's media also sets its duration to the media's real length.
 */
import type { Database } from 'better-sqlite3';
import type { KeyframeRecord, TranscriptPassage } from './records';
import { statementCache } from './statements';

/** One HLS rendition as the API lists it. */
export interface MediaQuality {
  /** "720p" */
  name: string;
  height: number;
  /** bits per second, as in the master playlist's BANDWIDTH */
  bandwidth: number;
}

export interface VideoMediaRecord {
  videoId: number;
  /** /media/videos/<videoCode>: the folder holding the files (a demo video may borrow another's) */
  folder: string;
  /** site path of master.m3u8 */
  masterPath: string;
  /** highest first */
  qualities: MediaQuality[];
  /** site path of poster.jpg, or '' */
  poster: string;
  /** site path of subtitles.vtt, or '' when the video has no subtitles */
  subtitlePath: string;
  /** site path of manuscript.txt, or '' */
  manuscriptPath: string;
  durationMs: number;
  /** what the media was made from (an imported file's name, demo-lecture:<name>) */
  source: string;
}

export interface KeyframeImage {
  seq: number;
  /** site path of the thumbnail, or '' */
  image: string;
  /** when given, the keyframe's new time point in seconds (rescaled into the media's length) */
  timePoint?: number;
}

export interface MediaJobRecord {
  id: number;
  key: string;
  kind: string;
  status: 'running' | 'done' | 'failed';
  error: string;
  /** results of the steps finished so far, by step name */
  steps: Map<string, unknown>;
}

export interface MediaJobStore {
  /** the job with this key, created as running when new; a done or failed one is set running again */
  start(key: string, kind: string): MediaJobRecord;
  get(key: string): MediaJobRecord | null;
  /** records a finished step with the result later steps (or a re-run) read back */
  finishStep(jobId: number, step: string, result: unknown): void;
  finish(jobId: number): void;
  fail(jobId: number, error: string): void;
  /** forgets the job and its steps: the next run starts from scratch */
  remove(key: string): void;
}

/** What `npm run media:import` looks up to find or create the course, lecturer and videos of a folder. */
export interface MediaImportLookups {
  lecturerByName(name: string): number | null;
  courseByName(name: string, lecturerId: number): number | null;
  videoByCode(code: string): { id: number; courseId: number } | null;
  videoByName(courseId: number, name: string): { id: number; code: string } | null;
  /** max(id) + 1 of each table */
  nextIds(): { lecturer: number; course: number; video: number };
  /** 1 + the course's highest episode number */
  nextVideoSort(courseId: number): number;
  /** replaces the video's keyframes (seq from 0 in the order given) */
  replaceKeyframes(videoId: number, keyframes: readonly KeyframeRecord[]): void;
  /** moves the course's update time forward to `at` (a new episode), never back */
  touchCourse(courseId: number, at: number): void;
}

export interface MediaStore {
  get(videoId: number): VideoMediaRecord | null;
  getMany(videoIds: readonly number[]): Map<number, VideoMediaRecord>;
  /** writes the video's media row and sets videos.duration_seconds to its rounded length */
  upsert(media: VideoMediaRecord): void;
  remove(videoId: number): void;
  /** keyframe thumbnails (and optionally new time points) by keyframe seq; unknown seqs are ignored */
  setKeyframeImages(videoId: number, images: readonly KeyframeImage[]): void;
  /** the keyframe thumbnails of these videos: videoId → seq → image ('' for none) */
  keyframeImages(videoIds: readonly number[]): Map<number, Map<number, string>>;
  /**
   * replaces the video's transcript passages (seq from 0 in order); the search queue's triggers
   * reindex the video's knowledge points
   */
  replaceTranscript(videoId: number, passages: readonly TranscriptPassage[]): void;
  readonly jobs: MediaJobStore;
  readonly imports: MediaImportLookups;
}

interface MediaRow {
  videoId: number;
  folder: string;
  masterPath: string;
  qualities: string;
  poster: string;
  subtitlePath: string;
  manuscriptPath: string;
  durationMs: number;
  source: string;
}

const MEDIA_COLUMNS = `video_id AS videoId, folder, master_path AS masterPath, qualities, poster,
  subtitle_path AS subtitlePath, manuscript_path AS manuscriptPath, duration_ms AS durationMs, source`;

const toRecord = (row: MediaRow): VideoMediaRecord => ({
  ...row,
  qualities: JSON.parse(row.qualities) as MediaQuality[],
});

/** whole seconds of a media length, at least 1 for any media at all */
export const durationSecondsOf = (durationMs: number): number => Math.max(1, Math.round(durationMs / 1000));

export function createMediaStore(db: Database): MediaStore {
  const prepare = statementCache(db);
  const tx = <T>(fn: () => T): T => db.transaction(fn)();

  const getJob = (key: string): MediaJobRecord | null => {
    const job = prepare('SELECT id, job_key AS key, kind, status, error FROM media_jobs WHERE job_key = ?').get(key) as
      Omit<MediaJobRecord, 'steps'> | undefined;
    if (!job) return null;
    const steps = prepare('SELECT step, result FROM media_job_steps WHERE job_id = ?').all(job.id) as {
      step: string;
      result: string;
    }[];
    return { ...job, steps: new Map(steps.map((s) => [s.step, JSON.parse(s.result) as unknown])) };
  };

  const jobs: MediaJobStore = {
    start(key, kind) {
      return tx(() => {
        const now = Date.now();
        prepare(
          `INSERT INTO media_jobs (job_key, kind, status, created_at, updated_at) VALUES (?, ?, 'running', ?, ?)
           ON CONFLICT (job_key) DO UPDATE SET status = 'running', error = '', updated_at = excluded.updated_at`,
        ).run(key, kind, now, now);
        return getJob(key)!;
      });
    },
    get: getJob,
    finishStep(jobId, step, result) {
      const now = Date.now();
      prepare(
        `INSERT INTO media_job_steps (job_id, step, result, finished_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (job_id, step) DO UPDATE SET result = excluded.result, finished_at = excluded.finished_at`,
      ).run(jobId, step, JSON.stringify(result ?? null), now);
      prepare('UPDATE media_jobs SET updated_at = ? WHERE id = ?').run(now, jobId);
    },
    finish(jobId) {
      prepare(`UPDATE media_jobs SET status = 'done', error = '', updated_at = ? WHERE id = ?`).run(Date.now(), jobId);
    },
    fail(jobId, error) {
      prepare(`UPDATE media_jobs SET status = 'failed', error = ?, updated_at = ? WHERE id = ?`).run(
        error.slice(0, 2000),
        Date.now(),
        jobId,
      );
    },
    remove(key) {
      prepare('DELETE FROM media_jobs WHERE job_key = ?').run(key);
    },
  };

  return {
    get(videoId) {
      const row = prepare(`SELECT ${MEDIA_COLUMNS} FROM video_media WHERE video_id = ?`).get(videoId) as
        MediaRow | undefined;
      return row ? toRecord(row) : null;
    },

    getMany(videoIds) {
      const result = new Map<number, VideoMediaRecord>();
      if (videoIds.length === 0) return result;
      const rows = prepare(
        `SELECT ${MEDIA_COLUMNS} FROM video_media WHERE video_id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(videoIds)) as MediaRow[];
      for (const row of rows) result.set(row.videoId, toRecord(row));
      return result;
    },

    upsert(media) {
      tx(() => {
        prepare(
          `INSERT INTO video_media (video_id, folder, master_path, qualities, poster, subtitle_path, manuscript_path,
             duration_ms, source, updated_at)
           VALUES (@videoId, @folder, @masterPath, @qualities, @poster, @subtitlePath, @manuscriptPath, @durationMs,
             @source, @updatedAt)
           ON CONFLICT (video_id) DO UPDATE SET folder = excluded.folder, master_path = excluded.master_path,
             qualities = excluded.qualities, poster = excluded.poster, subtitle_path = excluded.subtitle_path,
             manuscript_path = excluded.manuscript_path, duration_ms = excluded.duration_ms, source = excluded.source,
             updated_at = excluded.updated_at`,
        ).run({
          ...media,
          durationMs: Math.round(media.durationMs),
          qualities: JSON.stringify(media.qualities),
          updatedAt: Date.now(),
        });
        prepare('UPDATE videos SET duration_seconds = ? WHERE id = ?').run(
          durationSecondsOf(media.durationMs),
          media.videoId,
        );
      });
    },

    remove(videoId) {
      prepare('DELETE FROM video_media WHERE video_id = ?').run(videoId);
    },

    setKeyframeImages(videoId, images) {
      tx(() => {
        const setImage = prepare('UPDATE video_keyframes SET image = ? WHERE video_id = ? AND seq = ?');
        const setTime = prepare('UPDATE video_keyframes SET image = ?, time_point = ? WHERE video_id = ? AND seq = ?');
        for (const k of images) {
          if (k.timePoint === undefined) setImage.run(k.image, videoId, k.seq);
          else setTime.run(k.image, Math.max(0, Math.round(k.timePoint)), videoId, k.seq);
        }
      });
    },

    keyframeImages(videoIds) {
      const result = new Map<number, Map<number, string>>();
      if (videoIds.length === 0) return result;
      const rows = prepare(
        `SELECT video_id AS videoId, seq, image FROM video_keyframes
         WHERE video_id IN (SELECT value FROM json_each(?)) ORDER BY video_id, seq`,
      ).all(JSON.stringify(videoIds)) as { videoId: number; seq: number; image: string }[];
      for (const row of rows) {
        let byseq = result.get(row.videoId);
        if (!byseq) result.set(row.videoId, (byseq = new Map()));
        byseq.set(row.seq, row.image);
      }
      return result;
    },

    replaceTranscript(videoId, passages) {
      tx(() => {
        prepare('DELETE FROM video_transcripts WHERE video_id = ?').run(videoId);
        const insert = prepare(
          'INSERT INTO video_transcripts (video_id, seq, text, start_ms, end_ms) VALUES (?, ?, ?, ?, ?)',
        );
        passages.forEach((p, seq) =>
          insert.run(videoId, seq, p.text, Math.max(0, Math.round(p.startMs)), Math.max(0, Math.round(p.endMs))),
        );
      });
    },

    jobs,

    imports: {
      lecturerByName: (name) =>
        (prepare('SELECT id FROM lecturers WHERE name = ? ORDER BY id LIMIT 1').get(name) as { id: number } | undefined)
          ?.id ?? null,
      courseByName: (name, lecturerId) =>
        (
          prepare('SELECT id FROM courses WHERE name = ? AND lecturer_id = ? ORDER BY id LIMIT 1').get(
            name,
            lecturerId,
          ) as { id: number } | undefined
        )?.id ?? null,
      videoByCode: (code) =>
        (prepare('SELECT id, course_id AS courseId FROM videos WHERE code = ?').get(code) as
          { id: number; courseId: number } | undefined) ?? null,
      videoByName: (courseId, name) =>
        (prepare('SELECT id, code FROM videos WHERE course_id = ? AND name = ? ORDER BY id LIMIT 1').get(
          courseId,
          name,
        ) as { id: number; code: string } | undefined) ?? null,
      nextIds: () =>
        prepare(
          `SELECT (SELECT COALESCE(MAX(id), 0) + 1 FROM lecturers) AS lecturer,
             (SELECT COALESCE(MAX(id), 0) + 1 FROM courses) AS course,
             (SELECT COALESCE(MAX(id), 0) + 1 FROM videos) AS video`,
        ).get() as { lecturer: number; course: number; video: number },
      nextVideoSort: (courseId) =>
        (
          prepare('SELECT COALESCE(MAX(sort), 0) + 1 AS next FROM videos WHERE course_id = ?').get(courseId) as {
            next: number;
          }
        ).next,
      replaceKeyframes(videoId, keyframes) {
        tx(() => {
          prepare('DELETE FROM video_keyframes WHERE video_id = ?').run(videoId);
          const insert = prepare(
            'INSERT INTO video_keyframes (video_id, seq, time_point, key_points, description) VALUES (?, ?, ?, ?, ?)',
          );
          keyframes.forEach((k, seq) =>
            insert.run(videoId, seq, Math.max(0, Math.round(k.timePoint)), k.keyPoints, k.description),
          );
        });
      },
      touchCourse(courseId, at) {
        prepare('UPDATE courses SET update_time = MAX(update_time, ?) WHERE id = ?').run(at, courseId);
      },
    },
  };
}
