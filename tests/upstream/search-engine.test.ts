/**
 * The search engine through its interface (upstream/src/search/engine.ts), on real SQLite files
 * with the hand-written fixture content: construction on a path, the queue fed by triggers,
 * rebuild and its protocol with other processes, the rank-window approximation, the exact-phrase
 * tier and popularity ties, the migration that times existing transcripts; and the highlighter.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteSearchEngine, type SearchEngine } from '../../upstream/src/search/engine';
import { highlight, snippet } from '../../upstream/src/search/highlight';
import { DATABASE_FILE } from '../../upstream/src/store';
import { openMainApiData, type MainApiData } from '../../upstream/src/main-api/data';
import { migrate } from '../../upstream/src/store/migrate';
import { MIGRATIONS } from '../../upstream/src/store/migrations';
import type { NewCourse } from '../../upstream/src/store/courses';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { fixtureContent } from './fixture';

const S = '\uE000';
const E = '\uE001';

const dirs: string[] = [];
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0).reverse()) close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-search-'));
  dirs.push(dir);
  return dir;
}

/** a store with the fixture content, not indexed yet (the triggers have queued everything) */
async function seededStore(): Promise<{ store: MainApiData; file: string }> {
  const dir = tempDir();
  const store = openMainApiData(dir);
  closers.push(() => void store.close());
  await seedDemoContent(store, fixtureContent(), store.mediaDir);
  return { store, file: path.join(dir, DATABASE_FILE) };
}

/** the engine after what a request does first (search and count answer from the index as it is) */
async function caughtUp(engine: SearchEngine): Promise<SearchEngine> {
  await engine.catchUp({ maxMs: 10_000 });
  return engine;
}

function engineOn(file: string, options?: Parameters<typeof createSqliteSearchEngine>[1]): SearchEngine {
  const engine = createSqliteSearchEngine(file, options);
  closers.push(() => void engine.close());
  return engine;
}

const course = (id: number, name: string, viewCount: number, extra: Partial<NewCourse> = {}): NewCourse => ({
  id,
  catalogueId: 100,
  lecturerId: 1,
  name,
  info: '一门测试课程。',
  exclusive: false,
  viewCount,
  collectCount: 0,
  likeCount: 0,
  noteCount: 0,
  publishTime: Date.UTC(2025, 0, 1),
  updateTime: Date.UTC(2025, 0, 1),
  recommendPosition: null,
  selectPosition: null,
  image: `posters/${id}.svg`,
  ...extra,
});

const FIXTURE_COUNTS = { courses: 10, knowledgePoints: 20 * 7, topics: 4, lecturers: 6, catalogues: 14 };

