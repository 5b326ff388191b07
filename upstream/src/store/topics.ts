/** Special topics and the ordered courses of each. */
import type { Database } from 'better-sqlite3';
import { COURSE_COLUMNS, COURSE_JOINS, toCourseRecord, type CourseRow } from './courses';
import type { CourseRecord, TopicRecord } from './records';
import { statementCache } from './statements';

const SELECT_TOPIC = `
  SELECT t.id, t.title, t.info, t.sort, t.publish_time AS publishTime, t.image,
    (SELECT COUNT(*) FROM topic_courses tc WHERE tc.topic_id = t.id) AS courseCount
  FROM topics t`;

export interface NewTopic {
  id: number;
  title: string;
  info: string;
  sort: number;
  publishTime: number;
  image: string;
  /** in display order */
  courseIds: number[];
}

export interface TopicStore {
  insert(topic: NewTopic): void;
  get(id: number): TopicRecord | undefined;
  /** newest first */
  listNewest(limit: number, offset: number): TopicRecord[];
  count(): number;
  /** in sort order, without excludeId (0 excludes nothing) */
  listBySort(excludeId: number, limit: number): TopicRecord[];
  /**
   * Other topics, those whose courses share the most catalogue nodes (at any level) with the
   * courses of topicId first, then by sort order: the list is filled even when little is shared.
   */
  listRelated(topicId: number, limit: number): TopicRecord[];
  /** topic id → its courses in order, at most perTopic each (null = all) */
  coursesOf(topicIds: number[], perTopic: number | null): Map<number, CourseRecord[]>;
}

export function createTopicStore(db: Database): TopicStore {
  const prepare = statementCache(db);

  return {
    insert(topic) {
      prepare(
        `INSERT INTO topics (id, title, info, sort, publish_time, image)
         VALUES (@id, @title, @info, @sort, @publishTime, @image)`,
      ).run(topic);
      const link = prepare('INSERT INTO topic_courses (topic_id, course_id, position) VALUES (?, ?, ?)');
      topic.courseIds.forEach((courseId, position) => link.run(topic.id, courseId, position));
    },

    get(id) {
      return prepare(`${SELECT_TOPIC} WHERE t.id = ?`).get(id) as TopicRecord | undefined;
    },

    listNewest(limit, offset) {
      return prepare(`${SELECT_TOPIC} ORDER BY t.publish_time DESC, t.id DESC LIMIT ? OFFSET ?`).all(
        limit,
        offset,
      ) as TopicRecord[];
    },

    count() {
      return (prepare('SELECT COUNT(*) AS n FROM topics').get() as { n: number }).n;
    },

    listBySort(excludeId, limit) {
      return prepare(`${SELECT_TOPIC} WHERE t.id <> ? ORDER BY t.sort, t.id LIMIT ?`).all(
        excludeId,
        limit,
      ) as TopicRecord[];
    },

    listRelated(topicId, limit) {
      return prepare(
        `WITH topic_catalogues AS (
           SELECT DISTINCT tc.topic_id, cl.ancestor_id AS catalogue_id
           FROM topic_courses tc
           JOIN courses c ON c.id = tc.course_id
           JOIN catalogue_closure cl ON cl.descendant_id = c.catalogue_id
         ),
         shared AS (
           SELECT o.topic_id, COUNT(*) AS n
           FROM topic_catalogues o
           JOIN topic_catalogues mine ON mine.catalogue_id = o.catalogue_id AND mine.topic_id = @topicId
           WHERE o.topic_id <> @topicId
           GROUP BY o.topic_id
         )
         SELECT x.* FROM (${SELECT_TOPIC} WHERE t.id <> @topicId) x
         LEFT JOIN shared s ON s.topic_id = x.id
         ORDER BY COALESCE(s.n, 0) DESC, x.sort, x.id
         LIMIT @limit`,
      ).all({ topicId, limit }) as TopicRecord[];
    },

    coursesOf(topicIds, perTopic) {
      const result = new Map<number, CourseRecord[]>(topicIds.map((id) => [id, []]));
      if (topicIds.length === 0) return result;
      const limitSql = perTopic === null ? '' : 'WHERE r.rn <= @perTopic';
      const rows = prepare(
        `WITH r AS (
           SELECT tc.topic_id, tc.course_id, ROW_NUMBER() OVER (PARTITION BY tc.topic_id ORDER BY tc.position) AS rn
           FROM topic_courses tc WHERE tc.topic_id IN (SELECT value FROM json_each(@ids))
         )
         SELECT r.topic_id AS topicId, ${COURSE_COLUMNS}
         FROM r JOIN courses c ON c.id = r.course_id ${COURSE_JOINS}
         ${limitSql}
         ORDER BY r.topic_id, r.rn`,
      ).all({ ids: JSON.stringify(topicIds), perTopic }) as (CourseRow & { topicId: number })[];
      for (const { topicId, ...row } of rows) result.get(topicId)?.push(toCourseRecord(row));
      return result;
    },
  };
}
