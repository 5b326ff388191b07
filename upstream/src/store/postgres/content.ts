/**
 * Content on PostgreSQL: the catalogue tree with its closure, lecturers with their totals,
 * banners and the visit log, answering as the embedded engine's store/catalogues.ts,
 * lecturers.ts, banners.ts and visit-logs.ts do (the same SQL where both dialects agree). Names
 * sort by their pinyin key in code-point order (COLLATE "C"), as SQLite compares text.
 */
import { sql, type RawBuilder } from 'kysely';
import { namePinyin } from '../../text/name-pinyin';
import type { Async } from '../async-door';
import type { BannerStore } from '../banners';
import type { CatalogueStore } from '../catalogues';
import type { LecturerFilter, LecturerOrder, LecturerStore } from '../lecturers';
import type { CatalogueRecord, CatalogueWithCount, LecturerRecord, VisitLogRecord } from '../records';
import type { VisitLogStore } from '../visit-logs';
import type { PostgresConnection } from './connection';

export function createPostgresCatalogueStore(connection: PostgresConnection): Async<CatalogueStore> {
  const { db } = connection;
  const rows = async <T>(query: RawBuilder<T>) => (await query.execute(db())).rows;
  const toMap = (list: { id: number; n: number | string }[]) => new Map(list.map((row) => [row.id, Number(row.n)]));
  const columns = sql`k.id, k.parent_id AS "parentId", k.level, k.name, k.sort`;
  return {
    insert: (catalogue) =>
      connection.transaction(async () => {
        await db()
          .insertInto('catalogues')
          .values({
            id: catalogue.id,
            parent_id: catalogue.parentId,
            level: catalogue.level,
            name: catalogue.name,
            sort: catalogue.sort,
          })
          .execute();
        // the node is its own ancestor at depth 0, then inherits every ancestor of its parent
        await sql`INSERT INTO catalogue_closure (ancestor_id, descendant_id, depth)
          SELECT ${catalogue.id}::integer, ${catalogue.id}::integer, 0
          UNION ALL
          SELECT ancestor_id, ${catalogue.id}::integer, depth + 1 FROM catalogue_closure WHERE descendant_id = ${catalogue.parentId}`.execute(
          db(),
        );
      }),
    get: async (id) => (await rows(sql<CatalogueRecord>`SELECT ${columns} FROM catalogues k WHERE k.id = ${id}`))[0],
    all: () => rows(sql<CatalogueRecord>`SELECT ${columns} FROM catalogues k ORDER BY k.level, k.sort, k.id`),
    async childrenWithCourseCounts(parentId, range) {
      const year = range ? sql`AND c.update_time >= ${range.from} AND c.update_time < ${range.to}` : sql``;
      const list = await rows(
        sql<CatalogueWithCount>`SELECT ${columns},
          (SELECT COUNT(*) FROM catalogue_closure cl JOIN courses c ON c.catalogue_id = cl.descendant_id
            WHERE cl.ancestor_id = k.id ${year}) AS count
        FROM catalogues k WHERE k.parent_id = ${parentId} ORDER BY k.sort, k.id`,
      );
      return list.map((row) => ({ ...row, count: Number(row.count) }));
    },
    async courseCountsBySubtree(range) {
      const year = range ? sql`WHERE c.update_time >= ${range.from} AND c.update_time < ${range.to}` : sql``;
      return toMap(
        await rows(
          sql<{ id: number; n: number }>`SELECT cl.ancestor_id AS id, COUNT(*) AS n
            FROM catalogue_closure cl JOIN courses c ON c.catalogue_id = cl.descendant_id
            ${year} GROUP BY cl.ancestor_id`,
        ),
      );
    },
    async lecturerCountsBySubtree() {
      return toMap(
        await rows(
          sql<{ id: number; n: number }>`SELECT cl.ancestor_id AS id, COUNT(*) AS n
            FROM catalogue_closure cl JOIN lecturers l ON l.catalogue_id = cl.descendant_id
            GROUP BY cl.ancestor_id`,
        ),
      );
    },
  };
}

const LECTURER_ORDER: Record<LecturerOrder, RawBuilder<unknown>> = {
  recommendation: sql`l.recommended DESC, l.sort, l.id`,
  mostCourses: sql`"courseCount" DESC, l.id`,
  mostViewed: sql`"viewCount" DESC, l.id`,
  name: sql`l.name_pinyin COLLATE "C", l.id`,
};

