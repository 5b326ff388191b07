/** The store on its own: migrations, seeding (atomic, idempotent), derived lecturer keys, sanitising. */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openStore } from '../../upstream/src/store';
import { seedDemoContent, seedIfEmpty } from '../../upstream/src/demo/seed';
import { namePinyin } from '../../upstream/src/text/name-pinyin';
import { fixtureContent } from './fixture';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-store-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('store', () => {
  it('creates DATA_DIR and media/, runs the migrations once and records them', async () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const store = openStore(dataDir);
    expect(existsSync(path.join(dataDir, 'media'))).toBe(true);
    await store.close();
    const reopened = openStore(dataDir);
    await reopened.close();
    const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    try {
      expect(db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all()).toEqual([
        { version: 1, name: 'core content' },
        { version: 2, name: 'accounts' },
        { version: 3, name: 'learning' },
        { version: 4, name: 'learning indexes' },
        { version: 5, name: 'search' },
        { version: 6, name: 'media' },
        { version: 7, name: 'play' },
        { version: 8, name: 'ai knowledge' },
        { version: 9, name: 'ai content' },
        { version: 10, name: 'ai retrieval' },
        { version: 11, name: 'login throttle' },
      ]);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });

  it('seeds only an empty store, writing the images under media/', async () => {
    const dataDir = tempDir();
    const store = openStore(dataDir);
    try {
      expect(await store.isEmpty()).toBe(true);
      let generated = 0;
      const generate = () => {
        generated++;
        return fixtureContent();
      };
      expect(await seedIfEmpty(store, generate)).toMatchObject({
        catalogues: 14,
        lecturers: 6,
        courses: 10,
        videos: 20,
        topics: 4,
        banners: 3,
      });
      expect(await store.isEmpty()).toBe(false);
      expect(await seedIfEmpty(store, generate)).toBeNull();
      expect(generated).toBe(1);
      expect(readFileSync(path.join(store.mediaDir, 'posters', '课程 1.svg'), 'utf8')).toContain('<svg');
      expect(await store.courses.count({})).toBe(10);
      // video 11 lasts 3801 s; its 4 passages have 5 + 17 + 8 + 3 = 33 characters
      expect(await store.videos.transcript(11)).toEqual([
        { text: '同学们好。', startMs: 0, endMs: 575909 },
        { text: '今天我们学习唯物辩证法的基本规律。', startMs: 575909, endMs: 2534000 },
        { text: '请大家认真思考。', startMs: 2534000, endMs: 3455454 },
        { text: '下课。', startMs: 3455454, endMs: 3801000 },
      ]);
    } finally {
      await store.close();
    }
  });

  it('seeds in one transaction: content that breaks a constraint leaves the store empty', async () => {
    const store = openStore(tempDir());
    try {
      const content = fixtureContent();
      content.courses.push({ ...content.courses[0]!, id: 99, lecturerId: 12345 }); // no such lecturer
      await expect(seedDemoContent(store, content)).rejects.toThrow();
      expect(await store.isEmpty()).toBe(true);
      expect(await store.lecturers.count({})).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('refuses image paths that leave the media directory', async () => {
    const store = openStore(tempDir());
    try {
      const content = fixtureContent();
      content.images.push({ path: '../escape.svg', contentType: 'image/svg+xml', body: '<svg/>' });
      await expect(seedDemoContent(store, content)).rejects.toThrow(/escapes the media directory/);
    } finally {
      await store.close();
    }
  });
});

describe('lecturer name keys', () => {
  it('uses the surname reading for the initial and the sort key', () => {
    expect(namePinyin('曾国华')).toEqual({ firstWord: 'Z', sortKey: 'zeng guo hua' });
    expect(namePinyin('单田芳').firstWord).toBe('S');
    expect(namePinyin('欧阳明')).toEqual({ firstWord: 'O', sortKey: 'ou yang ming' });
    expect(namePinyin('Alice').firstWord).toBe('A');
    expect(namePinyin('1号讲师').firstWord).toBe('#');
  });
});
