/**
 * Starts the real main API on a free port over a fresh DATA_DIR seeded with some content (its
 * store on the engine under test: tests/upstream/test-engine.ts), and a signing client pointed at
 * it. Nothing of the server is mocked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadUpstreamConfig, type UpstreamConfig } from '../../upstream/src/config';
import type { DemoContent } from '../../upstream/src/demo/types';
import { startMainApi, type RunningServer } from '../../upstream/src/main-api/server';
import { withEnginesOf, type MainApiData } from '../../upstream/src/main-api/data';
import { openTestStore } from './test-engine';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { UpstreamClient } from './client';
import { fixtureContent } from './fixture';

export interface TestApi {
  server: RunningServer;
  store: MainApiData;
  config: UpstreamConfig;
  client: UpstreamClient;
  dataDir: string;
  stop(): Promise<void>;
}

export interface TestApiOptions {
  env?: Record<string, string>;
  content?: DemoContent | null;
  /** the clock of the search log and the hot keywords */
  now?: () => number;
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-upstream-'));
  const config = loadUpstreamConfig({ DATA_DIR: dataDir, UPSTREAM_PORT: '0', LOG_LEVEL: 'silent', ...options.env });
  const opened = await openTestStore(dataDir);
  const store = await withEnginesOf(opened.store);
  const content = options.content === undefined ? fixtureContent() : options.content;
  if (content) {
    await seedDemoContent(store, content, store.mediaDir);
    // the seed's changes indexed before the first request (PostgreSQL takes seconds for the demo;
    // a request would otherwise answer from a half-built index while the queue drains)
    await store.search.applyPending();
    await store.knowledge.catchUp(600_000);
  }
  const server = await startMainApi({ config, store, now: options.now });
  const client = new UpstreamClient({
    baseUrl: server.url,
    secret: config.apiSecret,
    algorithm: config.signAlgorithm,
    audience: 'main-api',
  });
  return {
    server,
    store,
    config,
    client,
    dataDir,
    stop: async () => {
      await server.close();
      try {
        await opened.dispose();
      } catch {
        // a test may have closed it on purpose
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
