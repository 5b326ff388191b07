/**
 * The store's contract for content, on both engines (as store-engines.test.ts does for accounts):
 * the catalogue tree and its counts, lecturers with their totals, filters and orders, banners and
 * the visit log. Courses and videos are written as rows here (their PostgreSQL store comes later).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../upstream/src/store';
import { connectPostgres, dropSchema, ensureSchema } from '../../upstream/src/store/postgres';
import {
  createPostgresBannerStore,
  createPostgresCatalogueStore,
  createPostgresLecturerStore,
  createPostgresVisitLogStore,
} from '../../upstream/src/store/postgres/content';
import { migratePostgres } from '../../upstream/src/store/postgres/migrations';

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

type ContentStore = Pick<Store, 'catalogues' | 'lecturers' | 'banners' | 'visitLogs'>;
interface Course {
  id: number;
  catalogueId: number;
  lecturerId: number;
  updateTime: number;
  viewCount: number;
  videos: number;
}
interface Opened {
  store: ContentStore;
  /** a course with its videos, written as rows */
  addCourse(course: Course): Promise<void>;
  close(): Promise<void>;
}

const ENGINES: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'store-content-'));
      const store = openStore(dir);
      return {
        store,
        async addCourse(c) {
          store.sqlite
            .prepare(
              `INSERT INTO courses (id, catalogue_id, lecturer_id, name, info, view_count, publish_time, update_time, image)
               VALUES (?, ?, ?, ?, '', ?, 0, ?, '')`,
            )
            .run(c.id, c.catalogueId, c.lecturerId, `课程${c.id}`, c.viewCount, c.updateTime);
          for (let i = 0; i < c.videos; i++) {
            store.sqlite
              .prepare(
                `INSERT INTO videos (id, course_id, sort, name, proper_title, code, abstract, duration_seconds, publish_time, image)
                 VALUES (?, ?, ?, '', '', ?, '', 60, 0, '')`,
              )
              .run(c.id * 100 + i, c.id, i, `V${c.id * 100 + i}`);
          }
        },
        async close() {
          store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    async open() {
      const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      await ensureSchema(DATABASE_URL, schema);
      const connection = connectPostgres(DATABASE_URL, { schema, poolSize: 4 });
      await migratePostgres(connection);
      return {
        store: {
          catalogues: createPostgresCatalogueStore(connection),
          lecturers: createPostgresLecturerStore(connection),
          banners: createPostgresBannerStore(connection),
          visitLogs: createPostgresVisitLogStore(connection),
        },
        async addCourse(c) {
          await sql`INSERT INTO courses (id, catalogue_id, lecturer_id, name, info, view_count, publish_time, update_time, image)
            VALUES (${c.id}, ${c.catalogueId}, ${c.lecturerId}, ${`课程${c.id}`}, '', ${c.viewCount}, 0, ${c.updateTime}, '')`.execute(connection.db());
          for (let i = 0; i < c.videos; i++) {
            const id = c.id * 100 + i;
            await sql`INSERT INTO videos (id, course_id, sort, name, proper_title, code, abstract, duration_seconds, publish_time, image)
              VALUES (${id}, ${c.id}, ${i}, '', '', ${`V${id}`}, '', 60, 0, '')`.execute(connection.db());
          }
        },
        async close() {
          await connection.close();
          await dropSchema(DATABASE_URL, schema);
        },
      };
    },
  },
];

const lecturer = (id: number, name: string, catalogueId: number | null, extra: { recommended?: boolean; sort?: number } = {}) => ({
  id,
  name,
  position: '教授',
  school: '示范大学',
  introHtml: '<p>简介</p>',
  catalogueId,
  recommended: extra.recommended ?? false,
  sort: extra.sort ?? 0,
  image: `/media/lecturers/${id}.svg`,
});

