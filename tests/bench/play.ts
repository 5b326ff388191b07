/**
 * The play benchmark (its budgets: tests/bench/README.md), on the platform as `npm start` runs it (fresh DATA_DIR,
 * the demo with its HLS lectures):
 *
 *  1. Play-log ingestion. Simulated viewers, each signed in with a token of their own, report where
 *     they are every 5 s (the player's rhythm, product-spec §7), continuing their viewing with the log
 *     id of the previous answer. The load is open: reports leave at their scheduled time whether or not
 *     earlier ones were answered, and latency is counted from that time, so a saturated system shows
 *     as growing latency and a rate below the offered one, not as a politely slower client. The rate
 *     steps up (viewers = rate × 5; each step settles 35 s, then 20 s are measured) until a step is
 *     no longer sustained: at least 99 % of the reports
 *     answered without error, at 97 % of the offered rate or more, with p95 under 1 s. Through the
 *     gateway (the reportPlay mutation, the viewer from the utoken cookie: validated with the login
 *     service every 30 s per token), then the same reports as the web player sends them (POST
 *     /beacon/play-log with Accept: application/json, answered {"id"}: no GraphQL), beside AddPlayLog
 *     sent to the main API alone (signed, as the gateway sends it). Target: 2 000 reports a second
 *     (10 000 viewers). `routeOnly` (run.ts --play-route-only) measures only the player's route, from
 *     1 000/s up.
 *  2. HLS serving: the demo lectures' .ts segments and .m3u8 playlists fetched through the gateway's
 *     /media, straight from the main API's /media, and from a minimal Node static file server
 *     (createReadStream, no checks) on the same files: requests and MB a second, p50/p95.
 *
 * The viewers' accounts and tokens are written into the store as the login service writes them on a
 * sign-in (a token's SHA-256, its user, its lifetime): signing 10 000 people in through the scrypt
 * password check would take minutes of CPU and measure the login service instead.
 *
 * Everything runs on this machine: the load generator, the gateway, the main API and the login service
 * share its cores, so the figures are a floor of what the code does, bound by CPU.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { signedHeaders, toWireParams, withNonce } from '../../gateway/src/upstream/sign';
import { hashToken, newToken } from '../../upstream/src/login-service/services/tokens';
import { mediaTokenKey, signedMediaPath } from '../../upstream/src/media/media-tokens';
import { hashPasswordSync } from '../../upstream/src/login-service/services/passwords';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { DATABASE_FILE, openStore, type Store } from '../../upstream/src/store';
import { connectPostgres, openPostgresStore } from '../../upstream/src/store/postgres';
import type { Cleanup } from './cleanup';
import { BrokenError } from './graphql-client';
import {
  cpuByRole,
  machineTimes,
  samplePostgresBackends,
  startEnginePlatform,
  waitForQuiet,
  type Engine,
  type Role,
} from './engine';
import { busyShare, describeMachine } from './machine';
import { startCluster } from '../support/cluster';
import { percentile } from './stats';

/** The player reports every 5 s (product-spec §7). */
export const REPORT_INTERVAL_MS = 5_000;
export const TARGET_REPORTS_PER_SECOND = 2_000;
/** A step is sustained when this share of its reports was answered without error ... */
const SUSTAINED_SHARE = 0.99;
/** ... at this share of the offered rate or more ... */
const SUSTAINED_RATE = 0.97;
/** ... with p95 under this. */
const SUSTAINED_P95_MS = 1_000;

const API_SECRET = process.env.API_SECRET || 'sizheng-dev-secret';

export interface IngestionStep {
  offered: number;
  /** every report of the step, settling ones too (for CPU per report) */
  allSent: number;
  viewers: number;
  durationS: number;
  sent: number;
  ok: number;
  failed: number;
  achieved: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  sustained: boolean;
  firstError: string | null;
}

