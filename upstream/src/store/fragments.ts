/**
 * Clipped fragments of videos (product-spec §3 Fragment, §5 Clip): kept FRAGMENT_RETENTION_DAYS
 * from creation. Deleting hands the rows back, because each may have a cut file under
 * DATA_DIR/media that the caller removes once the row is gone.
 */
import type { Database } from 'better-sqlite3';
import { FRAGMENT_RETENTION_MS } from '../learning-limits';
import { statementCache } from './statements';

export interface FragmentInput {
  userId: number;
  videoId: number;
  fragmentName: string;
  /** seconds */
  startTime: number;
  /** seconds */
  endTime: number;
  /** 1 = downloadable */
  download: 0 | 1;
  /** site-absolute /media/... path of the cut file; '' while it is being cut */
  videoAddress?: string;
}

export interface FragmentRecord {
  id: number;
  userId: number;
  videoId: number;
  videoName: string;
  courseId: number;
  fragmentName: string;
  startTime: number;
  endTime: number;
  download: number;
  videoAddress: string;
  createdAt: number;
  expiresAt: number;
}

/** A clip about to be cut: the row is written first, so that the per-video limit holds for concurrent requests. */
export interface FragmentReservation extends Omit<FragmentInput, 'fragmentName' | 'videoAddress'> {
  /** the name asked for; null = the default */
  fragmentName: string | null;
  /** the default name with counter n (n = the user's unexpired clips of the video + 1, raised until unique) */
  defaultName: (n: number) => string;
  /** most unexpired fragments of one video per user */
  perVideo: number;
}

export interface FragmentStore {
  /**
   * In one write transaction: refuses ('limit') when the user already has `perVideo` unexpired
   * fragments of the video, else inserts the row with an empty videoAddress. null when the video
   * does not exist.
   */
  reserve(reservation: FragmentReservation, createdAt: number): FragmentRecord | 'limit' | null;
  /** expiresAt = createdAt + FRAGMENT_RETENTION_MS; null when the video does not exist */
  insert(fragment: FragmentInput, createdAt: number): FragmentRecord | null;
  /**
   * deletes the user's fragments of the video still without a file that were reserved before
   * `before` (a cut that never finished: the process stopped meanwhile); returns the deleted rows
   */
  deleteAbandoned(userId: number, videoId: number, before: number): FragmentRecord[];
  /** records where the cut file is once the media pipeline has written it */
  setVideoAddress(fragmentId: number, videoAddress: string): boolean;
  get(fragmentId: number): FragmentRecord | undefined;
  /** the user's fragments not expired at `now`, newest first (ties by id descending) */
  listActive(userId: number, now: number, limit: number, offset: number): FragmentRecord[];
  countActive(userId: number, now: number): number;
  /** the user's fragments of one video not expired at `now` (a video may be clipped twice) */
  countActiveForVideo(userId: number, videoId: number, now: number): number;
  /** deletes the fragment only when it is the user's; returns the deleted row */
  deleteOwn(fragmentId: number, userId: number): FragmentRecord | undefined;
  /** deletes the fragments expired at `now` (only the user's when given); returns the deleted rows */
  deleteExpired(now: number, userId?: number): FragmentRecord[];
}

const COLUMNS = `f.id, f.user_id AS userId, f.video_id AS videoId, v.name AS videoName, v.course_id AS courseId,
  f.fragment_name AS fragmentName, f.start_time AS startTime, f.end_time AS endTime, f.download,
  f.video_address AS videoAddress, f.created_at AS createdAt, f.expires_at AS expiresAt`;

const FROM = 'FROM fragments f JOIN videos v ON v.id = f.video_id';

/** the statements whose plans the indexes serve (tests read their plans) */
export const FRAGMENT_SQL = {
  /** every user's expired fragments: index fragments_by_expiry (0003) */
  expired: `SELECT ${COLUMNS} ${FROM} WHERE f.expires_at <= ?`,
  /** one user's expired fragments: index fragments_by_user_expiry (0004) */
  expiredOfUser: `SELECT ${COLUMNS} ${FROM} WHERE f.user_id = ? AND f.expires_at <= ?`,
} as const;

