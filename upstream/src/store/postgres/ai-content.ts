/**
 * AI content of videos and courses on PostgreSQL, answering as store/ai-content.ts does; the
 * lists are jsonb, so they come back parsed.
 */
import { sql } from 'kysely';
import type { AiContentStore, AiContentVideoRef, AiCourseContentRecord, AiKeyPoint } from '../ai-content';
import type { Async } from '../async-door';
import type { PostgresConnection } from './connection';

export function createPostgresAiContentStore(connection: PostgresConnection): Async<AiContentStore> {
  const { db } = connection;
  const saveCourse = async (course: AiCourseContentRecord) => {
    await db()
      .insertInto('ai_course_content')
      .values({
        course_id: course.courseId,
        overview: course.overview,
        material_hash: course.materialHash,
        provider: course.provider,
        generated_at: course.generatedAt,
      })
      .onConflict((conflict) =>
        conflict.column('course_id').doUpdateSet((eb) => ({
          overview: eb.ref('excluded.overview'),
          material_hash: eb.ref('excluded.material_hash'),
          provider: eb.ref('excluded.provider'),
          generated_at: eb.ref('excluded.generated_at'),
        })),
      )
      .execute();
  };

  return {
    videoRefs: (): Promise<AiContentVideoRef[]> =>
      db()
        .selectFrom('videos as v')
        .leftJoin('ai_video_content as a', 'a.video_id', 'v.id')
        .select([
          'v.id as videoId',
          'v.course_id as courseId',
          'a.material_hash as materialHash',
          'a.generated_at as generatedAt',
        ])
        .orderBy('v.course_id')
        .orderBy('v.sort')
        .orderBy('v.id')
        .execute(),
    async courseHashes() {
      const rows = await db().selectFrom('ai_course_content').select(['course_id', 'material_hash']).execute();
      return new Map(rows.map((row) => [row.course_id, row.material_hash]));
    },
    async video(videoId) {
      const row = await db()
        .selectFrom('ai_video_content')
        .select([
          'video_id as videoId',
          'abstract as videoAbstract',
          'key_points as keyPoints',
          'guess_you_ask as guessYouAsk',
          'concepts',
          'majors',
          'material_hash as materialHash',
          'provider',
          'generated_at as generatedAt',
        ])
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      return row && { ...row, keyPoints: row.keyPoints as AiKeyPoint[] };
    },
    course: (courseId) =>
      db()
        .selectFrom('ai_course_content')
        .select([
          'course_id as courseId',
          'overview',
          'material_hash as materialHash',
          'provider',
          'generated_at as generatedAt',
        ])
        .where('course_id', '=', courseId)
        .executeTakeFirst(),
    save: (video, course) =>
      connection.transaction(async () => {
        await db()
          .insertInto('ai_video_content')
          .values({
            video_id: video.videoId,
            abstract: video.videoAbstract,
            key_points: JSON.stringify(video.keyPoints),
            guess_you_ask: JSON.stringify(video.guessYouAsk),
            concepts: JSON.stringify(video.concepts),
            majors: JSON.stringify(video.majors),
            material_hash: video.materialHash,
            provider: video.provider,
            generated_at: video.generatedAt,
          })
          .onConflict((conflict) =>
            conflict.column('video_id').doUpdateSet((eb) => ({
              abstract: eb.ref('excluded.abstract'),
              key_points: eb.ref('excluded.key_points'),
              guess_you_ask: eb.ref('excluded.guess_you_ask'),
              concepts: eb.ref('excluded.concepts'),
              majors: eb.ref('excluded.majors'),
              material_hash: eb.ref('excluded.material_hash'),
              provider: eb.ref('excluded.provider'),
              generated_at: eb.ref('excluded.generated_at'),
            })),
          )
          .execute();
        if (course) await saveCourse(course);
      }),
    saveCourse,
    async courseQuestions(courseId, limit) {
      const { rows } = await sql<{ question: string }>`SELECT q.question
        FROM videos v JOIN ai_video_content a ON a.video_id = v.id
          CROSS JOIN LATERAL jsonb_array_elements_text(a.guess_you_ask) WITH ORDINALITY AS q(question, n)
        WHERE v.course_id = ${courseId}
        ORDER BY q.n, v.sort, v.id`.execute(db());
      return [...new Set(rows.map((row) => row.question))].slice(0, limit);
    },
    async generalQuestions(limit) {
      const { rows } = await sql<{ question: string }>`SELECT question FROM (
          SELECT a.guess_you_ask ->> 0 AS question, c.view_count AS views, c.id AS course_id,
            ROW_NUMBER() OVER (PARTITION BY c.id ORDER BY v.sort, v.id) AS nth
          FROM courses c JOIN videos v ON v.course_id = c.id JOIN ai_video_content a ON a.video_id = v.id
          WHERE jsonb_array_length(a.guess_you_ask) > 0
        ) firsts
        WHERE nth = 1
        ORDER BY views DESC, course_id
        LIMIT ${limit}`.execute(db());
      return rows.map((row) => row.question);
    },
    async state(key) {
      const row = await db().selectFrom('ai_content_state').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value ?? null;
    },
    async setState(key, value) {
      if (value === null) await db().deleteFrom('ai_content_state').where('key', '=', key).execute();
      else
        await db()
          .insertInto('ai_content_state')
          .values({ key, value })
          .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
          .execute();
    },
  };
}
