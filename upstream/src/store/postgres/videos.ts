/**
 * Videos with their keyframes and timed transcripts on PostgreSQL, answering as the embedded
 * engine's store/videos.ts does (knowledge points in the order asked, the missing left out).
 */
import { sql } from 'kysely';
import type { Async } from '../async-door';
import type { KnowledgePointRecord, TranscriptPassage } from '../records';
import type { KnowledgePointKey, StoredKeyframe, VideoStore, VideoSummary } from '../videos';
import type { PostgresConnection } from './connection';

const keyOf = (k: { kind: string; videoId: number; seq: number }) => `${k.kind}:${k.videoId}:${k.seq}`;

export function createPostgresVideoStore(connection: PostgresConnection): Async<VideoStore> {
  const { db } = connection;
  const selectVideo = () =>
    db()
      .selectFrom('videos as v')
      .select([
        'v.id',
        'v.course_id as courseId',
        'v.sort',
        'v.name',
        'v.proper_title as properTitle',
        'v.code',
        'v.abstract',
        'v.duration_seconds as durationSeconds',
        'v.publish_time as publishTime',
        'v.image',
      ]);
  const keyframeColumns = [
    'f.seq',
    'f.time_point as timePoint',
    'f.key_points as keyPoints',
    'f.description',
    'f.image',
  ] as const;

  return {
    insert: (video) =>
      connection.transaction(async () => {
        await db()
          .insertInto('videos')
          .values({
            id: video.id,
            course_id: video.courseId,
            sort: video.sort,
            name: video.name,
            proper_title: video.properTitle,
            code: video.code,
            abstract: video.abstract,
            duration_seconds: video.durationSeconds,
            publish_time: video.publishTime,
            image: video.image,
          })
          .execute();
        if (video.keyframes.length > 0) {
          await db()
            .insertInto('video_keyframes')
            .values(
              video.keyframes.map((k, seq) => ({
                video_id: video.id,
                seq,
                time_point: k.timePoint,
                key_points: k.keyPoints,
                description: k.description,
              })),
            )
            .execute();
        }
        if (video.transcript.length > 0) {
          await db()
            .insertInto('video_transcripts')
            .values(
              video.transcript.map((p, seq) => ({
                video_id: video.id,
                seq,
                text: p.text,
                start_ms: p.startMs,
                end_ms: p.endMs,
              })),
            )
            .execute();
        }
      }),
    async listByCourse(courseId) {
      const videos: VideoSummary[] = await selectVideo()
        .where('v.course_id', '=', courseId)
        .orderBy('v.sort')
        .orderBy('v.id')
        .execute();
      const keyframes = await db()
        .selectFrom('video_keyframes as f')
        .innerJoin('videos as v', 'v.id', 'f.video_id')
        .select(['f.video_id as videoId', ...keyframeColumns])
        .where('v.course_id', '=', courseId)
        .orderBy('f.video_id')
        .orderBy('f.time_point')
        .orderBy('f.seq')
        .execute();
      const byVideo = new Map<number, StoredKeyframe[]>();
      for (const { videoId, ...keyframe } of keyframes) {
        const list = byVideo.get(videoId) ?? [];
        list.push(keyframe);
        byVideo.set(videoId, list);
      }
      return videos.map((video) => ({ ...video, keyframes: byVideo.get(video.id) ?? [] }));
    },
    get: (videoId) => selectVideo().where('v.id', '=', videoId).executeTakeFirst(),
    getByCode: (code) => selectVideo().where('v.code', '=', code).executeTakeFirst(),
    keyframes: (videoId) =>
      db()
        .selectFrom('video_keyframes as f')
        .select(keyframeColumns)
        .where('f.video_id', '=', videoId)
        .orderBy('f.time_point')
        .orderBy('f.seq')
        .execute(),
    transcript: (videoId): Promise<TranscriptPassage[]> =>
      db()
        .selectFrom('video_transcripts')
        .select(['text', 'start_ms as startMs', 'end_ms as endMs'])
        .where('video_id', '=', videoId)
        .orderBy('seq')
        .execute(),
    async knowledgePoints(keys: readonly KnowledgePointKey[]) {
      if (keys.length === 0) return [];
      const pick = (kind: KnowledgePointKey['kind']) => {
        const chosen = keys.filter((k) => k.kind === kind);
        return { videoIds: chosen.map((k) => k.videoId), seqs: chosen.map((k) => k.seq) };
      };
      const keyframes = pick('keyframe');
      const passages = pick('transcript');
      const { rows } = await sql<KnowledgePointRecord>`
        WITH points AS (
          SELECT 'keyframe' AS kind, f.video_id, f.seq, f.time_point::bigint AS time_point, f.key_points, f.description
          FROM unnest(${keyframes.videoIds}::integer[], ${keyframes.seqs}::integer[]) AS a(video_id, seq)
          JOIN video_keyframes f ON f.video_id = a.video_id AND f.seq = a.seq
          UNION ALL
          SELECT 'transcript', t.video_id, t.seq, t.start_ms / 1000, '', t.text
          FROM unnest(${passages.videoIds}::integer[], ${passages.seqs}::integer[]) AS a(video_id, seq)
          JOIN video_transcripts t ON t.video_id = a.video_id AND t.seq = a.seq
        )
        SELECT p.kind, p.video_id AS "videoId", p.seq, p.time_point AS "timePoint", p.key_points AS "keyPoints", p.description,
          v.name AS "videoName", v.image AS "videoImage", c.id AS "courseId", c.catalogue_id AS "catalogueId",
          c.name AS "courseName", l.name AS "lecturerName"
        FROM points p
        JOIN videos v ON v.id = p.video_id
        JOIN courses c ON c.id = v.course_id
        JOIN lecturers l ON l.id = c.lecturer_id`.execute(db());
      const byKey = new Map(rows.map((row) => [keyOf(row), row]));
      return keys.flatMap((k) => byKey.get(keyOf(k)) ?? []);
    },
  };
}
