/**
 * The processes the launcher spawns: each prints its listening line, answers /healthz and exits
 * cleanly on SIGTERM; the main API and the seeder seed DATA_DIR once, with the real generator.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamClient } from './client';

const repoRoot = path.resolve(__dirname, '..', '..');
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-cli-'));
  dirs.push(dir);
  return dir;
}

function env(dataDir: string): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, UPSTREAM_PORT: '0', LOGIN_PORT: '0', LOG_LEVEL: 'info' };
}

/** Spawns a CLI and resolves with the URL from its "listening on" line. */
function startCli(
  script: string,
  dataDir: string,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, script)], {
    cwd: repoRoot,
    env: env(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ child, url: match[1]!, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening:\n${output}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

describe('upstream CLI entries', () => {
  it('login service: listens, answers /healthz, exits 0 on SIGTERM', async () => {
    const { child, url } = await startCli('upstream/cli/login-service.ts', tempDir());
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it('main API: seeds an empty DATA_DIR once, serves signed requests and media, exits 0 on SIGTERM', async () => {
    const dataDir = tempDir();
    const first = await startCli('upstream/cli/main-api.ts', dataDir);
    expect(first.output()).toMatch(/main API listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(first.output()).toContain('seeded demo content');
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    const client = new UpstreamClient({ baseUrl: first.url });
    const courses = await client.get<{ totalCount: number; dataList: { courseImage: string }[] }>(
      '/api/courses/GetListByCatalogId',
      { catalogId: 0, pageIndex: 1, pageSize: 20 },
    );
    expect(courses.body.code).toBe(2000);
    expect(courses.body.items.totalCount).toBeGreaterThan(0);
    const image = await fetch(`${first.url}${courses.body.items.dataList[0]!.courseImage}`);
    expect(image.status).toBe(200);
    first.child.kill('SIGINT');
    expect(await exitOf(first.child)).toBe(0);

    const second = await startCli('upstream/cli/main-api.ts', dataDir);
    expect(second.output()).not.toContain('seeded demo content');
    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
  });

  it('seed: seeds an empty DATA_DIR, then does nothing', () => {
    const dataDir = tempDir();
    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'upstream/cli/seed.ts')], {
        cwd: repoRoot,
        env: env(dataDir),
        encoding: 'utf8',
      });
    const first = run();
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^seeded .*\d+ courses/m);
    expect(readdirSync(path.join(dataDir, 'media')).length).toBeGreaterThan(0);
    const second = run();
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('nothing seeded');
  });
});