export interface ServingRun {
  target: string;
  kind: 'segments' | 'playlists';
  concurrency: number;
  requests: number;
  bytes: number;
  perSecond: number;
  mbPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

export interface PlayBenchResults {
  date: Date;
  machine: string;
  node: string;
  busyBefore: number | null;
  quick: boolean;
  /** only the web player's route was measured (--play-route-only) */
  routeOnly?: boolean;
  gateway: IngestionStep[];
  /** the web player's route: POST /beacon/play-log with Accept: application/json */
  beacon: IngestionStep[];
  /** null when the sampled records hold the viewers' last reports */
  beaconCheck: string | null;
  upstream: IngestionStep[];
  media: { videos: number; segments: number; playlists: number; segmentBytes: number };
  serving: ServingRun[];
  /** the gateway's and the main API's CPU while the gateway steps ran, ms per report */
  cpuMsPerReport: CpuPerReport;
  /** the same while the beacon steps ran, and while the main-API-only steps ran */
  beaconCpuMsPerReport: CpuPerReport;
  upstreamCpuMsPerReport: CpuPerReport;
  /** the machine's 1-minute load average when each part began and ended (other work shares the cores) */
  load: { gateway: [number, number]; beacon: [number, number]; upstream: [number, number] };
  /** the store engine of the one-gateway platform */
  engine: Engine;
  /** the player's route through the cluster's two gateways, when measured */
  twoGateways: TwoGatewayResults | null;
}

export interface CpuPerReport {
  /** summed over the replicas where there are several */
  gateway: number | null;
  mainApi: number | null;
  login: number | null;
  /** this process: the load generator */
  loadGenerator: number | null;
  /** the cluster's job worker and load balancer */
  worker?: number | null;
  nginx?: number | null;
  /** the PostgreSQL backends serving this run's processes */
  postgres?: number | null;
  /** the machine's PostgreSQL and Redis servers, all their processes (other work on them counts too) */
  postgresServer?: number | null;
  redis?: number | null;
  /** share of both cores busy (everything on the machine) while the steps ran */
  machineBusy?: number | null;
}

const NO_CPU: CpuPerReport = { gateway: null, mainApi: null, login: null, loadGenerator: null };

/** The player's route spread over the cluster's two gateways (tests/support/cluster.ts). */
export interface TwoGatewayResults {
  steps: IngestionStep[];
  cpuMsPerReport: CpuPerReport;
  load: [number, number];
  check: string | null;
  gateways: number;
  mainApis: number;
}

// ---- viewers -------------------------------------------------------------------------------------

export interface Viewer {
  userId: number;
  cookie: string;
  courseId: number;
  videoId: number;
  catalogId: number;
  videoCode: string;
  courseName: string;
  videoName: string;
  /** the previous answer's log id ('' before the first) */
  logId: string;
  reports: number;
}

type VideoRow = {
  videoId: number;
  courseId: number;
  catalogId: number;
  videoCode: string;
  videoName: string;
  courseName: string;
};
const VIDEOS_SQL = `SELECT v.id AS "videoId", v.course_id AS "courseId", c.catalogue_id AS "catalogId", v.code AS "videoCode", v.name AS "videoName", c.name AS "courseName"
         FROM videos v JOIN courses c ON c.id = v.course_id ORDER BY v.id LIMIT 500`;

/** The platform's store: its SQLite file under dataDir, or PostgreSQL at databaseUrl (its schema in the URL). */
async function openBenchStore(
  dataDir: string,
  databaseUrl: string | null,
): Promise<{ store: Store; videos: () => Promise<VideoRow[]> }> {
  if (databaseUrl) {
    const store = await openPostgresStore(databaseUrl, { dataDir, poolSize: 2 });
    return { store, videos: async () => (await sql.raw<VideoRow>(VIDEOS_SQL).execute(store.connection.db())).rows };
  }
  const store = openStore(dataDir);
  return {
    store,
    videos: async () => {
      const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
      try {
        return db.prepare(VIDEOS_SQL).all() as VideoRow[];
      } finally {
        db.close();
      }
    },
  };
}

/** `count` viewers with accounts and login tokens of their own, in the store the platform runs on. */
export async function createViewers(
  dataDir: string,
  count: number,
  databaseUrl: string | null = null,
): Promise<Viewer[]> {
  const { store, videos: readVideos } = await openBenchStore(dataDir, databaseUrl);
  try {
    const videos = await readVideos();
    if (videos.length === 0) throw new BrokenError('the demo has no videos');
    const now = Date.now();
    const passwordHash = hashPasswordSync('BenchViewer2026');
    const viewers: Viewer[] = [];
    await store.transaction(async () => {
      for (let i = 0; i < count; i++) {
        const user = await store.users.insert(
          { userName: `bench_viewer_${i}`, passwordHash, userType: 1, comId: null, realName: `观众${i}` },
          now,
        );
        const token = newToken();
        await store.tokens.insert({
          tokenHash: hashToken(token),
          userId: user.userId,
          kind: 'password',
          createdAt: now,
          expiresAt: now + 7 * 24 * 3600_000,
          lastUsedAt: now,
        });
        const video = videos[i % videos.length]!;
        viewers.push({ userId: user.userId, cookie: `utoken=${token}`, ...video, logId: '', reports: 0 });
      }
    });
    return viewers;
  } finally {
    await store.close();
  }
}

/** The next report of a viewer: the player's running totals. */
function nextReport(viewer: Viewer) {
  viewer.reports += 1;
  const stayTime = viewer.reports * 5 - 4;
  return {
    logId: viewer.logId || null,
    videoId: viewer.videoId,
    courseId: viewer.courseId,
    catalogueId: viewer.catalogId,
    lastPlayTime: stayTime % 600,
    duration: 600,
    stayTime,
  };
}

const REPORT_MUTATION =
  'mutation PlayerReportMutation($input: ReportPlayInput!) { reportPlay(input: $input) { logId errors { message } } }';

export type Send = (viewer: Viewer) => Promise<string | null>;

/** reportPlay through the gateway; null when answered with a log id, else what went wrong. */
export function gatewaySender(pool: Pool): Send {
  return async (viewer) => {
    const response = await pool.request({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1', cookie: viewer.cookie },
      body: JSON.stringify({
        query: REPORT_MUTATION,
        variables: { input: nextReport(viewer) },
        operationName: 'PlayerReportMutation',
      }),
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) return `HTTP ${response.statusCode}: ${text.slice(0, 200)}`;
    const body = JSON.parse(text) as {
      data?: { reportPlay?: { logId: string | null; errors: { message: string }[] } };
      errors?: { message: string }[];
    };
    const payload = body.data?.reportPlay;
    if (!payload) return `no payload: ${JSON.stringify(body.errors ?? body).slice(0, 200)}`;
    if (payload.errors.length > 0) return payload.errors.map((e) => e.message).join('; ');
    if (!payload.logId) return 'no logId (the viewer was not recognised)';
    viewer.logId = payload.logId;
    return null;
  };
}

/**
 * The same report as the unload beacon sends it (POST /beacon/play-log, form fields, same origin):
 * the gateway's play-log path without GraphQL. The beacon answers 204 whatever became of the report,
 * so what it recorded is checked in the store afterwards (checkBeaconRecords).
 */
export function beaconSender(pool: Pool, origin: string): Send {
  return async (viewer) => {
    const report = nextReport(viewer);
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(report)) form.set(key, value === null ? '' : String(value));
    const response = await pool.request({
      method: 'POST',
      path: '/beacon/play-log',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: viewer.cookie },
      body: form.toString(),
    });
    const text = await response.body.text();
    return response.statusCode === 204 ? null : `HTTP ${response.statusCode}: ${text.slice(0, 200)}`;
  };
}

/**
 * The report as the web player sends it now (web/src/components/Player/playLogReporter.ts
 * sendPlayReport): the beacon's form fields urlencoded to POST /beacon/play-log with `Accept:
 * application/json` and the browser's `Sec-Fetch-Site: same-origin`, answered 200 {"id"}, which the
 * next report carries. Null when answered with an id, else what went wrong.
 */
