/**
 * The knowledge base over a real store (SQLite, migration 0008): it follows content changes
 * through its queue (triggers queue the changed course, retrieval catches up first), rebuilds
 * from scratch, points a passage at the second of the sentence that matches, and fuses an
 * embedding ranking when one is offered.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from '../../upstream/src/store';
import { openMainApiData, type MainApiData } from '../../upstream/src/main-api/data';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { lectureContent } from './ai-lecture-fixture';

describe('AI knowledge base', () => {
  let dataDir: string;
  let store: MainApiData;
  /** a second connection, as another process (an import, an admin) would change content */
  let db: Database.Database;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-ai-kb-'));
    store = openMainApiData(dataDir);
    await seedDemoContent(store, lectureContent(), store.mediaDir);
    db = new Database(path.join(dataDir, DATABASE_FILE));
  });
  afterAll(async () => {
    db.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('chunks every seeded course on catch-up', async () => {
    const courses = (db.prepare('SELECT count(*) AS n FROM courses').get() as { n: number }).n;
    expect((await store.knowledge.stats()).pending).toBe(courses);
    expect(await store.knowledge.catchUp(60_000)).toEqual({ applied: courses, remaining: 0 });
    const { chunks, pending } = await store.knowledge.stats();
    expect(pending).toBe(0);
    expect(chunks).toBeGreaterThan(50);
    // nothing queued: nothing to do
    expect(await store.knowledge.catchUp(60_000)).toEqual({ applied: 0, remaining: 0 });
  });

  it('finds a changed transcript passage at its own second, without any explicit reindexing', async () => {
    const before = await store.knowledge.retrieve({ question: '量子纠缠有什么奇妙的性质' });
    expect(before.passages).toEqual([]);
    const passage = db
      .prepare('SELECT start_ms AS startMs, end_ms AS endMs FROM video_transcripts WHERE video_id = 11 AND seq = 2')
      .get() as {
      startMs: number;
      endMs: number;
    };
    db.prepare('UPDATE video_transcripts SET text = ? WHERE video_id = 11 AND seq = 2').run(
      '量子纠缠有一种奇妙的性质，叫作非定域性。',
    );
    expect((await store.knowledge.stats()).pending).toBe(1);
    const after = await store.knowledge.retrieve({ question: '量子纠缠有什么奇妙的性质' });
    expect(after.passages.length).toBeGreaterThan(0);
    const best = after.passages[0]!;
    expect(best).toMatchObject({ videoId: 11, courseId: 1, kind: 'transcript', courseName: '唯物辩证法的基本规律' });
    expect(best.text).toContain('非定域性');
    expect(best.matchedTerms).toEqual(expect.arrayContaining(['量子', '纠缠']));
    // the chunk starts earlier (short passages are merged), but the passage points at the sentence
    expect(best.timePoint).toBe(Math.floor(passage.startMs / 1000));
    expect(best.timePoint).toBeGreaterThan(0);
  });

  it('follows renamed courses and deleted videos', async () => {
    db.prepare('UPDATE courses SET name = ? WHERE id = 9').run('政治经济学批判');
    const renamed = await store.knowledge.retrieve({ question: '政治经济学批判讲了什么' });
    expect(renamed.passages.length).toBeGreaterThan(0);
    expect(renamed.passages.every((p) => p.courseId === 9 && p.courseName === '政治经济学批判')).toBe(true);

    db.prepare('DELETE FROM videos WHERE id = 91').run();
    const left = await store.knowledge.retrieve({ question: '政治经济学批判讲了什么' });
    expect(left.passages.length).toBeGreaterThan(0);
    expect(left.passages.some((p) => p.videoId === 91)).toBe(false);
    expect(db.prepare('SELECT count(*) AS n FROM ai_chunks WHERE video_id = 91').get()).toEqual({ n: 0 });
  });

  it('boosts the asked course and video', async () => {
    // courses 1 (video 13) and 10 (video 101) both define 否定之否定规律
    const question = '否定之否定规律揭示了什么';
    const anywhere = await store.knowledge.retrieve({ question });
    const first = anywhere.passages[0]!.videoId;
    expect([13, 101]).toContain(first);
    const other = first === 13 ? { courseId: 10, videoId: 101 } : { courseId: 1, videoId: 13 };
    const asked = await store.knowledge.retrieve({ question, ...other });
    expect(asked.passages[0]!.videoId).toBe(other.videoId);
  });

  it('quotes a sentence once, one passage a lecture, and tells why the others were dropped', async () => {
    const result = await store.knowledge.retrieve({ question: '否定之否定规律揭示了什么' });
    const quotes = result.passages.map((p) => p.quote);
    expect(new Set(quotes).size).toBe(quotes.length);
    expect(new Set(result.passages.map((p) => p.videoId)).size).toBe(result.passages.length);
    const reasons = result.candidates.filter((c) => !c.kept).map((c) => c.reason);
    // the same definition in the other lecture, and this lecture's keyframe and abstract
    expect(reasons).toContain('与已选的句子重复');
    expect(reasons).toContain('同一讲已选一段');
    expect(result.candidates.filter((c) => c.kept).map((c) => c.passage)).toEqual(result.passages);
  });

  it('fuses an embedding ranking by reciprocal rank when the provider offers one', async () => {
    const question = '唯物辩证法的基本规律';
    const plain = await store.knowledge.retrieve({ question });
    expect(plain.fused).toBe(false);
    // an embedder that finds the last transcript candidate closest to the question: it rises in the fused order
    const target = plain.candidates.filter((c) => c.passage.kind === 'transcript').at(-1)!.passage.text;
    const embed = async (texts: string[]) => texts.map((t, i) => (i === 0 || t === target ? [1, 0] : [0, 1]));
    const fused = await store.knowledge.retrieve({ question, embed });
    expect(fused.fused).toBe(true);
    const rank = (r: typeof plain) => r.candidates.findIndex((c) => c.passage.text === target);
    expect(rank(plain)).toBeGreaterThan(0);
    expect(rank(fused)).toBeLessThan(rank(plain));
    // an embedder that fails leaves BM25 alone
    const failing = await store.knowledge.retrieve({ question, embed: async () => Promise.reject(new Error('down')) });
    expect(failing.fused).toBe(false);
    expect(failing.passages).toEqual(plain.passages);
  });

  it('retrieves nothing for a question made only of stopwords', async () => {
    for (const question of ['的', '的了吗', '是什么']) {
      const result = await store.knowledge.retrieve({ question });
      expect(result, question).toMatchObject({ keywords: [], passages: [], candidates: [] });
    }
  });

  it('indexes one queued course at most per question, the asked one first; the rest drains in the background', async () => {
    const courses = (db.prepare('SELECT count(*) AS n FROM courses').get() as { n: number }).n;
    requeueAll();
    const asked = await store.knowledge.retrieve({ question: '唯物辩证法的基本规律', courseId: 7 });
    // answered from the knowledge base as it is
    expect(asked.passages.length).toBeGreaterThan(0);
    expect((await store.knowledge.stats()).pending).toBe(courses - 1);
    expect(db.prepare('SELECT count(*) AS n FROM ai_kb_pending WHERE course_id = 7').get()).toEqual({ n: 0 });
    await store.knowledge.retrieve({ question: '唯物辩证法的基本规律' });
    expect((await store.knowledge.stats()).pending).toBe(courses - 2);
    await until(async () => ((await store.knowledge.stats()).pending === 0 ? true : undefined));
  });

  it('answers without waiting while another process holds the write lock, and catches up after', async () => {
    requeueAll();
    const pending = (await store.knowledge.stats()).pending;
    // the store's connection tries the lock once instead of waiting its busy_timeout (5 s) for it
    const pragmas = vi.spyOn(Database.prototype, 'pragma');
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = await store.knowledge.retrieve({ question: '唯物辩证法的基本规律', courseId: 1 });
      expect(result.passages.length).toBeGreaterThan(0);
      expect((await store.knowledge.stats()).pending).toBe(pending);
      expect(pragmas.mock.calls.map((call) => call[0])).toContain('busy_timeout = 0');
    } finally {
      pragmas.mockRestore();
      db.exec('COMMIT');
    }
    await until(async () => ((await store.knowledge.stats()).pending === 0 ? true : undefined));
  });

  it('rebuilds from scratch to the same chunks, course by course in place', async () => {
    const before = db
      .prepare('SELECT video_id, seq, kind, time_point, text FROM ai_chunks ORDER BY video_id, seq')
      .all();
    const lastCourse = (db.prepare('SELECT max(id) AS id FROM courses').get() as { id: number }).id;
    let seenMidway: { done: number; total: number; lastCourseChunks: number } | undefined;
    const { chunks } = await store.knowledge.rebuild({
      onProgress: (done, total) => {
        // another connection, as a question in the main API, still finds the courses not yet redone
        if (done === 1)
          seenMidway = {
            done,
            total,
            lastCourseChunks: (
              db.prepare('SELECT count(*) AS n FROM ai_chunks WHERE course_id = ?').get(lastCourse) as { n: number }
            ).n,
          };
      },
    });
    expect(seenMidway).toBeDefined();
    expect(seenMidway!.total).toBeGreaterThan(1);
    expect(seenMidway!.lastCourseChunks).toBeGreaterThan(0);
    expect(chunks).toBe(before.length);
    expect(
      db.prepare('SELECT video_id, seq, kind, time_point, text FROM ai_chunks ORDER BY video_id, seq').all(),
    ).toEqual(before);
    expect((await store.knowledge.stats()).pending).toBe(0);
  });

  /** queues every course again, as an import touching them all would */
  function requeueAll(): void {
    db.exec('DELETE FROM ai_kb_pending; INSERT INTO ai_kb_pending (course_id) SELECT id FROM courses ORDER BY id');
  }
});

/** polls until fn returns a value (the background drain runs on timers) */
async function until<T>(fn: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await fn();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('gave up waiting');
}
