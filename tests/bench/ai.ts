/**
 * The AI answer benchmark (its budgets: tests/bench/README.md), on the platform as `npm start` runs it (fresh
 * DATA_DIR, the demo content, the default `retrieval` provider: nothing external):
 *
 * 200 questions asked at the same moment, each by its own signed-in person (the upstream allows one
 * person 2 answers at once and 10 questions a minute: 200 people stay inside those limits without
 * weakening them), each a different question drawn from the demo lectures (a keyframe's label, asked
 * as 什么是…？), with deep thinking on (thinking chunks, then the answer, then end:). Measured per
 * answer from the moment its request leaves: the time to its first chunk, its chunks and its end;
 * for the run, chunks delivered per second over the whole run (first request to last end).
 *
 *  - through the gateway: Subscription.askAI over SSE as the web app sends it (POST /graphql with
 *    Accept: text/event-stream, the utoken cookie), each `next` event one chunk;
 *  - the upstream stream alone: GET /api/ai/flowQuestion signed as the gateway signs it, each SSE
 *    event one chunk.
 * The two alternate for ROUNDS rounds (the same 200 people, 6 questions each, within their 10 a minute), so that
 * neither always runs on a warmer or a busier machine. A warm-up by 10 other people runs first on both
 * paths (the knowledge base's caches, the JIT, the connections).
 *
 * Everything shares this machine's cores: the load generator, the gateway, the main API and the
 * login service. The figures are a floor, bound by CPU.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { Pool } from 'undici';
import { SseParser } from '../../gateway/src/ai/sseParser';
import { signedHeaders, toWireParams, withNonce } from '../../gateway/src/upstream/sign';
import { DATABASE_FILE } from '../../upstream/src/store';
import { startPlatform, type RunningPlatform } from '../support/platform';
import type { Cleanup } from './cleanup';
import { BrokenError } from './graphql-client';
import { busyShare, describeMachine } from './machine';
import { createViewers, type Viewer } from './play';
import { percentile } from './stats';

export const SIMULTANEOUS_QUESTIONS = 200;
const ROUNDS = 3;
const WARMUP_QUESTIONS = 10;
const API_SECRET = process.env.API_SECRET || 'sizheng-dev-secret';

const ASK_AI = `subscription BenchAskAI($input: AskAIInput!) {
  askAI(input: $input) {
    __typename
    ... on AIThinkingDelta { text }
    ... on AIAnswerDelta { text }
    ... on AIAnswerDone { sources { index videoId timePoint } }
  }
}`;

/** One answer as the asker saw it. */
interface Answer {
  /** ms from sending the request to the first chunk */
  firstChunkMs: number;
  /** ms from sending the request to the end of the answer */
  endMs: number;
  chunks: number;
  /** characters of thinking and answer text received */
  chars: number;
  /** the last chunk was the answer's end (end: / AIAnswerDone) */
  completed: boolean;
  error: string | null;
}

export interface AiRun {
  path: 'gateway' | 'upstream';
  round: number;
  questions: number;
  failed: number;
  firstError: string | null;
  firstChunkP50Ms: number;
  firstChunkP95Ms: number;
  endP50Ms: number;
  endP95Ms: number;
  /** every chunk (upstream: SSE event; gateway: GraphQL result) of the run over the run's wall time */
  chunksPerSecond: number;
  /** thinking and answer characters of the run over its wall time: the same text on both paths */
  charsPerSecond: number;
  /** median over the answers of chunks / (end - first chunk) */
  perAnswerChunksPerSecondP50: number;
  chunksPerAnswer: number;
  wallMs: number;
}

export interface AiBenchResults {
  date: Date;
  machine: string;
  node: string;
  busyBefore: number | null;
  quick: boolean;
  questions: number;
  runs: AiRun[];
}

interface Asker {
  viewer: Viewer;
  question: string;
}

/** Distinct questions from the demo lectures' keyframe labels. */
function demoQuestions(dataDir: string, count: number): string[] {
  const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const labels = (
      db
        .prepare(
          'SELECT DISTINCT key_points AS label FROM video_keyframes WHERE length(key_points) BETWEEN 2 AND 12 ORDER BY video_id, seq',
        )
        .all() as { label: string }[]
    ).map((row) => row.label);
    if (labels.length === 0) throw new BrokenError('ai: the demo has no keyframes to ask about');
    return Array.from({ length: count }, (_, i) => `什么是${labels[i % labels.length]}？`);
  } finally {
    db.close();
  }
}

