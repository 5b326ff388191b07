/**
 * CPU per play report, process by process: `npx tsx tests/bench/play-cpu.ts [--rate 500] [--seconds 40]
 * [--route graphql|sse|beacon|player|upstream] [--prof gateway|upstream|login] [--engine sqlite|postgres]`.
 *
 * The throughput steps of play.ts need idle cores to mean anything; CPU time per report does not
 * (another engineer's build slows every process down, but hardly changes the CPU each report costs).
 * This starts the three servers as `npm start` does (without building the web app: the gateway serves
 * no page here), signs viewers in as play.ts does, lets every viewer report once (each token validated
 * once), then offers `rate` reports a second for `seconds` (more than the viewer cache's 30 s, so each
 * token's re-validation is in the figure) and prints user + system CPU of each process per report,
 * the load generator's own included. `--route sse` sends reportPlay as the web client does (graphql-sse's
 * distinct-connections mode: the same POST with Accept: text/event-stream, answered as an event
 * stream), `graphql` as plain JSON (as play.ts does). `--prof` starts that process with `node --cpu-prof` (the profile
 * lands in the printed directory when it exits). `--route player` is the web player's route (POST
 * /beacon/play-log answered {"id"}). `--engine postgres` runs the servers on PostgreSQL (a schema of
 * the run's own at TEST_DATABASE_URL, dropped after) and adds the CPU of the PostgreSQL backends that
 * served them (engine.ts samplePostgresBackends).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Pool } from 'undici';
import { DATABASE_FILE } from '../../upstream/src/store';
import { freePort, repoRoot } from '../support/platform';
import { sql } from 'kysely';
import { connectPostgres, dropSchema, ensureSchema } from '../../upstream/src/store/postgres';
import { BENCH_DATABASE_URL, samplePostgresBackends, withSearchPath } from './engine';
import {
  beaconSender,
  createViewers,
  gatewaySender,
  openLoopStep,
  playerRouteSender,
  upstreamSender,
  type Send,
  type Viewer,
} from './play';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const rate = Number(option('rate', '500'));
const seconds = Number(option('seconds', '40'));
const route = option('route', 'graphql');
const prof = option('prof', '');
const engine = option('engine', 'sqlite');
// the processes started here carry the run's marker (the PostgreSQL backends serving them are found by it)
process.env.SIZHENG_BENCH_RUN ??= randomUUID();

function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function healthy(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never healthy:\n${log()}`);
}

const REPORT_MUTATION =
  'mutation PlayLogReportMutation(\n  $input: ReportPlayInput!\n) {\n  reportPlay(input: $input) {\n    logId\n  }\n}\n';

/** reportPlay as the web client's graphql-sse client sends it, the answer read from the event stream. */
function sseSender(pool: Pool): Send {
  return async (viewer) => {
    viewer.reports += 1;
    const stayTime = viewer.reports * 5 - 4;
    const input = {
      logId: viewer.logId || null,
      videoId: viewer.videoId,
      courseId: viewer.courseId,
      catalogueId: viewer.catalogId,
      lastPlayTime: stayTime % 600,
      duration: 600,
      stayTime,
    };
    const response = await pool.request({
      method: 'POST',
      path: '/graphql',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        accept: 'text/event-stream',
        'x-graphql-yoga-csrf': '1',
        cookie: viewer.cookie,
      },
      body: JSON.stringify({ operationName: 'PlayLogReportMutation', query: REPORT_MUTATION, variables: { input } }),
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) return `HTTP ${response.statusCode}: ${text.slice(0, 200)}`;
    const data = text.split('\n').find((line) => line.startsWith('data: {'));
    const logId = data
      ? (JSON.parse(data.slice(6)) as { data?: { reportPlay?: { logId: string | null } } }).data?.reportPlay?.logId
      : null;
    if (!logId) return `no logId: ${text.slice(0, 200)}`;
    viewer.logId = logId;
    return null;
  };
}

