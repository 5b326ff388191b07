/**
 * The AI knowledge base on PostgreSQL answers as SQLite's does: the demo seeded into both engines
 * (PostgreSQL in a schema of its own, dropped after), then a spread of the development set's
 * questions (tests/ai-eval: every kind, off-corpus ones included) and the retrieval-quality
 * questions asked of both: the same decision (answer or refuse), the same first source video, its
 * cited second within a few seconds. And its queue: a course changed or deleted in PostgreSQL is
 * what the knowledge base finds after catchUp.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg_ from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createKnowledgeBase,
  type KnowledgeBase,
  type Retrieval,
} from '../../upstream/src/ai/knowledge/knowledge-base';
import { createPostgresKnowledgeBase } from '../../upstream/src/ai/knowledge/postgres-knowledge-base';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import type { DemoContent } from '../../upstream/src/demo/types';
import { openStore, type SqliteStore } from '../../upstream/src/store';
import { dropSchema, ensureSchema, openPostgresStore, type PostgresStore } from '../../upstream/src/store/postgres';
import { QUESTIONS } from '../ai-eval/questions';

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** a fixed moment, so both engines get the same content */
const NOW = new Date('2026-11-28T04:00:00.000Z');
/** the cited seconds of the two engines may differ this much */
const SECONDS_APART = 3;

/** every fourth question of each kind of the development set, and every off-corpus one */
const SPREAD = [
  ...QUESTIONS.filter((q) => q.kind !== 'offcorpus').filter((_, i) => i % 4 === 0),
  ...QUESTIONS.filter((q) => q.kind === 'offcorpus'),
].map((q) => ({ question: q.question, kind: q.kind }));
const QUALITY = [
  '物质的唯一特性是什么？',
  '大庆精神的代表人物是谁？',
  'HTTPS和HTTP协议有什么关系',
  '图书馆学五定律是谁提出的',
  '今天北京天气怎么样？',
];

const summary = (r: Retrieval) => ({
  answered: r.passages.length > 0,
  video: r.passages[0]?.videoId ?? 0,
  second: r.passages[0]?.timePoint ?? -1,
  kind: r.passages[0]?.kind ?? '',
});

