/**
 * The queue of content changes and the rebuild under adversity, on real SQLite files with the
 * hand-written fixture content: an item edited again while a rebuild runs, a rebuild starting
 * between two batches, content the analysis once choked on, a change that fails to apply, batches
 * sized by the documents they write, the heartbeat around the long optimize step, and tables a
 * crashed rebuild left behind; and diacritics compared alike by the index, the highlights and the
 * whole-keyword tier. Other processes are played by second connections; moments inside
 * the engine's own transactions by TEMP triggers on its connection.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { htmlText } from '../../upstream/src/search/analyzer';
import { createSqliteSearchEngine } from '../../upstream/src/search/engine';
import { highlight, snippet } from '../../upstream/src/search/highlight';
import { DATABASE_FILE } from '../../upstream/src/store';
import { openMainApiData, type MainApiData } from '../../upstream/src/main-api/data';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { fixtureContent } from './fixture';

const dirs: string[] = [];
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0).reverse()) close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** the fixture content, indexed; another connection on the file (another process) */
async function indexedStore(): Promise<{ store: MainApiData; file: string; other: Database.Database }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-search-queue-'));
  dirs.push(dir);
  const store = openMainApiData(dir);
  closers.push(() => void store.close());
  await seedDemoContent(store, fixtureContent(), store.mediaDir);
  await store.search.applyPending();
  const file = path.join(dir, DATABASE_FILE);
  const other = new Database(file);
  other.pragma('busy_timeout = 5000');
  closers.push(() => other.close());
  return { store, file, other };
}

/** an engine on a connection of the test's own, so that TEMP triggers can watch its transactions */
function ownEngine(file: string, options?: Parameters<typeof createSqliteSearchEngine>[1]) {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  closers.push(() => db.close());
  return { db, engine: createSqliteSearchEngine(db, options) };
}

const ids = (hits: { ids: unknown[] }) => hits.ids;