describe.each(ENGINES)('content in the store on $name', (engine) => {
  let opened: Opened;
  let store: ContentStore;
  beforeAll(async () => {
    opened = await engine.open();
    store = opened.store;
    // 1 哲学 > 10 马克思主义哲学 > 100 辩证唯物主义; 1 > 11 中国哲学; 2 法学 (sort before 1)
    for (const c of [
      { id: 1, parentId: 0, level: 1, name: '哲学', sort: 2 },
      { id: 2, parentId: 0, level: 1, name: '法学', sort: 1 },
      { id: 10, parentId: 1, level: 2, name: '马克思主义哲学', sort: 0 },
      { id: 11, parentId: 1, level: 2, name: '中国哲学', sort: 1 },
      { id: 100, parentId: 10, level: 3, name: '辩证唯物主义', sort: 0 },
    ]) {
      await store.catalogues.insert(c);
    }
    await store.lecturers.insert(lecturer(1, '张三', 100, { recommended: true, sort: 2 }));
    await store.lecturers.insert(lecturer(2, '李四', 11, { recommended: true, sort: 1 }));
    await store.lecturers.insert(lecturer(3, '王五', 2));
    await store.lecturers.insert(lecturer(4, '曾国藩', null));
    const Y2024 = Date.UTC(2024, 5, 1);
    const Y2025 = Date.UTC(2025, 5, 1);
    await opened.addCourse({ id: 1, catalogueId: 100, lecturerId: 1, updateTime: Y2024, viewCount: 10, videos: 3 });
    await opened.addCourse({ id: 2, catalogueId: 100, lecturerId: 1, updateTime: Y2025, viewCount: 5, videos: 1 });
    await opened.addCourse({ id: 3, catalogueId: 11, lecturerId: 2, updateTime: Y2025, viewCount: 100, videos: 2 });
    await opened.addCourse({ id: 4, catalogueId: 2, lecturerId: 3, updateTime: Y2024, viewCount: 0, videos: 0 });
  });
  afterAll(() => opened.close());

  it('keeps the tree: every node, parents before children and siblings in order; children with course counts of their subtree', async () => {
    expect((await store.catalogues.all()).map((c) => c.id)).toEqual([2, 1, 10, 11, 100]);
    expect(await store.catalogues.get(10)).toEqual({ id: 10, parentId: 1, level: 2, name: '马克思主义哲学', sort: 0 });
    expect(await store.catalogues.get(999)).toBeUndefined();
    expect((await store.catalogues.childrenWithCourseCounts(0, null)).map((c) => [c.id, c.count])).toEqual([
      [2, 1],
      [1, 3],
    ]);
    const in2025 = { from: Date.UTC(2025, 0, 1), to: Date.UTC(2026, 0, 1) };
    expect((await store.catalogues.childrenWithCourseCounts(1, in2025)).map((c) => [c.id, c.count])).toEqual([
      [10, 1],
      [11, 1],
    ]);
    expect(await store.catalogues.courseCountsBySubtree(null)).toEqual(
      new Map([
        [1, 3],
        [2, 1],
        [10, 2],
        [11, 1],
        [100, 2],
      ]),
    );
    expect(await store.catalogues.courseCountsBySubtree(in2025)).toEqual(
      new Map([
        [1, 2],
        [10, 1],
        [11, 1],
        [100, 1],
      ]),
    );
    expect(await store.catalogues.lecturerCountsBySubtree()).toEqual(
      new Map([
        [1, 2],
        [2, 1],
        [10, 1],
        [11, 1],
        [100, 1],
      ]),
    );
  });

  it('answers a lecturer with the totals of their courses, videos and plays, and the pinyin initial of the surname', async () => {
    expect(await store.lecturers.get(1)).toEqual({
      ...lecturer(1, '张三', 100, { recommended: true, sort: 2 }),
      namePinyin: expect.any(String),
      firstWord: 'Z',
      courseCount: 2,
      videoCount: 4,
      viewCount: 15,
    });
    expect(await store.lecturers.get(4)).toMatchObject({ firstWord: 'Z', courseCount: 0, videoCount: 0, viewCount: 0, recommended: false });
    expect(await store.lecturers.get(99)).toBeUndefined();
  });

  it('filters lecturers by subtree, initial and recommendation, in each order, a page at a time', async () => {
    const ids = async (...args: Parameters<ContentStore['lecturers']['list']>) => (await store.lecturers.list(...args)).map((l) => l.id);
    expect(await ids({}, 'recommendation', 10, 0)).toEqual([2, 1, 3, 4]);
    expect(await ids({}, 'mostCourses', 10, 0)).toEqual([1, 2, 3, 4]);
    expect(await ids({}, 'mostViewed', 10, 0)).toEqual([2, 1, 3, 4]);
    // 李四 L, 王五 W, 张三 Z(hang), 曾国藩 Z(eng): zeng before zhang
    expect(await ids({}, 'name', 10, 0)).toEqual([2, 3, 4, 1]);
    expect(await ids({}, 'name', 2, 1)).toEqual([3, 4]);
    expect(await ids({ catalogueId: 1 }, 'recommendation', 10, 0)).toEqual([2, 1]);
    expect(await ids({ firstWord: 'Z' }, 'recommendation', 10, 0)).toEqual([1, 4]);
    expect(await ids({ recommendedOnly: true }, 'recommendation', 10, 0)).toEqual([2, 1]);
    expect(await store.lecturers.count({})).toBe(4);
    expect(await store.lecturers.count({ catalogueId: 10 })).toBe(1);
    expect(await store.lecturers.count({ firstWord: 'Z', recommendedOnly: true })).toBe(1);
  });

  it('lists banners in their order and keeps a visit log entry', async () => {
    await store.banners.insert({ id: 1, title: '第二', image: '/b1.svg', gotoUrl: '/a', sort: 2 });
    await store.banners.insert({ id: 2, title: '第一', image: '/b2.svg', gotoUrl: '/b', sort: 1 });
    await store.banners.insert({ id: 3, title: '第三', image: '/b3.svg', gotoUrl: '/c', sort: 2 });
    expect((await store.banners.list(10)).map((b) => b.id)).toEqual([2, 1, 3]);
    expect(await store.banners.list(1)).toEqual([{ id: 2, title: '第一', image: '/b2.svg', gotoUrl: '/b', sort: 1 }]);

    const log = {
      actId: 'a1',
      customerCode: '',
      customerId: '',
      customerName: '',
      moduleName: '首页',
      pageUrl: '/home',
      previousPageUrl: '/search',
      productIds: '1',
      sourceType: 'pc',
      userId: '7',
      userName: 'student',
      clientIp: '198.51.100.9',
    };
    const id = await store.visitLogs.insert(log, 1_234);
    expect(await store.visitLogs.get(id)).toEqual({ ...log, id, createdAt: 1_234 });
    expect(await store.visitLogs.insert(log, 1_235)).toBeGreaterThan(id);
    expect(await store.visitLogs.get(id + 999)).toBeUndefined();
  });
});
