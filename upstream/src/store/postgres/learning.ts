/**
 * What signed-in people leave behind while learning, on PostgreSQL, answering as the embedded
 * engine's messages.ts, notes.ts, user-operations.ts and danmaku.ts do. The course counters that
 * follow likes, favourites and public notes are kept by triggers (migration 7), as in SQLite.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Async } from '../async-door';
import type { DanmakuRecord, DanmakuStore } from '../danmaku';
import type { MessageRecord, MessageStore } from '../messages';
import { NOTE_TYPE, type NoteQuery, type NoteRecord, type NoteStore, type VideoNoteQuery } from '../notes';
import type { CourseRecord } from '../records';
import { OPERATE_TYPE, type UserOperationStore } from '../user-operations';
import type { PostgresConnection } from './connection';
import { COURSE_COLUMNS, COURSE_JOINS } from './courses';

const affected = (result: { numAffectedRows?: bigint }): number => Number(result.numAffectedRows ?? 0);
const countOf = (rows: { n: number | string }[]): number => Number(rows[0]?.n ?? 0);

export function createPostgresMessageStore(connection: PostgresConnection): Async<MessageStore> {
  const { db } = connection;
  return {
    async add(message, createdAt) {
      const { rows } = await sql<{ id: number }>`INSERT INTO messages (user_id, type, message, video_id, created_at)
        VALUES (${message.userId}, ${message.type}, ${message.message}, ${message.videoId ?? null}, ${createdAt})
        RETURNING id`.execute(db());
      return rows[0]!.id;
    },
    async listByUser(userId, limit, offset) {
      const { rows } =
        await sql<MessageRecord>`SELECT m.id, m.user_id AS "userId", m.type, m.message, m.video_id AS "videoId",
          COALESCE(v.name, '') AS "videoName", m.created_at AS "createdAt"
        FROM messages m LEFT JOIN videos v ON v.id = m.video_id
        WHERE m.user_id = ${userId} ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(
          db(),
        );
      return rows;
    },
    countByUser: async (userId) =>
      countOf(
        (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM messages WHERE user_id = ${userId}`.execute(db())).rows,
      ),
    countByUserAndType: async (userId, type) =>
      countOf(
        (
          await sql<{
            n: number;
          }>`SELECT COUNT(*) AS n FROM messages WHERE user_id = ${userId} AND type = ${type}`.execute(db())
        ).rows,
      ),
    deleteOwn: async (messageId, userId) =>
      affected(await sql`DELETE FROM messages WHERE id = ${messageId} AND user_id = ${userId}`.execute(db())) > 0,
  };
}

const noteColumns = (
  viewerId: number,
) => sql`n.id, n.user_id AS "userId", n.user_name AS "userName", n.video_id AS "videoId",
  n.course_id AS "courseId", n.catalog_id AS "catalogId", n.content, n.vtime, n.type, n.created_at AS "createdAt",
  v.name AS "videoName", v.image AS "videoImage", c.name AS "courseName",
  EXISTS (SELECT 1 FROM note_collections viewer WHERE viewer.user_id = ${viewerId} AND viewer.note_id = n.id) AS "collectedByViewer"`;

const NOTE_JOINS = sql`JOIN videos v ON v.id = n.video_id JOIN courses c ON c.id = n.course_id`;

/** FROM and WHERE of a personal-centre list */
function noteSource(query: NoteQuery): RawBuilder<unknown> {
  // a collected note that is (somehow) private is shown to nobody but its author
  const conditions =
    query.kind === 'own'
      ? [sql`n.user_id = ${query.userId}`]
      : [sql`k.user_id = ${query.userId}`, sql`(n.type = ${NOTE_TYPE.public} OR n.user_id = ${query.userId})`];
  if (query.videoId) conditions.push(sql`n.video_id = ${query.videoId}`);
  if (query.courseId) conditions.push(sql`n.course_id = ${query.courseId}`);
  const from = query.kind === 'own' ? sql`notes n` : sql`note_collections k JOIN notes n ON n.id = k.note_id`;
  return sql`FROM ${from} ${NOTE_JOINS} WHERE ${sql.join(conditions, sql` AND `)}`;
}

