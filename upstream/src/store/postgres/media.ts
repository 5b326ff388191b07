/**
 * The media of videos and the media pipeline's resumable jobs on PostgreSQL, answering as
 * store/media.ts does (writing a video's media also sets its duration to the media's length).
 */
import { sql } from 'kysely';
import type { Async } from '../async-door';
import {
  durationSecondsOf,
  type MediaJobRecord,
  type MediaJobStore,
  type MediaQuality,
  type MediaStore,
  type VideoMediaRecord,
} from '../media';
import type { PostgresConnection } from './connection';

export function createPostgresMediaStore(connection: PostgresConnection): Async<MediaStore> {
  const { db } = connection;
  const selectMedia = () =>
    db()
      .selectFrom('video_media')
      .select([
        'video_id as videoId',
        'folder',
        'master_path as masterPath',
        'qualities',
        'poster',
        'subtitle_path as subtitlePath',
        'manuscript_path as manuscriptPath',
        'duration_ms as durationMs',
        'source',
      ]);
  type Row = Omit<VideoMediaRecord, 'qualities'> & { qualities: unknown };
  const toRecord = (row: Row): VideoMediaRecord => ({ ...row, qualities: row.qualities as MediaQuality[] });

  const getJob = async (key: string): Promise<MediaJobRecord | null> => {
    const job = await db()
      .selectFrom('media_jobs')
      .select(['id', 'job_key as key', 'kind', 'status', 'error'])
      .where('job_key', '=', key)
      .executeTakeFirst();
    if (!job) return null;
    const steps = await db()
      .selectFrom('media_job_steps')
      .select(['step', 'result'])
      .where('job_id', '=', job.id)
      .execute();
    return { ...job, steps: new Map(steps.map((s) => [s.step, s.result])) };
  };

  const jobs: Async<MediaJobStore> = {
    start: (key, kind) =>
      connection.transaction(async () => {
        const now = Date.now();
        await db()
          .insertInto('media_jobs')
          .values({ job_key: key, kind, status: 'running', created_at: now, updated_at: now })
          .onConflict((conflict) =>
            conflict
              .column('job_key')
              .doUpdateSet((eb) => ({ status: 'running', error: '', updated_at: eb.ref('excluded.updated_at') })),
          )
          .execute();
        return (await getJob(key))!;
      }),
    get: getJob,
    async finishStep(jobId, step, result) {
      const now = Date.now();
      await db()
        .insertInto('media_job_steps')
        .values({ job_id: jobId, step, result: JSON.stringify(result ?? null), finished_at: now })
        .onConflict((conflict) =>
          conflict
            .columns(['job_id', 'step'])
            .doUpdateSet((eb) => ({ result: eb.ref('excluded.result'), finished_at: eb.ref('excluded.finished_at') })),
        )
        .execute();
      await db().updateTable('media_jobs').set({ updated_at: now }).where('id', '=', jobId).execute();
    },
    async finish(jobId) {
      await db()
        .updateTable('media_jobs')
        .set({ status: 'done', error: '', updated_at: Date.now() })
        .where('id', '=', jobId)
        .execute();
    },
    async fail(jobId, error) {
      await db()
        .updateTable('media_jobs')
        .set({ status: 'failed', error: error.slice(0, 2000), updated_at: Date.now() })
        .where('id', '=', jobId)
        .execute();
    },
    async remove(key) {
      await db().deleteFrom('media_jobs').where('job_key', '=', key).execute();
    },
  };

  const firstId = async (query: Promise<{ id: number } | undefined>) => (await query)?.id ?? null;

  return {
    get: async (videoId) => {
      const row = await selectMedia().where('video_id', '=', videoId).executeTakeFirst();
      return row ? toRecord(row) : null;
    },
    async getMany(videoIds) {
      const result = new Map<number, VideoMediaRecord>();
      if (videoIds.length === 0) return result;
      for (const row of await selectMedia()
        .where('video_id', 'in', [...videoIds])
        .execute())
        result.set(row.videoId, toRecord(row));
      return result;
    },
    upsert: (media) =>
      connection.transaction(async () => {
        await db()
          .insertInto('video_media')
          .values({
            video_id: media.videoId,
            folder: media.folder,
            master_path: media.masterPath,
            qualities: JSON.stringify(media.qualities),
            poster: media.poster,
            subtitle_path: media.subtitlePath,
            manuscript_path: media.manuscriptPath,
            duration_ms: Math.round(media.durationMs),
            source: media.source,
            updated_at: Date.now(),
          })
          .onConflict((conflict) =>
            conflict.column('video_id').doUpdateSet((eb) => ({
              folder: eb.ref('excluded.folder'),
              master_path: eb.ref('excluded.master_path'),
              qualities: eb.ref('excluded.qualities'),
              poster: eb.ref('excluded.poster'),
              subtitle_path: eb.ref('excluded.subtitle_path'),
              manuscript_path: eb.ref('excluded.manuscript_path'),
              duration_ms: eb.ref('excluded.duration_ms'),
              source: eb.ref('excluded.source'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
        await db()
          .updateTable('videos')
          .set({ duration_seconds: durationSecondsOf(media.durationMs) })
          .where('id', '=', media.videoId)
          .execute();
      }),
    async remove(videoId) {
      await db().deleteFrom('video_media').where('video_id', '=', videoId).execute();
    },
    setKeyframeImages: (videoId, images) =>
      connection.transaction(async () => {
        for (const k of images) {
          const values =
            k.timePoint === undefined
              ? { image: k.image }
              : { image: k.image, time_point: Math.max(0, Math.round(k.timePoint)) };
          await db()
            .updateTable('video_keyframes')
            .set(values)
            .where('video_id', '=', videoId)
            .where('seq', '=', k.seq)
            .execute();
        }
      }),
    async keyframeImages(videoIds) {
      const result = new Map<number, Map<number, string>>();
      if (videoIds.length === 0) return result;
      const rows = await db()
        .selectFrom('video_keyframes')
        .select(['video_id', 'seq', 'image'])
        .where('video_id', 'in', [...videoIds])
        .orderBy('video_id')
        .orderBy('seq')
        .execute();
      for (const row of rows) {
        let bySeq = result.get(row.video_id);
        if (!bySeq) result.set(row.video_id, (bySeq = new Map()));
        bySeq.set(row.seq, row.image);
      }
      return result;
    },
    replaceTranscript: (videoId, passages) =>
      connection.transaction(async () => {
        await db().deleteFrom('video_transcripts').where('video_id', '=', videoId).execute();
        if (passages.length === 0) return;
        await db()
          .insertInto('video_transcripts')
          .values(
            passages.map((p, seq) => ({
              video_id: videoId,
              seq,
              text: p.text,
              start_ms: Math.max(0, Math.round(p.startMs)),
              end_ms: Math.max(0, Math.round(p.endMs)),
            })),
          )
          .execute();
      }),
    jobs,
    imports: {
      lecturerByName: (name) =>
        firstId(
          db().selectFrom('lecturers').select('id').where('name', '=', name).orderBy('id').limit(1).executeTakeFirst(),
        ),
      courseByName: (name, lecturerId) =>
        firstId(
          db()
            .selectFrom('courses')
            .select('id')
            .where('name', '=', name)
            .where('lecturer_id', '=', lecturerId)
            .orderBy('id')
            .limit(1)
            .executeTakeFirst(),
        ),
      videoByCode: async (code) =>
        (await db()
          .selectFrom('videos')
          .select(['id', 'course_id as courseId'])
          .where('code', '=', code)
          .executeTakeFirst()) ?? null,
      videoByName: async (courseId, name) =>
        (await db()
          .selectFrom('videos')
          .select(['id', 'code'])
          .where('course_id', '=', courseId)
          .where('name', '=', name)
          .orderBy('id')
          .limit(1)
          .executeTakeFirst()) ?? null,
      async nextIds() {
        const { rows } = await sql<{ lecturer: number; course: number; video: number }>`SELECT
            (SELECT COALESCE(MAX(id), 0) + 1 FROM lecturers) AS lecturer,
            (SELECT COALESCE(MAX(id), 0) + 1 FROM courses) AS course,
            (SELECT COALESCE(MAX(id), 0) + 1 FROM videos) AS video`.execute(db());
        const row = rows[0]!;
        return { lecturer: Number(row.lecturer), course: Number(row.course), video: Number(row.video) };
      },
      async nextVideoSort(courseId) {
        const { rows } = await sql<{
          next: number;
        }>`SELECT COALESCE(MAX(sort), 0) + 1 AS next FROM videos WHERE course_id = ${courseId}`.execute(db());
        return Number(rows[0]!.next);
      },
      replaceKeyframes: (videoId, keyframes) =>
        connection.transaction(async () => {
          await db().deleteFrom('video_keyframes').where('video_id', '=', videoId).execute();
          if (keyframes.length === 0) return;
          await db()
            .insertInto('video_keyframes')
            .values(
              keyframes.map((k, seq) => ({
                video_id: videoId,
                seq,
                time_point: Math.max(0, Math.round(k.timePoint)),
                key_points: k.keyPoints,
                description: k.description,
              })),
            )
            .execute();
        }),
      async touchCourse(courseId, at) {
        await sql`UPDATE courses SET update_time = greatest(update_time, ${at}::bigint) WHERE id = ${courseId}`.execute(
          db(),
        );
      },
    },
  };
}