export function createFragmentStore(db: Database): FragmentStore {
  const prepare = statementCache(db);
  const get = (fragmentId: number) =>
    prepare(`SELECT ${COLUMNS} ${FROM} WHERE f.id = ?`).get(fragmentId) as FragmentRecord | undefined;

  const deleteOwn = db.transaction((fragmentId: number, userId: number) => {
    const row = get(fragmentId);
    if (!row || row.userId !== userId) return undefined;
    prepare('DELETE FROM fragments WHERE id = ?').run(fragmentId);
    return row;
  });

  // Two statements rather than `(@userId IS NULL OR user_id = @userId)`: SQLite plans a statement
  // once, and that one would always take the global expiry index, reading every user's expired rows
  // to keep one user's. Each has its index: (expires_at), and (user_id, expires_at) of 0004.
  const deleteExpired = db.transaction((now: number, userId: number | null) => {
    const rows = (
      userId === null ? prepare(FRAGMENT_SQL.expired).all(now) : prepare(FRAGMENT_SQL.expiredOfUser).all(userId, now)
    ) as FragmentRecord[];
    const remove = prepare('DELETE FROM fragments WHERE id = ?');
    for (const row of rows) remove.run(row.id);
    return rows;
  });

  const insert = (fragment: FragmentInput, createdAt: number): FragmentRecord | null => {
    const row = prepare(
      `INSERT INTO fragments (user_id, video_id, fragment_name, start_time, end_time, download, video_address,
         created_at, expires_at)
       SELECT @userId, v.id, @fragmentName, @startTime, @endTime, @download, @videoAddress, @createdAt, @expiresAt
       FROM videos v WHERE v.id = @videoId
       RETURNING id`,
    ).get({
      ...fragment,
      videoAddress: fragment.videoAddress ?? '',
      createdAt,
      expiresAt: createdAt + FRAGMENT_RETENTION_MS,
    }) as { id: number } | undefined;
    return row ? (get(row.id) ?? null) : null;
  };

  const countActiveForVideo = (userId: number, videoId: number, now: number): number =>
    (
      prepare('SELECT COUNT(*) AS n FROM fragments WHERE user_id = ? AND video_id = ? AND expires_at > ?').get(
        userId,
        videoId,
        now,
      ) as { n: number }
    ).n;

  const reserve = db.transaction((r: FragmentReservation, createdAt: number): FragmentRecord | 'limit' | null => {
    const active = countActiveForVideo(r.userId, r.videoId, createdAt);
    if (active >= r.perVideo) return 'limit';
    let fragmentName = r.fragmentName;
    if (fragmentName === null) {
      const taken = new Set(
        (
          prepare(
            'SELECT fragment_name AS name FROM fragments WHERE user_id = ? AND video_id = ? AND expires_at > ?',
          ).all(r.userId, r.videoId, createdAt) as { name: string }[]
        ).map((row) => row.name),
      );
      let n = active + 1;
      while (taken.has(r.defaultName(n))) n += 1;
      fragmentName = r.defaultName(n);
    }
    return insert(
      {
        userId: r.userId,
        videoId: r.videoId,
        fragmentName,
        startTime: r.startTime,
        endTime: r.endTime,
        download: r.download,
      },
      createdAt,
    );
  });

  return {
    reserve: (reservation, createdAt) => reserve.immediate(reservation, createdAt),

    insert,

    deleteAbandoned(userId, videoId, before) {
      return prepare(
        `DELETE FROM fragments WHERE user_id = ? AND video_id = ? AND video_address = '' AND created_at < ?
         RETURNING id, user_id AS userId, video_id AS videoId, '' AS videoName, 0 AS courseId, fragment_name AS fragmentName,
           start_time AS startTime, end_time AS endTime, download, video_address AS videoAddress,
           created_at AS createdAt, expires_at AS expiresAt`,
      ).all(userId, videoId, before) as FragmentRecord[];
    },

    setVideoAddress(fragmentId, videoAddress) {
      return prepare('UPDATE fragments SET video_address = ? WHERE id = ?').run(videoAddress, fragmentId).changes > 0;
    },

    get,

    listActive(userId, now, limit, offset) {
      return prepare(
        `SELECT ${COLUMNS} ${FROM} WHERE f.user_id = ? AND f.expires_at > ?
         ORDER BY f.created_at DESC, f.id DESC LIMIT ? OFFSET ?`,
      ).all(userId, now, limit, offset) as FragmentRecord[];
    },

    countActive(userId, now) {
      return (
        prepare('SELECT COUNT(*) AS n FROM fragments WHERE user_id = ? AND expires_at > ?').get(userId, now) as {
          n: number;
        }
      ).n;
    },

    countActiveForVideo,

    deleteOwn: (fragmentId, userId) => deleteOwn(fragmentId, userId),
    deleteExpired: (now, userId) => deleteExpired(now, userId ?? null),
  };
}