function videoNoteSource(query: VideoNoteQuery): RawBuilder<unknown> {
  const visible = query.mineOnly
    ? sql`n.user_id = ${query.viewerId}`
    : sql`(n.type = ${NOTE_TYPE.public} OR n.user_id = ${query.viewerId})`;
  return sql`FROM notes n ${NOTE_JOINS} WHERE n.video_id = ${query.videoId} AND ${visible}`;
}

export function createPostgresNoteStore(connection: PostgresConnection): Async<NoteStore> {
  const { db } = connection;
  const notes = async (query: RawBuilder<NoteRecord>) => (await query.execute(db())).rows;
  const count = async (source: RawBuilder<unknown>) =>
    countOf((await sql<{ n: number }>`SELECT COUNT(*) AS n ${source}`.execute(db())).rows);
  return {
    listForVideo: (query, limit, offset) =>
      notes(sql<NoteRecord>`SELECT ${noteColumns(query.viewerId)} ${videoNoteSource(query)}
        ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit} OFFSET ${offset}`),
    countForVideo: (query) => count(videoNoteSource(query)),
    async insert(note, createdAt) {
      const { rows } = await sql<{ id: number }>`INSERT INTO notes
          (user_id, user_name, video_id, course_id, catalog_id, content, vtime, type, created_at)
        SELECT ${note.userId}, ${note.userName}, v.id, v.course_id, COALESCE(NULLIF(${note.catalogId ?? 0}::integer, 0), c.catalogue_id),
               ${note.content}, ${note.vtime}, ${note.type}, ${createdAt}
        FROM videos v JOIN courses c ON c.id = v.course_id WHERE v.id = ${note.videoId}
        RETURNING id`.execute(db());
      return rows[0]?.id ?? null;
    },
    get: async (noteId, viewerId) =>
      (
        await notes(sql<NoteRecord>`SELECT ${noteColumns(viewerId)} FROM notes n ${NOTE_JOINS}
          WHERE n.id = ${noteId} AND (n.type = ${NOTE_TYPE.public} OR n.user_id = ${viewerId})`)
      )[0],
    list: (query, limit, offset) =>
      notes(sql<NoteRecord>`SELECT ${noteColumns(query.userId)} ${noteSource(query)}
        ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit} OFFSET ${offset}`),
    count: (query) => count(noteSource(query)),
    deleteOwn: async (noteId, userId) =>
      affected(await sql`DELETE FROM notes WHERE id = ${noteId} AND user_id = ${userId}`.execute(db())) > 0,
    collect: async (userId, noteId, collectedAt) =>
      affected(
        await sql`INSERT INTO note_collections (user_id, note_id, created_at)
          SELECT ${userId}, id, ${collectedAt} FROM notes
          WHERE id = ${noteId} AND (type = ${NOTE_TYPE.public} OR user_id = ${userId})
          ON CONFLICT DO NOTHING`.execute(db()),
      ) > 0,
    uncollect: async (userId, noteId) =>
      affected(
        await sql`DELETE FROM note_collections WHERE user_id = ${userId} AND note_id = ${noteId}`.execute(db()),
      ) > 0,
  };
}

