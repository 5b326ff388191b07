/**
 * Starts the real embedded upstream (main API over a fresh DATA_DIR seeded with the generated demo
 * content) and the gateway in front of it, both on free ports, in this process. Nothing of either
 * is mocked; tests talk HTTP to the gateway and may ask the upstream directly for comparison.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadGatewayConfig, type GatewayConfig } from '../../gateway/src/config';
import { createLogger } from '../../gateway/src/logger';
import { startGateway, type RunningGateway } from '../../gateway/src/server';
import { UpstreamClient, type RequestScope } from '../../gateway/src/upstream/client';
import type { Envelope } from '../../gateway/src/upstream/envelope';
import type { ParamValue } from '../../gateway/src/upstream/sign';
import { loadUpstreamConfig, type UpstreamConfig } from '../../upstream/src/config';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { startMainApi, type RunningServer } from '../../upstream/src/main-api/server';
import { openStore, type Store } from '../../upstream/src/store';
import { seedDemoContent } from '../../upstream/src/store/seed';

/** The demo content is generated for a fixed moment so runs are comparable. */
export const DEMO_NOW = new Date('2026-06-15T04:00:00.000Z');

export interface Upstream {
  server: RunningServer;
  store: Store;
  config: UpstreamConfig;
  dataDir: string;
  /** a signed GET straight to the upstream, for expected values */
  get<T>(path: string, params?: Record<string, ParamValue>): Promise<T>;
  stop(): Promise<void>;
}

export async function startUpstream(env: Record<string, string> = {}): Promise<Upstream> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-gateway-test-'));
  const config = loadUpstreamConfig({ DATA_DIR: dataDir, UPSTREAM_PORT: '0', LOGIN_PORT: '0', LOG_LEVEL: 'silent', ...env });
  const store = openStore(dataDir);
  seedDemoContent(store, generateDemoContent({ now: DEMO_NOW }), store.mediaDir);
  const server = await startMainApi({ config, store, port: 0 });
  const client = new UpstreamClient({
    baseUrl: server.url,
    secret: config.apiSecret,
    algorithm: config.signAlgorithm,
    productId: config.productId,
    timeoutMs: 10_000,
    logger: createLogger('silent'),
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
      store.close();
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
    extensions?: { upstreamRequests?: number } & Record<string, unknown>;
  };
}

export interface TestGateway {
  running: RunningGateway;
  config: GatewayConfig;
  url: string;
  /** POST /graphql as the web client sends it (JSON + the CSRF header) */
  graphql<T = any>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GraphQLResponse<T>>;
  stop(): Promise<void>;
}

export async function startTestGateway(upstreamUrl: string, env: Record<string, string> = {}): Promise<TestGateway> {
  const config = loadGatewayConfig({
    PORT: '0',
    UPSTREAM_URL: upstreamUrl,
    LOG_LEVEL: 'silent',
    EXPOSE_UPSTREAM_COUNT: 'true',
    UPSTREAM_TIMEOUT_MS: '10000',
    ...env,
  });
  const running = await startGateway(config);
  return {
    running,
    config,
    url: running.url,
    async graphql(query, variables, headers = {}) {
      const response = await fetch(`${running.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-graphql-yoga-csrf': '1', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, headers: response.headers, body: (await response.json()) as GraphQLResponse['body'] };
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
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('思政云课堂'.repeat(400))});\n`);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function globalId(type: string, key: string | number): string {
  return Buffer.from(`${type}:${key}`, 'utf8').toString('base64');
}