export function playerRouteSender(pool: Pool, origin: string): Send {
  return async (viewer) => {
    const report = nextReport(viewer);
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(report)) form.set(key, value === null ? '' : String(value));
    const response = await pool.request({
      method: 'POST',
      path: '/beacon/play-log',
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        accept: 'application/json',
        origin,
        'sec-fetch-site': 'same-origin',
        cookie: viewer.cookie,
      },
      body: form.toString(),
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) return `HTTP ${response.statusCode}: ${text.slice(0, 200)}`;
    const id = (JSON.parse(text) as { id?: unknown }).id;
    if (typeof id !== 'string' || id === '') return `no id: ${text.slice(0, 200)}`;
    viewer.logId = id;
    return null;
  };
}

/** The route's reports really recorded: each sampled viewer's record (the id it was answered) holds its last stay time. */
async function checkBeaconRecords(
  dataDir: string,
  viewers: Viewer[],
  databaseUrl: string | null = null,
): Promise<string | null> {
  const sample = viewers.filter((_, index) => index % Math.max(1, Math.floor(viewers.length / 50)) === 0);
  const stays = new Map<number, number>();
  if (databaseUrl) {
    const connection = connectPostgres(databaseUrl, { poolSize: 1 });
    try {
      const { rows } = await sql<{ id: number; stayTime: number }>`SELECT id, stay_time AS "stayTime" FROM play_logs
        WHERE id = ANY(${sample.map((viewer) => Number(viewer.logId))}::integer[])`.execute(connection.db());
      for (const row of rows) stays.set(row.id, row.stayTime);
    } finally {
      await connection.close();
    }
  } else {
    const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    try {
      for (const viewer of sample) {
        const row = db.prepare('SELECT stay_time AS stayTime FROM play_logs WHERE id = ?').get(Number(viewer.logId)) as
          { stayTime: number } | undefined;
        if (row) stays.set(Number(viewer.logId), row.stayTime);
      }
    } finally {
      db.close();
    }
  }
  const wrong = sample.filter((viewer) => stays.get(Number(viewer.logId)) !== viewer.reports * 5 - 4);
  return wrong.length === 0
    ? null
    : `${wrong.length} of ${sample.length} sampled viewers' records do not hold their last report`;
}

/** AddPlayLog straight to the main API, signed as the gateway signs it, with every field of §7. */
export function upstreamSender(pool: Pool): Send {
  return async (viewer) => {
    const report = nextReport(viewer);
    const params = withNonce(
      toWireParams({
        id: report.logId ?? 0,
        userId: viewer.userId,
        userName: `bench_viewer`,
        comId: 0,
        comCode: '',
        comName: '',
        catalogId: viewer.catalogId,
        courseId: viewer.courseId,
        courseName: viewer.courseName,
        videoName: viewer.videoName,
        videoId: viewer.videoId,
        videoCode: viewer.videoCode,
        lastPlayTime: report.lastPlayTime,
        duration: report.duration,
        stayTime: report.stayTime,
        esLogId: '',
      }),
      'main-api',
    );
    const response = await pool.request({
      method: 'POST',
      path: '/api/log/AddPlayLog',
      headers: {
        ...signedHeaders(params, { secret: API_SECRET, algorithm: 'md5', productId: 1 }),
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(params),
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) return `HTTP ${response.statusCode}: ${text.slice(0, 200)}`;
    const body = JSON.parse(text) as { code: number; message: string; items: unknown };
    if (body.code !== 2001 && body.code !== 2000) return `code ${body.code} ${body.message}`;
    viewer.logId = String(body.items);
    return null;
  };
}

/**
 * `rate` reports a second from rate × 5 viewers, each every 5 s, their phases spread evenly over the
 * interval: first `settleS` seconds unmeasured, then `durationS` measured. The settling covers a
 * token's 30 s in the gateway's viewer cache and one report interval, so the measured part is the
 * steady state: viewers already watching, each token validated again with the login service once
 * every 30 s at its own moment, not all at once as when everybody starts together. Latency is from a
 * report's scheduled time to its answer.
 */
export async function openLoopStep(
  viewers: Viewer[],
  rate: number,
  settleS: number,
  durationS: number,
  send: Send,
): Promise<IngestionStep> {
  const count = Math.min(viewers.length, Math.round((rate * REPORT_INTERVAL_MS) / 1000));
  const active = viewers.slice(0, count);
  const events: { at: number; viewer: Viewer; measured: boolean }[] = [];
  active.forEach((viewer, index) => {
    const phase = (index / count) * REPORT_INTERVAL_MS;
    for (let at = phase; at < (settleS + durationS) * 1000; at += REPORT_INTERVAL_MS)
      events.push({ at, viewer, measured: at >= settleS * 1000 });
  });
  events.sort((a, b) => a.at - b.at);
  const samples: number[] = [];
  let ok = 0;
  let failed = 0;
  /** answers that came by the end of the step plus the p95 bound: what a keeping-up system answers */
  let okInWindow = 0;
  let firstError: string | null = null;
  const pending: Promise<void>[] = [];
  const began = performance.now();
  const windowEnd = began + (settleS + durationS) * 1000 + SUSTAINED_P95_MS;
  let sent = 0;
  let cursor = 0;
  while (cursor < events.length) {
    const now = performance.now() - began;
    while (cursor < events.length && events[cursor]!.at <= now) {
      const event = events[cursor++]!;
      const scheduled = began + event.at;
      if (event.measured) sent++;
      pending.push(
        send(event.viewer)
          .catch((error: unknown) => String(error))
          .then((error) => {
            if (!event.measured) return;
            const done = performance.now();
            samples.push(done - scheduled);
            if (error) {
              failed++;
              firstError ??= error;
            } else {
              ok++;
              if (done <= windowEnd) okInWindow++;
            }
          }),
      );
    }
    const wait =
      cursor < events.length ? Math.max(1, Math.min(10, events[cursor]!.at - (performance.now() - began))) : 0;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await Promise.all(pending);
  samples.sort((a, b) => a - b);
  // the reports answered while the step lasted (and within the p95 bound after it), per second of the step
  const achieved = okInWindow / durationS;
  const p95 = percentile(samples, 95);
  return {
    offered: rate,
    allSent: events.length,
    viewers: count,
    durationS,
    sent,
    ok,
    failed,
    achieved,
    p50Ms: percentile(samples, 50),
    p95Ms: p95,
    p99Ms: percentile(samples, 99),
    maxMs: samples[samples.length - 1] ?? NaN,
    sustained: ok >= sent * SUSTAINED_SHARE && achieved >= rate * SUSTAINED_RATE && p95 < SUSTAINED_P95_MS,
    firstError,
  };
}

/** Steps up the rate until a step is not sustained (or the list ends). */
async function rampUp(
  label: string,
  viewers: Viewer[],
  rates: number[],
  timing: { settleS: number; durationS: number },
  send: Send,
  step: (text: string) => void,
): Promise<IngestionStep[]> {
  const results: IngestionStep[] = [];
  for (const rate of rates) {
    step(
      `${label}: ${rate} reports/s from ${Math.round((rate * REPORT_INTERVAL_MS) / 1000)} viewers, ${timing.settleS} s settling, ${timing.durationS} s measured`,
    );
    const result = await openLoopStep(viewers, rate, timing.settleS, timing.durationS, send);
    results.push(result);
    step(
      `${label}:   answered ${result.ok}/${result.sent} (${result.failed} failed), ${result.achieved.toFixed(0)}/s, p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms${result.sustained ? '' : ' — not sustained'}${result.firstError ? `; first error: ${result.firstError}` : ''}`,
    );
    if (!result.sustained) break;
    // let the backlog of the step (if any) drain before the next
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return results;
}

// ---- CPU of the platform's processes ----------------------------------------------------------------

// ---- HLS serving -------------------------------------------------------------------------------------

interface MediaFiles {
  videos: number;
  segments: string[];
  playlists: string[];
  segmentBytes: number;
}

/** The demo lectures' HLS files, as /media/... site paths. */
function findMedia(dataDir: string): MediaFiles {
  const root = path.join(dataDir, 'media');
  const videosDir = path.join(root, 'videos');
  const segments: string[] = [];
  const playlists: string[] = [];
  let segmentBytes = 0;
  let videos = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      const info = statSync(file);
      if (info.isDirectory()) walk(file);
      else if (name.endsWith('.ts') || name.endsWith('.m3u8')) {
        const sitePath = `/media/${path.relative(root, file).split(path.sep).map(encodeURIComponent).join('/')}`;
        if (name.endsWith('.ts')) {
          segments.push(sitePath);
          segmentBytes += info.size;
        } else playlists.push(sitePath);
        if (name === 'master.m3u8') videos++;
      }
    }
  };
  try {
    walk(videosDir);
  } catch {
    // no media directory: reported below
  }
  return { videos, segments, playlists, segmentBytes };
}

const STATIC_SERVER = `
const http = require('node:http'); const fs = require('node:fs'); const path = require('node:path');
const root = process.argv[1];
const types = { '.ts': 'video/mp2t', '.m3u8': 'application/vnd.apple.mpegurl' };
http.createServer((req, res) => {
  const file = path.join(root, decodeURIComponent(req.url.split('?')[0]).replace(/^\\/media\\//, ''));
  fs.stat(file, (error, info) => {
    if (error || !info.isFile()) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream', 'content-length': info.size });
    fs.createReadStream(file).pipe(res);
  });
}).listen(0, '127.0.0.1', function () { process.stdout.write(JSON.stringify({ port: this.address().port }) + '\\n'); });
`;

async function startStaticServer(mediaRoot: string, cleanup: Cleanup): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, ['-e', STATIC_SERVER, mediaRoot], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanup.add('minimal static server', async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new BrokenError(`the minimal static server exited (${code})`)));
  });
  return `http://127.0.0.1:${port}`;
}

