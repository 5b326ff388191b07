/**
 * Starts the real embedded upstream (main API over a fresh DATA_DIR seeded with the generated demo
 * content: a copy of the run's template, seeded and indexed once, tests/support/data-template.ts)
 * and the gateway in front of it, both on free ports, in this process. Nothing of either is mocked;
 * tests talk HTTP to the gateway and may ask the upstream directly for comparison.
 * startPlatform adds the real login service on the same DATA_DIR (one store, as `npm start` runs
 * them), with the demo accounts and a clock the tests can move forward.
 */
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadGatewayConfig, type GatewayConfig } from '../../gateway/src/config';
import { createLogger, type Logger } from '../../gateway/src/logger';
import { startGateway, type RunningGateway } from '../../gateway/src/server';
import { UpstreamClient, type RequestScope } from '../../gateway/src/upstream/client';
import type { Envelope } from '../../gateway/src/upstream/envelope';
import type { ParamValue } from '../../gateway/src/upstream/sign';
import { loadUpstreamConfig, type UpstreamConfig } from '../../upstream/src/config';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { seedDemoAccounts } from '../../upstream/src/demo/accounts';
import { startLoginService } from '../../upstream/src/login-service/server';
import { createUser } from '../../upstream/src/login-service/services/accounts';
import { startMainApi, type RunningServer } from '../../upstream/src/main-api/server';
import { DATABASE_FILE } from '../../upstream/src/store';
import { openMainApiData, type MainApiData } from '../../upstream/src/main-api/data';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { UpstreamClient as ContractClient } from '../upstream/client';
import { copyDataDir, DEMO_NOW, isTemplate } from '../support/data-template';

export { DEMO_NOW };

export interface Upstream {
  server: RunningServer;
  store: MainApiData;
  config: UpstreamConfig;
  dataDir: string;
  /** a signed GET straight to the upstream, for expected values */
  get<T>(path: string, params?: Record<string, ParamValue>): Promise<T>;
  stop(): Promise<void>;
}

