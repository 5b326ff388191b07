/**
 * Notes on videos (product-spec §3 Note) and their collections (收录: a user keeps someone else's
 * public note). A note carries its video, course and catalogue so that the personal centre can
 * filter by them; the course always comes from the video, never from the caller.
 */
import type { Database } from 'better-sqlite3';
import { statementCache } from './statements';

export const NOTE_TYPE = { public: 0, private: 1 } as const;

export type NoteKind = 'own' | 'collected';

export interface NoteInput {
  userId: number;
  /** the name shown beside the note */
  userName: string;
  videoId: number;
  /** the catalogue the note was written from; 0 or absent = the course's own catalogue */
  catalogId?: number;
  content: string;
  /** second of the video the note refers to */
  vtime: number;
  /** NOTE_TYPE: 0 public, 1 private */
  type: number;
}

export interface NoteRecord {
  id: number;
  userId: number;
  userName: string;
  videoId: number;
  courseId: number;
  catalogId: number;
  content: string;
  vtime: number;
  type: number;
  createdAt: number;
  videoName: string;
  videoImage: string;
  courseName: string;
  /** whether the viewer of the query has collected this note */
  collectedByViewer: boolean;
}

export interface NoteQuery {
  /** whose list: the author for 'own', the collector for 'collected' */
  userId: number;
  kind: NoteKind;
  videoId?: number;
  courseId?: number;
}

/** The notes under a video on the play page. */
export interface VideoNoteQuery {
  videoId: number;
  /** the caller: sees their own private notes, and recordStatus is theirs */
  viewerId: number;
  /** true: only the viewer's notes (我的笔记); false: public notes and the viewer's private ones (全部笔记) */
  mineOnly: boolean;
}

export interface NoteStore {
  /** newest first (by the note's time, then id) */
  listForVideo(query: VideoNoteQuery, limit: number, offset: number): NoteRecord[];
  countForVideo(query: VideoNoteQuery): number;
  /** returns the new note id, or null when the video does not exist */
  insert(note: NoteInput, createdAt: number): number | null;
  /**
   * the note as `viewerId` may see it: a public note, or one of the viewer's own; someone else's
   * private note is undefined, exactly like an unknown id. `viewerId` also decides collectedByViewer
   */
  get(noteId: number, viewerId: number): NoteRecord | undefined;
  /** newest first (by the note's time, then id); collectedByViewer is for query.userId */
  list(query: NoteQuery, limit: number, offset: number): NoteRecord[];
  count(query: NoteQuery): number;
  /** deletes the note only when userId wrote it (its collections go with it) */
  deleteOwn(noteId: number, userId: number): boolean;
  /**
   * true when newly collected; false when already collected, or the note does not exist or is
   * someone else's private note (which nobody but its author may see, let alone collect)
   */
  collect(userId: number, noteId: number, collectedAt: number): boolean;
  /** true when a collection was removed */
  uncollect(userId: number, noteId: number): boolean;
}

const COLUMNS = `n.id, n.user_id AS userId, n.user_name AS userName, n.video_id AS videoId, n.course_id AS courseId,
  n.catalog_id AS catalogId, n.content, n.vtime, n.type, n.created_at AS createdAt,
  v.name AS videoName, v.image AS videoImage, c.name AS courseName,
  EXISTS (SELECT 1 FROM note_collections viewer WHERE viewer.user_id = @viewerId AND viewer.note_id = n.id) AS collectedByViewer`;

const JOINS = `JOIN videos v ON v.id = n.video_id JOIN courses c ON c.id = n.course_id`;

type NoteRow = Omit<NoteRecord, 'collectedByViewer'> & { collectedByViewer: number };

const toRecord = (row: NoteRow): NoteRecord => ({ ...row, collectedByViewer: row.collectedByViewer === 1 });