async function serve(
  target: string,
  baseUrl: string,
  kind: ServingRun['kind'],
  paths: string[],
  concurrency: number,
  durationMs: number,
): Promise<ServingRun> {
  const pool = new Pool(baseUrl, { connections: concurrency, keepAliveTimeout: 10_000 });
  const samples: number[] = [];
  let bytes = 0;
  let next = 0;
  const began = performance.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        let index = (worker * 7919) % paths.length;
        while (performance.now() - began < durationMs) {
          index = (index + 1 + next++) % paths.length;
          const t0 = performance.now();
          const response = await pool.request({ method: 'GET', path: paths[index]! });
          if (response.statusCode !== 200)
            throw new BrokenError(`${target}: ${paths[index]} answered HTTP ${response.statusCode}`);
          for await (const chunk of response.body) bytes += (chunk as Buffer).length;
          samples.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    await pool.close();
  }
  const elapsedS = (performance.now() - began) / 1000;
  samples.sort((a, b) => a - b);
  return {
    target,
    kind,
    concurrency,
    requests: samples.length,
    bytes,
    perSecond: samples.length / elapsedS,
    mbPerSecond: bytes / 1024 / 1024 / elapsedS,
    p50Ms: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
    p99Ms: percentile(samples, 99),
  };
}

// ---- the run -----------------------------------------------------------------------------------------

type Measured = (
  run: () => Promise<IngestionStep[]>,
) => Promise<{ steps: IngestionStep[]; perReport: CpuPerReport; load: [number, number] }>;

/**
 * The player's route through two gateways: the cluster as `npm run start:cluster` runs it (2 gateways,
 * 2 main APIs, a login service and a job worker; PostgreSQL in a schema of its own, Redis under a
 * prefix of its own: tests/support/cluster.ts), its reports sent to the two gateways in turn as the
 * cluster's nginx sends them (round robin), but straight to them: a load balancer has cores of its own.
 */
