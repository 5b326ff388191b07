/**
 * Courses and topics on PostgreSQL, answering as the embedded engine's store/courses.ts and
 * topics.ts do: a course joined to its lecturer, catalogue name, catalogue trail (json_agg, read
 * as an array) and video count in one statement, whatever the filter and order.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Async } from '../async-door';
import type { CourseFilter, CourseOrder, CourseStore } from '../courses';
import type { CourseRecord, TopicRecord } from '../records';
import type { TopicStore } from '../topics';
import type { PostgresConnection } from './connection';

const COURSE_ORDER: Record<CourseOrder, RawBuilder<unknown>> = {
  latest: sql`c.update_time DESC, c.id DESC`,
  mostViewed: sql`c.view_count DESC, c.id DESC`,
  mostNotes: sql`c.note_count DESC, c.id DESC`,
  mostCollected: sql`c.collect_count DESC, c.id DESC`,
};

/** the columns of a CourseRecord over courses c joined as COURSE_JOINS joins them */
export const COURSE_COLUMNS = sql`
  c.id, c.catalogue_id AS "catalogueId", c.lecturer_id AS "lecturerId", c.name, c.info,
  c.exclusive, c.view_count AS "viewCount", c.collect_count AS "collectCount", c.like_count AS "likeCount",
  c.note_count AS "noteCount", c.publish_time AS "publishTime", c.update_time AS "updateTime", c.image,
  l.name AS "lecturerName", l.position AS "lecturerPosition", k.name AS "catalogueName",
  (SELECT COUNT(*) FROM videos v WHERE v.course_id = c.id) AS "videoCount",
  (SELECT COALESCE(json_agg(json_build_object('id', a.id, 'name', a.name, 'level', a.level) ORDER BY cl.depth DESC), '[]'::json)
     FROM catalogue_closure cl JOIN catalogues a ON a.id = cl.ancestor_id
     WHERE cl.descendant_id = c.catalogue_id) AS "catalogueTrail"`;

export const COURSE_JOINS = sql`JOIN lecturers l ON l.id = c.lecturer_id JOIN catalogues k ON k.id = c.catalogue_id`;
const SELECT_COURSE = sql`SELECT ${COURSE_COLUMNS} FROM courses c ${COURSE_JOINS}`;

