/**
 * The long work the CLIs ask for, as jobs on PostgreSQL (main-api/background.ts): two workers
 * (two opens of the same database, each working every queue, as two processes would) and the CLIs
 * as a person runs them, with DATABASE_URL naming the test's schema. `npm run search:rebuild` and
 * `npm run ai:knowledge:rebuild` queue their rebuild, follow its progress and print its outcome,
 * and the rebuild runs once; `npm run media:import` imports a folder of real (tiny) videos through
 * a job whose first attempt fails and is retried; `npm run admin -- jobs` shows each run's retries,
 * progress and outcome; the job that removes half-written fragment cuts removes only old ones.
 * `npm run search:rebuild` starts as a process of its own, as a person runs it; the other commands
 * run in-process (their functions in upstream/cli/*-command.ts, which the entry files run; their
 * starts as processes are proved in admin-cli, search-rebuild-cli, ai-knowledge-rebuild-cli and
 * media-import).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../upstream/cli/admin-command';
import { runAiKnowledgeRebuild } from '../../upstream/cli/ai-knowledge-rebuild-command';
import { runMediaImport } from '../../upstream/cli/media-import-command';
import { loadUpstreamConfig } from '../../upstream/src/config';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { openJobQueue, type JobRecord } from '../../upstream/src/jobs/queue';
import type { Logger } from '../../upstream/src/logger';
import {
  BACKGROUND_JOBS,
  STRAY_PARTIAL_CLIP_AGE_MS,
  startBackgroundWork,
} from '../../upstream/src/main-api/background';
import { withEnginesOf, type MainApiData } from '../../upstream/src/main-api/data';
import { FRAGMENT_MEDIA_FOLDER } from '../../upstream/src/media/fragment-files';
import {
  checkMediaTools,
  PARTIAL_CLIP_SUFFIX,
  runFfmpeg,
  type FolderImportResult,
} from '../../upstream/src/media/pipeline';
import { dropSchema, ensureSchema, openPostgresStore } from '../../upstream/src/store/postgres';
import { fixtureContent } from './fixture';
import { TEST_DATABASE_URL } from './test-engine';
import { runInProcess, runSpawned, type CommandRun } from '../support/cli';

const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
const jobsSchema = `${schema}_jobs`;
const url = `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;

/** a CLI as a person starts it, with DATABASE_URL naming the test's schema */
function cli(script: string, args: string[]): Promise<CommandRun> {
  return runSpawned(script, args, { DATABASE_URL: url, LOG_LEVEL: 'silent' });
}

/** a command in-process, with the same environment */
const inProcess = (command: Parameters<typeof runInProcess>[0], args: string[]) =>
  runInProcess(command, args, { DATABASE_URL: url, LOG_LEVEL: 'silent' });
/** `npm run admin -- …`, in-process */
const admin = (...args: string[]) => inProcess(runAdmin, args);

const adminJobs = async (...args: string[]) => {
  const run = await admin('jobs', ...args);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as JobRecord[];
};

/** what the workers did, counted across both */
const calls = { searchRebuilds: 0, knowledgeRebuilds: 0, importsStarted: 0 };
/** the next media import fails (a database that went away for a moment), whichever worker takes it */
let failNextImport = false;

/** one worker's data: the real engines, with the calls counted (and the injected failure) */
function counted(data: MainApiData): MainApiData {
  const imports = data.media.imports;
  return {
    ...data,
    search: { ...data.search, rebuild: (options) => ((calls.searchRebuilds += 1), data.search.rebuild(options)) },
    knowledge: {
      ...data.knowledge,
      rebuild: (options) => ((calls.knowledgeRebuilds += 1), data.knowledge.rebuild(options)),
    },
    media: {
      ...data.media,
      imports: {
        ...imports,
        lecturerByName: async (name) => {
          calls.importsStarted += 1;
          if (failNextImport) {
            failNextImport = false;
            throw new Error('数据库暂时不可用 (the database went away for a moment)');
          }
          return imports.lecturerByName(name);
        },
      },
    },
  };
}

