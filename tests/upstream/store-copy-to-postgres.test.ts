/**
 * A platform that grew on SQLite moves to PostgreSQL (`npm run admin -- migrate-to-postgres`):
 * the demo content and some accounts and logs written on SQLite, copied into an empty PostgreSQL
 * schema, read back alike through the PostgreSQL stores; new rows continue after the copied ids;
 * a database that already holds content is refused.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { openStore, type SqliteStore } from '../../upstream/src/store';
import {
  openPostgresStore,
  connectPostgres,
  dropSchema,
  ensureSchema,
  type PostgresConnection,
} from '../../upstream/src/store/postgres';
import {
  createPostgresOrganisationStore,
  createPostgresTokenStore,
  createPostgresUserStore,
} from '../../upstream/src/store/postgres/accounts';
import { createPostgresCatalogueStore, createPostgresVisitLogStore } from '../../upstream/src/store/postgres/content';
import { copySqliteToPostgres } from '../../upstream/src/store/postgres/copy-from-sqlite';
import { createPostgresCourseStore } from '../../upstream/src/store/postgres/courses';
import { migratePostgres } from '../../upstream/src/store/postgres/migrations';

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

describe('moving an SQLite platform to PostgreSQL', () => {
  let sqlite: SqliteStore;
  let connection: PostgresConnection;
  let dir: string;
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let visitId: number;
  let learning: { userId: number; videoId: number; courseId: number };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'store-copy-'));
    sqlite = openStore(dir);
    await seedDemoContent(sqlite, generateDemoContent({ now: new Date('2026-11-28T04:00:00.000Z') }));
    const org = await sqlite.organisations.insert(
      { name: '示范图书馆', comCode: 'LIB', enabled: false, ipRanges: ['10.8.0.0/16'] },
      100,
    );
    const user = await sqlite.users.insert(
      { userName: 'Reader', passwordHash: 'scrypt$x', userType: 2, comId: org.comId, realName: '读者' },
      200,
    );
    await sqlite.tokens.insert({
      tokenHash: 'ab'.repeat(32),
      userId: user.userId,
      kind: 'password',
      createdAt: 300,
      expiresAt: 900,
      lastUsedAt: 400,
    });
    // learning records, whose triggers keep the course counters: copied, they must not count twice
    const [video] = await sqlite.videos.listByCourse((await sqlite.courses.list({}, 'latest', 1, 0))[0]!.id);
    await sqlite.userOperations.add({ userId: user.userId, videoId: video!.id, operateType: 0 }, 210);
    await sqlite.userOperations.add({ userId: user.userId, videoId: video!.id, operateType: 1 }, 211);
    await sqlite.notes.insert(
      { userId: user.userId, userName: '读者', videoId: video!.id, content: '公开笔记', vtime: 3, type: 0 },
      212,
    );
    await sqlite.playLogs.record(
      { userId: user.userId, videoId: video!.id, lastPlayTime: 30, duration: 60, stayTime: 30 },
      213,
    );
    await sqlite.messages.add({ userId: user.userId, type: 1, message: '欢迎', videoId: video!.id }, 214);
    await sqlite.fragments.insert(
      { userId: user.userId, videoId: video!.id, fragmentName: '片段', startTime: 0, endTime: 10, download: 1 },
      215,
    );
    await sqlite.danmaku.add({ userId: user.userId, videoId: video!.id, vtime: 1.5, content: '弹幕' }, 216, 10);
    learning = { userId: user.userId, videoId: video!.id, courseId: video!.courseId };
    visitId = await sqlite.visitLogs.insert(
      {
        actId: '',
        customerCode: '',
        customerId: '',
        customerName: '',
        moduleName: '首页',
        pageUrl: '/home',
        previousPageUrl: '',
        productIds: '1',
        sourceType: 'pc',
        userId: String(user.userId),
        userName: 'Reader',
        clientIp: '10.8.0.1',
      },
      500,
    );
    await ensureSchema(DATABASE_URL, schema);
    connection = connectPostgres(DATABASE_URL, { schema, poolSize: 4 });
    await migratePostgres(connection);
  }, 120_000);

  afterAll(async () => {
    await sqlite?.close();
    await connection?.close();
    await dropSchema(DATABASE_URL, schema);
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table parents first; the PostgreSQL stores then read what SQLite holds', async () => {
    const summary = await copySqliteToPostgres(sqlite.sqlite, connection);
    const copied = new Map(summary.tables.map((t) => [t.table, t.rows]));
    expect(copied.get('courses')).toBe(await sqlite.courses.count({}));
    expect(copied.get('users')).toBe(1);
    const order = summary.tables.map((t) => t.table);
    expect(order.indexOf('catalogues')).toBeLessThan(order.indexOf('courses'));
    expect(order.indexOf('courses')).toBeLessThan(order.indexOf('videos'));
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('tokens'));

    const courses = createPostgresCourseStore(connection);
    expect(await courses.list({}, 'mostViewed', 30, 0)).toEqual(await sqlite.courses.list({}, 'mostViewed', 30, 0));
    expect(await createPostgresCatalogueStore(connection).courseCountsBySubtree(null)).toEqual(
      await sqlite.catalogues.courseCountsBySubtree(null),
    );
    const users = createPostgresUserStore(connection);
    expect(await users.getByName('reader')).toEqual(await sqlite.users.getByName('reader'));
    expect(await users.passwordHashOf((await users.getByName('reader'))!.userId)).toBe('scrypt$x');
    const [org] = await createPostgresOrganisationStore(connection).list();
    expect(org).toMatchObject({ name: '示范图书馆', enabled: false, ipRanges: ['10.8.0.0/16'] });
    expect(await createPostgresTokenStore(connection).get('ab'.repeat(32))).toEqual(
      await sqlite.tokens.get('ab'.repeat(32)),
    );
  });

  it('continues ids after the copied ones', async () => {
    const visits = createPostgresVisitLogStore(connection);
    expect(await visits.get(visitId)).toEqual(await sqlite.visitLogs.get(visitId));
    const next = await visits.insert(
      {
        actId: '',
        customerCode: '',
        customerId: '',
        customerName: '',
        moduleName: '',
        pageUrl: '/search',
        previousPageUrl: '/home',
        productIds: '',
        sourceType: '',
        userId: '',
        userName: '',
        clientIp: '',
      },
      600,
    );
    expect(next).toBe(visitId + 1);
    const user = await createPostgresUserStore(connection).insert(
      { userName: 'newcomer', passwordHash: null, userType: 1, comId: null },
      700,
    );
    expect(user.userId).toBe((await sqlite.users.getByName('reader'))!.userId + 1);
  });

  it('refuses a database that already holds content', async () => {
    await expect(copySqliteToPostgres(sqlite.sqlite, connection)).rejects.toThrow(/already holds content/);
  });

  it('is one admin command: npm run admin -- migrate-to-postgres --from DATA_DIR, with DATABASE_URL naming the target', async () => {
    const target = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    await ensureSchema(DATABASE_URL, target);
    const admin = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'upstream/cli/admin.ts', 'migrate-to-postgres', '--from', dir], {
        cwd: path.resolve(__dirname, '../..'),
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
        encoding: 'utf8',
      });
    try {
      const refused = admin({});
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('DATABASE_URL');
      const url = `${DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${target}`)}`;
      const moved = admin({ DATABASE_URL: url });
      expect(moved.stderr).toBe('');
      expect(moved.status).toBe(0);
      const summary = JSON.parse(moved.stdout) as { tables: { table: string; rows: number }[] };
      expect(summary.tables.find((t) => t.table === 'courses')?.rows).toBe(await sqlite.courses.count({}));
      const again = admin({ DATABASE_URL: url });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('already holds content');
    } finally {
      await dropSchema(DATABASE_URL, target);
    }
  }, 60_000);
  it('copies the learning records, and the course counters their triggers keep arrive counted once', async () => {
    const pg = await openPostgresStore(DATABASE_URL, { schema, poolSize: 2, dataDir: dir });
    try {
      const { userId, videoId, courseId } = learning;
      expect(await pg.courses.get(courseId)).toEqual(await sqlite.courses.get(courseId));
      expect(await pg.userOperations.videoState(userId, videoId)).toEqual(
        await sqlite.userOperations.videoState(userId, videoId),
      );
      expect(await pg.notes.list({ userId, kind: 'own' }, 10, 0)).toEqual(
        await sqlite.notes.list({ userId, kind: 'own' }, 10, 0),
      );
      expect(await pg.playLogs.listByUser(userId)).toEqual(await sqlite.playLogs.listByUser(userId));
      expect(await pg.messages.listByUser(userId, 10, 0)).toEqual(await sqlite.messages.listByUser(userId, 10, 0));
      expect(await pg.fragments.listActive(userId, 300, 10, 0)).toEqual(
        await sqlite.fragments.listActive(userId, 300, 10, 0),
      );
      expect(await pg.danmaku.listByVideo(videoId, 0, 10, 10)).toEqual(
        await sqlite.danmaku.listByVideo(videoId, 0, 10, 10),
      );
      // the triggers are on again: a new like counts
      const likes = (await pg.courses.get(courseId))!.likeCount;
      const other = await pg.users.insert({ userName: 'liker', passwordHash: null, userType: 1, comId: null }, 800);
      await pg.userOperations.add({ userId: other.userId, videoId, operateType: 0 }, 801);
      expect((await pg.courses.get(courseId))!.likeCount).toBe(likes + 1);
      await pg.userOperations.remove(other.userId, videoId, 0);
    } finally {
      await pg.close();
    }
  });
});
