/**
 * Courses with their lecturer, catalogue name, catalogue trail and video count joined in SQL,
 * so that a page of 20 courses is one statement however the list is filtered or sorted.
 */
import type { Database } from 'better-sqlite3';
import type { CourseRecord, TimeRange } from './records';
import { statementCache } from './statements';

export type CourseOrder = 'latest' | 'mostViewed' | 'mostNotes' | 'mostCollected';

const ORDER_BY: Record<CourseOrder, string> = {
  latest: 'c.update_time DESC, c.id DESC',
  mostViewed: 'c.view_count DESC, c.id DESC',
  mostNotes: 'c.note_count DESC, c.id DESC',
  mostCollected: 'c.collect_count DESC, c.id DESC',
};

/** The columns of a CourseRecord; needs the joins of COURSE_JOINS. */
export const COURSE_COLUMNS = `
    c.id, c.catalogue_id AS catalogueId, c.lecturer_id AS lecturerId, c.name, c.info,
    c.exclusive, c.view_count AS viewCount, c.collect_count AS collectCount, c.like_count AS likeCount,
    c.note_count AS noteCount, c.publish_time AS publishTime, c.update_time AS updateTime, c.image,
    l.name AS lecturerName, l.position AS lecturerPosition, k.name AS catalogueName,
    (SELECT COUNT(*) FROM videos v WHERE v.course_id = c.id) AS videoCount,
    (SELECT json_group_array(json_object('id', a.id, 'name', a.name, 'level', a.level) ORDER BY cl.depth DESC)
       FROM catalogue_closure cl JOIN catalogues a ON a.id = cl.ancestor_id
       WHERE cl.descendant_id = c.catalogue_id) AS catalogueTrail`;

/** Joins a courses table aliased c to its lecturer (l) and catalogue (k). */
export const COURSE_JOINS = `
  JOIN lecturers l ON l.id = c.lecturer_id
  JOIN catalogues k ON k.id = c.catalogue_id`;

const SELECT_COURSE = `SELECT ${COURSE_COLUMNS} FROM courses c ${COURSE_JOINS}`;

export interface CourseFilter {
  /** restrict to the subtree of this catalogue; 0 or absent = every catalogue */
  catalogueId?: number;
  lecturerId?: number;
  /** updateTime within [from, to) */
  updated?: TimeRange | null;
  /** the course name contains this text (ASCII letters case-insensitively) */
  nameContains?: string;
  excludeCourseId?: number;
}

/** A course as written: the record without what the store joins or counts, plus its home positions. */
export interface NewCourse extends Omit<
  CourseRecord,
  'videoCount' | 'lecturerName' | 'lecturerPosition' | 'catalogueName' | 'catalogueTrail'
> {
  recommendPosition: number | null;
  selectPosition: number | null;
}

export interface CourseAndVideoCount {
  courseCount: number;
  videoCount: number;
}

export interface CourseStore {
  insert(course: NewCourse): void;
  get(id: number): CourseRecord | undefined;
  list(filter: CourseFilter, order: CourseOrder, limit: number, offset: number): CourseRecord[];
  count(filter: CourseFilter): number;
  countWithVideos(filter: CourseFilter): CourseAndVideoCount;
  /** courses of the subtree that have videos published in range, and those videos */
  countByVideoPublication(catalogueId: number, published: TimeRange | null): CourseAndVideoCount;
  recommended(limit: number, offset: number): CourseRecord[];
  selected(limit: number, offset: number): CourseRecord[];
  /**
   * Courses of scopeCatalogueId's subtree except courseId: those filed under sameCatalogueId
   * first, each group most played first.
   */
  relevant(
    courseId: number,
    sameCatalogueId: number,
    scopeCatalogueId: number,
    limit: number,
    offset: number,
  ): CourseRecord[];
  countRelevant(courseId: number, scopeCatalogueId: number): number;
  /**
   * Counts a view of the course by this user of this video on `day` (days since the epoch in
   * UTC+8): the course's viewCount grows by one the first time a day, later calls that day do
   * nothing. Returns whether it counted. Days before yesterday are forgotten as new ones come.
   */
  countView(view: { courseId: number; userId: number; videoId: number; day: number }): boolean;
}

export type CourseRow = Omit<CourseRecord, 'exclusive' | 'catalogueTrail'> & {
  exclusive: number;
  catalogueTrail: string;
};

export function toCourseRecord(row: CourseRow): CourseRecord {
  return { ...row, exclusive: row.exclusive === 1, catalogueTrail: JSON.parse(row.catalogueTrail) };
}

