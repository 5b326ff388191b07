/**
 * Play records (product-spec §7 AddPlayLog / GetPalyLog, 历史记录): one row per (user, video)
 * holding where the user stopped, so it is both the viewing history and the resume position.
 * The user's newest PLAY_LOG_KEEP rows are kept: a write that creates a row prunes the older ones
 * (an update moves a row to the top without adding one, so it needs no pruning).
 *
 * Stay time: a player reports the running total of the current viewing (a page visit), several
 * times, possibly out of order (the unload beacon). The row keeps the largest total of the current
 * viewing (viewing_stay, migration 0007) and stay_time = earlier viewings + that; a report that
 * starts a new viewing moves the current one into the accumulated part. The service caps what a
 * report may add by the wall-clock time since the record's previous report (stayCapSeconds), and
 * the position and length never exceed the video's real length.
 *
 * record() is the hot path of play-log ingestion (thousands a second): one prepared upsert that
 * also answers whether it created the row, and the prune only then.
 */
import type { Database } from 'better-sqlite3';
import { PLAY_LOG_KEEP } from '../learning-limits';
import { statementCache } from './statements';

export interface PlayLogInput {
  userId: number;
  userName?: string;
  comId?: number;
  videoId: number;
  /** when given (not 0), the video must be of this course, else nothing is written */
  courseId?: number;
  /** the catalogue the video was opened from; 0 or absent = the course's own catalogue */
  catalogId?: number;
  /** seconds into the video where the user is; at most the (clamped) duration */
  lastPlayTime: number;
  /**
   * seconds, the video's length as the player saw it; taken at most as the video's real length
   * (when known). 0 (a player that has not read the media yet) leaves a record's position and
   * length as they were; a new record then takes the video's length and position 0
   */
  duration: number;
  /** seconds watched in the current viewing so far (the player's running total) */
  stayTime: number;
  /**
   * which viewing this report belongs to: the record id of the previous answer continues that
   * viewing, 0 (or an id that is not this record's) starts a new one. Absent: continues whatever
   * viewing is current (one-off writers such as the demo seed)
   */
  viewingOf?: number;
  /**
   * when given, the stay time is not taken on trust: a new viewing starts at most this many seconds
   * in, and a viewing grows by at most the wall-clock seconds since the record's previous report
   * plus this many. Absent: as reported (one-off writers such as the demo seed)
   */
  stayCapSeconds?: number;
}