/** FROM and WHERE of a list; assembled from constant fragments only (see statements.ts). */
function source(query: NoteQuery): { sql: string; params: Record<string, number> } {
  const params: Record<string, number> = { userId: query.userId, viewerId: query.userId };
  // A collected note that is (somehow) private is not shown to anyone but its author.
  const conditions =
    query.kind === 'own'
      ? ['n.user_id = @userId']
      : ['k.user_id = @userId', `(n.type = ${NOTE_TYPE.public} OR n.user_id = @userId)`];
  if (query.videoId) {
    conditions.push('n.video_id = @videoId');
    params.videoId = query.videoId;
  }
  if (query.courseId) {
    conditions.push('n.course_id = @courseId');
    params.courseId = query.courseId;
  }
  const from = query.kind === 'own' ? 'notes n' : 'note_collections k JOIN notes n ON n.id = k.note_id';
  return { sql: `FROM ${from} ${JOINS} WHERE ${conditions.join(' AND ')}`, params };
}

function videoSource(query: VideoNoteQuery): { sql: string; params: Record<string, number> } {
  const visible = query.mineOnly ? 'n.user_id = @viewerId' : `(n.type = ${NOTE_TYPE.public} OR n.user_id = @viewerId)`;
  return {
    sql: `FROM notes n ${JOINS} WHERE n.video_id = @videoId AND ${visible}`,
    params: { videoId: query.videoId, viewerId: query.viewerId },
  };
}

export function createNoteStore(db: Database): NoteStore {
  const prepare = statementCache(db);
  return {
    listForVideo(query, limit, offset) {
      const { sql, params } = videoSource(query);
      return (
        prepare(`SELECT ${COLUMNS} ${sql} ORDER BY n.created_at DESC, n.id DESC LIMIT @limit OFFSET @offset`).all({
          ...params,
          limit,
          offset,
        }) as NoteRow[]
      ).map(toRecord);
    },

    countForVideo(query) {
      const { sql, params } = videoSource(query);
      return (prepare(`SELECT COUNT(*) AS n ${sql}`).get(params) as { n: number }).n;
    },

    insert(note, createdAt) {
      const row = prepare(
        `INSERT INTO notes (user_id, user_name, video_id, course_id, catalog_id, content, vtime, type, created_at)
         SELECT @userId, @userName, v.id, v.course_id, COALESCE(NULLIF(@catalogId, 0), c.catalogue_id),
                @content, @vtime, @type, @createdAt
         FROM videos v JOIN courses c ON c.id = v.course_id WHERE v.id = @videoId
         RETURNING id`,
      ).get({ ...note, catalogId: note.catalogId ?? 0, createdAt }) as { id: number } | undefined;
      return row?.id ?? null;
    },

    get(noteId, viewerId) {
      const row = prepare(
        `SELECT ${COLUMNS} FROM notes n ${JOINS} WHERE n.id = @noteId AND (n.type = ${NOTE_TYPE.public} OR n.user_id = @viewerId)`,
      ).get({ noteId, viewerId }) as NoteRow | undefined;
      return row && toRecord(row);
    },

    list(query, limit, offset) {
      const { sql, params } = source(query);
      return (
        prepare(`SELECT ${COLUMNS} ${sql} ORDER BY n.created_at DESC, n.id DESC LIMIT @limit OFFSET @offset`).all({
          ...params,
          limit,
          offset,
        }) as NoteRow[]
      ).map(toRecord);
    },

    count(query) {
      const { sql, params } = source(query);
      return (prepare(`SELECT COUNT(*) AS n ${sql}`).get(params) as { n: number }).n;
    },

    deleteOwn(noteId, userId) {
      return prepare('DELETE FROM notes WHERE id = ? AND user_id = ?').run(noteId, userId).changes > 0;
    },

    collect(userId, noteId, collectedAt) {
      return (
        prepare(
          `INSERT OR IGNORE INTO note_collections (user_id, note_id, created_at)
           SELECT @userId, id, @collectedAt FROM notes WHERE id = @noteId AND (type = ${NOTE_TYPE.public} OR user_id = @userId)`,
        ).run({ userId, collectedAt, noteId }).changes > 0
      );
    },

    uncollect(userId, noteId) {
      return prepare('DELETE FROM note_collections WHERE user_id = ? AND note_id = ?').run(userId, noteId).changes > 0;
    },
  };
}
