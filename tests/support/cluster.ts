/**
 * Starts the scaled topology the way `npm run start:cluster` does (upstream/cli/cluster.ts: nginx
 * in front of 2 gateways, 2 main APIs, a login service and a job worker) on free ports, on
 * PostgreSQL (a schema of its own, dropped after) and Redis (a key prefix of its own), and stops it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropSchema, ensureSchema } from '../../upstream/src/store/postgres';
import { freePort, spawnLauncher } from './platform';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

export interface RunningCluster {
  /** nginx: the platform as browsers reach it */
  baseUrl: string;
  loginUrl: string;
  /** nginx in front of the main APIs */
  upstreamUrl: string;
  /** each replica directly */
  gatewayUrls: string[];
  mainApiUrls: string[];
  /** the platform's database (its schema in the URL) */
  databaseUrl: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startCluster(extraEnv: Record<string, string> = {}): Promise<RunningCluster> {
  const free = async (n: number) => {
    const ports: number[] = [];
    for (let i = 0; i < n; i++) ports.push(await freePort());
    return ports;
  };
  const [port, upstreamPort, loginPort, gateway1, gateway2, mainApi1, mainApi2, login] = await free(8);
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await ensureSchema(TEST_DATABASE_URL, schema);
  const databaseUrl = `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-cluster-'));
  const launcher = spawnLauncher('upstream/cli/cluster.ts', {
    PORT: String(port),
    UPSTREAM_PORT: String(upstreamPort),
    LOGIN_PORT: String(loginPort),
    CLUSTER_GATEWAY_PORTS: `${gateway1},${gateway2}`,
    CLUSTER_MAIN_API_PORTS: `${mainApi1},${mainApi2}`,
    CLUSTER_LOGIN_PORT: String(login),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `${schema}:`,
    UPSTREAM_READ_TIMEOUT_MS: '10000',
    ...extraEnv,
  });
  const { child, output } = launcher;
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await launcher.stop(15_000);
    await dropSchema(TEST_DATABASE_URL, schema);
    await dropSchema(TEST_DATABASE_URL, `${schema}_jobs`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // ready when the launcher says so (every replica answered its health check)
  const deadline = Date.now() + 400_000;
  while (!output().includes('is running')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the cluster did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    loginUrl: `http://127.0.0.1:${loginPort}`,
    upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
    gatewayUrls: [gateway1, gateway2].map((p) => `http://127.0.0.1:${p}`),
    mainApiUrls: [mainApi1, mainApi2].map((p) => `http://127.0.0.1:${p}`),
    databaseUrl,
    dataDir,
    output,
    stop,
  };
}
