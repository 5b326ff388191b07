/**
 * `npm run bench`: the platform's performance figures against their budgets.
 *
 *  1. The home page operation (HomeQuery, exactly as the web app sends it) through the gateway:
 *     median and p99 latency at concurrency 1 and 10, upstream requests per operation.
 *  2. Beside it, the same REST calls made directly against the upstream main API, signed with the
 *     gateway's sign.ts and sent concurrently as the gateway sends them: the gateway's overhead.
 *  3. The memory of a gateway process of our own before and after 10 000 home operations.
 *  4. The gzip size of the JavaScript Chromium loads for /home, against the 300 kB budget.
 *  5. The same latency figures for the /catalog operation (CatalogueQuery) of a real category.
 *
 * A benchmark, not a test: nothing fails on timing. It exits 1 when something is broken
 * (GraphQL errors, failed upstream calls, a process that does not start); JavaScript over budget
 * is reported as OVER BUDGET with exit 0.
 *
 *  6. Search (tests/bench/search.ts): a 100 000-course / 1 000 000-knowledge-point corpus,
 *     its index build time, and p50/p95/p99 of the search calls against the 50 ms p95 budget.
 *
 *  7. Play (tests/bench/play.ts): play-log ingestion (reportPlay through the gateway from
 *     simulated signed-in viewers reporting every 5 s, the rate stepped up to the highest sustained,
 *     target 2 000/s) beside AddPlayLog on the main API alone; HLS segment and playlist serving through
 *     the gateway's /media beside the main API's /media and a minimal static file server.
 *
 *  8. AI answers (tests/bench/ai.ts): 200 questions asked at once by 200 signed-in people,
 *     time to first chunk (median, p95) and chunks per second, Subscription.askAI over SSE through the
 *     gateway beside the upstream's flowQuestion stream alone.
 *
 * Options: --build rebuilds web/dist first; --quick runs a tenth of the operations and a tenth of
 * the search corpus (a smoke run, not figures for README); --search-only runs only part 6;
 * --skip-search everything but part 6; --play-only runs only part 7, --skip-play everything but it;
 * --play-route-only (with --play-only) only part 7's web-player route (POST /beacon/play-log, JSON), from 1 000/s up;
 * --ai-only runs only part 8, --skip-ai everything but it (and part 9); --ai-scale-only runs only part 9,
 * AI answers at scale (tests/bench/ai-scale.ts: the demo and 100 000 courses, 10 000 with --quick);
 * --web runs only part 10, Lighthouse on the pages (tests/bench/web.ts; --quick: one run a page).
 *
 * --engine sqlite|postgres|both (default sqlite; also --engine=X): the store engine of the platforms
 * the parts start (tests/bench/engine.ts). postgres runs them on PostgreSQL at TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), each in a schema of the benchmark's own
 * (bench_<random>, pg-boss's bench_<random>_jobs beside it), dropped when the benchmark ends; no other
 * schema is read or written. both runs SQLite, then PostgreSQL, and prints them side by side:
 *  - parts 1–3 and 5 on each engine (part 4, the web build's JavaScript, once);
 *  - part 7 on each engine (one gateway, one main API), and on PostgreSQL also the player's route
 *    through TWO gateways: the cluster of `npm run start:cluster` (2 gateways, 2 main APIs, login,
 *    worker, nginx; tests/support/cluster.ts: PostgreSQL in a schema of its own, Redis under a prefix
 *    of its own), stepped up to 6 000 reports/s, target 5 000/s; --play-two-gateways runs only that;
 *  - part 6 as the search engines alone, in this process, on one corpus (search.ts
 *    runSearchEngineBench): SQLite's FTS5 beside PostgreSQL's tsvectors (with sqlite alone: part 6 as
 *    before, through a main API process).
 * The gateway's response cache for visitors (RESPONSE_CACHE_TTL_MS) is off in every process started
 * here unless the shell sets it: parts 1–5 measure the work behind it.
 * CPU per play report, process by process, at a fixed rate (what a shared machine cannot skew much):
 * `npx tsx tests/bench/play-cpu.ts --engine postgres --route player` (tests/bench/play-cpu.ts).
 */
