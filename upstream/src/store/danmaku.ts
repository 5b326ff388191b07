/**
 * Scrolling comments (弹幕) on videos (migration 0007): a line of text at a moment of the video.
 * Times are kept in tenths of a second, as the player shows them; the rate limit of senders is
 * read from the same table (a user's comments of the last minute).
 */
import type { Database } from 'better-sqlite3';
import { statementCache } from './statements';

export interface DanmakuInput {
  userId: number;
  videoId: number;
  /** seconds into the video; stored to a tenth */
  vtime: number;
  content: string;
}

export interface DanmakuRecord {
  id: number;
  userId: number;
  videoId: number;
  /** seconds, one decimal */
  vtime: number;
  content: string;
  createdAt: number;
}

export interface DanmakuStore {
  /**
   * In one write transaction: refuses ('tooMany') when the user sent `perMinute` comments within the
   * minute before `createdAt`, else stores the comment. null when the video does not exist.
   */
  add(comment: DanmakuInput, createdAt: number, perMinute: number): DanmakuRecord | 'tooMany' | null;
  /** the video's comments with vtime in [from, to] seconds, in time order (then as sent), at most `limit` */
  listByVideo(videoId: number, from: number, to: number, limit: number): DanmakuRecord[];
}

const COLUMNS = `id, user_id AS userId, video_id AS videoId, vtime_ds / 10.0 AS vtime, content, created_at AS createdAt`;

const MINUTE_MS = 60_000;

/** tenths of a second, rounded down: 12.39 s is shown at 12.3 */
const tenths = (seconds: number): number => Math.floor(seconds * 10 + 1e-9);

export function createDanmakuStore(db: Database): DanmakuStore {
  const prepare = statementCache(db);

  const add = db.transaction((comment: DanmakuInput, createdAt: number, perMinute: number) => {
    const recent = (
      prepare('SELECT COUNT(*) AS n FROM danmaku WHERE user_id = ? AND created_at > ?').get(
        comment.userId,
        createdAt - MINUTE_MS,
      ) as { n: number }
    ).n;
    if (recent >= perMinute) return 'tooMany' as const;
    return (
      (prepare(
        `INSERT INTO danmaku (user_id, video_id, vtime_ds, content, created_at)
         SELECT @userId, v.id, @vtimeDs, @content, @createdAt FROM videos v WHERE v.id = @videoId
         RETURNING ${COLUMNS}`,
      ).get({
        userId: comment.userId,
        videoId: comment.videoId,
        vtimeDs: tenths(comment.vtime),
        content: comment.content,
        createdAt,
      }) as DanmakuRecord | undefined) ?? null
    );
  });

  return {
    add: (comment, createdAt, perMinute) => add.immediate(comment, createdAt, perMinute),

    listByVideo(videoId, from, to, limit) {
      return prepare(
        `SELECT ${COLUMNS} FROM danmaku WHERE video_id = ? AND vtime_ds BETWEEN ? AND ?
         ORDER BY vtime_ds, id LIMIT ?`,
      ).all(videoId, tenths(from), tenths(to), limit) as DanmakuRecord[];
    },
  };
}
