/**
 * What the operator sees of the platform as `npm start` runs it (upstream/cli/platform.ts): the three
 * services' JSON log lines, one request id carried from the gateway to both upstreams, GET /metrics on
 * all three (Prometheus text whose figures move: a replayed sign, a stalled main API's timeouts), and
 * GET /readyz, which the gateway answers 503 while the main API is stopped (SIGSTOP) and 200 again
 * once it goes on (SIGCONT). Before: plain-text lines without an id, no /metrics, no /readyz.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LogLine {
  level: string;
  time: string;
  service: string;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

/** The supervisor's prefixes of each child's lines (platform.ts names them so). */
const PREFIXES = { gateway: '[gateway] ', 'main-api': '[upstream] ', 'login-service': '[login] ' } as const;

/** Every JSON line a child printed, by the supervisor's prefix. */
function jsonLines(output: string, prefix: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith(prefix) && line.slice(prefix.length).startsWith('{'))
    .map((line) => JSON.parse(line.slice(prefix.length)) as LogLine);
}

/** A Prometheus text exposition, parsed strictly enough to fail on anything malformed. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    // Prometheus reads NaN and Inf in any case (Go's ParseFloat); prom-client writes a gauge with no samples yet as "Nan"
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-]?[Ii][Nn][Ff])( \d+)?$/i.exec(
      line,
    );
    if (!sample) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]!] = pair[2]!;
    const raw = sample[4]!.toLowerCase();
    const number =
      raw === 'nan' ? NaN : raw.endsWith('inf') ? (raw.startsWith('-') ? -Infinity : Infinity) : Number(raw);
    samples.push({ name: sample[1]!, labels, value: number });
  }
  return { samples, types };
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

async function scrape(baseUrl: string): Promise<{ samples: Sample[]; types: Map<string, string> }> {
  const response = await fetch(`${baseUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(await response.text());
}

async function graphql(baseUrl: string, query: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-graphql-yoga-csrf': '1', ...headers },
    body: JSON.stringify({ query }),
  });
}

/** The pid the supervisor logged for the main API's latest start. */
function mainApiPid(output: string): number {
  const pids = [...output.matchAll(/\[platform\] upstream started \(pid (\d+)\)/g)].map((match) => Number(match[1]));
  if (pids.length === 0) throw new Error(`no main API pid in:\n${output}`);
  return pids.at(-1)!;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

describe('the operator’s view of a running platform', () => {
  let platform: RunningPlatform;
  let services: Record<keyof typeof PREFIXES, string>;

  beforeAll(async () => {
    // info: the access lines; the gateway's read timeout as shipped (2 s), so a stall is a timeout soon
    platform = await startSeededPlatform({ LOG_LEVEL: 'info', UPSTREAM_READ_TIMEOUT_MS: '2000' });
    services = { gateway: platform.baseUrl, 'main-api': platform.upstreamUrl, 'login-service': platform.loginUrl };
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('finds one page load’s request id in the JSON logs of all three services', async () => {
    const requestId = `page-${randomUUID()}`;
    // the viewer (the login service's IPAutoLogin, for an address nobody asked about yet) and the subjects (the main API)
    const response = await graphql(platform.baseUrl, '{ viewer { isLoggedIn } subjects { id name } }', {
      'x-request-id': requestId,
      'x-forwarded-for': '203.0.113.77',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    const body = (await response.json()) as { data?: { subjects: unknown[] }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.subjects.length).toBeGreaterThan(0);

    for (const [service, prefix] of Object.entries(PREFIXES)) {
      // the access line is written as the answer ends; the supervisor relays it a moment later
      const lines = await until(`${service}'s lines of ${requestId}`, async () => {
        const found = jsonLines(platform.output(), prefix).filter((line) => line.reqId === requestId);
        return found.some((line) => line.msg === 'request completed') ? found : undefined;
      });
      for (const line of lines) {
        expect(line.service).toBe(service);
        expect(['debug', 'info', 'warn', 'error']).toContain(line.level);
        expect(Number.isNaN(Date.parse(line.time))).toBe(false);
      }
      const access = lines.find((line) => line.msg === 'request completed')!;
      expect(access).toMatchObject({ level: 'info', status: 200 });
      expect(typeof access.durationMs).toBe('number');
      expect(String(access.path)).not.toContain('?');
    }
    // the gateway's access line is the page's; each upstream's names the REST path it served
    const gatewayAccess = jsonLines(platform.output(), PREFIXES.gateway).find(
      (line) => line.reqId === requestId && line.msg === 'request completed',
    );
    expect(gatewayAccess).toMatchObject({ method: 'POST', path: '/graphql', route: '/graphql' });
    // every line of every service is JSON: nothing else but the supervisor's own and the two "listening" lines
    for (const prefix of Object.values(PREFIXES)) {
      const other = platform
        .output()
        .split('\n')
        .filter((line) => line.startsWith(prefix) && !line.slice(prefix.length).startsWith('{'))
        .filter((line) => !/listening on http/.test(line));
      expect(other).toEqual([]);
    }
  });

  it('replaces an id that is not short and plain with its own', async () => {
    const response = await graphql(platform.baseUrl, '{ subjects { id } }', { 'x-request-id': 'not plain; <script>' });
    const given = response.headers.get('x-request-id');
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
    await response.body?.cancel();
  });

  it('answers /metrics as Prometheus text on all three, with process and request figures', async () => {
    for (const [service, baseUrl] of Object.entries(services)) {
      const { samples, types } = await scrape(baseUrl);
      expect(types.get('process_cpu_user_seconds_total'), service).toBe('counter');
      expect(types.get('http_request_duration_seconds'), service).toBe('histogram');
      expect(types.get('process_supervisor_restarts'), service).toBe('gauge');
      // labelled by route pattern and status class, never by a raw URL
      const routes = new Set(
        samples
          .filter((sample) => sample.name === 'http_request_duration_seconds_count')
          .map((sample) => sample.labels.route),
      );
      expect(routes.size, service).toBeGreaterThan(0);
      for (const route of routes) expect(route, service).not.toContain('?');
      for (const sample of samples.filter((one) => one.name === 'http_request_duration_seconds_count'))
        expect(sample.labels.status).toMatch(/^[1-5]xx$/);
    }
    const gateway = (await scrape(platform.baseUrl)).samples;
    expect(value(gateway, 'http_request_duration_seconds_count', { route: '/graphql', status: '2xx' })).toBeGreaterThan(
      0,
    );
    expect(value(gateway, 'gateway_upstream_calls_total', { service: 'main-api', outcome: 'ok' })).toBeGreaterThan(0);
    expect(value(gateway, 'gateway_upstream_calls_total', { service: 'login-service', outcome: 'ok' })).toBeGreaterThan(
      0,
    );
    expect(value(gateway, 'gateway_upstream_breaker_state', { service: 'main-api' })).toBe(0);
    expect(value(gateway, 'gateway_graphql_operation_duration_seconds_count')).toBeGreaterThan(0);
    // the main API's background AI-content job reports its queue after its first batch
    const mainApi = await scrape(platform.upstreamUrl);
    expect(mainApi.types.get('ai_content_backlog_videos')).toBe('gauge');
    const login = (await scrape(platform.loginUrl)).samples;
    expect(value(login, 'upload_slots_limit')).toBe(4);
    expect(value(login, 'upload_slots_in_use')).toBe(0);
  });

  it('keeps /metrics from requests a proxy forwards', async () => {
    for (const baseUrl of Object.values(services)) {
      const forwarded = await fetch(`${baseUrl}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.9' } });
      expect(forwarded.status).toBe(403);
      expect(await forwarded.text()).not.toContain('process_cpu');
    }
  });

  it('counts a replayed sign at the main API', async () => {
    const before = value((await scrape(platform.upstreamUrl)).samples, 'signed_requests_replayed_total');
    const params: [string, string][] = [
      ['catalogId', '0'],
      ['pageIndex', '1'],
      ['pageSize', '20'],
      ['nonce', randomUUID()],
    ];
    const timespan = String(Math.floor(Date.now() / 1000));
    const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const sign = createHash('md5')
      .update(sorted.map(([key, v]) => `${key}=${v}`).join('&') + timespan + 'sizheng-dev-secret', 'utf8')
      .digest('hex');
    const url = `${platform.upstreamUrl}/api/courses/GetListByCatalogId?${new URLSearchParams(params)}`;
    const send = () => fetch(url, { headers: { timespan, sign, productId: '1' } });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(401);
    expect(value((await scrape(platform.upstreamUrl)).samples, 'signed_requests_replayed_total')).toBe(before + 1);
    // the sign is in no line of the main API
    expect(platform.output()).not.toContain(sign);
  });

  it('is not ready while the main API is stopped, counts the timeouts, and is ready again once it goes on', async () => {
    expect((await fetch(`${platform.baseUrl}/readyz`)).status).toBe(200);
    for (const baseUrl of [platform.upstreamUrl, platform.loginUrl]) {
      const ready = await fetch(`${baseUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });
    }
    const timeoutsBefore = value((await scrape(platform.baseUrl)).samples, 'gateway_upstream_calls_total', {
      service: 'main-api',
      outcome: 'timeout',
    });
    const pid = mainApiPid(platform.output());
    process.kill(pid, 'SIGSTOP');
    try {
      const notReady = await fetch(`${platform.baseUrl}/readyz`);
      expect(notReady.status).toBe(503);
      const body = (await notReady.json()) as { status: string; failed: Record<string, string> };
      expect(body.status).toBe('not ready');
      expect(Object.keys(body.failed)).toEqual(['main-api']);
      // a read the stalled main API cannot answer: the gateway gives up after its read timeout
      const read = await graphql(platform.baseUrl, '{ subjects { id } banners { id } }');
      await read.body?.cancel();
      const gateway = (await scrape(platform.baseUrl)).samples;
      expect(
        value(gateway, 'gateway_upstream_calls_total', { service: 'main-api', outcome: 'timeout' }),
      ).toBeGreaterThan(timeoutsBefore);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await until('the gateway ready again', async () =>
      (await fetch(`${platform.baseUrl}/readyz`)).status === 200 ? true : undefined,
    );
    const ready = await fetch(`${platform.baseUrl}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('shows on the main API’s /metrics how often the supervisor restarted it', async () => {
    expect(value((await scrape(platform.upstreamUrl)).samples, 'process_supervisor_restarts')).toBe(0);
    const pid = mainApiPid(platform.output());
    process.kill(pid, 'SIGKILL');
    const restarted = await until(
      'the main API restarted',
      async () => {
        if (mainApiPid(platform.output()) === pid) return undefined;
        try {
          return (await fetch(`${platform.upstreamUrl}/healthz`)).ok ? true : undefined;
        } catch {
          return undefined;
        }
      },
      90_000,
    );
    expect(restarted).toBe(true);
    expect(value((await scrape(platform.upstreamUrl)).samples, 'process_supervisor_restarts')).toBe(1);
    // the gateway and the login service were not restarted
    expect(value((await scrape(platform.baseUrl)).samples, 'process_supervisor_restarts')).toBe(0);
    expect(value((await scrape(platform.loginUrl)).samples, 'process_supervisor_restarts')).toBe(0);
  }, 120_000);
});
