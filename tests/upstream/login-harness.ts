/**
 * Starts the real login service on a free port over a fresh DATA_DIR with the demo accounts,
 * a signing client pointed at it, a clock the tests can move forward, and a logger that keeps
 * every line (to prove that no password or token is ever logged). Nothing is mocked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadUpstreamConfig, type UpstreamConfig } from '../../upstream/src/config';
import type { RunningServer } from '../../upstream/src/http/listen';
import { seedDemoAccounts } from '../../upstream/src/demo/accounts';
import { startLoginService } from '../../upstream/src/login-service/server';
import type { Logger } from '../../upstream/src/logger';
import type { Store } from '../../upstream/src/store';
import { openTestStore } from './test-engine';
import { UpstreamClient } from './client';

export interface TestLogin {
  server: RunningServer;
  store: Store;
  config: UpstreamConfig;
  client: UpstreamClient;
  logs: string[];
  clock: { now: number; advance(ms: number): void };
  stop(): Promise<void>;
}

export async function startTestLogin(env: Record<string, string> = {}): Promise<TestLogin> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-login-'));
  const config = loadUpstreamConfig({ DATA_DIR: dataDir, LOGIN_PORT: '0', LOG_LEVEL: 'silent', ...env });
  const { store, dispose } = await openTestStore(dataDir);
  await seedDemoAccounts(store);
  const logs: string[] = [];
  const logger: Logger = {
    debug: (m) => logs.push(`DEBUG ${m}`),
    info: (m) => logs.push(`INFO ${m}`),
    warn: (m) => logs.push(`WARN ${m}`),
    error: (m, e) => logs.push(`ERROR ${m} ${e instanceof Error ? e.stack : String(e ?? '')}`),
  };
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const server = await startLoginService({ config, store, logger, now: () => clock.now });
  const client = new UpstreamClient({
    baseUrl: server.url,
    secret: config.apiSecret,
    algorithm: config.signAlgorithm,
    audience: 'login-service',
  });
  return {
    server,
    store,
    config,
    client,
    logs,
    clock,
    stop: async () => {
      await server.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** X-Forwarded-For as the signed gateway sends it */
export const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
