/**
 * Play records (product-spec §7 AddPlayLog / GetPalyLog, 历史记录): one row per (user, video)
 * holding where the user stopped, so it is both the viewing history and the resume position.
 * Every write keeps only the user's newest PLAY_LOG_KEEP rows.
 */
import type { Database } from 'better-sqlite3';
import { PLAY_LOG_KEEP } from '../learning-limits';
import { statementCache } from './statements';

export interface PlayLogInput {
  userId: number;
  userName?: string;
  comId?: number;
  videoId: number;
  /** the catalogue the video was opened from; 0 or absent = the course's own catalogue */
  catalogId?: number;
  /** seconds into the video where the user is */
  lastPlayTime: number;
  /** seconds, the video's length as the player saw it */
  duration: number;
  /** seconds watched in total: the caller passes the running total, it replaces the stored one */
  stayTime: number;
}

export interface PlayLogRecord {
  id: number;
  userId: number;
  videoId: number;
  courseId: number;
  catalogId: number;
  lastPlayTime: number;
  duration: number;
  stayTime: number;
  createdAt: number;
  updatedAt: number;
  videoName: string;
  videoImage: string;
  /** the video's episode number within its course (numberShow 第N讲) */
  videoSort: number;
  courseName: string;
}

export interface PlayLogStore {
  /**
   * Creates or updates the user's record of that video (its time becomes `at`, unless a newer
   * report already arrived), then prunes the user's records to the newest PLAY_LOG_KEEP.
   * Returns the record's id, or null when the video does not exist.
   */
  record(entry: PlayLogInput, at: number): number | null;
  /** the user's record of one video (the resume position), if any */
  find(userId: number, videoId: number): PlayLogRecord | undefined;
  /** newest first, at most `limit` (default PLAY_LOG_KEEP) */
  listByUser(userId: number, limit?: number): PlayLogRecord[];
  countByUser(userId: number): number;
  /** removes every record of the user; returns how many */
  clear(userId: number): number;
}

const COLUMNS = `p.id, p.user_id AS userId, p.video_id AS videoId, p.course_id AS courseId, p.catalog_id AS catalogId,
  p.last_play_time AS lastPlayTime, p.duration, p.stay_time AS stayTime, p.created_at AS createdAt,
  p.updated_at AS updatedAt, v.name AS videoName, v.image AS videoImage, v.sort AS videoSort, c.name AS courseName`;

const FROM = 'FROM play_logs p JOIN videos v ON v.id = p.video_id JOIN courses c ON c.id = p.course_id';

export function createPlayLogStore(db: Database): PlayLogStore {
  const prepare = statementCache(db);

  const upsert = (entry: PlayLogInput, at: number) =>
    prepare(
      `INSERT INTO play_logs (user_id, user_name, com_id, video_id, course_id, catalog_id, last_play_time, duration,
         stay_time, created_at, updated_at)
       SELECT @userId, @userName, @comId, v.id, v.course_id, COALESCE(NULLIF(@catalogId, 0), c.catalogue_id),
              @lastPlayTime, @duration, @stayTime, @at, @at
       FROM videos v JOIN courses c ON c.id = v.course_id WHERE v.id = @videoId
       ON CONFLICT (user_id, video_id) DO UPDATE SET
         user_name = excluded.user_name, com_id = excluded.com_id, catalog_id = excluded.catalog_id,
         last_play_time = excluded.last_play_time, duration = excluded.duration, stay_time = excluded.stay_time,
         updated_at = MAX(updated_at, excluded.updated_at)
       RETURNING id`,
    ).get({
      userId: entry.userId,
      userName: entry.userName ?? '',
      comId: entry.comId ?? 0,
      videoId: entry.videoId,
      catalogId: entry.catalogId ?? 0,
      lastPlayTime: entry.lastPlayTime,
      duration: entry.duration,
      stayTime: entry.stayTime,
      at,
    }) as { id: number } | undefined;

  const prune = (userId: number) =>
    prepare(
      `DELETE FROM play_logs WHERE id IN (
         SELECT id FROM play_logs WHERE user_id = @userId ORDER BY updated_at DESC, id DESC LIMIT -1 OFFSET @keep)`,
    ).run({ userId, keep: PLAY_LOG_KEEP });

  const record = db.transaction((entry: PlayLogInput, at: number): number | null => {
    const row = upsert(entry, at);
    if (!row) return null;
    prune(entry.userId);
    return row.id;
  });

  return {
    record: (entry, at) => record(entry, at),

    find(userId, videoId) {
      return prepare(`SELECT ${COLUMNS} ${FROM} WHERE p.user_id = ? AND p.video_id = ?`).get(userId, videoId) as
        | PlayLogRecord
        | undefined;
    },

    listByUser(userId, limit = PLAY_LOG_KEEP) {
      return prepare(`SELECT ${COLUMNS} ${FROM} WHERE p.user_id = ? ORDER BY p.updated_at DESC, p.id DESC LIMIT ?`).all(
        userId,
        limit,
      ) as PlayLogRecord[];
    },

    countByUser(userId) {
      return (prepare('SELECT COUNT(*) AS n FROM play_logs WHERE user_id = ?').get(userId) as { n: number }).n;
    },

    clear(userId) {
      return prepare('DELETE FROM play_logs WHERE user_id = ?').run(userId).changes;
    },
  };
}