function where(filter: CourseFilter): { sql: string; params: Record<string, unknown> } {
  const conditions: string[] = [];
  const params: Record<string, unknown> = {};
  if (filter.catalogueId) {
    conditions.push('c.catalogue_id IN (SELECT descendant_id FROM catalogue_closure WHERE ancestor_id = @catalogueId)');
    params.catalogueId = filter.catalogueId;
  }
  if (filter.lecturerId !== undefined) {
    conditions.push('c.lecturer_id = @lecturerId');
    params.lecturerId = filter.lecturerId;
  }
  if (filter.updated) {
    conditions.push('c.update_time >= @updatedFrom AND c.update_time < @updatedTo');
    params.updatedFrom = filter.updated.from;
    params.updatedTo = filter.updated.to;
  }
  if (filter.nameContains) {
    conditions.push('instr(lower(c.name), lower(@nameContains)) > 0');
    params.nameContains = filter.nameContains;
  }
  if (filter.excludeCourseId !== undefined) {
    conditions.push('c.id <> @excludeCourseId');
    params.excludeCourseId = filter.excludeCourseId;
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export function createCourseStore(db: Database): CourseStore {
  const prepare = statementCache(db);
  const many = (rows: unknown[]) => (rows as CourseRow[]).map(toCourseRecord);

  const store: CourseStore = {
    insert(course) {
      prepare(
        `INSERT INTO courses (id, catalogue_id, lecturer_id, name, info, exclusive, view_count, collect_count,
           like_count, note_count, publish_time, update_time, recommend_position, select_position, image)
         VALUES (@id, @catalogueId, @lecturerId, @name, @info, @exclusive, @viewCount, @collectCount,
           @likeCount, @noteCount, @publishTime, @updateTime, @recommendPosition, @selectPosition, @image)`,
      ).run({ ...course, exclusive: course.exclusive ? 1 : 0 });
    },

    get(id) {
      const row = prepare(`${SELECT_COURSE} WHERE c.id = ?`).get(id) as CourseRow | undefined;
      return row ? toCourseRecord(row) : undefined;
    },

    list(filter, order, limit, offset) {
      const { sql, params } = where(filter);
      return many(
        prepare(`${SELECT_COURSE} ${sql} ORDER BY ${ORDER_BY[order]} LIMIT @limit OFFSET @offset`).all({
          ...params,
          limit,
          offset,
        }),
      );
    },

    count(filter) {
      const { sql, params } = where(filter);
      return (prepare(`SELECT COUNT(*) AS n FROM courses c ${sql}`).get(params) as { n: number }).n;
    },

    countWithVideos(filter) {
      const { sql, params } = where(filter);
      return prepare(
        `WITH picked AS (SELECT c.id FROM courses c ${sql})
         SELECT (SELECT COUNT(*) FROM picked) AS courseCount,
                (SELECT COUNT(*) FROM videos v WHERE v.course_id IN (SELECT id FROM picked)) AS videoCount`,
      ).get(params) as CourseAndVideoCount;
    },

    countByVideoPublication(catalogueId, published) {
      const conditions: string[] = [];
      if (catalogueId) {
        conditions.push(
          'c.catalogue_id IN (SELECT descendant_id FROM catalogue_closure WHERE ancestor_id = @catalogueId)',
        );
      }
      if (published) conditions.push('v.publish_time >= @from AND v.publish_time < @to');
      const whereSql = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      if (!published) {
        // Without a year every course counts, also one whose videos are still to come.
        const courseWhere = catalogueId ? `WHERE ${conditions[0]}` : '';
        return prepare(
          `SELECT (SELECT COUNT(*) FROM courses c ${courseWhere}) AS courseCount,
                  (SELECT COUNT(*) FROM videos v JOIN courses c ON c.id = v.course_id ${whereSql}) AS videoCount`,
        ).get({ catalogueId }) as CourseAndVideoCount;
      }
      return prepare(
        `SELECT COUNT(DISTINCT v.course_id) AS courseCount, COUNT(*) AS videoCount
         FROM videos v JOIN courses c ON c.id = v.course_id ${whereSql}`,
      ).get({ catalogueId, ...published }) as CourseAndVideoCount;
    },

    recommended(limit, offset) {
      return many(
        prepare(
          `${SELECT_COURSE} WHERE c.recommend_position IS NOT NULL
           ORDER BY c.recommend_position, c.id LIMIT ? OFFSET ?`,
        ).all(limit, offset),
      );
    },

    selected(limit, offset) {
      return many(
        prepare(
          `${SELECT_COURSE} WHERE c.select_position IS NOT NULL
           ORDER BY c.select_position, c.id LIMIT ? OFFSET ?`,
        ).all(limit, offset),
      );
    },

    relevant(courseId, sameCatalogueId, scopeCatalogueId, limit, offset) {
      return many(
        prepare(
          `${SELECT_COURSE}
           WHERE c.id <> @courseId
             AND c.catalogue_id IN (SELECT descendant_id FROM catalogue_closure WHERE ancestor_id = @scope)
           ORDER BY (c.catalogue_id = @same) DESC, c.view_count DESC, c.id DESC
           LIMIT @limit OFFSET @offset`,
        ).all({ courseId, same: sameCatalogueId, scope: scopeCatalogueId, limit, offset }),
      );
    },

    countRelevant(courseId, scopeCatalogueId) {
      return store.count({ catalogueId: scopeCatalogueId, excludeCourseId: courseId });
    },

    countView: (view) => countView(view),
  };
  const countView = db.transaction(({ courseId, userId, videoId, day }: Parameters<CourseStore['countView']>[0]) => {
    const added = prepare('INSERT OR IGNORE INTO course_views (day, user_id, video_id) VALUES (?, ?, ?)').run(
      day,
      userId,
      videoId,
    ).changes;
    if (added === 0) return false;
    prepare('UPDATE courses SET view_count = view_count + 1 WHERE id = ?').run(courseId);
    // the key starts with the day: a range at the start of the index, empty on most calls
    prepare('DELETE FROM course_views WHERE day < ?').run(day - 1);
    return true;
  });
  return store;
}
