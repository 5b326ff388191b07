/**
 * Starts the whole platform the way `npm start` does (upstream/cli/platform.ts), on free ports
 * with a fresh DATA_DIR, and stops it again. Used by the end-to-end tests and the benchmarks.
 * A fresh DATA_DIR is seeded by the platform's first start (30-40 s on a busy 2-core machine); the
 * tests start on a copy of one the run seeded once instead (tests/support/platform-template-setup.ts),
 * which the platform opens as any later `npm start` does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyDataDir } from './data-template';

export const repoRoot = path.resolve(__dirname, '..', '..');

export interface RunningPlatform {
  baseUrl: string;
  upstreamUrl: string;
  loginUrl: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

export interface PlatformOptions {
  /** a DATA_DIR to copy in before the start (a platform's stopped one), instead of the first start's seeding */
  template?: string;
  /** run on this DATA_DIR and leave it behind on stop (what a template is made from) */
  dataDir?: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Launcher {
  child: ChildProcess;
  /** everything the launcher and its children wrote so far */
  output: () => string;
  /** SIGTERM, then SIGKILL when it has not exited after graceMs */
  stop: (graceMs: number) => Promise<void>;
}

/** Spawns one of upstream/cli's launchers (platform.ts, cluster.ts) under tsx, collecting its output. */
export function spawnLauncher(script: string, env: Record<string, string>): Launcher {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, script)], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  return {
    child,
    output: () => log,
    async stop(graceMs) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`platform exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`platform not healthy at ${url} after ${timeoutMs} ms:\n${output()}`);
}

export async function startPlatform(
  extraEnv: Record<string, string> = {},
  options: PlatformOptions = {},
): Promise<RunningPlatform> {
  // three different ports: each probe's server is closed before the next, so the system may hand one out twice
  const ports: number[] = [];
  while (ports.length < 3) {
    const free = await freePort();
    if (!ports.includes(free)) ports.push(free);
  }
  const [port, upstreamPort, loginPort] = ports as [number, number, number];
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sizheng-e2e-'));
  if (options.template) copyDataDir(options.template, dataDir);
  const launcher = spawnLauncher('upstream/cli/platform.ts', {
    PORT: String(port),
    UPSTREAM_PORT: String(upstreamPort),
    LOGIN_PORT: String(loginPort),
    DATA_DIR: dataDir,
    // a person in a browser on a busy test machine waits longer than a read's 2 s default; the
    // stall test sets its own
    UPSTREAM_READ_TIMEOUT_MS: '10000',
    ...extraEnv,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/healthz`, launcher.child, 200_000, launcher.output);
  } catch (error) {
    launcher.child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
    loginUrl: `http://127.0.0.1:${loginPort}`,
    dataDir,
    output: launcher.output,
    stop: async () => {
      await launcher.stop(10_000);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