import { loadavg } from 'node:os';
import { browserAvailable } from '../support/browser';
import type { RunningPlatform } from '../support/platform';
import { Cleanup } from './cleanup';
import { parseEngines, startEnginePlatform, type Engine } from './engine';
import { measureFirstLoad } from './first-load';
import { busyShare, describeMachine } from './machine';
import { cpuMs, pidListeningOn, startGatewayProcess } from './gateway-process';
import { BrokenError, GraphQLClient, RequestCounter, type Operation } from './graphql-client';
import { artifactOperation, pickCatalogue, prepareWeb } from './operations';
import {
  enginesMarkdown,
  markdownReport,
  textReport,
  type BenchResults,
  type MemoryResults,
  type OperationResults,
} from './report';
import { measure, type LatencySummary } from './stats';
import { DirectUpstream, callCount, discoverCalls, type CallPlan } from './upstream-calls';
import { FULL_CORPUS } from './search-corpus';
import { aiScaleMarkdown, runAiScaleBench } from './ai-scale';
import { runSearchBench, runSearchEngineBench, searchEnginesMarkdown, searchMarkdown } from './search';
import { playEnginesMarkdown, playMarkdown, runPlayBench, type PlayBenchResults } from './play';
import { aiMarkdown, runAiBench } from './ai';
import { runWebBench, webMarkdown } from './web';

async function searchPart(cleanup: Cleanup): Promise<string> {
  const size = quick
    ? {
        courses: FULL_CORPUS.courses / 10,
        knowledgePoints: FULL_CORPUS.knowledgePoints / 10,
        lecturers: 500,
        topics: 100,
      }
    : FULL_CORPUS;
  if (engines.includes('postgres')) {
    // the engines in this process, side by side on one corpus (tests/bench/search.ts)
    const loadBefore = load1();
    const results = await runSearchEngineBench({ cleanup, step, size, queries: quick ? 200 : 600, engines });
    return `${searchEnginesMarkdown(results)}\n\nLoad average ${loadBefore} when the search run began, ${load1()} when it ended.`;
  }
  const results = await runSearchBench({ cleanup, step, size, queries: quick ? 200 : 600 });
  return searchMarkdown(results);
}

