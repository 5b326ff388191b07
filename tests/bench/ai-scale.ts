/**
 * AI answers at scale: the time to the first answer chunk of flowQuestion at the upstream (signed
 * HTTP, the default `retrieval` provider with its pace off, so the figure is retrieval and the
 * start of the stream), on the demo content and on the search benchmark's corpus of 100 000
 * courses (search-corpus.ts: the demo's phrase banks and lecture templates). The questions are the
 * AI development set (tests/ai-eval/questions.ts), asked one at a time, each by its own person.
 * Also the time to build the knowledge base from scratch (chunking, words, bigrams, sentences).
 *
 *   npm run bench -- --ai-scale-only [--quick]     (--quick: 10 000 courses instead of 100 000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadUpstreamConfig } from '../../upstream/src/config';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import type { DemoContent } from '../../upstream/src/demo/types';
import { startMainApi } from '../../upstream/src/main-api/server';
import { openMainApiData } from '../../upstream/src/main-api/data';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { QUESTIONS } from '../ai-eval/questions';
import { ask } from '../upstream/ai-stream-client';
import { UpstreamClient } from '../upstream/client';
import { FULL_CORPUS, generateCorpus } from './search-corpus';
import { percentile } from './stats';

export interface AiScaleRun {
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

async function measureScale(name: string, content: DemoContent, step: (text: string) => void): Promise<AiScaleRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-ai-scale-'));
  try {
    const store = openMainApiData(dataDir);
    step(`${name}: seeding ${content.courses.length} courses`);
    await seedDemoContent(store, content, store.mediaDir);
    step(`${name}: building the knowledge base`);
    const started = performance.now();
    while ((await store.knowledge.catchUp(600_000)).remaining > 0);
    const buildMs = performance.now() - started;
    const { chunks } = await store.knowledge.stats();
    const config = loadUpstreamConfig({ DATA_DIR: dataDir, UPSTREAM_PORT: '0', LOG_LEVEL: 'silent', AI_RETRIEVAL_PACE_MS: '0' });
    const server = await startMainApi({ config, store });
    try {
      const client = new UpstreamClient({ baseUrl: server.url, secret: config.apiSecret, algorithm: config.signAlgorithm });
      const times: number[] = [];
      let answered = 0;
      // a warm-up: the first question pays for loading the dictionary and the statements
      for (const [i, q] of [...QUESTIONS.slice(0, 5), ...QUESTIONS].entries()) {
        const userId = (await store.users.insert({ userName: `scale${i}`, passwordHash: null, userType: 1, comId: null, realName: '' }, Date.now())).userId;
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

export async function runAiScaleBench(options: { quick: boolean; step: (text: string) => void }): Promise<AiScaleRun[]> {
  const runs: AiScaleRun[] = [];
  runs.push(await measureScale('demo', generateDemoContent({ now: new Date() }), options.step));
  const size = options.quick ? { ...FULL_CORPUS, courses: FULL_CORPUS.courses / 10, knowledgePoints: FULL_CORPUS.knowledgePoints / 10 } : FULL_CORPUS;
  options.step(`corpus: generating ${size.courses} courses`);
  const corpus = generateCorpus(size);
  runs.push(await measureScale(`${size.courses.toLocaleString('en-US').replace(/,/g, ' ')} courses`, corpus.content, options.step));
  return runs;
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

export function aiScaleMarkdown(runs: AiScaleRun[]): string {
  const lines = [
    '| content | courses | chunks | knowledge base built in | questions answered | first answer chunk p50 | p95 | max |',
    '|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.name} | ${r.courses} | ${r.chunks} | ${(r.buildMs / 1000).toFixed(1)} s | ${r.answered} / ${r.questions} | ${ms(r.firstChunkP50Ms)} | ${ms(r.firstChunkP95Ms)} | ${ms(r.firstChunkMaxMs)} |`,
    ),
  ];
  return lines.join('\n');
}