describe('search queue', () => {
  it('indexes a second edit of an item that was queued before a rebuild started', async () => {
    const { store, other } = await indexedStore();
    // queued, then read by the rebuild, then edited again while it runs
    other.prepare(`UPDATE courses SET name = '第一次改名的课程' WHERE id = 5`).run();
    let edited = false;
    await store.search.rebuild({
      onProgress: () => {
        if (edited) return;
        edited = true;
        other.prepare(`UPDATE courses SET name = '再次改名以后的课程' WHERE id = 5`).run();
      },
    });
    expect(ids(await store.search.search('courses', { keyword: '再次改名', offset: 0, limit: 5 }))).toEqual([5]);
    expect(await store.search.count('courses', { keyword: '第一次改名' })).toBe(0);
    expect((await store.search.stats()).pending).toBe(0);
  });

  it('requeues an item as the newest change also when the statement that changed it ignores conflicts', async () => {
    const { other } = await indexedStore();
    other.prepare(`UPDATE lecturers SET school = '甲大学' WHERE id = 2`).run();
    other.prepare(`UPDATE topics SET title = '其他专题' WHERE id = 1`).run();
    other.prepare(`UPDATE OR IGNORE lecturers SET school = '乙大学' WHERE id = 2`).run();
    // a trigger takes the conflict policy of the statement that fired it: still the newest row
    expect(other.prepare('SELECT kind, ref FROM search_pending ORDER BY id').all()).toEqual([
      { kind: 'topic', ref: 1 },
      { kind: 'lecturer', ref: 2 },
    ]);
  });

  it('stops applying the queue when a rebuild starts between two batches', async () => {
    const { file, other } = await indexedStore();
    const { db, engine } = ownEngine(file, { pendingBatch: 1 });
    // another process claims a rebuild as soon as the first batch writes a video's spans
    db.exec(`
      CREATE TEMP TRIGGER claim_rebuild AFTER INSERT ON main.search_kp_videos BEGIN
        INSERT OR REPLACE INTO search_state (key, value) VALUES ('rebuild', '{"heartbeat":${Date.now() + 60_000},"pid":99999}');
      END;
    `);
    other.prepare(`UPDATE videos SET name = '改过名的视频' WHERE id = 101`).run();
    other.prepare(`UPDATE courses SET name = '改过名的课程' WHERE id = 5`).run();
    const result = await engine.applyPending();
    expect(result).toMatchObject({ applied: 1, remaining: 1 });
    expect(other.prepare('SELECT kind, ref FROM search_pending').all()).toEqual([{ kind: 'course', ref: 5 }]);
  });

  it('indexes an introduction with character references to no character, and moves on', async () => {
    const { store, other } = await indexedStore();
    expect(htmlText('<p>甲&#9999999;乙&#xFFFFFF;丙&#0;丁&#xD800;戊&#x41;</p>')).toBe(
      '甲\uFFFD乙\uFFFD丙\uFFFD丁\uFFFD戊A',
    );
    other.prepare(`UPDATE lecturers SET intro_html = '<p>实体测试讲师&#9999999;与&#xFFFFFF;</p>' WHERE id = 2`).run();
    other.prepare(`UPDATE courses SET name = '实体之后的课程' WHERE id = 5`).run();
    const result = await store.search.applyPending();
    expect(result).toMatchObject({ remaining: 0, dropped: [] });
    expect(ids(await store.search.search('lecturers', { keyword: '实体测试讲师', offset: 0, limit: 5 }))).toEqual([2]);
    expect(ids(await store.search.search('courses', { keyword: '实体之后', offset: 0, limit: 5 }))).toEqual([5]);
  });

  it('drops a change that fails to apply, reports it, and applies the others', async () => {
    const { file, other } = await indexedStore();
    const { db, engine } = ownEngine(file);
    // a video whose knowledge points cannot be written (as text the analysis could not take)
    db.exec(`
      CREATE TEMP TRIGGER refuse_video BEFORE INSERT ON main.search_kp_videos WHEN NEW.video_id = 101 BEGIN
        SELECT RAISE(ABORT, 'refused by the test');
      END;
    `);
    other.prepare(`UPDATE videos SET name = '写不进去的视频' WHERE id = 101`).run();
    other.prepare(`UPDATE courses SET name = '照常索引的课程' WHERE id = 5`).run();
    const reports: { level: string; message: string }[] = [];
    await engine.catchUp({ maxMs: 5_000, report: (level, message) => reports.push({ level, message }) });
    expect(reports).toEqual([{ level: 'error', message: expect.stringContaining('video 101') }]);
    expect((await engine.stats()).pending).toBe(0);
    expect(ids(await engine.search('courses', { keyword: '照常索引', offset: 0, limit: 5 }))).toEqual([5]);
    // the failed change left the video's earlier rows as they were, nothing half-written
    expect(await engine.count('knowledgePoints', { keyword: '写不进去' })).toBe(0);
    expect(await engine.count('knowledgePoints', { keyword: '否定之否定' })).toBeGreaterThan(0);
  });

  it('sizes batches by the documents they write and honours the time limit between changes', async () => {
    const { file, other } = await indexedStore();
    const { db, engine } = ownEngine(file, { pendingBatch: 10 });
    const videoIds = (other.prepare('SELECT id FROM videos ORDER BY id LIMIT 3').all() as { id: number }[]).map(
      (v) => v.id,
    );
    const touch = () => {
      for (const id of videoIds) other.prepare(`UPDATE videos SET name = name WHERE id = ?`).run(id);
    };
    touch();
    // where a transaction ends: a rebuild claimed during the first one stops the next one
    db.exec(`
      CREATE TEMP TRIGGER claim_rebuild AFTER INSERT ON main.search_kp_videos BEGIN
        INSERT OR REPLACE INTO search_state (key, value) VALUES ('rebuild', '{"heartbeat":${Date.now() + 60_000},"pid":99999}');
      END;
    `);
    // 7 knowledge points a video: the first transaction ends after the second video (14 ≥ 10)
    expect(await engine.applyPending()).toEqual({ applied: 2, remaining: 1, dropped: [] });
    db.exec(`DROP TRIGGER temp.claim_rebuild; DELETE FROM search_state`);
    expect(await engine.applyPending()).toEqual({ applied: 1, remaining: 0, dropped: [] });
    // out of time after the first change: the rest waits for the next call
    touch();
    expect(await engine.applyPending({ maxMs: 0 })).toEqual({ applied: 1, remaining: 2, dropped: [] });
  });

  it('announces the long optimize steps of a rebuild so that it is not taken for dead meanwhile', async () => {
    const { store, file, other } = await indexedStore();
    const { db, engine } = ownEngine(file);
    db.exec(`
      CREATE TEMP TABLE seen_states (value TEXT);
      CREATE TEMP TRIGGER watch_state AFTER INSERT ON main.search_state BEGIN
        INSERT INTO seen_states VALUES (NEW.value);
      END;
    `);
    await engine.rebuild();
    const states = (db.prepare('SELECT value FROM seen_states').all() as { value: string }[]).map(
      (row) => JSON.parse(row.value) as { heartbeat: number; staleMs?: number },
    );
    // one announcement per optimized table (5 indexes × words and chars), each followed by the usual heartbeat
    const long = states.flatMap((state, i) => ((state.staleMs ?? 0) >= 10 * 60_000 ? [i] : []));
    expect(long).toHaveLength(10);
    for (const i of long) expect(states[i + 1]?.staleMs).toBeUndefined();

    // a rebuild whose last word was such an announcement, five minutes ago, still holds the queue
    other
      .prepare(`INSERT OR REPLACE INTO search_state (key, value) VALUES ('rebuild', ?)`)
      .run(JSON.stringify({ heartbeat: Date.now() - 5 * 60_000, pid: 99999, staleMs: 30 * 60_000 }));
    other.prepare(`UPDATE courses SET name = '优化期间改名' WHERE id = 5`).run();
    expect(await store.search.applyPending()).toMatchObject({ applied: 0, remaining: 1 });
  });

  it('rebuilds over tables a crashed rebuild left behind after its swap', async () => {
    const { store, other } = await indexedStore();
    other.exec(`CREATE VIRTUAL TABLE search_course_words__old USING fts5(name)`);
    other.exec(`CREATE TABLE search_kp_videos__old (video_id INTEGER PRIMARY KEY)`);
    await expect(store.search.rebuild()).resolves.toBeDefined();
    expect(
      other
        .prepare(`SELECT name FROM sqlite_schema WHERE instr(name, '__old') > 0 OR instr(name, '__rebuild') > 0`)
        .all(),
    ).toEqual([]);
    expect(await store.search.count('courses', { keyword: '唯物辩证法' })).toBe(3);
  });
});

