/**
 * The record of flowQuestion's questions (ai_questions, migration 0008): one row per accepted
 * question, written when it is accepted (the 60 s rate limit counts these rows, so questions
 * still streaming count too) and closed with how the answer ended.
 */
import type { Database as DatabaseType } from 'better-sqlite3';
import { statementCache } from './statements';

export type QuestionOutcome = 'end' | 'err' | 'aborted';

export interface AskedQuestion {
  userId: number;
  clientId: string;
  model: string;
  provider: string;
  question: string;
  courseId: number;
  videoId: number;
}

export interface QuestionRecord extends AskedQuestion {
  id: number;
  askedAt: number;
  chunks: number;
  sources: string;
  outcome: 'streaming' | QuestionOutcome;
}

export interface QuestionLog {
  /** records an accepted question; its id */
  add(question: AskedQuestion, askedAt: number): number;
  finish(id: number, result: { chunks: number; sources: unknown[]; outcome: QuestionOutcome }, endedAt: number): void;
  /** the user's questions asked at or after `since` (unix ms) */
  countSince(userId: number, since: number): number;
  get(id: number): QuestionRecord | undefined;
  /** the user's newest question */
  latest(userId: number): QuestionRecord | undefined;
  /**
   * deletes up to `limit` of the oldest questions asked before `before` (unix ms); how many.
   * Rows are read in id order, which is the order they were asked in: the scan stops at the first
   * batch that holds nothing old, so a sweep of a log with nothing to prune reads one batch.
   */
  prune(before: number, limit: number): number;
}

const COLUMNS = `id, user_id AS userId, client_id AS clientId, model, provider, question, course_id AS courseId,
  video_id AS videoId, asked_at AS askedAt, chunks, sources, outcome`;

export function createQuestionLog(db: DatabaseType): QuestionLog {
  const prepare = statementCache(db);
  return {
    add(q, askedAt) {
      return Number(
        prepare(
          `INSERT INTO ai_questions (user_id, client_id, model, provider, question, course_id, video_id, asked_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(q.userId, q.clientId, q.model, q.provider, q.question, q.courseId, q.videoId, askedAt).lastInsertRowid,
      );
    },
    finish(id, { chunks, sources, outcome }, endedAt) {
      prepare('UPDATE ai_questions SET chunks = ?, sources = ?, outcome = ?, ended_at = ? WHERE id = ?').run(
        chunks,
        JSON.stringify(sources),
        outcome,
        endedAt,
        id,
      );
    },
    countSince(userId, since) {
      return (
        prepare('SELECT count(*) AS n FROM ai_questions WHERE user_id = ? AND asked_at >= ?').get(userId, since) as {
          n: number;
        }
      ).n;
    },
    get(id) {
      return prepare(`SELECT ${COLUMNS} FROM ai_questions WHERE id = ?`).get(id) as QuestionRecord | undefined;
    },
    prune(before, limit) {
      return prepare(
        `DELETE FROM ai_questions WHERE id IN (
           SELECT id FROM (SELECT id, asked_at FROM ai_questions ORDER BY id LIMIT ?) WHERE asked_at < ?)`,
      ).run(limit, before).changes;
    },
    latest(userId) {
      return prepare(`SELECT ${COLUMNS} FROM ai_questions WHERE user_id = ? ORDER BY id DESC LIMIT 1`).get(userId) as
        QuestionRecord | undefined;
    },
  };
}
