/** flowQuestion's question log on PostgreSQL, answering as store/ai-questions.ts does. */
import { sql } from 'kysely';
import type { Async } from '../async-door';
import type { QuestionLog } from '../ai-questions';
import type { PostgresConnection } from './connection';

export function createPostgresQuestionLog(connection: PostgresConnection): Async<QuestionLog> {
  const { db } = connection;
  const selectQuestion = () =>
    db()
      .selectFrom('ai_questions')
      .select([
        'id',
        'user_id as userId',
        'client_id as clientId',
        'model',
        'provider',
        'question',
        'course_id as courseId',
        'video_id as videoId',
        'asked_at as askedAt',
        'chunks',
        'sources',
        'outcome',
      ]);
  return {
    add: async (q, askedAt) =>
      (
        await db()
          .insertInto('ai_questions')
          .values({
            user_id: q.userId,
            client_id: q.clientId,
            model: q.model,
            provider: q.provider,
            question: q.question,
            course_id: q.courseId,
            video_id: q.videoId,
            asked_at: askedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    async finish(id, { chunks, sources, outcome }, endedAt) {
      await db()
        .updateTable('ai_questions')
        .set({ chunks, sources: JSON.stringify(sources), outcome, ended_at: endedAt })
        .where('id', '=', id)
        .execute();
    },
    countSince: async (userId, since) =>
      Number(
        (
          await db()
            .selectFrom('ai_questions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('asked_at', '>=', since)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    get: (id) => selectQuestion().where('id', '=', id).executeTakeFirst(),
    latest: (userId) =>
      selectQuestion().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    async prune(before, limit) {
      // the oldest `limit` rows by id (the order they were asked in), those of them asked before `before`
      const result = await sql`DELETE FROM ai_questions WHERE id IN (
          SELECT id FROM (SELECT id, asked_at FROM ai_questions ORDER BY id LIMIT ${limit}) oldest WHERE asked_at < ${before})`.execute(
        db(),
      );
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