export function createPostgresUserOperationStore(connection: PostgresConnection): Async<UserOperationStore> {
  const { db } = connection;
  return {
    async videoState(userId, videoId) {
      const { rows } = await sql<{
        liked: boolean;
        favourited: boolean;
        likeCount: number;
        favouriteCount: number;
      }>`SELECT
          COALESCE(bool_or(operate_type = ${OPERATE_TYPE.like} AND user_id = ${userId}), false) AS liked,
          COALESCE(bool_or(operate_type = ${OPERATE_TYPE.favourite} AND user_id = ${userId}), false) AS favourited,
          COUNT(*) FILTER (WHERE operate_type = ${OPERATE_TYPE.like}) AS "likeCount",
          COUNT(*) FILTER (WHERE operate_type = ${OPERATE_TYPE.favourite}) AS "favouriteCount"
        FROM user_operations WHERE video_id = ${videoId}`.execute(db());
      return rows[0]!;
    },
    add: async (operation, createdAt) =>
      affected(
        await sql`INSERT INTO user_operations (user_id, video_id, operate_type, course_id, catalog_id, created_at)
          SELECT ${operation.userId}, v.id, ${operation.operateType}, v.course_id,
                 COALESCE(NULLIF(${operation.catalogId ?? 0}::integer, 0), c.catalogue_id), ${createdAt}
          FROM videos v JOIN courses c ON c.id = v.course_id WHERE v.id = ${operation.videoId}
          ON CONFLICT DO NOTHING`.execute(db()),
      ) > 0,
    remove: async (userId, videoId, operateType) =>
      affected(
        await sql`DELETE FROM user_operations
          WHERE user_id = ${userId} AND video_id = ${videoId} AND operate_type = ${operateType}`.execute(db()),
      ) > 0,
    has: async (userId, videoId, operateType) =>
      (
        await sql`SELECT 1 FROM user_operations
          WHERE user_id = ${userId} AND video_id = ${videoId} AND operate_type = ${operateType}`.execute(db())
      ).rows.length > 0,
    async listFavouriteCourses(userId, limit, offset) {
      const { rows } = await sql<CourseRecord & { collectTime: number }>`WITH fav AS (
          SELECT course_id, MAX(created_at) AS collect_time FROM user_operations
          WHERE user_id = ${userId} AND operate_type = ${OPERATE_TYPE.favourite} GROUP BY course_id)
        SELECT ${COURSE_COLUMNS}, fav.collect_time AS "collectTime"
        FROM fav JOIN courses c ON c.id = fav.course_id ${COURSE_JOINS}
        ORDER BY fav.collect_time DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db());
      return rows.map(({ collectTime, ...course }) => ({ course, collectTime }));
    },
    countFavouriteCourses: async (userId) =>
      countOf(
        (
          await sql<{ n: number }>`SELECT COUNT(DISTINCT course_id) AS n FROM user_operations
            WHERE user_id = ${userId} AND operate_type = ${OPERATE_TYPE.favourite}`.execute(db())
        ).rows,
      ),
    countByUser: async (userId) =>
      countOf(
        (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM user_operations WHERE user_id = ${userId}`.execute(db()))
          .rows,
      ),
  };
}

const MINUTE_MS = 60_000;
/** tenths of a second, rounded down: 12.39 s is shown at 12.3 (as in SQLite) */
const tenths = (seconds: number): number => Math.floor(seconds * 10 + 1e-9);
const DANMAKU_COLUMNS = sql`id, user_id AS "userId", video_id AS "videoId", vtime_ds / 10.0 AS vtime, content, created_at AS "createdAt"`;
const toDanmaku = (row: DanmakuRecord): DanmakuRecord => ({ ...row, vtime: Number(row.vtime) });

export function createPostgresDanmakuStore(connection: PostgresConnection): Async<DanmakuStore> {
  const { db } = connection;
  return {
    add: (comment, createdAt, perMinute) =>
      connection.transaction(async () => {
        // the sender's comments of the last minute, counted under a lock on the sender (two
        // requests of one person at once count each other, as BEGIN IMMEDIATE makes them in SQLite)
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`danmaku:${comment.userId}`}))`.execute(db());
        const recent = countOf(
          (
            await sql<{ n: number }>`SELECT COUNT(*) AS n FROM danmaku
              WHERE user_id = ${comment.userId} AND created_at > ${createdAt - MINUTE_MS}`.execute(db())
          ).rows,
        );
        if (recent >= perMinute) return 'tooMany' as const;
        const { rows } = await sql<DanmakuRecord>`INSERT INTO danmaku (user_id, video_id, vtime_ds, content, created_at)
          SELECT ${comment.userId}, v.id, ${tenths(comment.vtime)}, ${comment.content}, ${createdAt} FROM videos v
          WHERE v.id = ${comment.videoId}
          RETURNING ${DANMAKU_COLUMNS}`.execute(db());
        return rows[0] ? toDanmaku(rows[0]) : null;
      }),
    async listByVideo(videoId, from, to, limit) {
      const { rows } = await sql<DanmakuRecord>`SELECT ${DANMAKU_COLUMNS} FROM danmaku
        WHERE video_id = ${videoId} AND vtime_ds BETWEEN ${tenths(from)} AND ${tenths(to)}
        ORDER BY vtime_ds, id LIMIT ${limit}`.execute(db());
      return rows.map(toDanmaku);
    },
  };
}
