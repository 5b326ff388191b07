/**
 * The search engine on PostgreSQL against the SQLite one: the demo content seeded into both
 * (PostgreSQL: a schema of its own, dropped after; TEST_DATABASE_URL to override), then a spread of
 * keywords over the five indexes, with and without a catalogue filter, must find the same matches
 * with the same counts and highlight terms, the exact-phrase tier first in both, pages consistent.
 * Relevance within a tier is BM25 in SQLite and ts_rank in PostgreSQL, so only sets and tiers are
 * compared. Then the change queue (renames, deletions, additions, several replicas applying it at
 * once), the rank window and a rebuild, on PostgreSQL alone.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import type { DemoContent } from '../../upstream/src/demo/types';
import { openMainApiData, type MainApiData } from '../../upstream/src/main-api/data';
import { analyzeKeyword } from '../../upstream/src/search/analyzer';
import { SEARCH_INDEXES, type SearchEngine, type SearchIndex } from '../../upstream/src/search/engine';
import { createPostgresSearchEngine } from '../../upstream/src/search/postgres-engine';
import { allOf, PG_INDEX_DEFINITIONS } from '../../upstream/src/search/postgres-indexes';
import { exactRowids, kpRef, kpRowid } from '../../upstream/src/search/ranking';
import { dropSchema, ensureSchema, openPostgresStore, type PostgresStore } from '../../upstream/src/store/postgres';

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const NOW = new Date('2026-11-28T04:00:00.000Z');

const rowid = (index: SearchIndex, id: unknown): number =>
  index === 'knowledgePoints' ? kpRowid(id as Parameters<typeof kpRowid>[0]) : (id as number);

describe('search engine on PostgreSQL, beside SQLite', () => {
  let content: DemoContent;
  let sqlite: MainApiData;
  let pg: PostgresStore;
  let engine: SearchEngine;
  const engines: SearchEngine[] = [];
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'search-pg-'));
    dirs.push(dir);
    return dir;
  };
  const run = async (query: ReturnType<typeof sql>) => query.execute(pg.connection.db());

  beforeAll(async () => {
    content = generateDemoContent({ now: NOW });
    sqlite = openMainApiData(tempDir());
    await seedDemoContent(sqlite, content);
    await sqlite.search.applyPending();
    await ensureSchema(DATABASE_URL, schema);
    pg = await openPostgresStore(DATABASE_URL, { schema, dataDir: tempDir(), poolSize: 4 });
    // the engine first: the triggers queue the content as it is seeded
    engine = await createPostgresSearchEngine(pg.connection);
    engines.push(engine);
    await seedDemoContent(pg, content);
    await engine.applyPending();
  }, 300_000);

  afterAll(async () => {
    for (const e of engines) await e.close();
    await sqlite?.close();
    await pg?.close();
    await dropSchema(DATABASE_URL, schema);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** keywords of every kind: names as typed, words, phrases, fragments, single characters, Latin */
  function keywords(): string[] {
    const course = content.courses[3]!;
    const lecturer = content.lecturers[1]!;
    const topic = content.topics[0]!;
    const video = content.videos[10]!;
    const passage = video.transcript[1] ?? video.transcript[0]!;
    return [
      '马克思主义',
      '哲学',
      '唯物辩证法',
      '中国特色社会主义',
      course.name,
      lecturer.name,
      lecturer.name.slice(1),
      topic.title,
      video.name,
      passage.text.slice(0, 12),
      '法',
      '的',
      '思政课程',
      'AI',
      '不存在的关键词组合',
    ];
  }

  const catalogueFilters = () => [
    0,
    content.catalogues.find((c) => c.level === 1)!.id,
    content.catalogues.find((c) => c.level === 2)!.id,
  ];

  it('runs its statements without JIT: compiling a search of a common word (100–250 ms) cost more than running it', async () => {
    const [row] = (await run(sql`SHOW jit`)).rows as { jit: string }[];
    expect(row!.jit).toBe('off');
    const [path] = (await run(sql`SELECT current_schema() AS schema`)).rows as { schema: string }[];
    expect(path!.schema).toBe(schema);
  });

  it('holds every document of the demo in each index, the queue empty', async () => {
    expect(await engine.stats()).toEqual(await sqlite.search.stats());
    expect((await engine.stats()).pending).toBe(0);
    expect((await engine.stats()).counts.courses).toBe(content.courses.length);
  });

  it('counts and finds the same matches as SQLite for every index, keyword and catalogue filter', async () => {
    let compared = 0;
    for (const keyword of keywords()) {
      for (const catalogueId of catalogueFilters()) {
        for (const index of SEARCH_INDEXES) {
          const label = `${index} ${keyword} in ${catalogueId}`;
          const query = { keyword, catalogueId, offset: 0, limit: 200 };
          const expected = await sqlite.search.search(index, query);
          const actual = await engine.search(index, query);
          expect(actual.totalCount, label).toBe(expected.totalCount);
          expect(await engine.count(index, query), label).toBe(expected.totalCount);
          expect(actual.highlightTerms, label).toEqual(expected.highlightTerms);
          expect(actual.ids.length, label).toBe(expected.ids.length);
          if (expected.totalCount <= 200) {
            const key = (id: unknown) => rowid(index, id);
            expect(
              actual.ids.map(key).sort((a, b) => a - b),
              label,
            ).toEqual(expected.ids.map(key).sort((a, b) => a - b));
            // the exact-phrase tier first, in both engines
            const documents = await PG_INDEX_DEFINITIONS[index].documentsByRowid(
              pg.connection.db(),
              actual.ids.map(key),
            );
            const exact = exactRowids(documents, analyzeKeyword(keyword));
            for (const ids of [actual.ids.map(key), expected.ids.map(key)]) {
              expect(new Set(ids.slice(0, exact.size)), label).toEqual(exact);
            }
          }
          if (expected.totalCount > 0) compared++;
        }
      }
    }
    // the spread finds something in many places, not only nothing everywhere
    expect(compared).toBeGreaterThan(40);
  });

  it('pages consistently: pages put together are the one long list, the total exact', async () => {
    for (const [index, keyword] of [
      ['knowledgePoints', '马克思主义'],
      ['courses', '的'],
      ['lecturers', '大学'],
    ] as [SearchIndex, string][]) {
      const all = await engine.search(index, { keyword, offset: 0, limit: 60 });
      expect(all.totalCount, `${index} ${keyword}`).toBeGreaterThan(14);
      const pages = [];
      for (let offset = 0; offset < 21; offset += 7)
        pages.push(...(await engine.search(index, { keyword, offset, limit: 7 })).ids);
      expect(pages).toEqual(all.ids.slice(0, 21));
    }
  });

  it('ranks only the newest window of a common keyword; the rest follows newest first, the total exact', async () => {
    const windowed = await createPostgresSearchEngine(pg.connection, { rankWindow: 5, headSize: 3 });
    engines.push(windowed);
    const keyword = '马克思主义';
    const total = await windowed.count('courses', { keyword });
    expect(total).toBeGreaterThan(10);
    const ids = (await windowed.search('courses', { keyword, offset: 0, limit: total })).ids;
    expect(ids).toHaveLength(total);
    const newest = [...ids].sort((a, b) => b - a);
    expect(new Set(ids.slice(0, 5))).toEqual(new Set(newest.slice(0, 5)));
    expect(ids.slice(5)).toEqual(newest.slice(5));
    expect((await windowed.search('courses', { keyword, offset: 2, limit: 6 })).ids).toEqual(ids.slice(2, 8));
    // a rarer keyword (under a tenth of the rows): the window's start found from a range of ids
    // (the engine reads the table's size from its statistics, as a rebuild leaves them)
    await run(sql`ANALYZE search_kp`);
    const rows = (await windowed.stats()).counts.knowledgePoints;
    let probed = 0;
    for (const rarer of ['唯物辩证法', '哲学', '中国特色社会主义', '实践', '矛盾']) {
      const n = await windowed.count('knowledgePoints', { keyword: rarer });
      if (n <= 10 || n >= rows / 10) continue;
      const hits = (await windowed.search('knowledgePoints', { keyword: rarer, offset: 0, limit: n })).ids.map(kpRowid);
      expect(hits).toHaveLength(n);
      const newestFirst = [...hits].sort((a, b) => b - a);
      expect(new Set(hits.slice(0, 5)), rarer).toEqual(new Set(newestFirst.slice(0, 5)));
      expect(hits.slice(5), rarer).toEqual(newestFirst.slice(5));
      probed++;
    }
    expect(probed).toBeGreaterThan(0);
  });

  it('keeps up with content changes through the queue: a course renamed, moved, deleted, added; a lecturer renamed', async () => {
    const [course, other] = content.courses.filter((c) => content.videos.some((v) => v.courseId === c.id));
    await run(sql`UPDATE courses SET name = '量子纠缠与辩证法新编' WHERE id = ${course!.id}`);
    expect((await engine.stats()).pending).toBeGreaterThan(0);
    await engine.catchUp({ maxMs: 10_000 });
    expect((await engine.search('courses', { keyword: '量子纠缠', offset: 0, limit: 5 })).ids).toEqual([course!.id]);
    expect(await engine.count('courses', { keyword: course!.name })).toBe(
      (await sqlite.search.count('courses', { keyword: course!.name })) - 1,
    );

    // moved to another subject: its knowledge points follow (course-videos)
    const target = content.catalogues.find((c) => c.level === 1 && c.id !== course!.catalogueId)!;
    await run(sql`UPDATE courses SET catalogue_id = ${target.id} WHERE id = ${course!.id}`);
    await engine.catchUp({ maxMs: 10_000 });
    const videoName = content.videos.find((v) => v.courseId === course!.id)!.name;
    const inTarget = (
      await engine.search('knowledgePoints', { keyword: videoName, catalogueId: target.id, offset: 0, limit: 200 })
    ).ids;
    expect(inTarget.some((k) => content.videos.find((v) => v.id === k.videoId)?.courseId === course!.id)).toBe(true);

    // deleted (its videos with it): gone from courses and knowledge points
    const otherVideos = new Set(content.videos.filter((v) => v.courseId === other!.id).map((v) => v.id));
    await run(sql`DELETE FROM courses WHERE id = ${other!.id}`);
    await engine.catchUp({ maxMs: 10_000 });
    expect((await engine.search('courses', { keyword: other!.name, offset: 0, limit: 200 })).ids).not.toContain(
      other!.id,
    );
    const [kpLeft] = (
      await run(sql`SELECT count(*)::integer AS n FROM search_kp WHERE video_id = ANY(${[...otherVideos]}::integer[])`)
    ).rows as { n: number }[];
    expect(kpLeft!.n).toBe(0);

    // added
    await run(sql`INSERT INTO courses (id, catalogue_id, lecturer_id, name, info, publish_time, update_time, image)
      VALUES (90001, ${target.id}, ${content.lecturers[0]!.id}, '新增的星际航行伦理课', '', 0, 0, 'x.svg')`);
    await engine.catchUp({ maxMs: 10_000 });
    expect((await engine.search('courses', { keyword: '星际航行', offset: 0, limit: 5 })).ids).toEqual([90001]);
    expect(
      (await engine.search('courses', { keyword: '星际航行', catalogueId: target.id, offset: 0, limit: 5 })).ids,
    ).toEqual([90001]);

    // a lecturer renamed: their courses are found by the new name (lecturer-courses)
    await run(sql`UPDATE lecturers SET name = '诸葛云帆' WHERE id = ${content.lecturers[0]!.id}`);
    await engine.catchUp({ maxMs: 10_000 });
    const taught = (await run(sql`SELECT id FROM courses WHERE lecturer_id = ${content.lecturers[0]!.id}`)).rows as {
      id: number;
    }[];
    const found = (await engine.search('courses', { keyword: '诸葛云帆', offset: 0, limit: 200 })).ids;
    expect(new Set(found)).toEqual(new Set(taught.map((r) => r.id)));
    expect((await engine.search('lecturers', { keyword: '诸葛云帆', offset: 0, limit: 5 })).ids).toEqual([
      content.lecturers[0]!.id,
    ]);
    expect((await engine.stats()).pending).toBe(0);
  });

  it('lets several replicas apply the queue at once, each change applied once', async () => {
    const replica = await createPostgresSearchEngine(pg.connection, { pendingBatch: 5 });
    engines.push(replica);
    const ids = ((await run(sql`SELECT id FROM videos ORDER BY id DESC LIMIT 40`)).rows as { id: number }[]).map(
      (r) => r.id,
    );
    await run(sql`UPDATE videos SET name = name || '·并行' WHERE id = ANY(${ids}::integer[])`);
    expect((await engine.stats()).pending).toBeGreaterThanOrEqual(40);
    const [a, b] = await Promise.all([engine.applyPending(), replica.applyPending()]);
    expect(a.applied + b.applied).toBeGreaterThanOrEqual(40);
    expect(a.dropped.concat(b.dropped)).toEqual([]);
    expect((await engine.stats()).pending).toBe(0);
    const kp = (await run(sql`SELECT count(*)::integer AS n FROM search_kp WHERE video_id = ANY(${ids}::integer[])`))
      .rows as { n: number }[];
    const expected = content.videos
      .filter((v) => ids.includes(v.id))
      .reduce((n, v) => n + v.keyframes.length + v.transcript.length, 0);
    expect(kp[0]!.n).toBe(expected);
    expect(await engine.count('knowledgePoints', { keyword: '并行' })).toBe(expected);
  });

  it('gives up a batch, never a content write, when the two wait for each other; catches up after', async () => {
    const lecturerId = content.lecturers[2]!.id;
    const [taughtCourse] = (
      await run(sql`SELECT id FROM courses WHERE lecturer_id = ${lecturerId} ORDER BY id LIMIT 1`)
    ).rows as { id: number }[];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let queued!: () => void;
    const writing = new Promise<void>((resolve) => (queued = resolve));
    // a content write in progress: it has queued its course and holds that row of the queue
    const writer = pg.connection.transaction(async () => {
      await run(sql`UPDATE courses SET name = name WHERE id = ${taughtCourse!.id}`);
      queued();
      await held;
    });
    await writing;
    // the lecturer renamed meanwhile: applying it requeues their courses, the writer's among them
    await run(sql`UPDATE lecturers SET name = '司马远航' WHERE id = ${lecturerId}`);
    const reports: string[] = [];
    await engine.catchUp({ maxMs: 5_000, report: (level, message) => reports.push(`${level}: ${message}`) });
    expect(reports[0]).toMatch(/^warn: search index: applying queued changes/);
    release();
    await writer;
    await engine.catchUp({ maxMs: 5_000, report: (level, message) => reports.push(`${level}: ${message}`) });
    // the background slices may still run (holding their rows): apply what is left until none is
    for (let i = 0; i < 100 && (await engine.stats()).pending > 0; i++) {
      await engine.applyPending();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await engine.stats()).pending).toBe(0);
    expect((await engine.search('courses', { keyword: '司马远航', offset: 0, limit: 200 })).ids).toContain(
      taughtCourse!.id,
    );
  });

  it('matches the words of a keyword as SQLite does: a phrase of one word in a row, separate words in any order', async () => {
    const subject = content.catalogues.find((c) => c.level === 1)!;
    const course = (id: number, name: string) => ({
      id,
      catalogueId: subject.id,
      lecturerId: content.lecturers[0]!.id,
      name,
      info: '',
      exclusive: false,
      viewCount: 0,
      collectCount: 0,
      likeCount: 0,
      noteCount: 0,
      publishTime: NOW.getTime(),
      updateTime: NOW.getTime(),
      recommendPosition: null,
      selectPosition: null,
      image: 'x.svg',
    });
    // the words of 卡尔·马克思 in their order, and reversed; one lexeme-phrase (GPT-4) in order, and apart
    const added = [
      course(90101, '卡尔·马克思的青年时代'),
      course(90102, '马克思和卡尔·考茨基的通信'),
      course(90103, 'GPT-4与教学'),
      course(90104, '第4讲：GPT写作'),
    ];
    for (const store of [sqlite, pg]) {
      for (const c of added) await store.courses.insert(c);
    }
    await sqlite.search.applyPending();
    await engine.applyPending();
    const found = async (e: SearchEngine, keyword: string) =>
      (await e.search('courses', { keyword, offset: 0, limit: 50 })).ids.filter((id) => id > 90_100).sort();
    for (const keyword of ['卡尔·马克思', '马克思·卡尔', 'GPT-4', 'gpt-4']) {
      expect(await found(engine, keyword), keyword).toEqual(await found(sqlite.search, keyword));
    }
    // FTS5: every word required, anywhere in its field; a word of several lexemes is a phrase
    expect(await found(engine, '卡尔·马克思')).toEqual([90101, 90102]);
    expect(await found(engine, 'GPT-4')).toEqual([90103]);
    // and PostgreSQL's phrase is a real phrase: the lexemes of one word next to each other
    const [phrase] = (
      await run(
        sql`SELECT count(*)::integer AS n FROM search_course WHERE id > 90100 AND words @@ ${allOf(['gpt-4'])}::tsquery`,
      )
    ).rows as { n: number }[];
    expect(allOf(['gpt-4'])).toBe("('gpt' <-> '4')");
    expect(phrase!.n).toBe(1);
  });

  it('keeps the counts of common lexemes exact, per catalogue too, through changes (a course moved, one deleted), and answers with them', async () => {
    const kept = await createPostgresSearchEngine(pg.connection, { commonLexemeRows: 30 });
    engines.push(kept);
    await kept.rebuild();
    const countsOf = async () =>
      new Map(
        (
          (await run(sql`SELECT tbl || ':' || variant || ':' || cat || ':' || lexeme AS key, n FROM search_counts`))
            .rows as { key: string; n: number }[]
        ).map((r) => [r.key, r.n]),
      );
    const tracked = await countsOf();
    expect(tracked.get('search_kp:chars:0:的')).toBeGreaterThan(30);
    expect(tracked.get('search_course:words:0:马克思主义')).toBeGreaterThan(30);
    // per catalogue (cat: the subtree's rows, as the filter reads them): a course to move out of one
    const [moved] = (
      await run(sql`SELECT c.id, c.catalogue_id AS "from" FROM courses c
      WHERE EXISTS (SELECT 1 FROM videos v WHERE v.course_id = c.id) AND c.id < 90000 ORDER BY c.id LIMIT 1`)
    ).rows as { id: number; from: number }[];
    const [subject] = (
      await run(sql`SELECT cl.ancestor_id AS id FROM catalogue_closure cl JOIN catalogues a ON a.id = cl.ancestor_id
      WHERE cl.descendant_id = ${moved!.from} AND a.level = 1`)
    ).rows as { id: number }[];
    const source = subject!.id;
    const target = content.catalogues.find((c) => c.level === 1 && c.id !== source)!;
    const perCatalogue = [...tracked.keys()].filter((key) => key.startsWith(`search_kp:chars:${source}:`));
    expect(perCatalogue.length).toBeGreaterThan(0);
    expect([...tracked.keys()].some((key) => key.startsWith(`search_kp:chars:${target.id}:`))).toBe(true);
    // every kept count is the number of rows holding its lexeme (counted here from the rows), of
    // the whole index (0) and of each catalogue's subtree
    const verify = async () => {
      const counts = await countsOf();
      expect([...counts.keys()].sort()).toEqual([...tracked.keys()].sort());
      const actual = new Map<string, number>();
      for (const tbl of ['search_kp', 'search_course']) {
        for (const variant of ['words', 'chars']) {
          const list = (
            await run(sql`SELECT c AS cat, l AS lexeme, count(*)::integer AS n FROM ${sql.table(tbl)},
              unnest(tsvector_to_array(${sql.ref(variant)})) AS l, unnest(array_prepend(0, cats)) AS c GROUP BY c, l`)
          ).rows as { cat: number; lexeme: string; n: number }[];
          for (const row of list) actual.set(`${tbl}:${variant}:${row.cat}:${row.lexeme}`, row.n);
        }
      }
      for (const [key, n] of counts) expect(n, key).toBe(actual.get(key) ?? 0);
      return counts;
    };
    await verify();
    // what changes the index: videos renamed (their knowledge points rewritten), a course deleted
    const videoIds = ((await run(sql`SELECT id FROM videos ORDER BY id LIMIT 30`)).rows as { id: number }[]).map(
      (r) => r.id,
    );
    await run(sql`UPDATE videos SET name = name || '的马克思主义' WHERE id = ANY(${videoIds}::integer[])`);
    const [doomed] = (await run(sql`SELECT id FROM courses WHERE id < 90000 ORDER BY id DESC LIMIT 1`)).rows as {
      id: number;
    }[];
    await run(sql`DELETE FROM courses WHERE id = ${doomed!.id}`);
    // a course moved to another subject: its rows leave the counts of its old catalogues for the new
    await run(sql`UPDATE courses SET catalogue_id = ${target.id} WHERE id = ${moved!.id}`);
    await kept.applyPending();
    const after = await verify();
    expect(after.get('search_kp:words:0:马克思主义')).not.toBe(tracked.get('search_kp:words:0:马克思主义'));
    expect(after.get(`search_kp:chars:${source}:的`)).toBeLessThan(tracked.get(`search_kp:chars:${source}:的`)!);
    expect(after.get(`search_kp:chars:${target.id}:的`)).toBeGreaterThan(
      tracked.get(`search_kp:chars:${target.id}:的`)!,
    );
    // the engine answers a one-lexeme keyword from them, as counting would
    for (const [index, keyword, key, catalogueId] of [
      ['knowledgePoints', '的', 'search_kp:chars:0:的', 0],
      ['courses', '马克思主义', 'search_course:words:0:马克思主义', 0],
      ['knowledgePoints', '的', `search_kp:chars:${source}:的`, source],
      ['knowledgePoints', '的', `search_kp:chars:${target.id}:的`, target.id],
    ] as const) {
      expect(after.get(key), key).toBeGreaterThan(0);
      expect(await kept.count(index, { keyword, catalogueId }), key).toBe(after.get(key));
      expect((await kept.search(index, { keyword, catalogueId, offset: 0, limit: 5 })).totalCount, key).toBe(
        after.get(key),
      );
    }
    // with a filter too, the count is the kept one (read, not counted from the matches)
    await run(
      sql`UPDATE search_counts SET n = n + 1000 WHERE tbl = 'search_kp' AND variant = 'chars' AND lexeme = '的' AND cat = ${source}`,
    );
    expect(await kept.count('knowledgePoints', { keyword: '的', catalogueId: source })).toBe(
      after.get(`search_kp:chars:${source}:的`)! + 1000,
    );
    await run(
      sql`UPDATE search_counts SET n = n - 1000 WHERE tbl = 'search_kp' AND variant = 'chars' AND lexeme = '的' AND cat = ${source}`,
    );
  }, 300_000);

  it('rebuilds into new tables and swaps them in; searches answer as before, nothing left behind', async () => {
    const before = await engine.stats();
    const query = { keyword: '马克思主义', offset: 0, limit: 50 };
    const hits = await engine.search('knowledgePoints', query);
    const progress: string[] = [];
    const summary = await engine.rebuild({ onProgress: ({ index, rows }) => progress.push(`${index}:${rows}`) });
    expect(summary.counts).toEqual(before.counts);
    expect(progress.some((p) => p.startsWith('knowledgePoints:'))).toBe(true);
    expect(await engine.search('knowledgePoints', query)).toEqual(hits);
    const leftovers = (
      await run(sql`SELECT tablename FROM pg_tables WHERE schemaname = ${schema} AND tablename LIKE '%\\_\\_%'`)
    ).rows;
    expect(leftovers).toEqual([]);
    // the indexes keep their names: a second rebuild works the same
    await expect(engine.rebuild()).resolves.toMatchObject({ counts: before.counts });
    expect(kpRef(kpRowid({ kind: 'transcript', videoId: 3, seq: 4 }))).toEqual({
      kind: 'transcript',
      videoId: 3,
      seq: 4,
    });
  }, 300_000);
});