const SELECT_LECTURER = sql`
  SELECT l.id, l.name, l.name_pinyin AS "namePinyin", l.first_word AS "firstWord", l.position, l.school,
    l.intro_html AS "introHtml", l.catalogue_id AS "catalogueId", l.recommended = 1 AS recommended, l.sort, l.image,
    (SELECT COUNT(*) FROM courses c WHERE c.lecturer_id = l.id) AS "courseCount",
    (SELECT COUNT(*) FROM videos v JOIN courses c ON c.id = v.course_id WHERE c.lecturer_id = l.id) AS "videoCount",
    (SELECT COALESCE(SUM(c.view_count), 0) FROM courses c WHERE c.lecturer_id = l.id) AS "viewCount"
  FROM lecturers l`;

function lecturerWhere(filter: LecturerFilter): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.catalogueId) {
    conditions.push(
      sql`l.catalogue_id IN (SELECT descendant_id FROM catalogue_closure WHERE ancestor_id = ${filter.catalogueId})`,
    );
  }
  if (filter.firstWord) conditions.push(sql`l.first_word = ${filter.firstWord}`);
  if (filter.recommendedOnly) conditions.push(sql`l.recommended = 1`);
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/** the totals as numbers (SUM of integers is numeric in PostgreSQL) */
const toLecturer = (row: LecturerRecord): LecturerRecord => ({
  ...row,
  courseCount: Number(row.courseCount),
  videoCount: Number(row.videoCount),
  viewCount: Number(row.viewCount),
});

export function createPostgresLecturerStore(connection: PostgresConnection): Async<LecturerStore> {
  const { db } = connection;
  return {
    async insert(lecturer) {
      const { firstWord, sortKey } = namePinyin(lecturer.name);
      await db()
        .insertInto('lecturers')
        .values({
          id: lecturer.id,
          name: lecturer.name,
          name_pinyin: sortKey,
          first_word: firstWord,
          position: lecturer.position,
          school: lecturer.school,
          intro_html: lecturer.introHtml,
          catalogue_id: lecturer.catalogueId,
          recommended: lecturer.recommended ? 1 : 0,
          sort: lecturer.sort,
          image: lecturer.image,
        })
        .execute();
    },
    async get(id) {
      const { rows } = await sql<LecturerRecord>`${SELECT_LECTURER} WHERE l.id = ${id}`.execute(db());
      return rows[0] && toLecturer(rows[0]);
    },
    async list(filter, order, limit, offset) {
      const { rows } = await sql<LecturerRecord>`${SELECT_LECTURER} ${lecturerWhere(filter)}
        ORDER BY ${LECTURER_ORDER[order]} LIMIT ${limit} OFFSET ${offset}`.execute(db());
      return rows.map(toLecturer);
    },
    async count(filter) {
      const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM lecturers l ${lecturerWhere(filter)}`.execute(
        db(),
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}

export function createPostgresBannerStore(connection: PostgresConnection): Async<BannerStore> {
  const { db } = connection;
  return {
    async insert(banner) {
      await db()
        .insertInto('banners')
        .values({
          id: banner.id,
          title: banner.title,
          image: banner.image,
          goto_url: banner.gotoUrl,
          sort: banner.sort,
        })
        .execute();
    },
    list: (limit) =>
      db()
        .selectFrom('banners')
        .select(['id', 'title', 'image', 'goto_url as gotoUrl', 'sort'])
        .orderBy('sort')
        .orderBy('id')
        .limit(limit)
        .execute(),
  };
}

export function createPostgresVisitLogStore(connection: PostgresConnection): Async<VisitLogStore> {
  const { db } = connection;
  return {
    insert: async (log, createdAt) =>
      (
        await db()
          .insertInto('visit_logs')
          .values({
            act_id: log.actId,
            customer_code: log.customerCode,
            customer_id: log.customerId,
            customer_name: log.customerName,
            module_name: log.moduleName,
            page_url: log.pageUrl,
            previous_page_url: log.previousPageUrl,
            product_ids: log.productIds,
            source_type: log.sourceType,
            user_id: log.userId,
            user_name: log.userName,
            client_ip: log.clientIp,
            created_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    get: (id): Promise<VisitLogRecord | undefined> =>
      db()
        .selectFrom('visit_logs')
        .select([
          'id',
          'act_id as actId',
          'customer_code as customerCode',
          'customer_id as customerId',
          'customer_name as customerName',
          'module_name as moduleName',
          'page_url as pageUrl',
          'previous_page_url as previousPageUrl',
          'product_ids as productIds',
          'source_type as sourceType',
          'user_id as userId',
          'user_name as userName',
          'client_ip as clientIp',
          'created_at as createdAt',
        ])
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}
