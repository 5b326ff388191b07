/**
 * Play records and clipped fragments on PostgreSQL, answering as the embedded engine's
 * play-logs.ts and fragments.ts do.
 *
 * record() is the hot path of play-log ingestion: one upsert that checks the video (and its
 * course), clamps what the player reported and answers whether it created the row ((xmax = 0):
 * the row was inserted, not updated); only then is the user pruned to the newest PLAY_LOG_KEEP,
 * so an ordinary report costs one statement. Each record() is its own savepoint inside a caller's
 * transaction: a report that fails (an unknown account) undoes only itself.
 *
 * recordMany() writes a batch (AddPlayLogs, the gateway's coalesced reports) in one statement:
 * the reports unnested into rows, checked against videos and users, the existing records updated
 * (UPDATE … FROM, each by its own report's rules) and the rest inserted, answering each report's
 * id in order; then one DELETE prunes the users who got a new record. A batch that names one
 * user's video twice goes in rounds (a statement may change a row once), in one transaction; a
 * batch of one round is its one statement, outside any transaction of its own (the statement is
 * whole by itself; inside a caller's transaction it is that transaction's). A record created by
 * another replica between the update and the insert is written by record() on its own.
 */
import { sql } from 'kysely';
import { FRAGMENT_RETENTION_MS, PLAY_LOG_KEEP } from '../../learning-limits';
import type { Async } from '../async-door';
import type { FragmentInput, FragmentRecord, FragmentStore } from '../fragments';
import type { PlayLogInput, PlayLogOutcome, PlayLogRecord, PlayLogStore } from '../play-logs';
import type { PostgresConnection } from './connection';

const countOf = (rows: { n: number | string }[]): number => Number(rows[0]?.n ?? 0);

const PLAY_COLUMNS = sql`p.id, p.user_id AS "userId", p.video_id AS "videoId", p.course_id AS "courseId",
  p.catalog_id AS "catalogId", p.last_play_time AS "lastPlayTime", p.duration, p.stay_time AS "stayTime",
  p.created_at AS "createdAt", p.updated_at AS "updatedAt", v.name AS "videoName", v.image AS "videoImage",
  v.sort AS "videoSort", c.name AS "courseName"`;
const PLAY_FROM = sql`FROM play_logs p JOIN videos v ON v.id = p.video_id JOIN courses c ON c.id = p.course_id`;