async function runTwoGateways(options: {
  cleanup: Cleanup;
  step: (text: string) => void;
  quick: boolean;
  timing: { settleS: number; durationS: number };
  measured: Measured;
}): Promise<TwoGatewayResults> {
  const { cleanup, step, quick, timing, measured } = options;
  const rates = quick ? [500, 1_000] : [1_000, 2_000, 3_000, 4_000, 5_000, 6_000];
  step('play: starting the cluster (2 gateways, 2 main APIs, login, worker; PostgreSQL and Redis)');
  const cluster = await startCluster({ LOG_LEVEL: 'warn' });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await cluster.stop();
  };
  cleanup.add('play cluster', stop);
  const count = (Math.max(...rates) * REPORT_INTERVAL_MS) / 1000;
  step(`play: ${count} viewers with their own login tokens, in the cluster's schema`);
  const viewers = await createViewers(cluster.dataDir, count, cluster.databaseUrl);
  const pools = cluster.gatewayUrls.map((url) => new Pool(url, { connections: 256, keepAliveTimeout: 30_000 }));
  for (const pool of pools) cleanup.add('play cluster pool', () => (pool.closed ? undefined : pool.close()));
  const senders = pools.map((pool, index) => playerRouteSender(pool, cluster.gatewayUrls[index]!));
  let turn = 0;
  const send: Send = (viewer) => senders[turn++ % senders.length]!(viewer);
  step('play: waiting for the cluster to finish its start-up work');
  await waitForQuiet(step, 'play');
  const run = await measured(() => rampUp('play: two gateways, player route', viewers, rates, timing, send, step));
  for (const pool of pools) await pool.close();
  const reached = viewers
    .slice(0, Math.max(...run.steps.map((s) => s.viewers)))
    .filter((viewer) => viewer.logId !== '');
  const check = await checkBeaconRecords(cluster.dataDir, reached, cluster.databaseUrl);
  if (check) step(`play: ${check}`);
  await stop();
  return {
    steps: run.steps,
    cpuMsPerReport: run.perReport,
    load: run.load,
    check,
    gateways: cluster.gatewayUrls.length,
    mainApis: cluster.mainApiUrls.length,
  };
}