describe('diacritics', () => {
  const S = '\uE000';
  const E = '\uE001';

  it('highlights café for cafe and cafe for café, composed or decomposed, on whole characters', () => {
    expect(highlight('Le Café de Flore', ['cafe'])).toBe(`Le ${S}Café${E} de Flore`);
    expect(highlight('un cafe noir', ['café'])).toBe(`un ${S}cafe${E} noir`);
    // e + U+0301: the mark belongs to the match
    expect(highlight('Cafe\u0301 crème', ['cafe', 'creme'])).toBe(`${S}Cafe\u0301${E} ${S}crème${E}`);
    // lengths that change when folded (İ) keep the offsets right
    expect(highlight('İstanbul café', ['cafe'])).toBe(`İstanbul ${S}café${E}`);
    expect(snippet(`${'甲'.repeat(150)}Émile`, ['emile']).endsWith(`${S}Émile${E}`)).toBe(true);
  });

  it('finds café for cafe and marks it in the hit', async () => {
    const { store, other } = await indexedStore();
    other
      .prepare(
        `INSERT INTO courses (id, catalogue_id, lecturer_id, name, info, publish_time, update_time, image)
         VALUES (501, 100, 1, 'Le Café philosophique', '', 0, 0, 'x.svg')`,
      )
      .run();
    await store.search.applyPending();
    const hits = await store.search.search('courses', { keyword: 'cafe', offset: 0, limit: 5 });
    expect(hits.ids).toEqual([501]);
    expect(highlight('Le Café philosophique', hits.highlightTerms)).toBe(`Le ${S}Café${E} philosophique`);
  });
});
