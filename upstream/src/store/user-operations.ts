/**
 * Likes and favourites of videos (product-spec §7 UserOperate, operateType 0 like, 1 favourite).
 * A course is favourited when one of its videos is: 我的课程 lists each such course once, at the
 * time of its newest favourite. The course always comes from the video, never from the caller.
 */
import type { Database } from 'better-sqlite3';
import { COURSE_COLUMNS, COURSE_JOINS, toCourseRecord, type CourseRow } from './courses';
import type { CourseRecord } from './records';
import { statementCache } from './statements';

export const OPERATE_TYPE = { like: 0, favourite: 1 } as const;

export type OperateType = (typeof OPERATE_TYPE)[keyof typeof OPERATE_TYPE];

export interface UserOperationInput {
  userId: number;
  videoId: number;
  operateType: OperateType;
  /** the catalogue the video was opened from; 0 or absent = the course's own catalogue */
  catalogId?: number;
}

export interface FavouriteCourseRecord {
  course: CourseRecord;
  /** unix ms of the newest favourite among the course's videos */
  collectTime: number;
}

/** A video's likes and favourites, and whether this user has set each. */
export interface VideoOperationState {
  liked: boolean;
  favourited: boolean;
  likeCount: number;
  favouriteCount: number;
}

export interface UserOperationStore {
  /** one statement: the user's state and the video's counts */
  videoState(userId: number, videoId: number): VideoOperationState;
  /** true when newly set; false when it was already set or the video does not exist */
  add(operation: UserOperationInput, createdAt: number): boolean;
  /** true when something was removed */
  remove(userId: number, videoId: number, operateType: OperateType): boolean;
  has(userId: number, videoId: number, operateType: OperateType): boolean;
  /** courses with a favourited video, newest favourite first (ties by course id descending) */
  listFavouriteCourses(userId: number, limit: number, offset: number): FavouriteCourseRecord[];
  countFavouriteCourses(userId: number): number;
  /** likes and favourites of the user together */
  countByUser(userId: number): number;
}

export function createUserOperationStore(db: Database): UserOperationStore {
  const prepare = statementCache(db);
  return {
    videoState(userId, videoId) {
      const row = prepare(
        `SELECT
           COALESCE(SUM(operate_type = ${OPERATE_TYPE.like} AND user_id = @userId), 0) AS liked,
           COALESCE(SUM(operate_type = ${OPERATE_TYPE.favourite} AND user_id = @userId), 0) AS favourited,
           COALESCE(SUM(operate_type = ${OPERATE_TYPE.like}), 0) AS likeCount,
           COALESCE(SUM(operate_type = ${OPERATE_TYPE.favourite}), 0) AS favouriteCount
         FROM user_operations WHERE video_id = @videoId`,
      ).get({ userId, videoId }) as { liked: number; favourited: number; likeCount: number; favouriteCount: number };
      return { ...row, liked: row.liked > 0, favourited: row.favourited > 0 };
    },

    add(operation, createdAt) {
      return (
        prepare(
          `INSERT OR IGNORE INTO user_operations (user_id, video_id, operate_type, course_id, catalog_id, created_at)
           SELECT @userId, v.id, @operateType, v.course_id, COALESCE(NULLIF(@catalogId, 0), c.catalogue_id), @createdAt
           FROM videos v JOIN courses c ON c.id = v.course_id WHERE v.id = @videoId`,
        ).run({ ...operation, catalogId: operation.catalogId ?? 0, createdAt }).changes > 0
      );
    },

    remove(userId, videoId, operateType) {
      return (
        prepare('DELETE FROM user_operations WHERE user_id = ? AND video_id = ? AND operate_type = ?').run(
          userId,
          videoId,
          operateType,
        ).changes > 0
      );
    },

    has(userId, videoId, operateType) {
      return (
        prepare('SELECT 1 FROM user_operations WHERE user_id = ? AND video_id = ? AND operate_type = ?').get(
          userId,
          videoId,
          operateType,
        ) !== undefined
      );
    },

    listFavouriteCourses(userId, limit, offset) {
      const rows = prepare(
        `WITH fav AS (
           SELECT course_id, MAX(created_at) AS collect_time FROM user_operations
           WHERE user_id = @userId AND operate_type = ${OPERATE_TYPE.favourite} GROUP BY course_id)
         SELECT ${COURSE_COLUMNS}, fav.collect_time AS collectTime
         FROM fav JOIN courses c ON c.id = fav.course_id ${COURSE_JOINS}
         ORDER BY fav.collect_time DESC, c.id DESC LIMIT @limit OFFSET @offset`,
      ).all({ userId, limit, offset }) as (CourseRow & { collectTime: number })[];
      return rows.map(({ collectTime, ...course }) => ({ course: toCourseRecord(course), collectTime }));
    },

    countFavouriteCourses(userId) {
      return (
        prepare(
          `SELECT COUNT(DISTINCT course_id) AS n FROM user_operations WHERE user_id = ? AND operate_type = ${OPERATE_TYPE.favourite}`,
        ).get(userId) as { n: number }
      ).n;
    },

    countByUser(userId) {
      return (prepare('SELECT COUNT(*) AS n FROM user_operations WHERE user_id = ?').get(userId) as { n: number }).n;
    },
  };
}