describe('long work as jobs on PostgreSQL, two workers', () => {
  let work: string;
  const workers: { data: MainApiData; stop: () => Promise<void> }[] = [];

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'jobs-long-'));
    await ensureSchema(TEST_DATABASE_URL, schema);
    for (const name of ['a', 'b']) {
      const store = await openPostgresStore(TEST_DATABASE_URL, {
        schema,
        dataDir: path.join(work, 'data'),
        poolSize: 3,
      });
      if (name === 'a') await seedDemoContent(store, fixtureContent(), store.mediaDir);
      const data = await withEnginesOf(store);
      const jobs = await openJobQueue(TEST_DATABASE_URL, { schema: jobsSchema, pollingIntervalSeconds: 0.5 });
      const stop = await startBackgroundWork(counted(data), {
        ai: loadUpstreamConfig({}).ai,
        logger: silent,
        now: Date.now,
        jobs,
        work: true,
        retryDelaySeconds: 1,
      });
      workers.push({ data, stop });
    }
  }, 120_000);

  afterAll(async () => {
    for (const { data, stop } of workers) {
      await stop();
      await data.close();
    }
    await dropSchema(TEST_DATABASE_URL, schema);
    await dropSchema(TEST_DATABASE_URL, jobsSchema);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('npm run search:rebuild queues the rebuild, one worker does it, and the CLI prints its progress and outcome', async () => {
    const run = await cli('upstream/cli/search-rebuild.ts', []);
    expect(run.code, run.stderr).toBe(0);
    expect(calls.searchRebuilds).toBe(1);
    const outcome = JSON.parse(run.stdout) as { counts: Record<string, number> };
    expect(outcome.counts.courses).toBe(fixtureContent().courses.length);
    expect(run.stderr).toContain('任务 search-rebuild 已排队');
    expect(run.stderr).toMatch(/5\/5 100% done/);
    const [job] = await adminJobs('--name', BACKGROUND_JOBS.searchRebuild.name);
    expect(job).toMatchObject({
      state: 'completed',
      retryCount: 0,
      progress: { done: 5, total: 5, detail: 'done' },
      output: outcome,
    });
  }, 60_000);

  it('npm run ai:knowledge:rebuild --no-wait only queues; admin jobs show follows it to its end, with courses done of all', async () => {
    const queued = await inProcess(runAiKnowledgeRebuild, ['--no-wait']);
    expect(queued.code, queued.stderr).toBe(0);
    const { id } = JSON.parse(queued.stdout) as { id: string };
    let job: JobRecord;
    for (;;) {
      const show = await admin('jobs', 'show', id);
      expect(show.code, show.stderr).toBe(0);
      job = JSON.parse(show.stdout) as JobRecord;
      if (job.state === 'completed' || job.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100)); // as a person looking again
    }
    expect(job).toMatchObject({ name: BACKGROUND_JOBS.aiKnowledgeRebuild.name, state: 'completed', retryCount: 0 });
    const courses = fixtureContent().courses.length;
    expect(job.output).toMatchObject({ courses, chunks: expect.any(Number) });
    expect(job.progress).toEqual({ done: courses, total: courses, detail: 'courses' });
    expect(calls.knowledgeRebuilds).toBe(1);
  }, 60_000);

  it('npm run media:import imports a folder through a job: the failed first attempt is retried, and the import is done once', async () => {
    await checkMediaTools();
    const folder = path.join(work, 'course');
    mkdirSync(folder);
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10:duration=2',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      path.join(folder, 'one.mp4'),
    ]);
    writeFileSync(
      path.join(folder, 'manifest.json'),
      JSON.stringify({
        course: { name: '任务导入的课程', info: '由后台任务导入。', catalogue: '思政/马克思主义基本原理/唯物辩证法' },
        lecturer: { name: '任务讲师', position: '教授', school: '示范大学', intro: '<p>讲师</p>' },
        videos: [{ file: 'one.mp4', name: '第一讲', code: 'JOB-001', abstract: '一讲。' }],
      }),
    );
    failNextImport = true;
    const run = await inProcess(runMediaImport, ['--', folder]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('失败，将重试');
    const result = JSON.parse(run.stdout) as FolderImportResult;
    expect(result.created).toEqual({ lecturer: true, course: true, videos: 1 });
    expect(calls.importsStarted).toBe(2);
    const media = await workers[1]!.data.media.get(result.videos[0]!.videoId);
    expect(media?.masterPath).toBe('/media/videos/JOB-001/master.m3u8');
    expect(existsSync(path.join(work, 'data', 'media', 'videos', 'JOB-001', 'master.m3u8'))).toBe(true);

    const [job] = await adminJobs('--name', BACKGROUND_JOBS.mediaImport.name);
    expect(job).toMatchObject({ state: 'completed', retryCount: 1, data: { folder } });
    expect(job!.progress!.done).toBe(job!.progress!.total);
    expect(job!.progress!.total).toBeGreaterThan(1);
  }, 120_000);

  it('npm run media:import refuses a bad manifest before queueing anything', async () => {
    const folder = path.join(work, 'bad');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'manifest.json'), '{ "course": ');
    const run = await inProcess(runMediaImport, ['--', folder]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('错误');
    expect((await adminJobs('--name', BACKGROUND_JOBS.mediaImport.name)).length).toBe(1);
  }, 60_000);

  it('the job fragments-partials removes half-written cuts only once they are old: a newer one may be a cut running on another replica', async () => {
    const folder = path.join(work, 'data', 'media', FRAGMENT_MEDIA_FOLDER, '7');
    mkdirSync(folder, { recursive: true });
    const old = path.join(folder, `1-aaaa.mp4${PARTIAL_CLIP_SUFFIX}`);
    const fresh = path.join(folder, `2-bbbb.mp4${PARTIAL_CLIP_SUFFIX}`);
    const done = path.join(folder, '3-cccc.mp4');
    for (const file of [old, fresh, done]) writeFileSync(file, 'x');
    const longAgo = (Date.now() - STRAY_PARTIAL_CLIP_AGE_MS - 60_000) / 1000;
    utimesSync(old, longAgo, longAgo);
    utimesSync(done, longAgo, longAgo);

    const run = await admin('jobs', 'run', BACKGROUND_JOBS.fragmentsPartials.name, '--wait');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ removed: 1 });
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(done)).toBe(true);
    const runs = await adminJobs('--name', BACKGROUND_JOBS.fragmentsPartials.name);
    expect(runs.filter((job) => job.state === 'completed')).toHaveLength(1);
  }, 60_000);

  it('npm run admin -- jobs run refuses media-import by name (it needs its folder)', async () => {
    const run = await admin('jobs', 'run', BACKGROUND_JOBS.mediaImport.name);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('npm run media:import');
  }, 30_000);
});
