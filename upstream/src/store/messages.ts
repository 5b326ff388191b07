/**
 * Messages to a user (product-spec §3 Message): 1 系统通知, 2 笔记引用, 3 安全提醒, anything else 系统消息.
 * Written by the main API (a note of yours was collected) and the login service (welcome, password changed).
 */
import type { Database } from 'better-sqlite3';
import { statementCache } from './statements';

export const MESSAGE_TYPE = { system: 1, noteQuoted: 2, security: 3 } as const;

export interface MessageInput {
  userId: number;
  type: number;
  message: string;
  videoId?: number | null;
}

export interface MessageRecord {
  id: number;
  userId: number;
  type: number;
  message: string;
  videoId: number | null;
  /** '' when the message names no video (or the video is gone) */
  videoName: string;
  createdAt: number;
}

export interface MessageStore {
  /** returns the new message id */
  add(message: MessageInput, createdAt: number): number;
  /** the user's messages, newest first (ties by id descending) */
  listByUser(userId: number, limit: number, offset: number): MessageRecord[];
  countByUser(userId: number): number;
  /** the user's messages of one type (the demo seed asks whether a welcome was written) */
  countByUserAndType(userId: number, type: number): number;
  /** deletes the message only when it is the user's */
  deleteOwn(messageId: number, userId: number): boolean;
}

export function createMessageStore(db: Database): MessageStore {
  const prepare = statementCache(db);
  return {
    add(message, createdAt) {
      const result = prepare(
        `INSERT INTO messages (user_id, type, message, video_id, created_at)
         VALUES (@userId, @type, @message, @videoId, @createdAt)`,
      ).run({ ...message, videoId: message.videoId ?? null, createdAt });
      return Number(result.lastInsertRowid);
    },

    listByUser(userId, limit, offset) {
      return prepare(
        `SELECT m.id, m.user_id AS userId, m.type, m.message, m.video_id AS videoId,
           COALESCE(v.name, '') AS videoName, m.created_at AS createdAt
         FROM messages m LEFT JOIN videos v ON v.id = m.video_id
         WHERE m.user_id = ? ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
      ).all(userId, limit, offset) as MessageRecord[];
    },

    countByUser(userId) {
      return (prepare('SELECT COUNT(*) AS n FROM messages WHERE user_id = ?').get(userId) as { n: number }).n;
    },

    countByUserAndType(userId, type) {
      return (
        prepare('SELECT COUNT(*) AS n FROM messages WHERE user_id = ? AND type = ?').get(userId, type) as { n: number }
      ).n;
    },

    deleteOwn(messageId, userId) {
      return prepare('DELETE FROM messages WHERE id = ? AND user_id = ?').run(messageId, userId).changes > 0;
    },
  };
}