/** Reads an SSE body chunk by chunk; `onEvent` gets each event's data. */
async function readEvents(body: AsyncIterable<Uint8Array>, onEvent: (data: string) => void): Promise<void> {
  const parser = new SseParser();
  for await (const bytes of body) for (const data of parser.push(bytes)) onEvent(data);
  for (const data of parser.end()) onEvent(data);
}

async function askUpstream(pool: Pool, asker: Asker): Promise<Answer> {
  const wire = withNonce(
    toWireParams({
      question: asker.question,
      productId: 1,
      userId: asker.viewer.userId,
      clientId: `bench-${asker.viewer.userId}`,
      model: 'reasoner',
    }),
    'main-api',
  );
  const headers = {
    ...signedHeaders(wire, { secret: API_SECRET, algorithm: 'md5', productId: 1 }),
    accept: 'text/event-stream',
  };
  const t0 = performance.now();
  const answer: Answer = { firstChunkMs: NaN, endMs: NaN, chunks: 0, chars: 0, completed: false, error: null };
  const response = await pool.request({
    method: 'GET',
    path: `/api/ai/flowQuestion?${new URLSearchParams(wire).toString()}`,
    headers,
  });
  if (!String(response.headers['content-type']).startsWith('text/event-stream')) {
    answer.error = `not a stream: HTTP ${response.statusCode} ${(await response.body.text()).slice(0, 160)}`;
    return answer;
  }
  await readEvents(response.body, (data) => {
    if (answer.chunks === 0) answer.firstChunkMs = performance.now() - t0;
    answer.chunks += 1;
    answer.completed = data.startsWith('end:');
    if (data.startsWith('err:')) answer.error = data;
    else if (!answer.completed) answer.chars += data.startsWith('r1:') ? data.length - 3 : data.length;
  });
  answer.endMs = performance.now() - t0;
  return answer;
}

async function askGateway(pool: Pool, asker: Asker): Promise<Answer> {
  const body = JSON.stringify({
    query: ASK_AI,
    operationName: 'BenchAskAI',
    variables: { input: { question: asker.question, deepThinking: true, clientId: `bench-${asker.viewer.userId}` } },
  });
  const t0 = performance.now();
  const answer: Answer = { firstChunkMs: NaN, endMs: NaN, chunks: 0, chars: 0, completed: false, error: null };
  const response = await pool.request({
    method: 'POST',
    path: '/graphql',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'x-graphql-yoga-csrf': '1',
      cookie: asker.viewer.cookie,
    },
    body,
  });
  if (response.statusCode !== 200) {
    answer.error = `HTTP ${response.statusCode} ${(await response.body.text()).slice(0, 160)}`;
    return answer;
  }
  await readEvents(response.body, (data) => {
    // yoga's events: `next` carries a result as JSON, `complete` an empty data line
    if (data === '') return;
    const result = JSON.parse(data) as {
      data?: { askAI?: { __typename: string; text?: string } } | null;
      errors?: { message: string }[];
    };
    if (result.errors?.length) {
      answer.error = result.errors.map((error) => error.message).join('; ');
      return;
    }
    if (answer.chunks === 0) answer.firstChunkMs = performance.now() - t0;
    answer.chunks += 1;
    answer.completed = result.data?.askAI?.__typename === 'AIAnswerDone';
    answer.chars += result.data?.askAI?.text?.length ?? 0;
  });
  answer.endMs = performance.now() - t0;
  return answer;
}