/** what became of one report of a batch */
export type PlayLogOutcome = number | null | 'unknownUser';

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
   * report already arrived); creating one prunes the user's records to the newest PLAY_LOG_KEEP.
   * Returns the record's id, or null when the video does not exist (or is not of courseId).
   * A userId without an account fails with SQLite's foreign-key error (SQLITE_CONSTRAINT_FOREIGNKEY).
   */
  record(entry: PlayLogInput, at: number): number | null;
  /**
   * Several reports at `at` (AddPlayLogs), each as record() would take it, in order; a report
   * that fails fails alone. Answers per report: the record's id, null (no such video, or not of
   * courseId) or 'unknownUser' (no account of that userId). PostgreSQL writes a batch in one
   * statement (and prunes once), SQLite report by report in savepoints of one transaction.
   */
  recordMany(entries: readonly PlayLogInput[], at: number): PlayLogOutcome[];
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

  // @viewingOf: -1 continues the current viewing, the row's own id continues it too, anything else starts a new one.
  // In SET every column reads the row as it was, so stay_time uses the old viewing_stay and updated_at the previous
  // report's time. The position and length are clamped to the video's real length (when known) in the SELECT, so
  // excluded.* carries them clamped; a report of length 0 (a player that has not read the media yet) leaves them be.
  // @stayCap < 0: stay times as reported; else a new viewing starts at most @stayCap seconds in and a viewing grows
  // by at most the seconds since the record's previous report plus @stayCap.
  const upsertSql = `INSERT INTO play_logs (user_id, user_name, com_id, video_id, course_id, catalog_id, last_play_time,
       duration, stay_time, viewing_stay, created_at, updated_at)
     SELECT @userId, @userName, @comId, v.id, v.course_id, COALESCE(NULLIF(@catalogId, 0), c.catalogue_id),
            MIN(@lastPlayTime, CASE WHEN @duration = 0 THEN 0
                                    WHEN v.duration_seconds > 0 THEN MIN(@duration, v.duration_seconds)
                                    ELSE @duration END),
            CASE WHEN v.duration_seconds > 0 AND (@duration = 0 OR @duration > v.duration_seconds) THEN v.duration_seconds
                 ELSE @duration END,
            CASE WHEN @stayCap < 0 THEN @stayTime ELSE MIN(@stayTime, @stayCap) END,
            CASE WHEN @stayCap < 0 THEN @stayTime ELSE MIN(@stayTime, @stayCap) END,
            @at, @at
     FROM videos v JOIN courses c ON c.id = v.course_id
     WHERE v.id = @videoId AND (@courseId = 0 OR v.course_id = @courseId)
     ON CONFLICT (user_id, video_id) DO UPDATE SET
       user_name = excluded.user_name, com_id = excluded.com_id, catalog_id = excluded.catalog_id,
       last_play_time = CASE WHEN @duration = 0 THEN last_play_time ELSE excluded.last_play_time END,
       duration = CASE WHEN @duration = 0 THEN duration ELSE excluded.duration END,
       stay_time = CASE WHEN @viewingOf IN (-1, play_logs.id)
                        THEN stay_time - viewing_stay + MAX(viewing_stay,
                               CASE WHEN @stayCap < 0 THEN @stayTime
                                    ELSE MIN(@stayTime, viewing_stay + MAX(0, CAST((@at - updated_at) / 1000 AS INTEGER)) + @stayCap) END)
                        ELSE stay_time + excluded.viewing_stay END,
       viewing_stay = CASE WHEN @viewingOf IN (-1, play_logs.id)
                           THEN MAX(viewing_stay,
                                  CASE WHEN @stayCap < 0 THEN @stayTime
                                       ELSE MIN(@stayTime, viewing_stay + MAX(0, CAST((@at - updated_at) / 1000 AS INTEGER)) + @stayCap) END)
                           ELSE excluded.viewing_stay END,
       updated_at = MAX(updated_at, excluded.updated_at)
     RETURNING id, created_at AS createdAt`;
  const upsert = db.prepare(upsertSql);
  const prune = db.prepare(
    `DELETE FROM play_logs WHERE id IN (
       SELECT id FROM play_logs WHERE user_id = ? ORDER BY updated_at DESC, id DESC LIMIT -1 OFFSET ?)`,
  );

  const record = db.transaction((entry: PlayLogInput, at: number): number | null => {
    const row = upsert.get({
      userId: entry.userId,
      userName: entry.userName ?? '',
      comId: entry.comId ?? 0,
      videoId: entry.videoId,
      courseId: entry.courseId ?? 0,
      catalogId: entry.catalogId ?? 0,
      lastPlayTime: entry.lastPlayTime,
      duration: entry.duration,
      stayTime: entry.stayTime,
      viewingOf: entry.viewingOf ?? -1,
      stayCap: entry.stayCapSeconds ?? -1,
      at,
    }) as { id: number; createdAt: number } | undefined;
    if (!row) return null;
    // created now (an update keeps the older created_at): only then can the user have one too many
    if (row.createdAt === at) prune.run(entry.userId, PLAY_LOG_KEEP);
    return row.id;
  });

  const recordMany = db.transaction((entries: readonly PlayLogInput[], at: number): PlayLogOutcome[] =>
    entries.map((entry) => {
      try {
        // a nested better-sqlite3 transaction: a savepoint, undone alone when it fails
        return record(entry, at);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'unknownUser';
        throw error;
      }
    }),
  );

  return {
    record: (entry, at) => record(entry, at),
    recordMany: (entries, at) => recordMany(entries, at),

    find(userId, videoId) {
      return prepare(`SELECT ${COLUMNS} ${FROM} WHERE p.user_id = ? AND p.video_id = ?`).get(userId, videoId) as
        PlayLogRecord | undefined;
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
