/**
 * Background work as jobs on PostgreSQL (upstream/src/jobs/queue.ts on pg-boss): two queues on one
 * database stand for two processes. A job asked for is worked once whichever process polls first,
 * a second ask while one waits is refused, a job that throws is retried, progress and outcome show
 * in the list the admin CLI prints, and the main API's expired-fragment sweep runs as a job.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../upstream/cli/admin-command';
import { jobsSchemaOf, openJobQueue, type JobQueue } from '../../upstream/src/jobs/queue';
import { BACKGROUND_JOBS, startBackgroundWork } from '../../upstream/src/main-api/background';
import { loadUpstreamConfig } from '../../upstream/src/config';
import { withEnginesOf } from '../../upstream/src/main-api/data';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import type { Logger } from '../../upstream/src/logger';
import { FRAGMENT_RETENTION_MS } from '../../upstream/src/learning-limits';
import { dropSchema, ensureSchema, openPostgresStore, type PostgresStore } from '../../upstream/src/store/postgres';
import { addUser } from './centre-fixture';
import { fixtureContent } from './fixture';
import { TEST_DATABASE_URL } from './test-engine';
import { runInProcess } from '../support/cli';

const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const WAIT = { timeout: 20_000, interval: 100 };

describe('jobs on PostgreSQL', () => {
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const jobsSchema = `${schema}_jobs`;
  let a: JobQueue;
  let b: JobQueue;

  beforeAll(async () => {
    a = await openJobQueue(TEST_DATABASE_URL, { schema: jobsSchema, pollingIntervalSeconds: 0.5 });
    b = await openJobQueue(TEST_DATABASE_URL, { schema: jobsSchema, pollingIntervalSeconds: 0.5 });
  }, 60_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await dropSchema(TEST_DATABASE_URL, jobsSchema);
  });

  it('works a job once across two processes, refuses a second ask while one waits, and lists its outcome and progress', async () => {
    const runs: string[] = [];
    const definition = { name: 'count-once', expireInSeconds: 60, retryLimit: 0 };
    await a.define([definition]);
    await b.define([definition]);
    const first = await a.send('count-once');
    expect(first).toEqual(expect.any(String));
    // stately: one waiting at most
    expect(await b.send('count-once')).toBeNull();
    for (const [name, queue] of [
      ['a', a],
      ['b', b],
    ] as const) {
      await queue.work('count-once', async ({ progress }) => {
        runs.push(name);
        await progress(3, 4);
        return { counted: runs.length };
      });
    }
    await vi.waitFor(async () => expect((await a.list(10)).find((j) => j.id === first)?.state).toBe('completed'), WAIT);
    expect(runs).toHaveLength(1);
    const [job] = (await b.list(10)).filter((j) => j.id === first);
    expect(job).toMatchObject({
      name: 'count-once',
      state: 'completed',
      retryCount: 0,
      output: { counted: 1 },
      progress: { done: 3, total: 4 },
    });
    expect(job!.startedOn).not.toBeNull();
  });

  it('tries a job that throws again, up to its retry limit', async () => {
    let attempts = 0;
    await a.define([{ name: 'fails-once', expireInSeconds: 60, retryLimit: 2, retryDelaySeconds: 1 }]);
    await a.work('fails-once', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('the first attempt fails');
      return { attempts };
    });
    const id = await a.send('fails-once');
    await vi.waitFor(async () => expect((await a.list(10)).find((j) => j.id === id)?.state).toBe('completed'), WAIT);
    expect(attempts).toBe(2);
    expect((await a.list(10)).find((j) => j.id === id)).toMatchObject({ retryCount: 1, output: { attempts: 2 } });
  });

  it('keeps one schedule per job whatever the number of processes that define it', async () => {
    const scheduled = { name: 'every-hour', cron: '0 * * * *', expireInSeconds: 60, retryLimit: 0 };
    await a.define([scheduled]);
    await b.define([scheduled]);
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT name, cron FROM ${jobsSchema}.schedule WHERE name = 'every-hour'`);
      expect(rows).toEqual([{ name: 'every-hour', cron: '0 * * * *' }]);
    } finally {
      await client.end();
    }
  });

  it('npm run admin -- jobs asks for a run and lists the runs; without DATABASE_URL it says jobs need PostgreSQL', async () => {
    const url = `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    expect(jobsSchemaOf(url)).toBe(jobsSchema);
    expect(jobsSchemaOf(TEST_DATABASE_URL)).toBe('pgboss');
    // the admin command in-process (its start as a process: admin-cli.test.ts)
    const admin = async (args: string[], env: Record<string, string>) => {
      const run = await runInProcess(runAdmin, ['jobs', ...args], { DATABASE_URL: '', LOG_LEVEL: 'silent', ...env });
      return { status: run.code, stdout: run.stdout, stderr: run.stderr };
    };
    const refused = await admin([], {});
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('DATABASE_URL');
    expect((await admin(['run', 'no-such-job'], { DATABASE_URL: url })).stderr).toContain('fragments-sweep');
    const queued = await admin(['run', BACKGROUND_JOBS.aiContentRefresh.name], { DATABASE_URL: url });
    expect(queued.status).toBe(0);
    const { id } = JSON.parse(queued.stdout) as { id: string };
    const listed = await admin([], { DATABASE_URL: url });
    expect(listed.status).toBe(0);
    expect(
      (JSON.parse(listed.stdout) as { id: string; name: string; state: string }[]).find((j) => j.id === id),
    ).toMatchObject({
      name: BACKGROUND_JOBS.aiContentRefresh.name,
      state: expect.stringMatching(/created|active|completed/),
    });
  }, 60_000);

  describe("the main API's background work", () => {
    let store: PostgresStore;
    let dataDir: string;
    let stop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'jobs-'));
      await ensureSchema(TEST_DATABASE_URL, schema);
      store = await openPostgresStore(TEST_DATABASE_URL, { schema, dataDir, poolSize: 4 });
      await seedDemoContent(store, fixtureContent(), store.mediaDir);
    }, 60_000);
    afterAll(async () => {
      await stop?.();
      await store?.close();
      await dropSchema(TEST_DATABASE_URL, schema);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('sweeps expired fragments as a job worked by one of the processes', async () => {
      const now = Date.now();
      const user = await addUser(store, 'sweeper');
      const [video] = fixtureContent().videos;
      const expired = await store.fragments.insert(
        { userId: user, videoId: video!.id, fragmentName: '过期', startTime: 0, endTime: 5, download: 0 },
        now - FRAGMENT_RETENTION_MS - 1,
      );
      const kept = await store.fragments.insert(
        { userId: user, videoId: video!.id, fragmentName: '有效', startTime: 0, endTime: 5, download: 0 },
        now,
      );
      const jobs = await openJobQueue(TEST_DATABASE_URL, { schema: jobsSchema, pollingIntervalSeconds: 0.5 });
      stop = await startBackgroundWork(await withEnginesOf(store), {
        ai: loadUpstreamConfig({}).ai,
        logger: silent,
        now: Date.now,
        jobs,
        work: true,
      });
      const id = await a.send(BACKGROUND_JOBS.fragmentsSweep.name);
      await vi.waitFor(async () => expect((await a.list(20)).find((j) => j.id === id)?.state).toBe('completed'), WAIT);
      expect((await a.list(20)).find((j) => j.id === id)?.output).toEqual({ deleted: 1 });
      expect(await store.fragments.get(expired!.id)).toBeUndefined();
      expect(await store.fragments.get(kept!.id)).toBeDefined();
    });
  });
});