function summarise(pathName: AiRun['path'], round: number, answers: Answer[], wallMs: number): AiRun {
  const good = answers.filter((a) => a.error === null && a.completed);
  const failed = answers.length - good.length;
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const first = sorted(good.map((a) => a.firstChunkMs));
  const end = sorted(good.map((a) => a.endMs));
  const rates = sorted(good.map((a) => a.chunks / Math.max(1e-3, (a.endMs - a.firstChunkMs) / 1000)));
  const chunks = good.reduce((sum, a) => sum + a.chunks, 0);
  return {
    path: pathName,
    round,
    questions: answers.length,
    failed,
    firstError:
      answers.find((a) => a.error !== null || !a.completed)?.error ??
      (failed > 0 ? 'an answer ended without its end chunk' : null),
    firstChunkP50Ms: percentile(first, 50),
    firstChunkP95Ms: percentile(first, 95),
    endP50Ms: percentile(end, 50),
    endP95Ms: percentile(end, 95),
    chunksPerSecond: chunks / (wallMs / 1000),
    charsPerSecond: good.reduce((sum, a) => sum + a.chars, 0) / (wallMs / 1000),
    perAnswerChunksPerSecondP50: percentile(rates, 50),
    chunksPerAnswer: good.length > 0 ? chunks / good.length : 0,
    wallMs,
  };
}

/** All askers at the same moment; the wall time runs from the first request to the last end. */
async function simultaneous(
  askers: Asker[],
  ask: (asker: Asker) => Promise<Answer>,
): Promise<{ answers: Answer[]; wallMs: number }> {
  const began = performance.now();
  const answers = await Promise.all(
    askers.map((asker) =>
      ask(asker).catch((error: unknown): Answer => ({
        firstChunkMs: NaN,
        endMs: NaN,
        chunks: 0,
        chars: 0,
        completed: false,
        error: (error as Error)?.message ?? String(error),
      })),
    ),
  );
  return { answers, wallMs: performance.now() - began };
}