export async function runPlayBench(options: {
  cleanup: Cleanup;
  step: (text: string) => void;
  quick?: boolean;
  routeOnly?: boolean;
  /** the store engine of the one-gateway platform (default sqlite) */
  engine?: Engine;
  /** the player's route through the two gateways of the cluster (PostgreSQL, Redis): beside the rest, or alone */
  twoGateways?: 'no' | 'also' | 'only';
}): Promise<PlayBenchResults> {
  const { cleanup, step } = options;
  const quick = options.quick ?? false;
  const engine = options.engine ?? 'sqlite';
  const twoGatewaysMode = options.twoGateways ?? 'no';
  /** only the web player's route (--play-route-only): from 1 000/s up, no reportPlay, main API or HLS parts */
  const routeOnly = (options.routeOnly ?? false) || twoGatewaysMode === 'only';
  const busyBefore = await busyShare();
  const gatewayRates = quick ? [200, 500] : [250, 500, 750, 1_000, 1_500, 2_000, 2_500, 3_000];
  const routeRates = quick ? [200, 500] : routeOnly ? [1_000, 1_500, 2_000, 2_500, 3_000] : gatewayRates;
  const upstreamRates = quick ? [500, 1_000] : [1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 6_000];
  // settling: one token lifetime in the gateway's viewer cache (30 s) and a report interval
  const timing = quick ? { settleS: 6, durationS: 6 } : { settleS: 35, durationS: 20 };
  const maxViewers =
    (Math.max(...(routeOnly ? routeRates : [...gatewayRates, ...routeRates, ...upstreamRates])) * REPORT_INTERVAL_MS) /
    1000;
  const load1 = () => Math.round(loadavg()[0]! * 100) / 100;
  /** runs the steps, with the CPU each process spent per report meanwhile, the load around them and the machine's busy share */
  const measured = async (run: () => Promise<IngestionStep[]>) => {
    const before = { ...cpuByRole(), self: process.cpuUsage(), machine: machineTimes() };
    const backends = samplePostgresBackends();
    const loadBefore = load1();
    const steps = await run();
    const backendMs = backends.stop();
    const after = cpuByRole();
    const machine = machineTimes();
    const self = process.cpuUsage(before.self);
    // the sampler's looks are not the load generator's work
    self.user -= backends.ownMs() * 1000;
    const reports = steps.reduce((sum, s) => sum + s.allSent, 0);
    const per = (key: Role) => (reports === 0 ? null : (after[key] - before[key]) / reports);
    const perReport: CpuPerReport = {
      gateway: per('gateway'),
      mainApi: per('mainApi'),
      login: per('login'),
      loadGenerator: reports === 0 ? null : (self.user + self.system) / 1000 / reports,
      worker: per('worker'),
      nginx: per('nginx'),
      postgres: backendMs === null || reports === 0 ? null : backendMs / reports,
      postgresServer: per('postgres'),
      redis: per('redis'),
      machineBusy:
        machine.total > before.machine.total
          ? (machine.busy - before.machine.busy) / (machine.total - before.machine.total)
          : null,
    };
    return { steps, perReport, load: [loadBefore, load1()] as [number, number] };
  };

  const twoGateways =
    twoGatewaysMode === 'no' ? null : await runTwoGateways({ cleanup, step, quick, timing, measured });
  if (twoGatewaysMode === 'only') {
    return {
      date: new Date(),
      machine: describeMachine(),
      node: process.version,
      busyBefore,
      quick,
      engine: 'postgres',
      routeOnly,
      gateway: [],
      beacon: [],
      beaconCheck: null,
      upstream: [],
      media: { videos: 0, segments: 0, playlists: 0, segmentBytes: 0 },
      serving: [],
      cpuMsPerReport: NO_CPU,
      beaconCpuMsPerReport: NO_CPU,
      upstreamCpuMsPerReport: NO_CPU,
      load: { gateway: [NaN, NaN], beacon: [NaN, NaN], upstream: [NaN, NaN] },
      twoGateways,
    };
  }

  step(`play: starting the platform on ${engine} (the demo with its lectures)`);
  const { platform, postgres } = await startEnginePlatform(engine, cleanup, 'play platform', { LOG_LEVEL: 'warn' });
  const databaseUrl = postgres?.databaseUrl ?? null;

  step(`play: ${maxViewers} viewers with their own login tokens`);
  const gatewayViewers = await createViewers(platform.dataDir, maxViewers, databaseUrl);
  // the upstream run uses the same people, with viewings of their own
  const upstreamViewers = gatewayViewers.map((viewer) => ({ ...viewer, logId: '', reports: 0 }));
  step('play: waiting for the platform to finish its start-up work');
  await waitForQuiet(step, 'play');

  const gatewayPool = new Pool(platform.baseUrl, { connections: 256, keepAliveTimeout: 30_000 });
  cleanup.add('play gateway pool', () => (gatewayPool.closed ? undefined : gatewayPool.close()));
  const upstreamPool = new Pool(platform.upstreamUrl, { connections: 256, keepAliveTimeout: 30_000 });
  cleanup.add('play upstream pool', () => (upstreamPool.closed ? undefined : upstreamPool.close()));

  // ---- ingestion through the gateway
  const skipped = { steps: [] as IngestionStep[], perReport: NO_CPU, load: [NaN, NaN] as [number, number] };
  const gatewayRun = routeOnly
    ? skipped
    : await measured(() =>
        rampUp('play: gateway reportPlay', gatewayViewers, gatewayRates, timing, gatewaySender(gatewayPool), step),
      );
  const gateway = gatewayRun.steps;
  const cpuMsPerReport = gatewayRun.perReport;

  // ---- the same reports as the web player sends them (its route, JSON answer; no GraphQL), continuing the same viewings
  if (!routeOnly) await new Promise((resolve) => setTimeout(resolve, 2_000));
  const beaconRun = await measured(() =>
    rampUp(
      'play: gateway player route',
      gatewayViewers,
      routeRates,
      timing,
      playerRouteSender(gatewayPool, platform.baseUrl),
      step,
    ),
  );
  const beacon = beaconRun.steps;
  const beaconViewers = gatewayViewers.slice(0, Math.max(...beacon.map((s) => s.viewers)));
  const beaconCheck = await checkBeaconRecords(
    platform.dataDir,
    beaconViewers.filter((viewer) => viewer.logId !== ''),
    databaseUrl,
  );
  if (beaconCheck) step(`play: ${beaconCheck}`);

  // ---- the main API alone
  const upstreamRun = routeOnly
    ? skipped
    : await measured(() =>
        rampUp('play: main API AddPlayLog', upstreamViewers, upstreamRates, timing, upstreamSender(upstreamPool), step),
      );
  const upstream = upstreamRun.steps;
  await gatewayPool.close();
  await upstreamPool.close();
  if (routeOnly) {
    await platform.stop();
    return {
      date: new Date(),
      machine: describeMachine(),
      node: process.version,
      busyBefore,
      quick,
      routeOnly,
      gateway,
      beacon,
      beaconCheck,
      upstream,
      media: { videos: 0, segments: 0, playlists: 0, segmentBytes: 0 },
      serving: [],
      cpuMsPerReport,
      beaconCpuMsPerReport: beaconRun.perReport,
      upstreamCpuMsPerReport: upstreamRun.perReport,
      load: { gateway: gatewayRun.load, beacon: beaconRun.load, upstream: upstreamRun.load },
      engine,
      twoGateways,
    };
  }

  // ---- HLS serving
  const media = findMedia(platform.dataDir);
  if (media.segments.length === 0)
    throw new BrokenError(
      `play: no HLS segments under ${platform.dataDir}/media/videos: the demo lectures are missing`,
    );
  step(
    `play: HLS serving, ${media.segments.length} segments and ${media.playlists.length} playlists of ${media.videos} videos`,
  );
  const staticUrl = await startStaticServer(path.join(platform.dataDir, 'media'), cleanup);
  // a signed-in viewer's addresses (media-tokens.ts): playing needs login; the static server has no grants
  const key = mediaTokenKey(API_SECRET);
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const granted = (paths: string[]) => paths.map((sitePath) => signedMediaPath(sitePath, 1, expires, key));
  const targets: [string, string, (paths: string[]) => string[]][] = [
    ['gateway /media (proxied to the main API)', platform.baseUrl, granted],
    ['main API /media directly', platform.upstreamUrl, granted],
    ['minimal Node static server', staticUrl, (paths) => paths],
  ];
  const servingMs = quick ? 3_000 : 10_000;
  const serving: ServingRun[] = [];
  for (const [target, url, addresses] of targets) {
    const segments = addresses(media.segments);
    // a short warm-up: connections and the page cache
    await serve(target, url, 'segments', segments, 8, 1_000);
    for (const [kind, paths, concurrency] of [
      ['segments', segments, 1],
      ['segments', segments, 32],
      ['playlists', addresses(media.playlists), 32],
    ] as [ServingRun['kind'], string[], number][]) {
      const run = await serve(target, url, kind, paths, concurrency, servingMs);
      serving.push(run);
      step(
        `play:   ${target}, ${kind} at ${concurrency}: ${run.perSecond.toFixed(0)}/s, ${run.mbPerSecond.toFixed(1)} MB/s, p50 ${run.p50Ms.toFixed(2)} ms, p95 ${run.p95Ms.toFixed(2)} ms`,
      );
    }
  }

  await platform.stop();
  return {
    date: new Date(),
    machine: describeMachine(),
    node: process.version,
    busyBefore,
    quick,
    routeOnly,
    gateway,
    beacon,
    beaconCheck,
    upstream,
    media: {
      videos: media.videos,
      segments: media.segments.length,
      playlists: media.playlists.length,
      segmentBytes: media.segmentBytes,
    },
    serving,
    cpuMsPerReport,
    beaconCpuMsPerReport: beaconRun.perReport,
    upstreamCpuMsPerReport: upstreamRun.perReport,
    load: { gateway: gatewayRun.load, beacon: beaconRun.load, upstream: upstreamRun.load },
    engine,
    twoGateways,
  };
}

// ---- the report ----------------------------------------------------------------------------------------

const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : 'n/a');
const n = (x: number) => Math.round(x).toLocaleString('en-US').replace(/,/g, ' ');