describe('the AI knowledge base on PostgreSQL', () => {
  let content: DemoContent;
  let sqlite: SqliteStore;
  let pg: PostgresStore;
  let lite: KnowledgeBase;
  let post: KnowledgeBase;
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ai-kb-pg-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    content = generateDemoContent({ now: NOW });
    sqlite = openStore(tempDir());
    await seedDemoContent(sqlite, content, sqlite.mediaDir);
    await ensureSchema(DATABASE_URL, schema);
    pg = await openPostgresStore(DATABASE_URL, { schema, dataDir: tempDir(), poolSize: 4 });
    // the knowledge base first: its triggers queue the courses as the demo is seeded
    post = await createPostgresKnowledgeBase(pg.connection);
    await seedDemoContent(pg, content, pg.mediaDir);
    lite = createKnowledgeBase(sqlite.sqlite);
    while ((await lite.catchUp(600_000)).remaining > 0);
    while ((await post.catchUp(600_000)).remaining > 0);
  }, 600_000);

  afterAll(async () => {
    await sqlite?.close();
    await pg?.close();
    await dropSchema(DATABASE_URL, schema);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('holds the same chunks as SQLite', async () => {
    const chunks = (await lite.stats()).chunks;
    expect(chunks).toBeGreaterThan(1_000);
    expect(await post.stats()).toEqual({ chunks, pending: 0 });
    const rows = await sql<{ videoId: number; seq: number; text: string }>`
      SELECT video_id AS "videoId", seq, text FROM ai_chunks ORDER BY video_id, seq`.execute(pg.connection.db());
    expect(rows.rows).toEqual(
      sqlite.sqlite.prepare('SELECT video_id AS videoId, seq, text FROM ai_chunks ORDER BY video_id, seq').all(),
    );
  });

  it(`answers ${SPREAD.length + QUALITY.length} questions as SQLite does: the same decision, first video and second`, async () => {
    const differences: string[] = [];
    let answered = 0;
    let refused = 0;
    for (const { question } of [...SPREAD, ...QUALITY.map((question) => ({ question }))]) {
      const a = summary(await lite.retrieve({ question }));
      const b = summary(await post.retrieve({ question }));
      if (a.answered) answered++;
      else refused++;
      if (a.answered !== b.answered || a.video !== b.video || Math.abs(a.second - b.second) > SECONDS_APART)
        differences.push(`${question}: SQLite ${JSON.stringify(a)}, PostgreSQL ${JSON.stringify(b)}`);
    }
    // the spread has both kinds of outcome, so a knowledge base that refuses everything fails
    expect(answered).toBeGreaterThan(40);
    expect(refused).toBeGreaterThan(20);
    expect(differences).toEqual([]);
  }, 300_000);

  it('finds the same passages for a question asked within a course and a video', async () => {
    const video = content.videos.find((v) => v.transcript.length > 3)!;
    const query = { question: '这一讲的核心观点是什么', courseId: video.courseId, videoId: video.id };
    const a = await lite.retrieve(query);
    const b = await post.retrieve(query);
    expect(b.passages.map((p) => p.videoId)).toEqual(a.passages.map((p) => p.videoId));
    expect(b.keywords).toEqual(a.keywords);
  });

  it("asks PostgreSQL for a question's word frequencies together, not a statement a word", async () => {
    const question = '毛主席在窑洞对里说让人民监督政府是跳出历史周期率的办法，那后来提出的第二个答案是什么';
    // a knowledge base of its own, so that nothing of this question is cached
    const fresh = await createPostgresKnowledgeBase(pg.connection);
    await fresh.loadDictionary();
    const query = vi.spyOn(pg_.Client.prototype, 'query');
    let asked: string[];
    let found: Retrieval;
    try {
      found = await fresh.retrieve({ question });
      asked = query.mock.calls.map((call: unknown[]) => {
        const text = call[0] as string | { text: string };
        return typeof text === 'string' ? text : text.text;
      });
    } finally {
      query.mockRestore();
    }
    // its words, found (8) or not (5): each was a count of its own (and of its bigrams when unseen)
    expect(found.keywords.length + found.analysis.unseen.length).toBeGreaterThanOrEqual(10);
    expect(found.passages.length).toBeGreaterThan(0);
    const counts = asked.filter((text) => /count\(\*\)/.test(text) && /ai_chunk_words|grams @@/.test(text));
    expect(counts.length).toBeGreaterThan(0);
    // the terms, the words of the unseen ones, and the bigram counts of the word ranking
    expect(counts.length).toBeLessThanOrEqual(3);
  });

  it('gives the planner statistics of what it built, not leaving it to autovacuum', async () => {
    // on tables never analysed, a question's statements scan every posting (2.3 s a question at 10 000 courses)
    const analysed = await sql<{ table: string; analysed: boolean; rows: number }>`
      SELECT c.relname AS table, s.last_analyze IS NOT NULL AS analysed, c.reltuples::float8 AS rows
      FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
      WHERE c.relname IN ('ai_chunks', 'ai_chunk_words', 'ai_sentences') AND s.schemaname = ${schema}
      ORDER BY c.relname`.execute(pg.connection.db());
    expect(analysed.rows.map((r) => [r.table, r.analysed])).toEqual([
      ['ai_chunk_words', true],
      ['ai_chunks', true],
      ['ai_sentences', true],
    ]);
    // taken on much of the demo (1 000, 2 000, 4 000… chunks), not on its first course
    const chunks = (await post.stats()).chunks;
    expect(analysed.rows.find((r) => r.table === 'ai_chunks')!.rows).toBeGreaterThan(chunks / 4);
  });

  it('follows a changed and a deleted course through its queue', async () => {
    const db = pg.connection.db();
    const video = content.videos.find((v) => v.transcript.length > 2)!;
    const question = '独角兽为什么喜欢琥珀';
    expect((await post.retrieve({ question })).passages).toEqual([]);
    await sql`UPDATE video_transcripts SET text = '独角兽喜欢琥珀，因为琥珀封存着远古森林的气息。' WHERE video_id = ${video.id} AND seq = 1`.execute(
      db,
    );
    expect((await post.stats()).pending).toBe(1);
    expect(await post.catchUp(60_000)).toEqual({ applied: 1, remaining: 0 });
    const found = await post.retrieve({ question });
    expect(found.passages[0]).toMatchObject({ videoId: video.id, courseId: video.courseId, kind: 'transcript' });
    expect(found.passages[0]!.text).toContain('远古森林');

    // the course deleted (its videos, keyframes and transcripts go with it): its chunks leave the knowledge base
    await sql`DELETE FROM courses WHERE id = ${video.courseId}`.execute(db);
    expect((await post.stats()).pending).toBe(1);
    const before = (await post.stats()).chunks;
    await post.catchUp(60_000);
    const left = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM ai_chunks WHERE course_id = ${video.courseId}`.execute(db);
    expect(left.rows[0]!.n).toBe(0);
    // the words and sentences of the chunks replaced (the changed course) and gone (the deleted one) went with them
    const orphans = await sql<{ words: number; sentences: number }>`SELECT
      (SELECT count(*) FROM ai_chunk_words w WHERE NOT EXISTS (SELECT 1 FROM ai_chunks c WHERE c.id = w.chunk_id)) AS words,
      (SELECT count(*) FROM ai_sentences s WHERE NOT EXISTS (SELECT 1 FROM ai_chunks c WHERE c.id = s.chunk_id)) AS sentences`.execute(
      db,
    );
    expect(orphans.rows[0]).toEqual({ words: 0, sentences: 0 });
    expect((await post.stats()).chunks).toBeLessThan(before);
    expect((await post.retrieve({ question })).passages).toEqual([]);
  });

  it('lets replicas drain the queue at once: a course another replica holds is skipped, never waited for, never indexed twice', async () => {
    const other = await createPostgresKnowledgeBase(pg.connection);
    const db = pg.connection.db();
    const chunks = (await post.stats()).chunks;
    const courses = content.courses.slice(0, 8).map((c) => c.id);
    await sql`SELECT ai_kb_queue(${courses}::int[])`.execute(db);
    // another replica indexing the first course holds its row
    const replica = new pg_.Client({ connectionString: DATABASE_URL, options: `-c search_path=${schema}` });
    await replica.connect();
    try {
      await replica.query('BEGIN');
      await replica.query('SELECT id FROM ai_kb_pending WHERE course_id = $1 FOR UPDATE', [courses[0]]);
      const [a, b] = await Promise.all([post.catchUp(600_000), other.catchUp(600_000)]);
      expect(a.applied + b.applied).toBe(courses.length - 1);
      expect((await post.stats()).pending).toBe(1);
      await replica.query('COMMIT');
    } finally {
      await replica.end();
    }
    // released: the course is indexed, here or by a background drain that came first (then this waits for it)
    for (let i = 0; i < 100 && (await other.catchUp(600_000)).remaining !== 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await post.stats()).toEqual({ chunks, pending: 0 });
  }, 300_000);
});