/** A-Z folded to a-z only, as SQLite's lower() folds */
const asciiLower = (value: RawBuilder<unknown>) =>
  sql`translate(${value}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;

function courseWhere(filter: CourseFilter): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.catalogueId) {
    conditions.push(
      sql`c.catalogue_id IN (SELECT descendant_id FROM catalogue_closure WHERE ancestor_id = ${filter.catalogueId})`,
    );
  }
  if (filter.lecturerId !== undefined) conditions.push(sql`c.lecturer_id = ${filter.lecturerId}`);
  if (filter.updated)
    conditions.push(sql`c.update_time >= ${filter.updated.from} AND c.update_time < ${filter.updated.to}`);
  if (filter.nameContains) {
    conditions.push(sql`strpos(${asciiLower(sql`c.name`)}, ${asciiLower(sql`${filter.nameContains}::text`)}) > 0`);
  }
  if (filter.excludeCourseId !== undefined) conditions.push(sql`c.id <> ${filter.excludeCourseId}`);
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

export function createPostgresCourseStore(connection: PostgresConnection): Async<CourseStore> {
  const { db } = connection;
  const courses = async (query: RawBuilder<CourseRecord>) => (await query.execute(db())).rows;
  const counts = async (query: RawBuilder<{ courseCount: number; videoCount: number }>) => {
    const row = (await query.execute(db())).rows[0];
    return { courseCount: Number(row?.courseCount ?? 0), videoCount: Number(row?.videoCount ?? 0) };
  };
  const count = async (filter: CourseFilter) =>
    Number(
      (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM courses c ${courseWhere(filter)}`.execute(db())).rows[0]?.n ??
        0,
    );

  return {
    async insert(course) {
      await db()
        .insertInto('courses')
        .values({
          id: course.id,
          catalogue_id: course.catalogueId,
          lecturer_id: course.lecturerId,
          name: course.name,
          info: course.info,
          exclusive: course.exclusive,
          view_count: course.viewCount,
          collect_count: course.collectCount,
          like_count: course.likeCount,
          note_count: course.noteCount,
          publish_time: course.publishTime,
          update_time: course.updateTime,
          recommend_position: course.recommendPosition,
          select_position: course.selectPosition,
          image: course.image,
        })
        .execute();
    },
    get: async (id) => (await courses(sql<CourseRecord>`${SELECT_COURSE} WHERE c.id = ${id}`))[0],
    list: (filter, order, limit, offset) =>
      courses(
        sql<CourseRecord>`${SELECT_COURSE} ${courseWhere(filter)} ORDER BY ${COURSE_ORDER[order]} LIMIT ${limit} OFFSET ${offset}`,
      ),
    count,
    countWithVideos: (filter) =>
      counts(
        sql`WITH picked AS (SELECT c.id FROM courses c ${courseWhere(filter)})
          SELECT (SELECT COUNT(*) FROM picked) AS "courseCount",
                 (SELECT COUNT(*) FROM videos v WHERE v.course_id IN (SELECT id FROM picked)) AS "videoCount"`,
      ),
    countByVideoPublication(catalogueId, published) {
      const inSubtree = sql`c.catalogue_id IN (SELECT descendant_id FROM catalogue_closure WHERE ancestor_id = ${catalogueId})`;
      if (!published) {
        // without a year every course counts, also one whose videos are still to come
        const where = catalogueId ? sql`WHERE ${inSubtree}` : sql``;
        return counts(
          sql`SELECT (SELECT COUNT(*) FROM courses c ${where}) AS "courseCount",
                     (SELECT COUNT(*) FROM videos v JOIN courses c ON c.id = v.course_id ${where}) AS "videoCount"`,
        );
      }
      const inYear = sql`v.publish_time >= ${published.from} AND v.publish_time < ${published.to}`;
      const where = catalogueId ? sql`WHERE ${inSubtree} AND ${inYear}` : sql`WHERE ${inYear}`;
      return counts(
        sql`SELECT COUNT(DISTINCT v.course_id) AS "courseCount", COUNT(*) AS "videoCount"
            FROM videos v JOIN courses c ON c.id = v.course_id ${where}`,
      );
    },
    recommended: (limit, offset) =>
      courses(
        sql<CourseRecord>`${SELECT_COURSE} WHERE c.recommend_position IS NOT NULL
          ORDER BY c.recommend_position, c.id LIMIT ${limit} OFFSET ${offset}`,
      ),
    selected: (limit, offset) =>
      courses(
        sql<CourseRecord>`${SELECT_COURSE} WHERE c.select_position IS NOT NULL
          ORDER BY c.select_position, c.id LIMIT ${limit} OFFSET ${offset}`,
      ),
    relevant: (courseId, sameCatalogueId, scopeCatalogueId, limit, offset) =>
      courses(
        sql<CourseRecord>`${SELECT_COURSE}
          WHERE c.id <> ${courseId}
            AND c.catalogue_id IN (SELECT descendant_id FROM catalogue_closure WHERE ancestor_id = ${scopeCatalogueId})
          ORDER BY (c.catalogue_id = ${sameCatalogueId}) DESC, c.view_count DESC, c.id DESC
          LIMIT ${limit} OFFSET ${offset}`,
      ),
    countRelevant: (courseId, scopeCatalogueId) => count({ catalogueId: scopeCatalogueId, excludeCourseId: courseId }),
    countView: ({ courseId, userId, videoId, day }) =>
      connection.transaction(async () => {
        const added = await sql`INSERT INTO course_views (day, user_id, video_id) VALUES (${day}, ${userId}, ${videoId})
          ON CONFLICT DO NOTHING`.execute(db());
        if (Number(added.numAffectedRows ?? 0) === 0) return false;
        await sql`UPDATE courses SET view_count = view_count + 1 WHERE id = ${courseId}`.execute(db());
        // the key starts with the day: a range at the start of the index, empty on most calls
        await sql`DELETE FROM course_views WHERE day < ${day - 1}`.execute(db());
        return true;
      }),
  };
}