/** The highest offered rate that was sustained, or null when none was. */
export function maxSustained(steps: IngestionStep[]): IngestionStep | null {
  return [...steps].reverse().find((s) => s.sustained) ?? null;
}

function ingestionTable(steps: IngestionStep[]): string[] {
  return [
    '| offered reports/s | viewers | answered | failed | achieved/s | p50 | p95 | p99 | sustained |',
    '|---|---|---|---|---|---|---|---|---|',
    ...steps.map(
      (s) =>
        `| ${n(s.offered)} | ${n(s.viewers)} | ${n(s.ok)} / ${n(s.sent)} | ${n(s.failed)} | ${n(s.achieved)} | ${ms(s.p50Ms)} | ${ms(s.p95Ms)} | ${ms(s.p99Ms)} | ${s.sustained ? 'yes' : `no${s.firstError ? ` (${s.firstError.slice(0, 60)})` : ''}`} |`,
    ),
  ];
}

export function playMarkdown(r: PlayBenchResults): string {
  const bestGateway = maxSustained(r.gateway);
  const bestUpstream = maxSustained(r.upstream);
  const bestBeacon = maxSustained(r.beacon);
  const verdict = bestGateway && bestGateway.offered >= TARGET_REPORTS_PER_SECOND ? 'meets the target' : 'BELOW TARGET';
  const f = (x: number | null) => (x === null ? 'n/a' : `${x.toFixed(2)} ms`);
  const cpuOf = (label: string, cpu: CpuPerReport, load: [number, number]) => cpuPerReportLine(label, cpu, load);
  const cpuLine = cpuOf('gateway reportPlay', r.cpuMsPerReport, r.load.gateway);
  const routeVerdict =
    bestBeacon && bestBeacon.offered >= TARGET_REPORTS_PER_SECOND ? 'meets the target' : 'BELOW TARGET';
  const routeLine = `${r.routeOnly ? '**Play-log ingestion**: reports' : 'The same reports'} as the web player sends them (POST /beacon/play-log with \`Accept: application/json\`: form fields, the cookie's viewer, the same play-log code without GraphQL, answered \`{"id"}\` which the next report carries): max sustained **${bestBeacon ? `${n(bestBeacon.offered)} reports/s (${n(bestBeacon.viewers)} viewers), p95 ${ms(bestBeacon.p95Ms)}` : 'none of the steps'}**, target ${n(TARGET_REPORTS_PER_SECOND)}/s: ${routeVerdict}${r.beaconCheck ? ` (${r.beaconCheck})` : "; the sampled records hold each viewer's last report"}.`;
  const busy =
    r.busyBefore === null
      ? ''
      : ` The cores were ${(r.busyBefore * 100).toFixed(0)} % busy before the run began${r.busyBefore > 0.1 ? ' (other work was running: the figures are lower than on an idle machine)' : ''}.`;
  const engineNote =
    r.engine === 'postgres'
      ? ' The platform runs on PostgreSQL (`DATABASE_URL`, a fresh schema), one process of each service.'
      : '';
  const two = r.twoGateways ? twoGatewaysMarkdown(r.twoGateways) : '';
  if (r.twoGateways && r.gateway.length === 0 && r.beacon.length === 0) {
    return [
      `Measured on ${r.date.toISOString().slice(0, 10)}: ${r.machine}, Node ${r.node}${r.quick ? ' (--quick: a smoke run, not figures to quote)' : ''}.${busy}`,
      '',
      two,
    ].join('\n');
  }
  if (r.routeOnly) {
    return [
      `Measured with \`npm run bench -- --play-only --play-route-only${r.engine === 'postgres' ? ' --engine postgres' : ''}\` on ${r.date.toISOString().slice(0, 10)}: ${r.machine}, Node ${r.node}${r.quick ? ' (--quick: a smoke run, not figures to quote)' : ''}.${busy}${engineNote} Each simulated viewer is signed in with a token of its own and reports every 5 s; open load, latency from each report's scheduled time; each step runs ${r.quick ? 6 : 35} s before its ${r.quick ? 6 : 20} s are measured; a step is sustained when ≥ 99 % of its reports are answered without error at ≥ 97 % of the offered rate with p95 < 1 s.`,
      '',
      routeLine,
      '',
      ...ingestionTable(r.beacon),
      '',
      cpuOf('player route', r.beaconCpuMsPerReport, r.load.beacon),
      ...(two ? ['', two] : []),
    ].join('\n');
  }
  const lines = [
    `Measured with \`npm run bench -- --play-only${r.engine === 'postgres' ? ' --engine postgres' : ''}\` on ${r.date.toISOString().slice(0, 10)}: ${r.machine}, Node ${r.node}${r.quick ? ' (--quick: a smoke run, not figures to quote)' : ''}.${busy}${engineNote}`,
    '',
    `**Play-log ingestion**: reportPlay through the gateway, each simulated viewer signed in with a token of its own and reporting every 5 s (open load, latency from each report's scheduled time; each step runs 35 s before its 20 s are measured, so every token has been validated again with the login service once, at its own moment). Max sustained: **${bestGateway ? `${n(bestGateway.offered)} reports/s (${n(bestGateway.viewers)} viewers), p95 ${ms(bestGateway.p95Ms)}` : 'none of the steps'}**, target ${n(TARGET_REPORTS_PER_SECOND)}/s: ${verdict}. A step is sustained when ≥ 99 % of its reports are answered without error at ≥ 97 % of the offered rate with p95 < 1 s.`,
    '',
    ...ingestionTable(r.gateway),
    '',
    cpuLine,
    '',
    routeLine,
    '',
    ...ingestionTable(r.beacon),
    '',
    cpuOf('player route', r.beaconCpuMsPerReport, r.load.beacon),
    '',
    `AddPlayLog sent straight to the main API (signed, every field of §7): max sustained **${bestUpstream ? `${n(bestUpstream.offered)}/s, p95 ${ms(bestUpstream.p95Ms)}` : 'none of the steps'}**.`,
    '',
    ...ingestionTable(r.upstream),
    '',
    cpuOf('main API', r.upstreamCpuMsPerReport, r.load.upstream),
    '',
    `**HLS serving**: the demo's ${n(r.media.segments)} segments (${(r.media.segmentBytes / r.media.segments / 1024).toFixed(0)} KiB on average) and ${n(r.media.playlists)} playlists of ${r.media.videos} videos, fetched whole over keep-alive connections for ${r.quick ? 3 : 10} s each.`,
    '',
    '| served by | files | concurrency | requests/s | MB/s | p50 | p95 | p99 |',
    '|---|---|---|---|---|---|---|---|',
    ...r.serving.map(
      (s) =>
        `| ${s.target} | ${s.kind} | ${s.concurrency} | ${n(s.perSecond)} | ${s.mbPerSecond.toFixed(1)} | ${s.p50Ms.toFixed(2)} ms | ${s.p95Ms.toFixed(2)} ms | ${s.p99Ms.toFixed(2)} ms |`,
    ),
  ];
  if (two) lines.push('', two);
  return lines.filter((line, index, all) => !(line === '' && all[index - 1] === '')).join('\n');
}

