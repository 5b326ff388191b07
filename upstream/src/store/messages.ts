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

export interface MessageStore {
  /** returns the new message id */
  add(message: MessageInput, createdAt: number): number;
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
  };
}
