/**
 * `npm run bench`: the platform's performance figures (issue 2, "Done when").
 *
 *  1. The home page operation (HomeQuery, exactly as the web app sends it) through the gateway:
 *     median and p99 latency at concurrency 1 and 10, upstream requests per operation.
 *  2. Beside it, the same REST calls made directly against the upstream main API, signed with the
 *     gateway's sign.ts and sent concurrently as the gateway sends them: the gateway's overhead.
 *  3. The memory of a gateway process of our own before and after 10 000 home operations.
 *  4. The gzip size of the JavaScript Chromium loads for /home, against the 300 kB budget.
 *  5. The same latency figures for the /catalog operation (CatalogQuery) of a real category.
 *
 * A benchmark, not a test: nothing fails on timing. It exits 1 when something is broken
 * (GraphQL errors, failed upstream calls, a process that does not start); JavaScript over budget
 * is reported as OVER BUDGET with exit 0.
 *
 *  6. Search (issue 4, tests/bench/search.ts): a 100 000-course / 1 000 000-knowledge-point corpus,
 *     its index build time, and p50/p95/p99 of the search calls against the 50 ms p95 budget.
 *
 *  7. Play (issue 5, tests/bench/play.ts): play-log ingestion (reportPlay through the gateway from
 *     simulated signed-in viewers reporting every 5 s, the rate stepped up to the highest sustained,
 *     target 2 000/s) beside AddPlayLog on the main API alone; HLS segment and playlist serving through
 *     the gateway's /media beside the main API's /media and a minimal static file server.
 *
 *  8. AI answers (issue 6, tests/bench/ai.ts): 200 questions asked at once by 200 signed-in people,
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
 */
import { browserAvailable } from '../support/browser';
import { startPlatform } from '../support/platform';
import { Cleanup } from './cleanup';
import { measureFirstLoad } from './first-load';
import { busyShare, describeMachine } from './machine';
import { startGatewayProcess } from './gateway-process';
import { BrokenError, GraphQLClient, RequestCounter, type Operation } from './graphql-client';
import { artifactOperation, pickCatalogue, prepareWeb } from './operations';
import { markdownReport, textReport, type BenchResults, type MemoryResults, type OperationResults } from './report';
import { measure, type LatencySummary } from './stats';
import { DirectUpstream, callCount, discoverCalls, type CallPlan } from './upstream-calls';
import { FULL_CORPUS } from './search-corpus';
import { aiScaleMarkdown, runAiScaleBench } from './ai-scale';
import { runSearchBench, searchMarkdown } from './search';
import { playMarkdown, runPlayBench } from './play';
import { aiMarkdown, runAiBench } from './ai';
import { runWebBench, webMarkdown } from './web';

async function searchPart(cleanup: Cleanup): Promise<string> {
  const size = quick
    ? { courses: FULL_CORPUS.courses / 10, knowledgePoints: FULL_CORPUS.knowledgePoints / 10, lecturers: 500, topics: 100 }
    : FULL_CORPUS;
  const results = await runSearchBench({ cleanup, step, size, queries: quick ? 200 : 600 });
  return searchMarkdown(results);
}

async function playPart(cleanup: Cleanup): Promise<string> {
  return playMarkdown(await runPlayBench({ cleanup, step, quick, routeOnly: playRouteOnly }));
}

async function aiPart(cleanup: Cleanup): Promise<string> {
  return aiMarkdown(await runAiBench({ cleanup, step, quick }));
}

async function aiScalePart(): Promise<string> {
  return aiScaleMarkdown(await runAiScaleBench({ quick, step }));
}

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const rebuild = args.includes('--build');
const searchOnly = args.includes('--search-only');
const skipSearch = args.includes('--skip-search');
const playOnly = args.includes('--play-only');
const skipPlay = args.includes('--skip-play');
const playRouteOnly = args.includes('--play-route-only');
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
  catalogWarmup: scale(200),
  catalogLatency: scale(500),
};