describe('SQLite search engine', () => {
  it('is constructible on any store file, and answers once it has caught up with the queued content', async () => {
    const { store, file } = await seededStore();
    expect(await store.search.stats()).toEqual({
      counts: { courses: 0, knowledgePoints: 0, topics: 0, lecturers: 0, catalogues: 0 },
      pending: 10 + 20 + 4 + 6 + 14,
    });
    const engine = engineOn(file);
    // search answers from the index as it is: the services catch up once per request first
    expect(await engine.count('courses', { keyword: '唯物辩证法' })).toBe(0);
    await caughtUp(engine);
    // course 1 by its name first, then 2 and 10, filed under the catalogue 唯物辩证法
    const hits = await engine.search('courses', { keyword: '唯物辩证法', offset: 0, limit: 10 });
    expect(hits.ids[0]).toBe(1);
    expect(hits.ids.sort()).toEqual([1, 10, 2]);
    expect(hits.totalCount).toBe(3);
    expect(hits.highlightTerms[0]).toBe('唯物辩证法');
    expect(await engine.stats()).toEqual({ counts: FIXTURE_COUNTS, pending: 0 });
    // the store's own engine sees the same tables
    expect((await store.search.stats()).counts).toEqual(FIXTURE_COUNTS);
  });

  it('creates and migrates a new file given its path', async () => {
    const file = path.join(tempDir(), 'new.sqlite');
    const engine = engineOn(file);
    expect((await engine.stats()).pending).toBe(0);
    expect(await engine.count('courses', { keyword: '哲学' })).toBe(0);
    expect(await engine.applyPending()).toEqual({ applied: 0, remaining: 0, dropped: [] });
  });

  it('identifies knowledge points by kind, video and seq', async () => {
    const { store } = await seededStore();
    await caughtUp(store.search);
    const hits = await store.search.search('knowledgePoints', {
      keyword: '矛盾分析方法的第2个要点',
      offset: 0,
      limit: 3,
    });
    // every video of course 2 has that keyframe (seq 1); the exact ones first
    expect(hits.ids.slice(0, 2)).toEqual(
      expect.arrayContaining([
        { kind: 'keyframe', videoId: 21, seq: 1 },
        { kind: 'keyframe', videoId: 22, seq: 1 },
      ]),
    );
    const passage = await store.search.search('knowledgePoints', {
      keyword: '今天我们学习否定之否定',
      offset: 0,
      limit: 5,
    });
    expect(passage.ids[0]).toEqual({ kind: 'transcript', videoId: 101, seq: 1 });
  });

  it('ranks only the newest window of a very common keyword; pages stay consistent and the total exact', async () => {
    const { file } = await seededStore();
    const engine = await caughtUp(engineOn(file, { rankWindow: 5, headSize: 3 }));
    // every video's first passage is 同学们好。
    const all: { videoId: number; seq: number }[] = [];
    for (let offset = 0; offset < 24; offset += 4) {
      const page = await engine.search('knowledgePoints', { keyword: '同学们好', offset, limit: 4 });
      expect(page.totalCount).toBe(20);
      all.push(...page.ids);
    }
    expect(all).toHaveLength(20);
    expect(new Set(all.map((k) => k.videoId)).size).toBe(20);
    for (const k of all) expect(k).toMatchObject({ kind: 'transcript', seq: 0 });
    const videoIds = all.map((k) => k.videoId);
    const newest = [...videoIds].sort((a, b) => b - a);
    // the ranked window: the 5 newest videos, in some order of relevance; then the rest, newest first
    expect(new Set(videoIds.slice(0, 5))).toEqual(new Set(newest.slice(0, 5)));
    expect(videoIds.slice(5)).toEqual(newest.slice(5));
    // a page across the boundaries of head, window and the rest
    expect((await engine.search('knowledgePoints', { keyword: '同学们好', offset: 2, limit: 6 })).ids).toEqual(
      all.slice(2, 8),
    );
    expect(await engine.count('knowledgePoints', { keyword: '同学们好' })).toBe(20);
  });

  it('puts a field containing the keyword as typed above word matches, then ties by popularity, then newest', async () => {
    const { store } = await seededStore();
    // more of the keyword's words, but not the keyword itself
    await store.courses.insert(course(201, '社会存在社会存在社会', 1));
    await caughtUp(store.search);
    const exact = await store.search.search('courses', { keyword: '存在与社会', offset: 0, limit: 10 });
    expect(exact.ids).toEqual([3, 201]);
    // identical documents: the most viewed first, then the highest id
    await store.courses.insert(course(202, '同名的测试课程', 10));
    await store.courses.insert(course(203, '同名的测试课程', 50));
    await store.courses.insert(course(204, '同名的测试课程', 50));
    await caughtUp(store.search);
    expect((await store.search.search('courses', { keyword: '同名的测试课程', offset: 0, limit: 10 })).ids).toEqual([
      204, 203, 202,
    ]);
  });

  it('filters by catalogue subtree in every group, an unknown catalogue finding nothing', async () => {
    const { store } = await seededStore();
    await caughtUp(store.search);
    // 哲学 (id 2) holds courses 7 and 8; topic 3 has courses there; lecturers 4 and 6 teach there
    const q = async (index: 'courses' | 'topics' | 'lecturers', keyword: string, catalogueId: number) =>
      (await store.search.search(index, { keyword, catalogueId, offset: 0, limit: 20 })).ids;
    expect(await q('courses', '课程', 0)).toHaveLength(10);
    expect((await q('courses', '课程', 2)).sort()).toEqual([7, 8]);
    expect((await q('courses', '课程', 100)).sort()).toEqual([1, 10, 2]);
    expect((await q('topics', '专题', 0)).sort()).toEqual([1, 2]);
    expect(await q('topics', '专题', 2)).toEqual([1]);
    expect((await q('lecturers', '学院', 2)).sort()).toEqual([4, 6]);
    expect(await q('courses', '课程', 999)).toEqual([]);
    expect(await store.search.count('knowledgePoints', { keyword: '要点', catalogueId: 2 })).toBe((3 + 2) * 3);
  });

  it('keeps up with content changes through the queue: renames, moves, deletions', async () => {
    const { store, file } = await seededStore();
    const other = new Database(file);
    closers.push(() => other.close());
    await caughtUp(store.search);
    expect(await store.search.count('courses', { keyword: '资本论' })).toBe(1);
    // a lecturer rename reaches their courses; the old name no longer finds them
    other.prepare(`UPDATE lecturers SET name = '诸葛明' WHERE id = 3`).run();
    await caughtUp(store.search);
    expect((await store.search.search('courses', { keyword: '诸葛明', offset: 0, limit: 10 })).ids).toEqual([9]);
    expect((await store.search.search('lecturers', { keyword: '诸葛明', offset: 0, limit: 10 })).ids).toEqual([3]);
    expect(await store.search.count('courses', { keyword: '李晓明' })).toBe(0);
    // a course moved to another catalogue takes its knowledge points along
    other.prepare('UPDATE courses SET catalogue_id = 210 WHERE id = 9').run();
    await caughtUp(store.search);
    expect(await store.search.count('knowledgePoints', { keyword: '资本论导读', catalogueId: 3 })).toBe(0);
    expect(await store.search.count('knowledgePoints', { keyword: '资本论导读', catalogueId: 2 })).toBeGreaterThan(0);
    // a catalogue rename: its courses are found by the new name
    other.prepare(`UPDATE catalogues SET name = '古典学' WHERE id = 210`).run();
    await caughtUp(store.search);
    expect((await store.search.search('courses', { keyword: '古典学', offset: 0, limit: 10 })).ids.sort()).toEqual([
      8, 9,
    ]);
    expect((await store.search.search('catalogues', { keyword: '古典学', offset: 0, limit: 10 })).ids).toEqual([210]);
    // a video deleted takes its knowledge points out; a topic deleted leaves
    other.prepare('DELETE FROM videos WHERE id = 101').run();
    await caughtUp(store.search);
    expect(await store.search.count('knowledgePoints', { keyword: '否定之否定' })).toBe(0);
    other.prepare('DELETE FROM topics WHERE id = 4').run();
    await caughtUp(store.search);
    expect(await store.search.count('topics', { keyword: '经济学入门' })).toBe(0);
    expect((await store.search.stats()).pending).toBe(0);
  });

  it('rebuilds everything into new tables; changes made meanwhile are applied after the swap', async () => {
    const { store, file } = await seededStore();
    await store.search.applyPending();
    const other = new Database(file);
    closers.push(() => other.close());
    const progress: string[] = [];
    let changed = false;
    const summary = await store.search.rebuild({
      onProgress: ({ index, rows }) => {
        progress.push(`${index}:${rows}`);
        // once the course index is built, a course arrives from another process
        if (index === 'catalogues' && !changed) {
          changed = true;
          other
            .prepare(
              `INSERT INTO courses (id, catalogue_id, lecturer_id, name, info, publish_time, update_time, image)
               VALUES (301, 100, 1, '重建期间新增的课程', '', 0, 0, 'x.svg')`,
            )
            .run();
        }
      },
    });
    // rows after the swap, the course written meanwhile included
    expect(summary.counts).toEqual({ ...FIXTURE_COUNTS, courses: 11 });
    expect(summary.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(progress).toContain('knowledgePoints:140');
    expect((await store.search.search('courses', { keyword: '重建期间新增', offset: 0, limit: 5 })).ids).toEqual([301]);
    expect(await store.search.stats()).toEqual({ counts: { ...FIXTURE_COUNTS, courses: 11 }, pending: 0 });
    // no table of the rebuild is left behind
    const leftovers = other
      .prepare(`SELECT name FROM sqlite_schema WHERE instr(name, '__rebuild') > 0 OR instr(name, '__old') > 0`)
      .all();
    expect(leftovers).toEqual([]);
  });

  it('leaves the queue to a rebuild running in another process, and refuses a second rebuild', async () => {
    const { store, file } = await seededStore();
    await store.search.applyPending();
    const other = new Database(file);
    closers.push(() => other.close());
    const claim = (heartbeat: number) =>
      other
        .prepare(`INSERT OR REPLACE INTO search_state (key, value) VALUES ('rebuild', ?)`)
        .run(JSON.stringify({ heartbeat, pid: 99999 }));
    claim(Date.now());
    await store.courses.insert(course(401, '正在重建时写入', 1));
    expect(await store.search.applyPending()).toEqual({ applied: 0, remaining: 1, dropped: [] });
    await caughtUp(store.search);
    // searches answer from the index as it was
    expect(await store.search.count('courses', { keyword: '正在重建时写入' })).toBe(0);
    expect(await store.search.count('courses', { keyword: '唯物辩证法的基本规律' })).toBe(1);
    await expect(store.search.rebuild()).rejects.toThrow(/already running/);
    // a rebuild whose heartbeat stopped long ago is dead: the queue moves again
    claim(Date.now() - 10 * 60_000);
    await caughtUp(store.search);
    expect(await store.search.count('courses', { keyword: '正在重建时写入' })).toBe(1);
  });

  it('times the transcripts of an existing store in proportion to their length and queues all its content', async () => {
    const db = new Database(path.join(tempDir(), 'old.sqlite'));
    closers.push(() => db.close());
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 4),
    );
    db.exec(`
      INSERT INTO catalogues (id, parent_id, level, name) VALUES (1, 0, 1, '思政');
      INSERT INTO catalogue_closure VALUES (1, 1, 0);
      INSERT INTO lecturers (id, name, name_pinyin, first_word, position, school, intro_html, image)
        VALUES (1, '王明', 'wang ming', 'W', '教授', '示范大学', '<p>王明，<strong>教授</strong>。</p>', 'a.svg');
      INSERT INTO courses (id, catalogue_id, lecturer_id, name, info, publish_time, update_time, image)
        VALUES (1, 1, 1, '旧课程', '介绍', 0, 0, 'c.svg');
      INSERT INTO videos (id, course_id, sort, name, proper_title, code, abstract, duration_seconds, publish_time, image)
        VALUES (7, 1, 1, '旧视频', '', 'V7', '', 100, 0, 'v.svg');
      INSERT INTO video_transcripts (video_id, seq, text) VALUES (7, 0, '一二三四五'), (7, 1, '天地玄黄宇宙洪荒鸟兽'), (7, 2, '日月盈昃辰宿列张');
    `);
    migrate(db);
    // 5 + 10 + 8 = 23 characters over 100 000 ms
    expect(
      db.prepare('SELECT seq, start_ms AS startMs, end_ms AS endMs FROM video_transcripts ORDER BY seq').all(),
    ).toEqual([
      { seq: 0, startMs: 0, endMs: 21739 },
      { seq: 1, startMs: 21739, endMs: 65217 },
      { seq: 2, startMs: 65217, endMs: 100000 },
    ]);
    expect(db.prepare('SELECT kind, ref FROM search_pending ORDER BY id').all()).toEqual([
      { kind: 'catalogue', ref: 1 },
      { kind: 'lecturer', ref: 1 },
      { kind: 'course', ref: 1 },
      { kind: 'video', ref: 7 },
    ]);
    const engine = await caughtUp(createSqliteSearchEngine(db));
    expect((await engine.search('knowledgePoints', { keyword: '宇宙洪荒', offset: 0, limit: 5 })).ids).toEqual([
      { kind: 'transcript', videoId: 7, seq: 1 },
    ]);
    expect((await engine.search('lecturers', { keyword: '示范大学', offset: 0, limit: 5 })).ids).toEqual([1]);
    // the lecturer's introduction is indexed as text, without its tags
    expect((await engine.search('lecturers', { keyword: '王明，教授', offset: 0, limit: 5 })).ids).toEqual([1]);
    expect(await engine.count('lecturers', { keyword: 'strong' })).toBe(0);
  });
});

