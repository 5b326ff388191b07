/**
 * The search benchmark: a corpus of 100 000 courses and 1 000 000 knowledge points
 * (search-corpus.ts) written into a fresh store as the demo is, its index built by the engine
 * (timed), then a main API process of its own on that store answering signed search requests
 * over HTTP, as the gateway sends them. Reported: index build time and size, and p50/p95/p99
 * latency of each search call at concurrency 1 (budget: p95 < 50 ms for SearchByKeyWord), and
 * the all-tab call's throughput at concurrency 4.
 *
 * Queries are drawn from the corpus: concept terms (2–6 characters), lecturer names, phrases cut
 * from transcripts (6–12 characters), subject words, single characters and two-word queries; a
 * fifth are filtered by a catalogue, some ask for page 2. Each distinct searcher address records
 * hot keywords as real searches do (a write per first-page search).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openMainApiData } from '../../upstream/src/main-api/data';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { createRng } from '../../upstream/src/demo/random';
import { freePort, repoRoot } from '../support/platform';
import type { Cleanup } from './cleanup';
import { BrokenError } from './graphql-client';
import { percentile } from './stats';
import { DirectUpstream, type RecordedCall } from './upstream-calls';
import { FULL_CORPUS, generateCorpus, type CorpusSize } from './search-corpus';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { SearchEngine } from '../../upstream/src/search/engine';
import { createPostgresSearchEngine } from '../../upstream/src/search/postgres-engine';
import { dropSchema, ensureSchema, openPostgresStore } from '../../upstream/src/store/postgres';

export interface SearchLatency {
  label: string;
  count: number;
  concurrency: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  perSecond: number;
}

export interface SearchBenchResults {
  corpus: { courses: number; videos: number; knowledgePoints: number; lecturers: number; topics: number };
  generateMs: number;
  seedMs: number;
  buildMs: number;
  indexRows: Record<string, number>;
  databaseBytesBefore: number;
  databaseBytesAfter: number;
  queries: { total: number; mix: string };
  latency: SearchLatency[];
  budgetMs: number;
}

export const SEARCH_P95_BUDGET_MS = 50;

export type QueryCase = { keyword: string; catalogId: number; pageIndex: number; kind: string };

export function buildQueries(
  vocabulary: ReturnType<typeof generateCorpus>['vocabulary'],
  catalogueIds: number[],
  count: number,
): QueryCase[] {
  const rng = createRng('search-bench-queries');
  const singles = [...'学法史心德理论国家文化经济社会'];
  const kinds: [string, number, () => string][] = [
    ['concept term', 0.35, () => rng.pick(vocabulary.terms)],
    ['lecturer name', 0.15, () => rng.pick(vocabulary.lecturerNames)],
    ['transcript phrase', 0.15, () => rng.pick(vocabulary.phrases)],
    ['subject word', 0.1, () => rng.pick(vocabulary.courseWords).slice(0, rng.int(2, 4))],
    ['single character', 0.1, () => rng.pick(singles)],
    ['two words', 0.15, () => `${rng.pick(vocabulary.terms)} ${rng.pick(vocabulary.terms)}`],
  ];
  const queries: QueryCase[] = [];
  for (let i = 0; i < count; i++) {
    let r = rng.next();
    let chosen = kinds[kinds.length - 1]!;
    for (const k of kinds) {
      if (r < k[1]) {
        chosen = k;
        break;
      }
      r -= k[1];
    }
    const keyword = [...chosen[2]()].slice(0, 50).join('');
    queries.push({
      keyword,
      kind: chosen[0],
      catalogId: rng.chance(0.2) ? rng.pick(catalogueIds) : 0,
      pageIndex: rng.chance(0.15) ? 2 : 1,
    });
  }
  return queries;
}

async function startMainApiProcess(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'upstream/cli/main-api.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, UPSTREAM_PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new BrokenError(`the benchmark's main API exited early (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new BrokenError(`the benchmark's main API did not answer /healthz within 120 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop };
}

function searchCall(pathname: string, params: Record<string, string>, forwardedFor: string): RecordedCall {
  return { method: 'GET', path: pathname, query: new URLSearchParams(params).toString(), params, forwardedFor };
}

async function timeCalls(
  label: string,
  direct: DirectUpstream,
  calls: RecordedCall[],
  concurrency: number,
): Promise<SearchLatency> {
  const samples: number[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls.length) {
        const call = calls[next++]!;
        const t0 = performance.now();
        await direct.call(call);
        samples.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - began;
  samples.sort((a, b) => a - b);
  return {
    label,
    count: samples.length,
    concurrency,
    p50Ms: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
    p99Ms: percentile(samples, 99),
    maxMs: samples[samples.length - 1] ?? NaN,
    perSecond: (samples.length / elapsed) * 1000,
  };
}

export async function runSearchBench(options: {
  cleanup: Cleanup;
  step: (text: string) => void;
  size?: CorpusSize;
  queries?: number;
}): Promise<SearchBenchResults> {
  const { cleanup, step } = options;
  const size = options.size ?? FULL_CORPUS;
  const queryCount = options.queries ?? 600;

  step(`search: generating a corpus of ${size.courses} courses and ${size.knowledgePoints} knowledge points`);
  let t0 = performance.now();
  let corpus: ReturnType<typeof generateCorpus> | null = generateCorpus(size);
  const generateMs = performance.now() - t0;
  const counts = {
    courses: corpus.content.courses.length,
    videos: corpus.content.videos.length,
    knowledgePoints: corpus.knowledgePoints,
    lecturers: corpus.content.lecturers.length,
    topics: corpus.content.topics.length,
  };
  const vocabulary = corpus.vocabulary;
  const catalogueIds = corpus.content.catalogues.filter((c) => c.level >= 2).map((c) => c.id);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sizheng-search-bench-'));
  cleanup.add('search corpus data', () => rmSync(dataDir, { recursive: true, force: true }));
  step(`search: writing it into a fresh store (${dataDir}) through the demo seeder`);
  const store = openMainApiData(dataDir);
  t0 = performance.now();
  await seedDemoContent(store, corpus.content, path.join(dataDir, 'media'));
  const seedMs = performance.now() - t0;
  corpus = null; // the strings are in the store now: let the collector have them
  await store.close();

  const databaseFile = path.join(dataDir, 'sizheng.sqlite');
  const databaseBytesBefore = statSync(databaseFile).size;
  step('search: building the search index (engine.rebuild)');
  const indexStore = openMainApiData(dataDir);
  t0 = performance.now();
  const summary = await indexStore.search.rebuild({
    onProgress: ({ index, rows }) => {
      if (rows % 200_000 === 0 && rows > 0) step(`search:   ${index}: ${rows} rows`);
    },
  });
  const buildMs = performance.now() - t0;
  await indexStore.close();
  const databaseBytesAfter = statSync(databaseFile).size;
  step(`search: index built in ${(buildMs / 1000).toFixed(1)} s: ${JSON.stringify(summary.counts)}`);

  step('search: starting a main API process on the corpus');
  const api = await startMainApiProcess(dataDir);
  cleanup.add('search main API', () => api.stop());
  const direct = new DirectUpstream(api.url);
  cleanup.add('search direct pool', () => direct.close());

  const queries = buildQueries(vocabulary, catalogueIds, queryCount);
  const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const searchCalls = (type: string, pageSize: number) =>
    queries.map((q, i) =>
      searchCall(
        '/api/search/SearchByKeyWord',
        {
          SearchByKeyWord: q.keyword,
          type,
          pageIndex: String(type === 'all' ? 1 : q.pageIndex),
          pageSize: String(pageSize),
          catalogId: String(q.catalogId),
        },
        address(i),
      ),
    );
  const countCalls = queries.map((q, i) =>
    searchCall(
      '/api/search/GetSearchCountByKeyWord',
      { SearchByKeyWord: q.keyword, catalogId: String(q.catalogId) },
      address(i),
    ),
  );

  step('search: warm-up (the page cache of the index)');
  await timeCalls('warm-up', direct, searchCalls('all', 21).slice(0, 150), 2);

  const latency: SearchLatency[] = [];
  for (const [label, calls] of [
    [
      'SearchByKeyWord type=all (综合 tab: 21 courses + 10 knowledge points + 4 topics + 8 lecturers)',
      searchCalls('all', 21),
    ],
    [
      `SearchByKeyWord type=video (知识点 tab over ${n(counts.knowledgePoints)} knowledge points, pages 1 and 2)`,
      searchCalls('video', 21),
    ],
    ['SearchByKeyWord type=course (课程 tab, pages 1 and 2)', searchCalls('course', 21)],
    ['SearchByKeyWord type=author (讲师 tab)', searchCalls('author', 21)],
    ['GetSearchCountByKeyWord (the tab counts)', countCalls],
  ] as [string, RecordedCall[]][]) {
    step(`search: ${queries.length} × ${label.split(' (')[0]} at concurrency 1`);
    latency.push(await timeCalls(label, direct, [...calls], 1));
  }
  step(`search: ${queries.length} × SearchByKeyWord type=all at concurrency 4`);
  latency.push(await timeCalls('SearchByKeyWord type=all at concurrency 4', direct, searchCalls('all', 21), 4));

  await direct.close();
  await api.stop();

  const mix = new Map<string, number>();
  for (const q of queries) mix.set(q.kind, (mix.get(q.kind) ?? 0) + 1);
  return {
    corpus: counts,
    generateMs,
    seedMs,
    buildMs,
    indexRows: summary.counts,
    databaseBytesBefore,
    databaseBytesAfter,
    queries: {
      total: queries.length,
      mix: [...mix.entries()].map(([k, n]) => `${n} ${k}`).join(', '),
    },
    latency,
    budgetMs: SEARCH_P95_BUDGET_MS,
  };
}

// ---- the engines side by side ---------------------------------------------------------------------

export type SearchEngineName = 'sqlite' | 'postgres';

export interface EngineBenchResults {
  corpus: SearchBenchResults['corpus'];
  engines: {
    engine: SearchEngineName;
    seedMs: number;
    buildMs: number;
    indexRows: Record<string, number>;
    latency: SearchLatency[];
  }[];
  queries: { total: number; mix: string };
  budgetMs: number;
}

/** what the 综合 tab asks the engine (search-service.ts): a catch-up, then the four groups at once */
async function allTab(engine: SearchEngine, q: QueryCase): Promise<void> {
  await engine.catchUp({ maxMs: 250 });
  const query = { keyword: q.keyword, catalogueId: q.catalogId };
  await Promise.all([
    engine.search('courses', { ...query, offset: 0, limit: 21 }),
    engine.search('knowledgePoints', { ...query, offset: 0, limit: 10 }),
    engine.search('topics', { ...query, offset: 0, limit: 4 }),
    engine.search('lecturers', { ...query, offset: 0, limit: 8 }),
  ]);
}

