/**
 * Both engines hold the whole demo the same way: the demo content seeded through the store into
 * SQLite and into PostgreSQL (a schema of its own, dropped after), then the reads the pages make
 * (trees and counts, lists in every order and page, filters, topics, videos, knowledge points,
 * hot keywords) must answer alike, at the demo's scale rather than a hand-made fixture's.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { seedDemoContent, type ContentWriter } from '../../upstream/src/demo/seed';
import type { DemoContent } from '../../upstream/src/demo/types';
import { openStore, type CourseOrder, type LecturerOrder, type Store } from '../../upstream/src/store';
import { connectPostgres, dropSchema, ensureSchema, type PostgresConnection } from '../../upstream/src/store/postgres';
import { createPostgresAiContentStore } from '../../upstream/src/store/postgres/ai-content';
import {
  createPostgresBannerStore,
  createPostgresCatalogueStore,
  createPostgresLecturerStore,
} from '../../upstream/src/store/postgres/content';
import { createPostgresCourseStore, createPostgresTopicStore } from '../../upstream/src/store/postgres/courses';
import { migratePostgres } from '../../upstream/src/store/postgres/migrations';
import { createPostgresSearchLogStore } from '../../upstream/src/store/postgres/search-log';
import { createPostgresVideoStore } from '../../upstream/src/store/postgres/videos';

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** a fixed moment, so both engines get the same content */
const NOW = new Date('2026-11-28T04:00:00.000Z');
const YEAR_2025 = { from: Date.parse('2024-12-31T16:00:00.000Z'), to: Date.parse('2025-12-31T16:00:00.000Z') };

type Reader = ContentWriter & Pick<Store, 'aiContent'>;

