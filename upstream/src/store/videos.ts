/** Videos of a course with their keyframes; transcripts are written here for search and AI. */
import type { Database } from 'better-sqlite3';
import type { KeyframeRecord, KnowledgePointRecord, TranscriptPassage, VideoRecord } from './records';
import { statementCache } from './statements';

/** A video as written: the record plus its timed transcript (kept for search, subtitles and AI). */
export interface NewVideo extends VideoRecord {
  transcript: TranscriptPassage[];
}

/** A keyframe as stored: its position among the video's keyframes and its thumbnail (migration 0006). */
export interface StoredKeyframe extends KeyframeRecord {
  seq: number;
  /** site path of the thumbnail, or '' */
  image: string;
}

/** A video as the play page reads it: its keyframes carry their thumbnails. */
export interface StoredVideo extends VideoRecord {
  keyframes: StoredKeyframe[];
}

/** A video without its keyframes: enough to check a request against (course, duration, name). */
export type VideoSummary = Omit<VideoRecord, 'keyframes'>;

/** Names a knowledge point: a video's keyframe or transcript passage by its seq. */
export interface KnowledgePointKey {
  kind: 'keyframe' | 'transcript';
  videoId: number;
  seq: number;
}

export interface VideoStore {
  insert(video: NewVideo): void;
  /** the course's videos in episode order, each with its keyframes in time order */
  listByCourse(courseId: number): StoredVideo[];
  get(videoId: number): VideoSummary | undefined;
  getByCode(code: string): VideoSummary | undefined;
  /** the video's keyframes in time order */
  keyframes(videoId: number): StoredKeyframe[];
  /** the video's passages in order */
  transcript(videoId: number): TranscriptPassage[];
  /** these knowledge points in the order asked, those that no longer exist left out */
  knowledgePoints(keys: readonly KnowledgePointKey[]): KnowledgePointRecord[];
}

const VIDEO_COLUMNS = `v.id, v.course_id AS courseId, v.sort, v.name, v.proper_title AS properTitle, v.code,
  v.abstract, v.duration_seconds AS durationSeconds, v.publish_time AS publishTime, v.image`;

const KEYFRAME_COLUMNS = `f.seq, f.time_point AS timePoint, f.key_points AS keyPoints, f.description, f.image`;

const keyOf = (k: KnowledgePointKey) => `${k.kind}:${k.videoId}:${k.seq}`;

export function createVideoStore(db: Database): VideoStore {
  const prepare = statementCache(db);

  return {
    insert(video) {
      prepare(
        `INSERT INTO videos (id, course_id, sort, name, proper_title, code, abstract, duration_seconds, publish_time, image)
         VALUES (@id, @courseId, @sort, @name, @properTitle, @code, @abstract, @durationSeconds, @publishTime, @image)`,
      ).run(video);
      const keyframe = prepare(
        'INSERT INTO video_keyframes (video_id, seq, time_point, key_points, description) VALUES (?, ?, ?, ?, ?)',
      );
      video.keyframes.forEach((k, seq) => keyframe.run(video.id, seq, k.timePoint, k.keyPoints, k.description));
      const passage = prepare(
        'INSERT INTO video_transcripts (video_id, seq, text, start_ms, end_ms) VALUES (?, ?, ?, ?, ?)',
      );
      video.transcript.forEach((p, seq) => passage.run(video.id, seq, p.text, p.startMs, p.endMs));
    },

    listByCourse(courseId) {
      const videos = prepare(`SELECT ${VIDEO_COLUMNS} FROM videos v WHERE v.course_id = ? ORDER BY v.sort, v.id`).all(
        courseId,
      ) as VideoSummary[];
      const keyframes = prepare(
        `SELECT f.video_id AS videoId, ${KEYFRAME_COLUMNS}
         FROM video_keyframes f JOIN videos v ON v.id = f.video_id
         WHERE v.course_id = ? ORDER BY f.video_id, f.time_point, f.seq`,
      ).all(courseId) as (StoredKeyframe & { videoId: number })[];
      const byVideo = new Map<number, StoredKeyframe[]>();
      for (const { videoId, ...keyframe } of keyframes) {
        const list = byVideo.get(videoId) ?? [];
        list.push(keyframe);
        byVideo.set(videoId, list);
      }
      return videos.map((video) => ({ ...video, keyframes: byVideo.get(video.id) ?? [] }));
    },

    get(videoId) {
      return prepare(`SELECT ${VIDEO_COLUMNS} FROM videos v WHERE v.id = ?`).get(videoId) as VideoSummary | undefined;
    },

    getByCode(code) {
      return prepare(`SELECT ${VIDEO_COLUMNS} FROM videos v WHERE v.code = ?`).get(code) as VideoSummary | undefined;
    },

    keyframes(videoId) {
      return prepare(
        `SELECT ${KEYFRAME_COLUMNS} FROM video_keyframes f WHERE f.video_id = ? ORDER BY f.time_point, f.seq`,
      ).all(videoId) as StoredKeyframe[];
    },

    transcript(videoId) {
      return prepare(
        'SELECT text, start_ms AS startMs, end_ms AS endMs FROM video_transcripts WHERE video_id = ? ORDER BY seq',
      ).all(videoId) as TranscriptPassage[];
    },

    knowledgePoints(keys) {
      if (keys.length === 0) return [];
      const pick = (kind: KnowledgePointKey['kind']) =>
        JSON.stringify(keys.filter((k) => k.kind === kind).map((k) => [k.videoId, k.seq]));
      const rows = prepare(
        `WITH asked AS (
           SELECT 'keyframe' AS kind, j.value ->> 0 AS video_id, j.value ->> 1 AS seq FROM json_each(@keyframes) j
           UNION ALL
           SELECT 'transcript', j.value ->> 0, j.value ->> 1 FROM json_each(@transcripts) j
         ),
         points AS (
           SELECT a.kind, f.video_id, f.seq, f.time_point AS time_point, f.key_points, f.description
           FROM asked a JOIN video_keyframes f ON f.video_id = a.video_id AND f.seq = a.seq WHERE a.kind = 'keyframe'
           UNION ALL
           SELECT a.kind, t.video_id, t.seq, t.start_ms / 1000, '', t.text
           FROM asked a JOIN video_transcripts t ON t.video_id = a.video_id AND t.seq = a.seq WHERE a.kind = 'transcript'
         )
         SELECT p.kind, p.video_id AS videoId, p.seq, p.time_point AS timePoint, p.key_points AS keyPoints, p.description,
           v.name AS videoName, v.image AS videoImage, c.id AS courseId, c.catalogue_id AS catalogueId,
           c.name AS courseName, l.name AS lecturerName
         FROM points p
         JOIN videos v ON v.id = p.video_id
         JOIN courses c ON c.id = v.course_id
         JOIN lecturers l ON l.id = c.lecturer_id`,
      ).all({ keyframes: pick('keyframe'), transcripts: pick('transcript') }) as KnowledgePointRecord[];
      const byKey = new Map(rows.map((row) => [keyOf(row), row]));
      return keys.flatMap((k) => byKey.get(keyOf(k)) ?? []);
    },
  };
}