describe('highlights', () => {
  it('wraps every occurrence of any term, longest first, never overlapping, case-insensitively', () => {
    expect(highlight('马克思主义哲学与马克思', ['马克思', '马克思主义', '哲学'])).toBe(
      `${S}马克思主义${E}${S}哲学${E}与${S}马克思${E}`,
    );
    expect(highlight('Learning AI with ai', ['ai'])).toBe(`Learning ${S}AI${E} with ${S}ai${E}`);
    expect(highlight('没有匹配', ['哲学'])).toBe('没有匹配');
    expect(highlight('', ['哲学'])).toBe('');
    // markers in the source are removed first
    expect(highlight(`哲${S}学${E}史`, ['哲学'])).toBe(`${S}哲学${E}史`);
    // astral characters stay whole
    expect(highlight('𠀀哲学𠀀', ['哲学'])).toBe(`𠀀${S}哲学${E}𠀀`);
  });

  it('cuts long text to at most 120 characters around the first match, … at the cuts', () => {
    const before = '甲'.repeat(200);
    const after = '乙'.repeat(200);
    const middle = snippet(`${before}哲学${after}`, ['哲学']);
    expect([...middle.replace(/[\uE000\uE001]/g, '')]).toHaveLength(120);
    expect(middle.startsWith('…')).toBe(true);
    expect(middle.endsWith('…')).toBe(true);
    expect(middle).toContain(`${S}哲学${E}`);
    expect(middle.indexOf(S)).toBeLessThan(40);

    const start = snippet(`哲学${after}`, ['哲学']);
    expect(start.startsWith(`${S}哲学${E}`)).toBe(true);
    expect(start.endsWith('…')).toBe(true);
    expect([...start.replace(/[\uE000\uE001]/g, '')]).toHaveLength(120);

    const end = snippet(`${before}哲学`, ['哲学']);
    expect(end.startsWith('…')).toBe(true);
    expect(end.endsWith(`${S}哲学${E}`)).toBe(true);
    expect([...end.replace(/[\uE000\uE001]/g, '')]).toHaveLength(120);

    const none = snippet(before, ['哲学']);
    expect(none).toBe(`${'甲'.repeat(119)}…`);
    expect(snippet('短文本哲学', ['哲学'])).toBe(`短文本${S}哲学${E}`);
    expect(snippet('𠀀'.repeat(130), ['x'])).toBe(`${'𠀀'.repeat(119)}…`);
  });
});