async function main(): Promise<void> {
  const [port, upstreamPort, loginPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-playcpu-'));
  const profDir = path.join(dataDir, 'profiles');
  mkdirSync(profDir);
  const schema = engine === 'postgres' ? `bench_${randomUUID().replaceAll('-', '').slice(0, 12)}` : null;
  if (schema) await ensureSchema(BENCH_DATABASE_URL, schema);
  const databaseUrl = schema ? withSearchPath(BENCH_DATABASE_URL, schema) : null;
  const env = {
    ...process.env,
    PORT: String(port),
    UPSTREAM_PORT: String(upstreamPort),
    LOGIN_PORT: String(loginPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // as the benchmarks' platforms (tests/support/platform.ts): a shared machine answers slower than 2 s at times
    UPSTREAM_READ_TIMEOUT_MS: '10000',
    DATABASE_URL: databaseUrl ?? '',
  };
  const children: ChildProcess[] = [];
  let log = '';
  const start = (name: string, file: string) => {
    const flags = prof === name ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
    const child = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(repoRoot, file)], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (log += `[${name}] ${d}`));
    child.stderr!.on('data', (d: Buffer) => (log += `[${name}] ${d}`));
    children.push(child);
    return child;
  };
  try {
    const upstream = start('upstream', 'upstream/cli/main-api.ts');
    const login = start('login', 'upstream/cli/login-service.ts');
    await healthy(`http://127.0.0.1:${upstreamPort}/healthz`, upstream, () => log);
    await healthy(`http://127.0.0.1:${loginPort}/healthz`, login, () => log);
    const gateway = start('gateway', 'gateway/src/main.ts');
    await healthy(`http://127.0.0.1:${port}/healthz`, gateway, () => log);
    const viewers: Viewer[] = await createViewers(dataDir, Math.round(rate * 5), databaseUrl);
    const base = route === 'upstream' ? `http://127.0.0.1:${upstreamPort}` : `http://127.0.0.1:${port}`;
    const pool = new Pool(base, { connections: 256, keepAliveTimeout: 30_000 });
    const send =
      route === 'beacon'
        ? beaconSender(pool, base)
        : route === 'player'
          ? playerRouteSender(pool, base)
          : route === 'upstream'
            ? upstreamSender(pool)
            : route === 'sse'
              ? sseSender(pool)
              : gatewaySender(pool);
    // every viewer reports once: tokens validated, names cached, rows created
    // (a beacon has no answer to read: the viewings are begun through reportPlay, as play.ts does)
    // 100 viewers a second, so that the login service's first look at every token keeps up
    for (let i = 0; i < viewers.length; i += 500) {
      const warm = await openLoopStep(
        viewers.slice(i, i + 500),
        100,
        0,
        5,
        route === 'beacon' ? gatewaySender(pool) : send,
      );
      if (warm.failed > 0) throw new Error(`warm-up: ${warm.failed} failed, first: ${warm.firstError}`);
    }
    const procs = { gateway, upstream, login };
    const before = Object.fromEntries(Object.entries(procs).map(([k, c]) => [k, cpuMsOf(c.pid!)]));
    const selfBefore = process.cpuUsage();
    const load = loadavg()[0]!.toFixed(2);
    const backends = schema ? samplePostgresBackends() : null;
    const step = await openLoopStep(viewers, rate, 0, seconds, send);
    const backendMs = backends?.stop() ?? null;
    // the sampler's looks are not the load generator's work
    const self = process.cpuUsage(selfBefore);
    self.user -= (backends?.ownMs() ?? 0) * 1000;
    const after = Object.fromEntries(Object.entries(procs).map(([k, c]) => [k, cpuMsOf(c.pid!)]));
    const reports = step.allSent;
    const per = (k: string) => ((after[k]! - before[k]!) / reports).toFixed(3);
    // each viewer's record should hold the running total of its last report
    const stays = new Map<string, number>();
    if (databaseUrl) {
      const connection = connectPostgres(databaseUrl, { poolSize: 1 });
      const { rows } = await sql<{
        userId: number;
        videoId: number;
        stayTime: number;
      }>`SELECT user_id AS "userId", video_id AS "videoId", stay_time AS "stayTime" FROM play_logs`.execute(
        connection.db(),
      );
      for (const row of rows) stays.set(`${row.userId}:${row.videoId}`, row.stayTime);
      await connection.close();
    } else {
      const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
      for (const row of db
        .prepare('SELECT user_id AS userId, video_id AS videoId, stay_time AS stayTime FROM play_logs')
        .all() as { userId: number; videoId: number; stayTime: number }[]) {
        stays.set(`${row.userId}:${row.videoId}`, row.stayTime);
      }
      db.close();
    }
    const records = { equal: 0, less: 0, more: 0, missing: 0 };
    for (const viewer of viewers) {
      const stay = stays.get(`${viewer.userId}:${viewer.videoId}`);
      const expected = viewer.reports * 5 - 4;
      if (stay === undefined) records.missing++;
      else if (stay === expected) records.equal++;
      else if (stay < expected) records.less++;
      else records.more++;
    }
    console.log(
      JSON.stringify({
        records,
        engine,
        route,
        rate,
        seconds,
        reports,
        ok: step.ok,
        failed: step.failed,
        firstError: step.firstError,
        p50: step.p50Ms.toFixed(1),
        p95: step.p95Ms.toFixed(1),
        cpuMsPerReport: {
          gateway: per('gateway'),
          upstream: per('upstream'),
          login: per('login'),
          loadGenerator: ((self.user + self.system) / 1000 / reports).toFixed(3),
          ...(backendMs === null ? {} : { postgresBackends: (backendMs / reports).toFixed(3) }),
        },
        loadAverageBefore: load,
        loadAverageAfter: loadavg()[0]!.toFixed(2),
      }),
    );
    await pool.close();
  } finally {
    for (const child of children) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      }
    }
    if (prof) console.log(`profiles in ${profDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
    if (schema) {
      await dropSchema(BENCH_DATABASE_URL, `${schema}_jobs`);
      await dropSchema(BENCH_DATABASE_URL, schema);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