export function createPostgresPlayLogStore(connection: PostgresConnection): Async<PlayLogStore> {
  const { db } = connection;
  const store: Async<PlayLogStore> = {
    record: (entry, at) =>
      connection.transaction(async () => {
        const duration = sql`${entry.duration}::integer`;
        const stayTime = sql`${entry.stayTime}::integer`;
        const stayCap = sql`${entry.stayCapSeconds ?? -1}::integer`;
        // -1 continues the current viewing, the row's own id continues it too, anything else starts a new one
        const viewingOf = sql`${entry.viewingOf ?? -1}::integer`;
        const firstStay = sql`CASE WHEN ${stayCap} < 0 THEN ${stayTime} ELSE least(${stayTime}, ${stayCap}) END`;
        // in SET, play_logs.* is the row as it was: the old viewing_stay and the previous report's time
        const grownStay = sql`greatest(play_logs.viewing_stay, CASE WHEN ${stayCap} < 0 THEN ${stayTime}
          ELSE least(${stayTime}, play_logs.viewing_stay + greatest(0, ((${at}::bigint - play_logs.updated_at) / 1000)::integer) + ${stayCap}) END)`;
        const continues = sql`${viewingOf} IN (-1, play_logs.id)`;
        const { rows } = await sql<{ id: number; inserted: boolean }>`INSERT INTO play_logs (user_id, user_name, com_id,
            video_id, course_id, catalog_id, last_play_time, duration, stay_time, viewing_stay, created_at, updated_at)
          SELECT ${entry.userId}::integer, ${entry.userName ?? ''}::text, ${entry.comId ?? 0}::integer, v.id, v.course_id,
                 COALESCE(NULLIF(${entry.catalogId ?? 0}::integer, 0), c.catalogue_id),
                 least(${entry.lastPlayTime}::integer, CASE WHEN ${duration} = 0 THEN 0
                                                   WHEN v.duration_seconds > 0 THEN least(${duration}, v.duration_seconds)
                                                   ELSE ${duration} END),
                 CASE WHEN v.duration_seconds > 0 AND (${duration} = 0 OR ${duration} > v.duration_seconds) THEN v.duration_seconds
                      ELSE ${duration} END,
                 ${firstStay}, ${firstStay}, ${at}::bigint, ${at}::bigint
          FROM videos v JOIN courses c ON c.id = v.course_id
          WHERE v.id = ${entry.videoId}::integer AND (${entry.courseId ?? 0}::integer = 0 OR v.course_id = ${entry.courseId ?? 0}::integer)
          ON CONFLICT (user_id, video_id) DO UPDATE SET
            user_name = excluded.user_name, com_id = excluded.com_id, catalog_id = excluded.catalog_id,
            last_play_time = CASE WHEN ${duration} = 0 THEN play_logs.last_play_time ELSE excluded.last_play_time END,
            duration = CASE WHEN ${duration} = 0 THEN play_logs.duration ELSE excluded.duration END,
            stay_time = CASE WHEN ${continues} THEN play_logs.stay_time - play_logs.viewing_stay + ${grownStay}
                             ELSE play_logs.stay_time + excluded.viewing_stay END,
            viewing_stay = CASE WHEN ${continues} THEN ${grownStay} ELSE excluded.viewing_stay END,
            updated_at = greatest(play_logs.updated_at, excluded.updated_at)
          RETURNING id, (xmax = 0) AS inserted`.execute(db());
        const row = rows[0];
        if (!row) return null;
        // created now: only then can the user have one too many
        if (row.inserted) {
          await sql`DELETE FROM play_logs WHERE id IN (
              SELECT id FROM play_logs WHERE user_id = ${entry.userId}
              ORDER BY updated_at DESC, id DESC OFFSET ${PLAY_LOG_KEEP})`.execute(db());
        }
        return row.id;
      }),
    recordMany: (entries, at) => {
      const batches = rounds(entries);
      const write = async () => {
        const outcomes: PlayLogOutcome[] = new Array<PlayLogOutcome>(entries.length).fill(null);
        const created = new Set<number>();
        const raced: { index: number; entry: PlayLogInput }[] = [];
        for (const round of batches) {
          const c = columnsOf(round.map((r) => r.entry));
          const { rows } = await sql<{
            ord: number;
            id: number | null;
            inserted: boolean;
            known: boolean;
            valid: boolean;
          }>`
            WITH input AS (
              SELECT * FROM unnest(${c.userId}::integer[], ${c.userName}::text[], ${c.comId}::integer[], ${c.videoId}::integer[],
                                   ${c.courseId}::integer[], ${c.catalogId}::integer[], ${c.lastPlayTime}::integer[],
                                   ${c.duration}::integer[], ${c.stayTime}::integer[], ${c.viewingOf}::integer[], ${c.stayCap}::integer[])
                WITH ORDINALITY AS i(user_id, user_name, com_id, video_id, course_id, catalog_id, last_play_time, duration,
                                     stay_time, viewing_of, stay_cap, ord)
            ),
            valid AS (
              SELECT i.*, v.course_id AS real_course, COALESCE(NULLIF(i.catalog_id, 0), c.catalogue_id) AS catalog,
                     v.duration_seconds AS length,
                     CASE WHEN i.stay_cap < 0 THEN i.stay_time ELSE least(i.stay_time, i.stay_cap) END AS first_stay
              FROM input i JOIN videos v ON v.id = i.video_id JOIN courses c ON c.id = v.course_id
              WHERE (i.course_id = 0 OR v.course_id = i.course_id)
                AND EXISTS (SELECT 1 FROM users u WHERE u.user_id = i.user_id)
            ),
            updated AS (
              UPDATE play_logs p SET
                user_name = i.user_name, com_id = i.com_id, catalog_id = i.catalog,
                last_play_time = CASE WHEN i.duration = 0 THEN p.last_play_time
                  ELSE least(i.last_play_time, CASE WHEN i.length > 0 THEN least(i.duration, i.length) ELSE i.duration END) END,
                duration = CASE WHEN i.duration = 0 THEN p.duration
                  WHEN i.length > 0 AND i.duration > i.length THEN i.length ELSE i.duration END,
                stay_time = CASE WHEN i.viewing_of IN (-1, p.id)
                  THEN p.stay_time - p.viewing_stay + greatest(p.viewing_stay, CASE WHEN i.stay_cap < 0 THEN i.stay_time
                    ELSE least(i.stay_time, p.viewing_stay + greatest(0, ((${at}::bigint - p.updated_at) / 1000)::integer) + i.stay_cap) END)
                  ELSE p.stay_time + i.first_stay END,
                viewing_stay = CASE WHEN i.viewing_of IN (-1, p.id)
                  THEN greatest(p.viewing_stay, CASE WHEN i.stay_cap < 0 THEN i.stay_time
                    ELSE least(i.stay_time, p.viewing_stay + greatest(0, ((${at}::bigint - p.updated_at) / 1000)::integer) + i.stay_cap) END)
                  ELSE i.first_stay END,
                updated_at = greatest(p.updated_at, ${at}::bigint)
              FROM valid i WHERE p.user_id = i.user_id AND p.video_id = i.video_id
              RETURNING i.ord, p.id
            ),
            inserted AS (
              INSERT INTO play_logs (user_id, user_name, com_id, video_id, course_id, catalog_id, last_play_time, duration,
                                     stay_time, viewing_stay, created_at, updated_at)
              SELECT i.user_id, i.user_name, i.com_id, i.video_id, i.real_course, i.catalog,
                     least(i.last_play_time, CASE WHEN i.duration = 0 THEN 0 WHEN i.length > 0 THEN least(i.duration, i.length) ELSE i.duration END),
                     CASE WHEN i.length > 0 AND (i.duration = 0 OR i.duration > i.length) THEN i.length ELSE i.duration END,
                     i.first_stay, i.first_stay, ${at}::bigint, ${at}::bigint
              FROM valid i WHERE NOT EXISTS (SELECT 1 FROM updated u WHERE u.ord = i.ord)
              ORDER BY i.ord
              ON CONFLICT (user_id, video_id) DO NOTHING
              RETURNING user_id, video_id, id
            )
            SELECT i.ord, COALESCE(u.id, n.id) AS id, n.id IS NOT NULL AS inserted,
                   EXISTS (SELECT 1 FROM users x WHERE x.user_id = i.user_id) AS known,
                   EXISTS (SELECT 1 FROM valid v WHERE v.ord = i.ord) AS valid
            FROM input i
            LEFT JOIN updated u ON u.ord = i.ord
            LEFT JOIN inserted n ON n.user_id = i.user_id AND n.video_id = i.video_id
            ORDER BY i.ord`.execute(db());
          for (const row of rows) {
            const { index, entry } = round[row.ord - 1]!;
            if (!row.known) outcomes[index] = 'unknownUser';
            else if (!row.valid) outcomes[index] = null;
            else if (row.id === null) raced.push({ index, entry });
            else {
              outcomes[index] = row.id;
              if (row.inserted) created.add(entry.userId);
            }
          }
        }
        if (created.size > 0) {
          await sql`DELETE FROM play_logs p USING (
              SELECT id FROM (
                SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY updated_at DESC, id DESC) AS n
                FROM play_logs WHERE user_id = ANY(${[...created]}::integer[])) ranked
              WHERE n > ${PLAY_LOG_KEEP}) old
            WHERE p.id = old.id`.execute(db());
        }
        // created meanwhile by another replica's transaction: now an ordinary update
        for (const { index, entry } of raced) outcomes[index] = await store.record(entry, at);
        return outcomes;
      };
      // one round is one statement, whole by itself: no BEGIN and COMMIT around it (two round trips
      // of three when no record is new, as when viewers keep watching); the pruning after it and a
      // raced report are statements of their own, each whole too
      return batches.length > 1 ? connection.transaction(write) : write();
    },
    find: async (userId, videoId) =>
      (
        await sql<PlayLogRecord>`SELECT ${PLAY_COLUMNS} ${PLAY_FROM} WHERE p.user_id = ${userId} AND p.video_id = ${videoId}`.execute(
          db(),
        )
      ).rows[0],
    listByUser: async (userId, limit = PLAY_LOG_KEEP) =>
      (
        await sql<PlayLogRecord>`SELECT ${PLAY_COLUMNS} ${PLAY_FROM} WHERE p.user_id = ${userId}
          ORDER BY p.updated_at DESC, p.id DESC LIMIT ${limit}`.execute(db())
      ).rows,
    countByUser: async (userId) =>
      countOf(
        (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM play_logs WHERE user_id = ${userId}`.execute(db())).rows,
      ),
    clear: async (userId) =>
      Number((await sql`DELETE FROM play_logs WHERE user_id = ${userId}`.execute(db())).numAffectedRows ?? 0),
  };
  return store;
}

/** a batch's reports as columns, for unnest (one array per column) */
function columnsOf(entries: readonly PlayLogInput[]) {
  const column = <T>(pick: (entry: PlayLogInput) => T) => entries.map(pick);
  return {
    userId: column((e) => e.userId),
    userName: column((e) => e.userName ?? ''),
    comId: column((e) => e.comId ?? 0),
    videoId: column((e) => e.videoId),
    courseId: column((e) => e.courseId ?? 0),
    catalogId: column((e) => e.catalogId ?? 0),
    lastPlayTime: column((e) => e.lastPlayTime),
    duration: column((e) => e.duration),
    stayTime: column((e) => e.stayTime),
    viewingOf: column((e) => e.viewingOf ?? -1),
    stayCap: column((e) => e.stayCapSeconds ?? -1),
  };
}

/** the batch's reports split so that no round names a user's video twice, keeping each report's index */
function rounds(entries: readonly PlayLogInput[]): { index: number; entry: PlayLogInput }[][] {
  const result: { index: number; entry: PlayLogInput }[][] = [];
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const key = `${entry.userId}:${entry.videoId}`;
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    (result[round] ??= []).push({ index, entry });
  });
  return result;
}

const FRAGMENT_COLUMNS = sql`f.id, f.user_id AS "userId", f.video_id AS "videoId", v.name AS "videoName", v.course_id AS "courseId",
  f.fragment_name AS "fragmentName", f.start_time AS "startTime", f.end_time AS "endTime", f.download,
  f.video_address AS "videoAddress", f.created_at AS "createdAt", f.expires_at AS "expiresAt"`;
const FRAGMENT_FROM = sql`FROM fragments f JOIN videos v ON v.id = f.video_id`;
/** the columns of a deleted row (RETURNING cannot join: the video's name and course are not needed there) */
const DELETED_COLUMNS = sql`id, user_id AS "userId", video_id AS "videoId", '' AS "videoName", 0 AS "courseId",
  fragment_name AS "fragmentName", start_time AS "startTime", end_time AS "endTime", download,
  video_address AS "videoAddress", created_at AS "createdAt", expires_at AS "expiresAt"`;

export function createPostgresFragmentStore(connection: PostgresConnection): Async<FragmentStore> {
  const { db } = connection;
  const get = async (fragmentId: number) =>
    (await sql<FragmentRecord>`SELECT ${FRAGMENT_COLUMNS} ${FRAGMENT_FROM} WHERE f.id = ${fragmentId}`.execute(db()))
      .rows[0];
  const insert = async (fragment: FragmentInput, createdAt: number): Promise<FragmentRecord | null> => {
    const { rows } = await sql<{
      id: number;
    }>`INSERT INTO fragments (user_id, video_id, fragment_name, start_time, end_time,
        download, video_address, created_at, expires_at)
      SELECT ${fragment.userId}, v.id, ${fragment.fragmentName}, ${fragment.startTime}, ${fragment.endTime},
             ${fragment.download}, ${fragment.videoAddress ?? ''}, ${createdAt}, ${createdAt + FRAGMENT_RETENTION_MS}
      FROM videos v WHERE v.id = ${fragment.videoId}
      RETURNING id`.execute(db());
    return rows[0] ? ((await get(rows[0].id)) ?? null) : null;
  };
  const countActiveForVideo = async (userId: number, videoId: number, now: number) =>
    countOf(
      (
        await sql<{ n: number }>`SELECT COUNT(*) AS n FROM fragments
          WHERE user_id = ${userId} AND video_id = ${videoId} AND expires_at > ${now}`.execute(db())
      ).rows,
    );

  return {
    reserve: (r, createdAt) =>
      connection.transaction(async () => {
        // the per-video limit's check-then-write, serialised per user and video across replicas
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`fragments:${r.userId}:${r.videoId}`}))`.execute(db());
        const active = await countActiveForVideo(r.userId, r.videoId, createdAt);
        if (active >= r.perVideo) return 'limit' as const;
        let fragmentName = r.fragmentName;
        if (fragmentName === null) {
          const { rows } = await sql<{ name: string }>`SELECT fragment_name AS name FROM fragments
            WHERE user_id = ${r.userId} AND video_id = ${r.videoId} AND expires_at > ${createdAt}`.execute(db());
          const taken = new Set(rows.map((row) => row.name));
          let n = active + 1;
          while (taken.has(r.defaultName(n))) n += 1;
          fragmentName = r.defaultName(n);
        }
        return insert(
          {
            userId: r.userId,
            videoId: r.videoId,
            fragmentName,
            startTime: r.startTime,
            endTime: r.endTime,
            download: r.download,
          },
          createdAt,
        );
      }),
    insert,
    deleteAbandoned: async (userId, videoId, before) =>
      (
        await sql<FragmentRecord>`DELETE FROM fragments
          WHERE user_id = ${userId} AND video_id = ${videoId} AND video_address = '' AND created_at < ${before}
          RETURNING ${DELETED_COLUMNS}`.execute(db())
      ).rows,
    setVideoAddress: async (fragmentId, videoAddress) =>
      Number(
        (await sql`UPDATE fragments SET video_address = ${videoAddress} WHERE id = ${fragmentId}`.execute(db()))
          .numAffectedRows ?? 0,
      ) > 0,
    get,
    listActive: async (userId, now, limit, offset) =>
      (
        await sql<FragmentRecord>`SELECT ${FRAGMENT_COLUMNS} ${FRAGMENT_FROM} WHERE f.user_id = ${userId} AND f.expires_at > ${now}
          ORDER BY f.created_at DESC, f.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db())
      ).rows,
    countActive: async (userId, now) =>
      countOf(
        (
          await sql<{
            n: number;
          }>`SELECT COUNT(*) AS n FROM fragments WHERE user_id = ${userId} AND expires_at > ${now}`.execute(db())
        ).rows,
      ),
    countActiveForVideo,
    deleteOwn: async (fragmentId, userId) => {
      // the row as it was, with its video's name (the caller removes the cut file)
      const { rows } = await sql<FragmentRecord>`WITH gone AS (
          DELETE FROM fragments WHERE id = ${fragmentId} AND user_id = ${userId} RETURNING *)
        SELECT ${FRAGMENT_COLUMNS} FROM gone f JOIN videos v ON v.id = f.video_id`.execute(db());
      return rows[0];
    },
    deleteExpired: async (now, userId) => {
      const mine = userId === undefined ? sql`` : sql`AND user_id = ${userId}`;
      const { rows } = await sql<FragmentRecord>`WITH gone AS (
          DELETE FROM fragments WHERE expires_at <= ${now} ${mine} RETURNING *)
        SELECT ${FRAGMENT_COLUMNS} FROM gone f JOIN videos v ON v.id = f.video_id`.execute(db());
      return rows;
    },
  };
}