export async function startUpstream(env: Record<string, string> = {}): Promise<Upstream> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-gateway-test-'));
  const config = loadUpstreamConfig({
    DATA_DIR: dataDir,
    UPSTREAM_PORT: '0',
    LOGIN_PORT: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  // the demo seeded and indexed once per run (tests/support/demo-template-setup.ts), copied here;
  // seeded afresh when the project runs without that setup
  const template = inject('demoDataDir');
  if (isTemplate(template)) copyDataDir(template, dataDir);
  const store = openMainApiData(dataDir);
  if (!isTemplate(template)) await seedDemoContent(store, generateDemoContent({ now: DEMO_NOW }), store.mediaDir);
  const server = await startMainApi({ config, store, port: 0 });
  const client = new UpstreamClient({
    baseUrl: server.url,
    secret: config.apiSecret,
    algorithm: config.signAlgorithm,
    productId: config.productId,
    timeoutMs: 10_000,
    logger: createLogger('silent'),
    audience: 'main-api',
  });
  return {
    server,
    store,
    config,
    dataDir,
    async get<T>(apiPath: string, params: Record<string, ParamValue> = {}): Promise<T> {
      const scope: RequestScope = { clientAddress: null, upstreamRequests: 0 };
      const envelope: Envelope<T> = await client.call<T>({ method: 'GET', path: apiPath, params }, scope);
      if (envelope.code !== 2000) throw new Error(`${apiPath}: code ${envelope.code} ${envelope.message}`);
      return envelope.items;
    },
    async stop() {
      await client.close();
      await server.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface GraphQLResponse<T = any> {
  status: number;
  headers: Headers;
  body: {
    data?: T;
    errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
    extensions?: { upstreamRequests?: number; loginRequests?: number } & Record<string, unknown>;
  };
}

export interface TestGateway {
  running: RunningGateway;
  config: GatewayConfig;
  url: string;
  /** every line the gateway logged, at debug level, when started with { captureLogs: true } */
  logs: string[];
  /** POST /graphql as the web client sends it (JSON + the CSRF header) */
  graphql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResponse<T>>;
  stop(): Promise<void>;
}

export async function startTestGateway(
  upstreamUrl: string,
  env: Record<string, string> = {},
  options: { captureLogs?: boolean } = {},
): Promise<TestGateway> {
  const config = loadGatewayConfig({
    PORT: '0',
    UPSTREAM_URL: upstreamUrl,
    LOG_LEVEL: options.captureLogs ? 'debug' : 'silent',
    EXPOSE_UPSTREAM_COUNT: 'true',
    UPSTREAM_TIMEOUT_MS: '10000',
    // reads and writes as patient as every call: the upstream shares this process with the test,
    // whose own work (jieba, seeding) can hold the event loop for a second or two; the reads' real
    // time (2 s) is proved against separate processes in tests/resilience/stalled-main-api.test.ts
    UPSTREAM_READ_TIMEOUT_MS: '10000',
    UPSTREAM_WRITE_TIMEOUT_MS: '10000',
    // each operation reads the catalogue trees itself, so that the upstream requests tests count are
    // the operation's own; keeping them across requests is tested in catalogue-cache.test.ts
    CATALOGUE_CACHE_MS: '0',
    // likewise each operation is answered afresh; the response cache is tested in replicas-response-cache.test.ts
    RESPONSE_CACHE_TTL_MS: '0',
    // and each page's first screen rendered afresh; keeping visitors' pages is tested in first-screen.test.ts
    FIRST_SCREEN_CACHE_MS: '0',
    // tests send many operations as one user from one address within a minute: no rate limits unless a
    // test sets them (replicas-rate-limits.test.ts)
    RATE_LIMIT_USER_OPERATIONS: '0',
    RATE_LIMIT_ADDRESS_OPERATIONS: '0',
    RATE_LIMIT_USER_EXPENSIVE: '0',
    RATE_LIMIT_ADDRESS_EXPENSIVE: '0',
    ...env,
  });
  const logs: string[] = [];
  const logger: Logger | undefined = options.captureLogs
    ? createLogger('debug', 'gateway', (line) => logs.push(line))
    : undefined;
  const running = await startGateway(config, { logger });
  return {
    running,
    config,
    url: running.url,
    logs,
    async graphql(query, variables, headers = {}) {
      const response = await fetch(`${running.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-graphql-yoga-csrf': '1',
          ...headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      return {
        status: response.status,
        headers: response.headers,
        body: (await response.json()) as GraphQLResponse['body'],
      };
    },
    stop: () => running.close(),
  };
}

/** A temporary web/dist with an index.html and one hashed asset. */
export function makeWebDist(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>思政云课堂</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('思政云课堂'.repeat(400))});\n`,
  );
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function globalId(type: string, key: string | number): string {
  return Buffer.from(`${type}:${key}`, 'utf8').toString('base64');
}

// ---- the whole platform: main API + login service on one store, the gateway in front ----------

/** The login service's clock: real time plus an offset the tests move (tokens expire without waiting). */
export interface TestClock {
  offsetMs: number;
  now(): number;
  advance(ms: number): void;
  reset(): void;
}

export interface Platform {
  upstream: Upstream;
  login: { server: RunningServer; url: string; client: ContractClient };
  store: MainApiData;
  clock: TestClock;
  /** a second connection to the store's SQLite file, to seed learning records the way the services store them */
  db: Database.Database;
  /** POST /UserCenterApi/Login (signed), as a browser's sign-in on the login page ends: the token */
  signIn(userName: string, password: string): Promise<{ token: string; expiresAt: string }>;
  /** a personal account (userType 1) that nothing has touched yet */
  addUser(userName: string, password?: string): Promise<number>;
  userId(userName: string): Promise<number>;
  /** the gateway in front of both services */
  gateway(env?: Record<string, string>, options?: { captureLogs?: boolean }): Promise<TestGateway>;
  stop(): Promise<void>;
}

export const TEST_PASSWORD = 'Passw0rd2026';

export async function startPlatform(env: Record<string, string> = {}): Promise<Platform> {
  const upstream = await startUpstream(env);
  const { store, config } = upstream;
  await seedDemoAccounts(store);
  const clock: TestClock = {
    offsetMs: 0,
    now: () => Date.now() + clock.offsetMs,
    advance(ms) {
      clock.offsetMs += ms;
    },
    reset() {
      clock.offsetMs = 0;
    },
  };
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  const loginServer = await startLoginService({ config, store, port: 0, logger: silent, now: () => clock.now() });
  const loginClient = new ContractClient({
    baseUrl: loginServer.url,
    secret: config.apiSecret,
    algorithm: config.signAlgorithm,
    audience: 'login-service',
  });
  const db = new Database(path.join(upstream.dataDir, DATABASE_FILE));
  db.pragma('busy_timeout = 5000');
  const gateways: TestGateway[] = [];
  return {
    upstream,
    login: { server: loginServer, url: loginServer.url, client: loginClient },
    store,
    clock,
    db,
    async signIn(userName, password) {
      const answer = await loginClient.postJson<{ token: string; expiresAt: string }>('/UserCenterApi/Login', {
        userName,
        password,
      });
      if (answer.body.code !== 2000)
        throw new Error(`sign-in of ${userName}: ${answer.body.code} ${answer.body.message}`);
      return answer.body.items;
    },
    async addUser(userName, password = TEST_PASSWORD) {
      return (await createUser(store, { userName, password, userType: 1, realName: userName }, Date.now())).userId;
    },
    async userId(userName) {
      const user = await store.users.getByName(userName);
      if (!user) throw new Error(`no user ${userName}`);
      return user.userId;
    },
    async gateway(gatewayEnv = {}, options = {}) {
      const started = await startTestGateway(
        upstream.server.url,
        { LOGIN_URL: loginServer.url, ...gatewayEnv },
        options,
      );
      gateways.push(started);
      return started;
    },
    async stop() {
      await Promise.all(gateways.map((gateway) => gateway.stop()));
      db.close();
      await loginServer.close();
      await upstream.stop();
    },
  };
}

/** The Set-Cookie header of one cookie in a response, or undefined. */
export function setCookieOf(headers: Headers, name: string): string | undefined {
  return headers.getSetCookie().find((header) => header.startsWith(`${name}=`));
}

/** The value a Set-Cookie header sets (decoded), '' when it clears the cookie. */
export function cookieValue(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  return decodeURIComponent(header.slice(header.indexOf('=') + 1).split(';')[0]!);
}

/** POST /graphql over node:http, for headers fetch() will not send (Host). */
export function rawGraphql<T = any>(
  url: string,
  query: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: GraphQLResponse<T>['body'] }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const body = JSON.stringify({ query });
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: '/graphql',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-graphql-yoga-csrf': '1',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export const numerically = (values: readonly unknown[]) => [...values].map(Number).sort((a, b) => a - b);