const SELECT_TOPIC = sql`
  SELECT t.id, t.title, t.info, t.sort, t.publish_time AS "publishTime", t.image,
    (SELECT COUNT(*) FROM topic_courses tc WHERE tc.topic_id = t.id) AS "courseCount"
  FROM topics t`;

const toTopic = (row: TopicRecord): TopicRecord => ({ ...row, courseCount: Number(row.courseCount) });

export function createPostgresTopicStore(connection: PostgresConnection): Async<TopicStore> {
  const { db } = connection;
  const topics = async (query: RawBuilder<TopicRecord>) => (await query.execute(db())).rows.map(toTopic);
  return {
    insert: (topic) =>
      connection.transaction(async () => {
        await db()
          .insertInto('topics')
          .values({
            id: topic.id,
            title: topic.title,
            info: topic.info,
            sort: topic.sort,
            publish_time: topic.publishTime,
            image: topic.image,
          })
          .execute();
        if (topic.courseIds.length > 0) {
          await db()
            .insertInto('topic_courses')
            .values(
              topic.courseIds.map((courseId, position) => ({ topic_id: topic.id, course_id: courseId, position })),
            )
            .execute();
        }
      }),
    get: async (id) => (await topics(sql<TopicRecord>`${SELECT_TOPIC} WHERE t.id = ${id}`))[0],
    listNewest: (limit, offset) =>
      topics(sql<TopicRecord>`${SELECT_TOPIC} ORDER BY t.publish_time DESC, t.id DESC LIMIT ${limit} OFFSET ${offset}`),
    count: async () =>
      Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM topics`.execute(db())).rows[0]?.n ?? 0),
    listBySort: (excludeId, limit) =>
      topics(sql<TopicRecord>`${SELECT_TOPIC} WHERE t.id <> ${excludeId} ORDER BY t.sort, t.id LIMIT ${limit}`),
    listRelated: (topicId, limit) =>
      topics(
        sql<TopicRecord>`WITH topic_catalogues AS (
            SELECT DISTINCT tc.topic_id, cl.ancestor_id AS catalogue_id
            FROM topic_courses tc
            JOIN courses c ON c.id = tc.course_id
            JOIN catalogue_closure cl ON cl.descendant_id = c.catalogue_id
          ),
          shared AS (
            SELECT o.topic_id, COUNT(*) AS n
            FROM topic_catalogues o
            JOIN topic_catalogues mine ON mine.catalogue_id = o.catalogue_id AND mine.topic_id = ${topicId}
            WHERE o.topic_id <> ${topicId}
            GROUP BY o.topic_id
          )
          SELECT x.* FROM (${SELECT_TOPIC} WHERE t.id <> ${topicId}) x
          LEFT JOIN shared s ON s.topic_id = x.id
          ORDER BY COALESCE(s.n, 0) DESC, x.sort, x.id
          LIMIT ${limit}`,
      ),
    async coursesOf(topicIds, perTopic) {
      const result = new Map<number, CourseRecord[]>(topicIds.map((id) => [id, []]));
      if (topicIds.length === 0) return result;
      const limit = perTopic === null ? sql`` : sql`WHERE r.rn <= ${perTopic}`;
      const { rows } = await sql<CourseRecord & { topicId: number }>`WITH r AS (
          SELECT tc.topic_id, tc.course_id, ROW_NUMBER() OVER (PARTITION BY tc.topic_id ORDER BY tc.position) AS rn
          FROM topic_courses tc WHERE tc.topic_id = ANY(${topicIds}::integer[])
        )
        SELECT r.topic_id AS "topicId", ${COURSE_COLUMNS}
        FROM r JOIN courses c ON c.id = r.course_id ${COURSE_JOINS}
        ${limit}
        ORDER BY r.topic_id, r.rn`.execute(db());
      for (const { topicId, ...course } of rows) result.get(topicId)?.push(course);
      return result;
    },
  };
}
