/**
 * Starts the real main API on a free port over a fresh DATA_DIR seeded with some content,
 * and a signing client pointed at it. Nothing of the server is mocked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadUpstreamConfig, type UpstreamConfig } from '../../upstream/src/config';
import type { DemoContent } from '../../upstream/src/demo/types';
import { startMainApi, type RunningServer } from '../../upstream/src/main-api/server';
import { openMainApiData, type MainApiData } from '../../upstream/src/main-api/data';
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
  const store = openMainApiData(dataDir);
  const content = options.content === undefined ? fixtureContent() : options.content;
  if (content) await seedDemoContent(store, content, store.mediaDir);
  const server = await startMainApi({ config, store, now: options.now });
  const client = new UpstreamClient({ baseUrl: server.url, secret: config.apiSecret, algorithm: config.signAlgorithm, audience: 'main-api' });
  return {
    server,
    store,
    config,
    client,
    dataDir,
    stop: async () => {
      await server.close();
      try {
        await store.close();
      } catch {
        // a test may have closed it on purpose
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