export async function runAiBench(options: {
  cleanup: Cleanup;
  step: (text: string) => void;
  quick?: boolean;
}): Promise<AiBenchResults> {
  const { cleanup, step } = options;
  const quick = options.quick ?? false;
  const count = quick ? 40 : SIMULTANEOUS_QUESTIONS;
  const busyBefore = await busyShare();

  step('ai: starting the platform (fresh DATA_DIR, the demo and its AI content, provider retrieval)');
  const platform: RunningPlatform = await startPlatform({ LOG_LEVEL: 'warn', AI_PROVIDER: 'retrieval' });
  cleanup.add('ai platform', () => platform.stop());

  step(`ai: ${count} people (and ${WARMUP_QUESTIONS} for the warm-up) with their own login tokens`);
  const viewers = await createViewers(platform.dataDir, count + WARMUP_QUESTIONS);
  const questions = demoQuestions(platform.dataDir, count + WARMUP_QUESTIONS);
  const askers: Asker[] = viewers.map((viewer, i) => ({ viewer, question: questions[i]! }));
  const warmup = askers.slice(count);
  const measured = askers.slice(0, count);

  // enough connections for every stream at once: a stream holds its connection to the end
  const gatewayPool = new Pool(platform.baseUrl, {
    connections: count + 16,
    keepAliveTimeout: 30_000,
    bodyTimeout: 120_000,
    headersTimeout: 120_000,
  });
  cleanup.add('ai gateway pool', () => (gatewayPool.closed ? undefined : gatewayPool.close()));
  const upstreamPool = new Pool(platform.upstreamUrl, {
    connections: count + 16,
    keepAliveTimeout: 30_000,
    bodyTimeout: 120_000,
    headersTimeout: 120_000,
  });
  cleanup.add('ai upstream pool', () => (upstreamPool.closed ? undefined : upstreamPool.close()));

  // the warm-up people ask 4 questions each: within their 10 a minute
  for (const [pathName, ask] of [
    ['gateway', (asker: Asker) => askGateway(gatewayPool, asker)],
    ['upstream', (asker: Asker) => askUpstream(upstreamPool, asker)],
    ['gateway', (asker: Asker) => askGateway(gatewayPool, asker)],
    ['upstream', (asker: Asker) => askUpstream(upstreamPool, asker)],
  ] as const) {
    step(`ai: warm-up, ${WARMUP_QUESTIONS} questions (${pathName})`);
    const warm = await simultaneous(warmup, ask);
    const warmFailure = warm.answers.find((a) => a.error !== null || !a.completed);
    if (warmFailure) throw new BrokenError(`ai: a warm-up question failed: ${warmFailure.error ?? 'no end chunk'}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const runs: AiRun[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const paths = [
      ['upstream', (asker: Asker) => askUpstream(upstreamPool, asker)],
      ['gateway', (asker: Asker) => askGateway(gatewayPool, asker)],
    ] as const;
    // even rounds run the gateway first: neither path always follows the other
    for (const [pathName, ask] of round % 2 === 0 ? [...paths].reverse() : paths) {
      step(
        `ai: round ${round}, ${count} simultaneous questions, ${pathName === 'gateway' ? 'through the gateway (askAI over SSE)' : 'the upstream stream alone (flowQuestion)'}`,
      );
      const { answers, wallMs } = await simultaneous(measured, ask);
      const run = summarise(pathName, round, answers, wallMs);
      runs.push(run);
      step(
        `ai:   first chunk p50 ${run.firstChunkP50Ms.toFixed(0)} ms, p95 ${run.firstChunkP95Ms.toFixed(0)} ms; end p50 ${run.endP50Ms.toFixed(0)} ms; ${run.chunksPerSecond.toFixed(0)} chunks/s, ${run.charsPerSecond.toFixed(0)} chars/s; ${run.failed} failed${run.firstError ? ` (${run.firstError})` : ''}`,
      );
      if (run.failed > 0)
        throw new BrokenError(
          `ai: ${run.failed} of ${run.questions} answers failed on the ${pathName} path: ${run.firstError}`,
        );
      // the per-user limit is 2 streaming at once: let every stream of the run be closed upstream
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  await gatewayPool.close();
  await upstreamPool.close();
  await platform.stop();
  return {
    date: new Date(),
    machine: describeMachine(),
    node: process.version,
    busyBefore,
    quick,
    questions: count,
    runs,
  };
}

// ---- the report ----------------------------------------------------------------------------------------

const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'n/a');
const n = (x: number) => Math.round(x).toLocaleString('en-US').replace(/,/g, ' ');

export function aiMarkdown(r: AiBenchResults): string {
  const busy =
    r.busyBefore === null
      ? ''
      : ` The cores were ${(r.busyBefore * 100).toFixed(0)} % busy before the run began${r.busyBefore > 0.1 ? ' (other work was running on the shared machine: the figures are lower than on an idle one)' : ''}.`;
  const label = (run: AiRun) =>
    run.path === 'gateway'
      ? 'gateway: askAI over SSE (POST /graphql, text/event-stream)'
      : 'upstream alone: GET /api/ai/flowQuestion';
  return [
    `Measured with \`npm run bench -- --ai-only\` on ${r.date.toISOString().slice(0, 10)}: ${r.machine}, Node ${r.node}${r.quick ? ' (--quick: a smoke run, not figures to quote)' : ''}.${busy}`,
    '',
    `${n(r.questions)} questions asked at the same moment, each by its own signed-in person (inside the per-user limits of 2 answers at once and 10 a minute), each a different 什么是…？ about a demo keyframe, deep thinking on, the default \`retrieval\` provider. Time to first chunk and to the end from each request's sending; chunks/s = every chunk of the run over its wall time (first request to last end); per answer = the median answer's chunks over its own streaming time. A chunk is an SSE event of the upstream, or a GraphQL result through the gateway, which joins the chunks of one kind that reach it in one read (fewer, larger results when it falls behind): text characters per second compare the two paths on the same text. The two paths alternate over ${ROUNDS} rounds with the same people.`,
    '',
    '| path | round | answers | first chunk p50 | first chunk p95 | end p50 | end p95 | chunks/answer | chunks/s (run) | chunks/s per answer (p50) | text chars/s (run) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.runs.map(
      (run) =>
        `| ${label(run)} | ${run.round} | ${n(run.questions - run.failed)} / ${n(run.questions)} | ${ms(run.firstChunkP50Ms)} | ${ms(run.firstChunkP95Ms)} | ${ms(run.endP50Ms)} | ${ms(run.endP95Ms)} | ${run.chunksPerAnswer.toFixed(1)} | ${n(run.chunksPerSecond)} | ${n(run.perAnswerChunksPerSecondP50)} | ${n(run.charsPerSecond)} |`,
    ),
  ].join('\n');
}