async function playPart(cleanup: Cleanup): Promise<string> {
  if (playTwoGateways) return playMarkdown(await runPlayBench({ cleanup, step, quick, twoGateways: 'only' }));
  const results: PlayBenchResults[] = [];
  for (const engine of engines) {
    // the two gateways need PostgreSQL and Redis: measured beside the PostgreSQL platform's figures
    results.push(
      await runPlayBench({
        cleanup,
        step,
        quick,
        routeOnly: playRouteOnly,
        engine,
        twoGateways: engine === 'postgres' ? 'also' : 'no',
      }),
    );
  }
  const each = results.map((r) => `${results.length > 1 ? `#### ${r.engine}\n\n` : ''}${playMarkdown(r)}`);
  return [...each, ...(results.length > 1 ? [`#### side by side\n\n${playEnginesMarkdown(results)}`] : [])].join(
    '\n\n',
  );
}

async function aiPart(cleanup: Cleanup): Promise<string> {
  return aiMarkdown(await runAiBench({ cleanup, step, quick }));
}

async function aiScalePart(cleanup: Cleanup): Promise<string> {
  return aiScaleMarkdown(await runAiScaleBench({ quick, engines, cleanup, step }));
}

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const rebuild = args.includes('--build');
const searchOnly = args.includes('--search-only');
const skipSearch = args.includes('--skip-search');
const playOnly = args.includes('--play-only') || args.includes('--play-two-gateways');
const skipPlay = args.includes('--skip-play');
const playRouteOnly = args.includes('--play-route-only');
const playTwoGateways = args.includes('--play-two-gateways');
const aiOnly = args.includes('--ai-only');
const skipAi = args.includes('--skip-ai');
const aiScaleOnly = args.includes('--ai-scale-only');
const webOnly = args.includes('--web');
const scale = (n: number) => (quick ? Math.max(20, Math.round(n / 10)) : n);

const COUNTS = {
  homeWarmup: scale(300),
  memoryOperations: scale(10_000),
  memoryConcurrency: 10,
  homeLatency: scale(2_000),
  directWarmup: scale(200),
  catalogueWarmup: scale(200),
  catalogueLatency: scale(500),
};

const engines = parseEngines(args);
// the gateway's response cache for visitors' public reads (RESPONSE_CACHE_TTL_MS, 5 s by default)
// would answer nearly every measured HomeQuery from memory: the figures are of the work behind it,
// so every process started from here runs without it unless the shell sets it
process.env.RESPONSE_CACHE_TTL_MS ??= '0';
const started = Date.now();
const load1 = () => Math.round(loadavg()[0]! * 100) / 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function step(text: string): void {
  process.stdout.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}\n`);
}

async function measureOperation(
  client: GraphQLClient,
  operation: Operation,
  counter: RequestCounter,
  total: number,
  concurrency: number,
): Promise<LatencySummary> {
  return measure(total, concurrency, async () => {
    const result = await client.run(operation);
    counter.add(result.upstreamRequests);
  });
}

/**
 * Gateway and direct calls at concurrency 1 and 10. `gatewayC10` given: an earlier run of the
 * operation at concurrency 10 (the home operation's 10 000-operation memory run) stands for it.
 */
async function latencyPair(
  label: string,
  client: GraphQLClient,
  direct: DirectUpstream,
  operation: Operation,
  plan: CallPlan,
  counter: RequestCounter,
  total: number,
  gatewayC10?: LatencySummary,
): Promise<Pick<OperationResults, 'gateway' | 'direct'>> {
  step(`${label}: gateway, ${total} operations at concurrency 1`);
  const g1 = await measureOperation(client, operation, counter, total, 1);
  step(`${label}: the ${callCount(plan)} REST calls directly, ${total} times at concurrency 1`);
  const d1 = await measure(total, 1, () => direct.replay(plan));
  let g10 = gatewayC10;
  if (!g10) {
    step(`${label}: gateway, ${total} operations at concurrency 10`);
    g10 = await measureOperation(client, operation, counter, total, 10);
  }
  step(`${label}: the REST calls directly, ${total} times at concurrency 10`);
  const d10 = await measure(total, 10, () => direct.replay(plan));
  return { gateway: { c1: g1, c10: g10 }, direct: { c1: d1, c10: d10 } };
}

/** Parts 1, 2, 3 and 5 on one engine: the platform stays up for the first load (part 4) until `stop`. */
async function pagesPart(
  cleanup: Cleanup,
  engine: Engine,
  home: Operation,
  warnings: string[],
): Promise<{
  platform: RunningPlatform;
  stop: () => Promise<void>;
  results: Omit<BenchResults, 'firstLoad' | 'date' | 'warnings' | 'elapsedMs'>;
}> {
  const loadBefore = load1();
  step(
    `${engine}: starting the platform (${engine === 'postgres' ? 'a fresh PostgreSQL schema' : 'fresh DATA_DIR'}, demo data seeded on first start)`,
  );
  const { platform, stop } = await startEnginePlatform(engine, cleanup, `${engine} platform`, {
    EXPOSE_UPSTREAM_COUNT: 'true',
  });
  step(`platform up: gateway ${platform.baseUrl}, upstream ${platform.upstreamUrl}`);

  const direct = new DirectUpstream(platform.upstreamUrl);
  cleanup.add('direct upstream pool', () => direct.close());
  const category = await pickCatalogue(direct);
  const catalogue = artifactOperation('CatalogueQuery', { scId: category.id, catalogueId: category.id });

  step('finding the REST calls of each operation (debug-level gateway behind a recording proxy)');
  const [homePlan, cataloguePlan] = await discoverCalls({
    upstreamUrl: platform.upstreamUrl,
    loginUrl: platform.loginUrl,
    operations: [home, catalogue],
  });

  step('starting the measured gateway process');
  const gateway = await startGatewayProcess({ upstreamUrl: platform.upstreamUrl, loginUrl: platform.loginUrl });
  cleanup.add('measured gateway', () => gateway.stop());
  const client = new GraphQLClient(gateway.url, 16);
  cleanup.add('graphql client pool', () => client.close());
  step(`gateway pid ${gateway.pid} at ${gateway.url}`);

  // ---- memory: idle, after a warm-up, after 10 000 home operations ----------------------------
  await sleep(1_000);
  const idle = await gateway.readMemory();
  const homeCounter = new RequestCounter();
  step(`warm-up: ${COUNTS.homeWarmup} HomeQuery operations at concurrency 10`);
  await measureOperation(client, home, homeCounter, COUNTS.homeWarmup, 10);
  await sleep(1_000);
  const before = await gateway.readMemory();
  step(`memory run: ${COUNTS.memoryOperations} HomeQuery operations at concurrency ${COUNTS.memoryConcurrency}`);
  // the main API's CPU over the same operations: the issue's measure is the gateway's against it
  const mainApiPid = pidListeningOn(Number(new URL(platform.upstreamUrl).port));
  const mainApiCpuBefore = mainApiPid ? cpuMs(mainApiPid) : 0;
  const cpuBefore = gateway.readCpuMs();
  const memoryRun = await measureOperation(
    client,
    home,
    homeCounter,
    COUNTS.memoryOperations,
    COUNTS.memoryConcurrency,
  );
  const cpuMsPerOperation = (gateway.readCpuMs() - cpuBefore) / COUNTS.memoryOperations;
  const mainApiCpuMsPerOperation = mainApiPid ? (cpuMs(mainApiPid) - mainApiCpuBefore) / COUNTS.memoryOperations : null;
  await sleep(1_000);
  const after = await gateway.readMemory();
  const memory: MemoryResults = {
    pid: gateway.pid,
    operations: COUNTS.memoryOperations,
    concurrency: COUNTS.memoryConcurrency,
    warmupOperations: COUNTS.homeWarmup,
    run: memoryRun,
    cpuMsPerOperation,
    mainApiCpuMsPerOperation,
    idle,
    before,
    after,
  };

  // ---- latency: gateway beside the direct calls ------------------------------------------------
  step(`direct warm-up: the HomeQuery REST calls ${COUNTS.directWarmup} times at concurrency 10`);
  await measure(COUNTS.directWarmup, 10, () => direct.replay(homePlan!));
  const homeLatency = await latencyPair(
    'HomeQuery',
    client,
    direct,
    home,
    homePlan!,
    homeCounter,
    COUNTS.homeLatency,
    memoryRun,
  );

  const catalogueCounter = new RequestCounter();
  step(`CatalogueQuery warm-up (${category.subject} › ${category.name}, id ${category.id})`);
  await measureOperation(client, catalogue, catalogueCounter, COUNTS.catalogueWarmup, 10);
  await measure(COUNTS.catalogueWarmup, 10, () => direct.replay(cataloguePlan!));
  const catalogueLatency = await latencyPair(
    'CatalogueQuery',
    client,
    direct,
    catalogue,
    cataloguePlan!,
    catalogueCounter,
    COUNTS.catalogueLatency,
  );

  for (const [name, counter, plan] of [
    ['HomeQuery', homeCounter, homePlan!],
    ['CatalogueQuery', catalogueCounter, cataloguePlan!],
  ] as const) {
    if (counter.max !== counter.min || counter.min !== callCount(plan)) {
      warnings.push(
        `${engine}: ${name}: upstream requests per operation varied (${counter.describe()}); the replay uses the ${callCount(plan)} calls recorded`,
      );
    }
  }

  // the measured gateway is done: stop it before Chromium needs the cores
  await client.close();
  await gateway.stop();
  await direct.close();
  return {
    platform,
    stop,
    results: {
      engine,
      load: [loadBefore, load1()],
      machine: describeMachine(),
      node: process.version,
      quick,
      operations: [
        {
          name: 'HomeQuery',
          page: '/home, scId 0',
          variables: home.variables,
          plan: homePlan!,
          upstreamRequests: homeCounter.describe(),
          ...homeLatency,
          gatewayC10Note: `the ${COUNTS.memoryOperations.toLocaleString('en-US').replace(/,/g, ' ')} operations of the memory run`,
        },
        {
          name: 'CatalogueQuery',
          page: `/catalog?scId=${category.id}, ${category.subject} › ${category.name}`,
          variables: catalogue.variables,
          plan: cataloguePlan!,
          upstreamRequests: catalogueCounter.describe(),
          ...catalogueLatency,
        },
      ],
      memory,
    },
  };
}

async function main(cleanup: Cleanup): Promise<boolean> {
  if (webOnly) {
    if (!browserAvailable()) throw new BrokenError('--web needs Chromium (apt-get install chromium fonts-noto-cjk)');
    prepareWeb({ rebuild });
    const markdown = webMarkdown(await runWebBench({ cleanup, step, runs: quick ? 1 : 3 }));
    process.stdout.write('\n----- Markdown for tests/bench/README.md, Web pages -----\n\n');
    process.stdout.write(`${markdown}\n\n----- end of Markdown -----\n`);
    return true;
  }
  if (aiScaleOnly) {
    const markdown = await aiScalePart(cleanup);
    process.stdout.write('\n----- Markdown for tests/bench/README.md, AI answers at scale -----\n\n');
    process.stdout.write(`${markdown}\n\n----- end of Markdown -----\n`);
    return true;
  }
  if (aiOnly) {
    const markdown = await aiPart(cleanup);
    process.stdout.write('\n----- Markdown for tests/bench/README.md, AI answers -----\n\n');
    process.stdout.write(`${markdown}\n\n----- end of Markdown -----\n`);
    return true;
  }
  if (playOnly) {
    const markdown = await playPart(cleanup);
    process.stdout.write('\n----- Markdown for tests/bench/README.md, Play -----\n\n');
    process.stdout.write(`${markdown}\n\n----- end of Markdown -----\n`);
    return true;
  }
  if (searchOnly) {
    const markdown = await searchPart(cleanup);
    process.stdout.write('\n----- Markdown for tests/bench/README.md, Search -----\n\n');
    process.stdout.write(`${markdown}\n\n----- end of Markdown -----\n`);
    return true;
  }
  const warnings: string[] = [];
  const date = new Date();

  // the browser is checked first (in CI its absence is a failure), used last
  const haveBrowser = browserAvailable();

  // other work on the machine skews every figure: say so when the cores were not idle to begin with
  const busy = await busyShare();
  if (busy !== null && busy > 0.1) {
    warnings.push(
      `the machine was ${(busy * 100).toFixed(0)} % busy before the benchmark started (other processes): the figures are noisier and slower than on an idle machine`,
    );
  }

  const staleWeb = prepareWeb({ rebuild });
  if (staleWeb) warnings.push(staleWeb);
  const home = artifactOperation('HomeQuery', { scId: 0, isAll: true });

  const pages: BenchResults[] = [];
  let firstLoad: BenchResults['firstLoad'] = { skipped: 'no Chromium on this machine' };
  for (const [index, engine] of engines.entries()) {
    const run = await pagesPart(cleanup, engine, home, warnings);
    // ---- first load (the web build: the same on every engine, measured on the first) ------------
    if (index === 0 && haveBrowser) {
      step('first load of /home in Chromium');
      firstLoad = await measureFirstLoad(`${run.platform.baseUrl}/home`);
      if (firstLoad.scripts.length === 0) throw new BrokenError('Chromium loaded no JavaScript for /home');
    }
    // the platform is no longer needed: give the cores and the memory to what comes next
    await run.stop();
    pages.push({ ...run.results, firstLoad, date, warnings, elapsedMs: Date.now() - started });
  }
  const playReport = skipPlay ? null : await playPart(cleanup);
  const aiReport = skipAi ? null : await aiPart(cleanup);
  const aiScaleReport = skipAi ? null : await aiScalePart(cleanup);
  const searchReport = skipSearch ? null : await searchPart(cleanup);

  for (const results of pages) process.stdout.write(`\n${textReport(results)}\n`);
  process.stdout.write('\n----- Markdown for tests/bench/README.md -----\n\n');
  for (const results of pages)
    process.stdout.write(`${pages.length > 1 ? `\n#### ${results.engine}\n\n` : ''}${markdownReport(results)}\n`);
  if (pages.length > 1) process.stdout.write(`\n#### side by side\n\n${enginesMarkdown(pages)}\n`);
  if (playReport) process.stdout.write(`\n### Play\n\n${playReport}\n`);
  if (aiReport) process.stdout.write(`\n### AI answers\n\n${aiReport}\n`);
  if (aiScaleReport) process.stdout.write(`\n### AI answers at scale\n\n${aiScaleReport}\n`);
  if (searchReport) process.stdout.write(`\n${searchReport}\n`);
  process.stdout.write('\n----- end of Markdown -----\n');
  return true;
}

const cleanup = new Cleanup();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping everything the benchmark started\n`);
    void cleanup.run().finally(() => process.exit(130));
  });
}

void main(cleanup)
  .then(
    () => 0,
    (error: unknown) => {
      if (interrupted) return 130;
      const broken = error instanceof BrokenError ? 'BROKEN' : 'FAILED';
      process.stderr.write(`\n${broken}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      return 1;
    },
  )
  .then(async (code) => {
    if (interrupted) return; // the signal handler cleans up and exits
    await cleanup.run();
    process.exit(code);
  });