const cpuMs = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : `${x.toFixed(3)} ms`);

function cpuPerReportLine(label: string, cpu: CpuPerReport, load: [number, number]): string {
  if (cpu.gateway === null) return '';
  const parts = [
    `gateway ${cpuMs(cpu.gateway)}`,
    `main API ${cpuMs(cpu.mainApi)}`,
    `login service ${cpuMs(cpu.login)}`,
    ...(cpu.worker ? [`job worker ${cpuMs(cpu.worker)}`] : []),
    ...(cpu.nginx ? [`nginx ${cpuMs(cpu.nginx)}`] : []),
    ...(cpu.postgres ? [`PostgreSQL (the run's backends) ${cpuMs(cpu.postgres)}`] : []),
    ...(!cpu.postgres && cpu.postgresServer
      ? [`PostgreSQL (the whole server, others' work included) ${cpuMs(cpu.postgresServer)}`]
      : []),
    ...(cpu.redis ? [`Redis ${cpuMs(cpu.redis)}`] : []),
    `the load generator ${cpuMs(cpu.loadGenerator)}`,
  ];
  const busy =
    cpu.machineBusy === null || cpu.machineBusy === undefined
      ? ''
      : ` Both cores were ${(cpu.machineBusy * 100).toFixed(0)} % busy over the steps (everything on the machine).`;
  return `CPU per report over the ${label} steps (settling included; user + system; several replicas summed; Redis is the machine's whole server): ${parts.join(', ')}. Load average ${load[0]} when the steps began, ${load[1]} when they ended.${busy}`;
}

export const TWO_GATEWAYS_TARGET = 5_000;

export function twoGatewaysMarkdown(t: TwoGatewayResults): string {
  const best = maxSustained(t.steps);
  const verdict = best && best.offered >= TWO_GATEWAYS_TARGET ? 'meets the target' : 'BELOW TARGET';
  return [
    `**Two gateways** (\`npm run bench -- --play-only --play-two-gateways\`): the cluster as \`npm run start:cluster\` runs it (${t.gateways} gateways, ${t.mainApis} main APIs behind nginx, a login service and a job worker, on PostgreSQL and Redis), the player's route sent to the gateways in turn (round robin, as the cluster's nginx would, but straight to them: a load balancer has cores of its own). Max sustained **${best ? `${n(best.offered)} reports/s (${n(best.viewers)} viewers), p95 ${ms(best.p95Ms)}` : 'none of the steps'}**, target ${n(TWO_GATEWAYS_TARGET)}/s: ${verdict}${t.check ? ` (${t.check})` : "; the sampled records hold each viewer's last report"}.`,
    '',
    ...ingestionTable(t.steps),
    '',
    cpuPerReportLine('two-gateway', t.cpuMsPerReport, t.load),
  ].join('\n');
}

/** The one-gateway figures of each engine side by side (run.ts --engine both). */
export function playEnginesMarkdown(results: PlayBenchResults[]): string {
  const name = (e: Engine) => (e === 'postgres' ? 'PostgreSQL' : 'SQLite');
  const best = (steps: IngestionStep[]) => {
    if (steps.length === 0) return 'not measured';
    const b = maxSustained(steps);
    return b ? `${n(b.offered)}/s, p95 ${ms(b.p95Ms)}` : 'none';
  };
  const cpu = (c: CpuPerReport) =>
    c.gateway === null
      ? 'n/a'
      : `${cpuMs(c.gateway)} + ${cpuMs(c.mainApi)} + ${cpuMs(c.login)}${c.postgres ? ` + ${cpuMs(c.postgres)}` : ''}`;
  const rows: [string, (r: PlayBenchResults) => IngestionStep[], (r: PlayBenchResults) => CpuPerReport][] = [
    ['reportPlay through the gateway', (r) => r.gateway, (r) => r.cpuMsPerReport],
    ["the player's route (POST /beacon/play-log, JSON)", (r) => r.beacon, (r) => r.beaconCpuMsPerReport],
    ['AddPlayLog on the main API alone', (r) => r.upstream, (r) => r.upstreamCpuMsPerReport],
  ];
  return [
    `| path | ${results.map((r) => `${name(r.engine)}: max sustained | ${name(r.engine)}: CPU per report (gateway + main API + login${r.engine === 'postgres' ? ' + PostgreSQL' : ''})`).join(' | ')} |`,
    `|---|${results.map(() => '---|---|').join('')}`,
    ...rows
      .filter(([, steps]) => results.some((r) => steps(r).length > 0))
      .map(
        ([label, steps, perReport]) =>
          `| ${label} | ${results.map((r) => `${best(steps(r))} | ${cpu(perReport(r))}`).join(' | ')} |`,
      ),
    '',
    `Load average: ${results.map((r) => `${name(r.engine)} ${r.load.beacon[0]} → ${r.load.beacon[1]} over the player's route`).join(', ')}.`,
  ].join('\n');
}
