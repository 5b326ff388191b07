/** Videos of a course with their keyframes; transcripts are written here for search and AI. */
import type { Database } from 'better-sqlite3';
import type { KeyframeRecord, VideoRecord } from './records';
import { statementCache } from './statements';

/** A video as written: the record plus its transcript (kept for search and AI, not read back here). */
export interface NewVideo extends VideoRecord {
  transcript: string[];
}

export interface VideoStore {
  insert(video: NewVideo): void;
  /** the course's videos in episode order, each with its keyframes in time order */
  listByCourse(courseId: number): VideoRecord[];
  transcript(videoId: number): string[];
}

const VIDEO_COLUMNS = `v.id, v.course_id AS courseId, v.sort, v.name, v.proper_title AS properTitle, v.code,
  v.abstract, v.duration_seconds AS durationSeconds, v.publish_time AS publishTime, v.image`;

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
      const sentence = prepare('INSERT INTO video_transcripts (video_id, seq, text) VALUES (?, ?, ?)');
      video.transcript.forEach((text, seq) => sentence.run(video.id, seq, text));
    },

    listByCourse(courseId) {
      const videos = prepare(`SELECT ${VIDEO_COLUMNS} FROM videos v WHERE v.course_id = ? ORDER BY v.sort, v.id`).all(
        courseId,
      ) as Omit<VideoRecord, 'keyframes'>[];
      const keyframes = prepare(
        `SELECT f.video_id AS videoId, f.time_point AS timePoint, f.key_points AS keyPoints, f.description
         FROM video_keyframes f JOIN videos v ON v.id = f.video_id
         WHERE v.course_id = ? ORDER BY f.video_id, f.time_point, f.seq`,
      ).all(courseId) as (KeyframeRecord & { videoId: number })[];
      const byVideo = new Map<number, KeyframeRecord[]>();
      for (const { videoId, ...keyframe } of keyframes) {
        const list = byVideo.get(videoId) ?? [];
        list.push(keyframe);
        byVideo.set(videoId, list);
      }
      return videos.map((video) => ({ ...video, keyframes: byVideo.get(video.id) ?? [] }));
    },

    transcript(videoId) {
      return (
        prepare('SELECT text FROM video_transcripts WHERE video_id = ? ORDER BY seq').all(videoId) as { text: string }[]
      ).map((row) => row.text);
    },
  };
}