const started = Date.now();
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
    const markdown = await aiScalePart();
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
    warnings.push(`the machine was ${(busy * 100).toFixed(0)} % busy before the benchmark started (other processes): the figures are noisier and slower than on an idle machine`);
  }

  const staleWeb = prepareWeb({ rebuild });
  if (staleWeb) warnings.push(staleWeb);
  const home = artifactOperation('HomeQuery', { scId: 0, isAll: true });

  step('starting the platform (fresh DATA_DIR, demo data seeded on first start)');
  const platform = await startPlatform({ EXPOSE_UPSTREAM_COUNT: 'true' });
  cleanup.add('platform', () => platform.stop());
  step(`platform up: gateway ${platform.baseUrl}, upstream ${platform.upstreamUrl}`);

  const direct = new DirectUpstream(platform.upstreamUrl);
  cleanup.add('direct upstream pool', () => direct.close());
  const category = await pickCatalogue(direct);
  const catalog = artifactOperation('CatalogQuery', { scId: category.id, catalogueId: category.id });

  step('finding the REST calls of each operation (debug-level gateway behind a recording proxy)');
  const [homePlan, catalogPlan] = await discoverCalls({
    upstreamUrl: platform.upstreamUrl,
    loginUrl: platform.loginUrl,
    operations: [home, catalog],
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
  const cpuBefore = gateway.readCpuMs();
  const memoryRun = await measureOperation(client, home, homeCounter, COUNTS.memoryOperations, COUNTS.memoryConcurrency);
  const cpuMsPerOperation = (gateway.readCpuMs() - cpuBefore) / COUNTS.memoryOperations;
  await sleep(1_000);
  const after = await gateway.readMemory();
  const memory: MemoryResults = {
    pid: gateway.pid,
    operations: COUNTS.memoryOperations,
    concurrency: COUNTS.memoryConcurrency,
    warmupOperations: COUNTS.homeWarmup,
    run: memoryRun,
    cpuMsPerOperation,
    idle,
    before,
    after,
  };

  // ---- latency: gateway beside the direct calls ------------------------------------------------
  step(`direct warm-up: the HomeQuery REST calls ${COUNTS.directWarmup} times at concurrency 10`);
  await measure(COUNTS.directWarmup, 10, () => direct.replay(homePlan!));
  const homeLatency = await latencyPair('HomeQuery', client, direct, home, homePlan!, homeCounter, COUNTS.homeLatency, memoryRun);

  const catalogCounter = new RequestCounter();
  step(`CatalogQuery warm-up (${category.subject} › ${category.name}, id ${category.id})`);
  await measureOperation(client, catalog, catalogCounter, COUNTS.catalogWarmup, 10);
  await measure(COUNTS.catalogWarmup, 10, () => direct.replay(catalogPlan!));
  const catalogLatency = await latencyPair('CatalogQuery', client, direct, catalog, catalogPlan!, catalogCounter, COUNTS.catalogLatency);

  for (const [name, counter, plan] of [
    ['HomeQuery', homeCounter, homePlan!],
    ['CatalogQuery', catalogCounter, catalogPlan!],
  ] as const) {
    if (counter.max !== counter.min || counter.min !== callCount(plan)) {
      warnings.push(`${name}: upstream requests per operation varied (${counter.describe()}); the replay uses the ${callCount(plan)} calls recorded`);
    }
  }

  // the measured gateway is done: stop it before Chromium needs the cores
  await client.close();
  await gateway.stop();

  // ---- first load ---------------------------------------------------------------------------------
  let firstLoad: BenchResults['firstLoad'];
  if (haveBrowser) {
    step('first load of /home in Chromium');
    firstLoad = await measureFirstLoad(`${platform.baseUrl}/home`);
    if (firstLoad.scripts.length === 0) throw new BrokenError('Chromium loaded no JavaScript for /home');
  } else {
    firstLoad = { skipped: 'no Chromium on this machine' };
  }

  // ---- search: its own corpus and main API process ----------------------------------------------
  // the platform is no longer needed: give the cores and the memory to the corpus
  await platform.stop();
  const playReport = skipPlay ? null : await playPart(cleanup);
  const aiReport = skipAi ? null : await aiPart(cleanup);
  const aiScaleReport = skipAi ? null : await aiScalePart();
  const searchReport = skipSearch ? null : await searchPart(cleanup);

  const results: BenchResults = {
    date,
    machine: describeMachine(),
    node: process.version,
    quick,
    operations: [
      { name: 'HomeQuery', page: '/home, scId 0', variables: home.variables, plan: homePlan!, upstreamRequests: homeCounter.describe(), ...homeLatency,
        gatewayC10Note: `the ${COUNTS.memoryOperations.toLocaleString('en-US').replace(/,/g, ' ')} operations of the memory run` },
      {
        name: 'CatalogQuery',
        page: `/catalog?scId=${category.id}, ${category.subject} › ${category.name}`,
        variables: catalog.variables,
        plan: catalogPlan!,
        upstreamRequests: catalogCounter.describe(),
        ...catalogLatency,
      },
    ],
    memory,
    firstLoad,
    warnings,
    elapsedMs: Date.now() - started,
  };
  process.stdout.write(`\n${textReport(results)}\n`);
  process.stdout.write('\n----- Markdown for tests/bench/README.md -----\n\n');
  process.stdout.write(`${markdownReport(results)}\n`);
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