describe('the demo on SQLite and on PostgreSQL', () => {
  let content: DemoContent;
  let sqlite: Store;
  let pg: Reader;
  let connection: PostgresConnection;
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-demo-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    content = generateDemoContent({ now: NOW });
    sqlite = openStore(tempDir());
    await seedDemoContent(sqlite, content);
    await ensureSchema(DATABASE_URL, schema);
    connection = connectPostgres(DATABASE_URL, { schema, poolSize: 4 });
    await migratePostgres(connection);
    pg = {
      catalogues: createPostgresCatalogueStore(connection),
      lecturers: createPostgresLecturerStore(connection),
      courses: createPostgresCourseStore(connection),
      videos: createPostgresVideoStore(connection),
      topics: createPostgresTopicStore(connection),
      banners: createPostgresBannerStore(connection),
      searchLogs: createPostgresSearchLogStore(connection),
      aiContent: createPostgresAiContentStore(connection),
      transaction: connection.transaction,
      mediaDir: path.join(tempDir(), 'media'),
    };
    await seedDemoContent(pg, content);
  }, 120_000);

  afterAll(async () => {
    await sqlite?.close();
    await connection?.close();
    await dropSchema(DATABASE_URL, schema);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('holds every catalogue, lecturer, course, video and topic of the demo', async () => {
    expect((await pg.catalogues.all()).length).toBe(content.catalogues.length);
    expect(await pg.lecturers.count({})).toBe(content.lecturers.length);
    expect(await pg.courses.count({})).toBe(content.courses.length);
    expect(await pg.courses.countWithVideos({})).toEqual({
      courseCount: content.courses.length,
      videoCount: content.videos.length,
    });
    expect(await pg.topics.count()).toBe(content.topics.length);
  });

  it('answers the catalogue tree and its counts alike', async () => {
    expect(await pg.catalogues.all()).toEqual(await sqlite.catalogues.all());
    expect(await pg.catalogues.childrenWithCourseCounts(0, null)).toEqual(
      await sqlite.catalogues.childrenWithCourseCounts(0, null),
    );
    const subject = content.catalogues.find((c) => c.level === 1)!.id;
    expect(await pg.catalogues.childrenWithCourseCounts(subject, YEAR_2025)).toEqual(
      await sqlite.catalogues.childrenWithCourseCounts(subject, YEAR_2025),
    );
    expect(await pg.catalogues.courseCountsBySubtree(null)).toEqual(
      await sqlite.catalogues.courseCountsBySubtree(null),
    );
    expect(await pg.catalogues.courseCountsBySubtree(YEAR_2025)).toEqual(
      await sqlite.catalogues.courseCountsBySubtree(YEAR_2025),
    );
    expect(await pg.catalogues.lecturerCountsBySubtree()).toEqual(await sqlite.catalogues.lecturerCountsBySubtree());
  });

  it('answers lecturers alike in every order, page and filter', async () => {
    const subject = content.catalogues.find((c) => c.level === 1)!.id;
    for (const order of ['recommendation', 'mostCourses', 'mostViewed', 'name'] satisfies LecturerOrder[]) {
      for (const [limit, offset] of [
        [20, 0],
        [20, 20],
        [50, 0],
      ] as const) {
        expect(await pg.lecturers.list({}, order, limit, offset), `${order} ${offset}`).toEqual(
          await sqlite.lecturers.list({}, order, limit, offset),
        );
      }
      expect(await pg.lecturers.list({ catalogueId: subject }, order, 20, 0)).toEqual(
        await sqlite.lecturers.list({ catalogueId: subject }, order, 20, 0),
      );
    }
    for (const firstWord of ['A', 'L', 'W', 'Z']) {
      expect(await pg.lecturers.list({ firstWord }, 'name', 20, 0)).toEqual(
        await sqlite.lecturers.list({ firstWord }, 'name', 20, 0),
      );
      expect(await pg.lecturers.count({ firstWord, recommendedOnly: true })).toBe(
        await sqlite.lecturers.count({ firstWord, recommendedOnly: true }),
      );
    }
  });

  it('answers courses alike in every order, page and filter, with their counts', async () => {
    const subjects = content.catalogues.filter((c) => c.level === 1).map((c) => c.id);
    for (const order of ['latest', 'mostViewed', 'mostNotes', 'mostCollected'] satisfies CourseOrder[]) {
      for (const offset of [0, 20, 240]) {
        expect(await pg.courses.list({}, order, 20, offset), `${order} ${offset}`).toEqual(
          await sqlite.courses.list({}, order, 20, offset),
        );
      }
      for (const catalogueId of subjects.slice(0, 3)) {
        const filter = { catalogueId, updated: YEAR_2025 };
        expect(await pg.courses.list(filter, order, 20, 0)).toEqual(await sqlite.courses.list(filter, order, 20, 0));
      }
    }
    const name = content.courses[0]!.name.slice(0, 2);
    expect(await pg.courses.list({ nameContains: name }, 'latest', 20, 0)).toEqual(
      await sqlite.courses.list({ nameContains: name }, 'latest', 20, 0),
    );
    for (const catalogueId of [0, ...subjects]) {
      expect(await pg.courses.countWithVideos({ catalogueId })).toEqual(
        await sqlite.courses.countWithVideos({ catalogueId }),
      );
      expect(await pg.courses.countByVideoPublication(catalogueId, YEAR_2025)).toEqual(
        await sqlite.courses.countByVideoPublication(catalogueId, YEAR_2025),
      );
      expect(await pg.courses.countByVideoPublication(catalogueId, null)).toEqual(
        await sqlite.courses.countByVideoPublication(catalogueId, null),
      );
    }
    expect(await pg.courses.recommended(20, 0)).toEqual(await sqlite.courses.recommended(20, 0));
    expect(await pg.courses.selected(10, 0)).toEqual(await sqlite.courses.selected(10, 0));
    for (const course of content.courses.slice(0, 5)) {
      const own = (await sqlite.courses.get(course.id))!;
      const scope = own.catalogueTrail[0]!.id;
      expect(await pg.courses.get(course.id)).toEqual(own);
      expect(await pg.courses.relevant(course.id, own.catalogueId, scope, 10, 0)).toEqual(
        await sqlite.courses.relevant(course.id, own.catalogueId, scope, 10, 0),
      );
      expect(await pg.courses.countRelevant(course.id, scope)).toBe(
        await sqlite.courses.countRelevant(course.id, scope),
      );
    }
  });

  it('answers topics, videos, knowledge points, banners and hot keywords alike', async () => {
    expect(await pg.topics.listNewest(10, 0)).toEqual(await sqlite.topics.listNewest(10, 0));
    expect(await pg.topics.listBySort(0, 10)).toEqual(await sqlite.topics.listBySort(0, 10));
    const topicIds = content.topics.map((t) => t.id);
    for (const id of topicIds.slice(0, 3))
      expect(await pg.topics.listRelated(id, 5)).toEqual(await sqlite.topics.listRelated(id, 5));
    expect(await pg.topics.coursesOf(topicIds, 4)).toEqual(await sqlite.topics.coursesOf(topicIds, 4));
    for (const course of content.courses.slice(0, 5)) {
      expect(await pg.videos.listByCourse(course.id)).toEqual(await sqlite.videos.listByCourse(course.id));
    }
    const videos = content.videos.slice(0, 5).map((v) => v.id);
    for (const id of videos) expect(await pg.videos.transcript(id)).toEqual(await sqlite.videos.transcript(id));
    const keys = videos.flatMap((videoId) => [
      { kind: 'keyframe' as const, videoId, seq: 0 },
      { kind: 'transcript' as const, videoId, seq: 2 },
    ]);
    expect(await pg.videos.knowledgePoints(keys)).toEqual(await sqlite.videos.knowledgePoints(keys));
    expect(await pg.banners.list(10)).toEqual(await sqlite.banners.list(10));
    expect(await pg.searchLogs.hot(10, NOW.getTime(), 30)).toEqual(await sqlite.searchLogs.hot(10, NOW.getTime(), 30));
    expect(await pg.aiContent.videoRefs()).toEqual(await sqlite.aiContent.videoRefs());
  });
});
