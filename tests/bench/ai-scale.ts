/**
 * AI answers at scale: the time to the first answer chunk of flowQuestion at the upstream (signed
 * HTTP, the default `retrieval` provider with its pace off, so the figure is retrieval and the
 * start of the stream), on the demo content and on the search benchmark's corpus of 100 000
 * courses (search-corpus.ts: the demo's phrase banks and lecture templates). The questions are the
 * AI development set (tests/ai-eval/questions.ts), asked one at a time, each by its own person.
 * Also the time to build the knowledge base from scratch (chunking, words, bigrams, sentences).
 * On each engine of `--engine` (tests/bench/engine.ts): SQLite in a fresh DATA_DIR, PostgreSQL in a
 * schema of the benchmark's own.
 *
 *   npm run bench -- --ai-scale-only [--quick] [--engine sqlite|postgres|both]
 *   (--quick: 10 000 courses instead of 100 000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadUpstreamConfig } from '../../upstream/src/config';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import type { DemoContent } from '../../upstream/src/demo/types';
import { startMainApi } from '../../upstream/src/main-api/server';
import { openConfiguredMainApiData } from '../../upstream/src/main-api/data';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { QUESTIONS } from '../ai-eval/questions';
import { ask } from '../upstream/ai-stream-client';
import { UpstreamClient } from '../upstream/client';
import type { Cleanup } from './cleanup';
import { benchSchema, type Engine } from './engine';
import { FULL_CORPUS, generateCorpus } from './search-corpus';
import { percentile } from './stats';

export interface AiScaleRun {
  engine: Engine;
  name: string;
  courses: number;
  chunks: number;
  buildMs: number;
  questions: number;
  answered: number;
  firstChunkP50Ms: number;
  firstChunkP95Ms: number;
  firstChunkMaxMs: number;
}

interface ScaleOptions {
  engine: Engine;
  cleanup: Cleanup;
  step: (text: string) => void;
}

async function measureScale(
  name: string,
  content: DemoContent,
  { engine, cleanup, step }: ScaleOptions,
): Promise<AiScaleRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-ai-scale-'));
  try {
    // PostgreSQL: a schema of the run's own (dropped by the cleanup); SQLite: the file under dataDir
    const databaseUrl = engine === 'postgres' ? (await benchSchema(cleanup, `ai scale ${name}`)).databaseUrl : null;
    const store = await openConfiguredMainApiData({ dataDir, databaseUrl });
    step(`${engine}, ${name}: seeding ${content.courses.length} courses`);
    await seedDemoContent(store, content, store.mediaDir);
    step(`${engine}, ${name}: building the knowledge base`);
    const started = performance.now();
    while ((await store.knowledge.catchUp(600_000)).remaining > 0);
    const buildMs = performance.now() - started;
    const { chunks } = await store.knowledge.stats();
    const config = loadUpstreamConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      UPSTREAM_PORT: '0',
      LOG_LEVEL: 'silent',
      AI_RETRIEVAL_PACE_MS: '0',
    });
    const server = await startMainApi({ config, store });
    try {
      const client = new UpstreamClient({
        baseUrl: server.url,
        secret: config.apiSecret,
        algorithm: config.signAlgorithm,
      });
      const times: number[] = [];
      let answered = 0;
      // a warm-up: the first question pays for loading the dictionary and the statements
      for (const [i, q] of [...QUESTIONS.slice(0, 5), ...QUESTIONS].entries()) {
        const userId = (
          await store.users.insert(
            { userName: `scale${i}`, passwordHash: null, userType: 1, comId: null, realName: '' },
            Date.now(),
          )
        ).userId;
        const t0 = performance.now();
        let first: number | null = null;
        const result = await ask(client, { question: q.question, userId, productId: 1 }, (chunk) => {
          if (first === null && !/^(r1:|end:|err:)/.test(chunk)) first = performance.now() - t0;
        });
        if (i < 5) continue;
        if (first !== null) times.push(first);
        const last = result.chunks.at(-1) ?? '';
        if (last.startsWith('end:') && last !== 'end:[]') answered++;
      }
      times.sort((a, b) => a - b);
      return {
        engine,
        name,
        courses: content.courses.length,
        chunks,
        buildMs,
        questions: QUESTIONS.length,
        answered,
        firstChunkP50Ms: percentile(times, 50),
        firstChunkP95Ms: percentile(times, 95),
        firstChunkMaxMs: times.at(-1) ?? NaN,
      };
    } finally {
      await server.close();
      await store.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runAiScaleBench(options: {
  quick: boolean;
  engines: Engine[];
  cleanup: Cleanup;
  step: (text: string) => void;
}): Promise<AiScaleRun[]> {
  const runs: AiScaleRun[] = [];
  const demo = generateDemoContent({ now: new Date() });
  const size = options.quick
    ? { ...FULL_CORPUS, courses: FULL_CORPUS.courses / 10, knowledgePoints: FULL_CORPUS.knowledgePoints / 10 }
    : FULL_CORPUS;
  options.step(`corpus: generating ${size.courses} courses`);
  const corpus = generateCorpus(size);
  for (const engine of options.engines) {
    const scale = { engine, cleanup: options.cleanup, step: options.step };
    runs.push(await measureScale('demo', demo, scale));
    runs.push(
      await measureScale(`${size.courses.toLocaleString('en-US').replace(/,/g, ' ')} courses`, corpus.content, scale),
    );
  }
  return runs;
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

export function aiScaleMarkdown(runs: AiScaleRun[]): string {
  const lines = [
    '| engine | content | courses | chunks | knowledge base built in | questions answered | first answer chunk p50 | p95 | max |',
    '|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.engine} | ${r.name} | ${r.courses} | ${r.chunks} | ${(r.buildMs / 1000).toFixed(1)} s | ${r.answered} / ${r.questions} | ${ms(r.firstChunkP50Ms)} | ${ms(r.firstChunkP95Ms)} | ${ms(r.firstChunkMaxMs)} |`,
    ),
  ];
  return lines.join('\n');
}