async function timeEngine(
  label: string,
  queries: QueryCase[],
  concurrency: number,
  call: (q: QueryCase) => Promise<unknown>,
): Promise<SearchLatency> {
  const samples: number[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < queries.length) {
        const q = queries[next++]!;
        const t0 = performance.now();
        await call(q);
        samples.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - began;
  samples.sort((a, b) => a - b);
  return {
    label,
    count: samples.length,
    concurrency,
    p50Ms: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
    p99Ms: percentile(samples, 99),
    maxMs: samples[samples.length - 1] ?? NaN,
    perSecond: (samples.length / elapsed) * 1000,
  };
}

/**
 * The search engines alone, in this process, side by side on one corpus: SQLite (FTS5) and
 * PostgreSQL (tsvectors under GIN, DATABASE_URL or TEST_DATABASE_URL, a schema of its own dropped
 * after). The corpus is seeded into each, each index rebuilt (timed), then the same queries: the
 * 综合 tab's four groups, the 知识点 tab's page, the four counts, at concurrency 1 and 4. No HTTP:
 * the engines' own cost, before the main API on PostgreSQL is wired.
 */
export async function runSearchEngineBench(options: {
  cleanup: Cleanup;
  step: (text: string) => void;
  size?: CorpusSize;
  queries?: number;
  engines?: SearchEngineName[];
  databaseUrl?: string;
  /**
   * PostgreSQL: seed into this schema and keep it (not dropped after); a schema already holding
   * the corpus is not seeded again (the index is rebuilt all the same). For trying queries on it.
   */
  postgresSchema?: string;
  /** with postgresSchema: a schema whose index holds the corpus already is not rebuilt (build time NaN) */
  reuseIndex?: boolean;
}): Promise<EngineBenchResults> {
  const { cleanup, step } = options;
  const size = options.size ?? FULL_CORPUS;
  const names = options.engines ?? ['sqlite', 'postgres'];
  const databaseUrl =
    options.databaseUrl ??
    process.env.DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  step(`search engines: generating a corpus of ${size.courses} courses and ${size.knowledgePoints} knowledge points`);
  const corpus = generateCorpus(size);
  const catalogueIds = corpus.content.catalogues.filter((c) => c.level >= 2).map((c) => c.id);
  const queries = buildQueries(corpus.vocabulary, catalogueIds, options.queries ?? 600);
  const results: EngineBenchResults['engines'] = [];
  for (const name of names) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `sizheng-search-${name}-`));
    cleanup.add(`search ${name} data`, () => rmSync(dataDir, { recursive: true, force: true }));
    let engine: SearchEngine;
    let close: () => Promise<void>;
    let t0 = performance.now();
    step(`search engines: ${name}: seeding the corpus`);
    if (name === 'sqlite') {
      const store = openMainApiData(dataDir);
      await seedDemoContent(store, corpus.content, path.join(dataDir, 'media'));
      engine = store.search;
      close = () => store.close();
    } else {
      const schema = options.postgresSchema ?? `bench_search_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      await ensureSchema(databaseUrl, schema);
      if (!options.postgresSchema) cleanup.add(`search ${name} schema`, () => dropSchema(databaseUrl, schema));
      const store = await openPostgresStore(databaseUrl, { schema, dataDir, poolSize: 8 });
      const seeded = Number(
        (await sql<{ n: number }>`SELECT count(*)::integer AS n FROM courses`.execute(store.connection.db())).rows[0]!
          .n,
      );
      if (seeded !== corpus.content.courses.length)
        await seedDemoContent(store, corpus.content, path.join(dataDir, 'media'));
      else step(`search engines: ${name}: schema ${schema} holds the corpus already`);
      // made after the seeding: its migration queues every row at once, which the rebuild covers
      engine = await createPostgresSearchEngine(store.connection);
      close = async () => {
        await engine.close();
        await store.close();
      };
    }
    const seedMs = performance.now() - t0;
    const held = options.reuseIndex && name === 'postgres' ? await engine.stats() : null;
    let summary: { counts: Record<string, number> };
    let buildMs = NaN;
    if (
      held &&
      held.counts.courses === corpus.content.courses.length &&
      held.counts.knowledgePoints === corpus.knowledgePoints
    ) {
      step(`search engines: ${name}: the index holds the corpus already: not rebuilt`);
      summary = held;
    } else {
      step(`search engines: ${name}: building the index (engine.rebuild)`);
      t0 = performance.now();
      summary = await engine.rebuild({
        onProgress: ({ index, rows }) => {
          if (rows % 200_000 < 500 && rows >= 200_000) step(`search engines: ${name}:   ${index}: ${rows} rows`);
        },
      });
      buildMs = performance.now() - t0;
      step(`search engines: ${name}: index built in ${(buildMs / 1000).toFixed(1)} s`);
    }
    const latency: SearchLatency[] = [];
    await timeEngine('warm-up', queries.slice(0, 100), 2, (q) => allTab(engine, q));
    const cases: [string, number, (q: QueryCase) => Promise<unknown>][] = [
      ['综合 tab: four groups (21 + 10 + 4 + 8)', 1, (q) => allTab(engine, q)],
      [
        '知识点 tab: a page of 21',
        1,
        (q) =>
          engine.search('knowledgePoints', {
            keyword: q.keyword,
            catalogueId: q.catalogId,
            offset: (q.pageIndex - 1) * 21,
            limit: 21,
          }),
      ],
      [
        'the four tab counts',
        1,
        (q) =>
          Promise.all(
            (['courses', 'topics', 'lecturers', 'knowledgePoints'] as const).map((i) =>
              engine.count(i, { keyword: q.keyword, catalogueId: q.catalogId }),
            ),
          ),
      ],
      ['综合 tab at concurrency 4', 4, (q) => allTab(engine, q)],
    ];
    for (const [label, concurrency, call] of cases) {
      step(`search engines: ${name}: ${queries.length} × ${label}`);
      latency.push(await timeEngine(label, queries, concurrency, call));
    }
    await close();
    results.push({ engine: name, seedMs, buildMs, indexRows: summary.counts, latency });
  }
  const mix = new Map<string, number>();
  for (const q of queries) mix.set(q.kind, (mix.get(q.kind) ?? 0) + 1);
  return {
    corpus: {
      courses: corpus.content.courses.length,
      videos: corpus.content.videos.length,
      knowledgePoints: corpus.knowledgePoints,
      lecturers: corpus.content.lecturers.length,
      topics: corpus.content.topics.length,
    },
    engines: results,
    queries: { total: queries.length, mix: [...mix.entries()].map(([k, v]) => `${v} ${k}`).join(', ') },
    budgetMs: SEARCH_P95_BUDGET_MS,
  };
}

export function searchEnginesMarkdown(r: EngineBenchResults): string {
  return [
    `Search engines in-process on one corpus: ${n(r.corpus.courses)} courses, ${n(r.corpus.knowledgePoints)} knowledge points, ${n(r.corpus.lecturers)} lecturers, ${n(r.corpus.topics)} topics; ${r.queries.total} queries (${r.queries.mix}).`,
    '',
    '| engine | seed | index build | call | concurrency | p50 | p95 | p99 | max | calls/s |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...r.engines.flatMap((e) =>
      e.latency.map(
        (l) =>
          `| ${e.engine} | ${(e.seedMs / 1000).toFixed(1)} s | ${Number.isNaN(e.buildMs) ? '(kept)' : `${(e.buildMs / 1000).toFixed(1)} s`} | ${l.label} | ${l.concurrency} | ${ms(l.p50Ms)} | ${ms(l.p95Ms)} | ${ms(l.p99Ms)} | ${ms(l.maxMs)} | ${l.perSecond.toFixed(0)} |`,
      ),
    ),
  ].join('\n');
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const n = (x: number) => x.toLocaleString('en-US').replace(/,/g, ' ');

export function searchMarkdown(r: SearchBenchResults): string {
  const main = r.latency[0]!;
  const verdict = main.p95Ms < r.budgetMs ? 'within budget' : 'OVER BUDGET';
  const lines = [
    `Search corpus: ${n(r.corpus.courses)} courses, ${n(r.corpus.videos)} videos with ${n(r.corpus.knowledgePoints)} knowledge points (keyframes and transcript passages), ${n(r.corpus.lecturers)} lecturers, ${n(r.corpus.topics)} topics (tests/bench/search-corpus.ts).`,
    `Generated in ${(r.generateMs / 1000).toFixed(1)} s, written by the demo seeder in ${(r.seedMs / 1000).toFixed(1)} s; **index build (jieba + FTS5) ${(r.buildMs / 1000).toFixed(1)} s**; database ${mib(r.databaseBytesBefore)} without the index, ${mib(r.databaseBytesAfter)} with it. Index rows: ${Object.entries(
      r.indexRows,
    )
      .map(([k, v]) => `${k} ${n(v)}`)
      .join(', ')}.`,
    `Queries: ${r.queries.total} (${r.queries.mix}); a fifth filtered by a catalogue, 15 % page 2. Signed HTTP to a main API process on the corpus, as the gateway calls it.`,
    '',
    '| call | concurrency | p50 | p95 | p99 | max | calls/s |',
    '|---|---|---|---|---|---|---|',
    ...r.latency.map(
      (l) =>
        `| ${l.label} | ${l.concurrency} | ${ms(l.p50Ms)} | ${ms(l.p95Ms)} | ${ms(l.p99Ms)} | ${ms(l.maxMs)} | ${l.perSecond.toFixed(0)} |`,
    ),
    '',
    `p95 of SearchByKeyWord type=all at concurrency 1: ${ms(main.p95Ms)}, budget ${r.budgetMs} ms: ${verdict}.`,
  ];
  return lines.join('\n');
}
