/**
 * The main API's background work, never inside a request: expired fragments swept (hourly), AI
 * content kept current (every 5 minutes), and, on PostgreSQL, the long work the CLIs ask for:
 * media import and transcoding (`npm run media:import`), the search index rebuild
 * (`npm run search:rebuild`), the AI knowledge base rebuild (`npm run ai:knowledge:rebuild`), and
 * the removal of half-written fragment cuts a stopped process left behind.
 *
 * On the embedded SQLite file the periodic work runs on timers in this process (there is one main
 * API) and the CLIs do their work themselves, as before. On PostgreSQL everything here is a job
 * (jobs/queue.ts): schedules fire once across every main API, each run is worked by one process,
 * with retries, a time limit and its progress kept for `npm run admin -- jobs`; every main API
 * works them by default, or only a cluster's job worker (JOB_WORKER=false on the main APIs,
 * cli/worker.ts). `npm run admin -- jobs run <name>` asks for a run now.
 *
 * Clip cutting stays inside its request (fragment-service.ts): the spec answers ClipVideo with the
 * fragment already cut, and refuses a third cut at once rather than queueing it (upstream/SCALING.md).
 */
import type { AiConfig } from '../config';
import { AI_CONTENT_REFRESH_BATCH, startContentRefresher } from '../ai/content/refresher';
import { runContentJob } from '../ai/content/job';
import { createContentWriter } from '../ai/content/writer';
import type { JobContext, JobDefinition, JobQueue } from '../jobs/queue';
import { CLIP_DEADLINE_MS, CLIP_KILL_GRACE_MS } from '../learning-limits';
import type { Logger } from '../logger';
import { removeStrayPartialClips } from '../media/fragment-files';
import {
  importFolder,
  PARTIAL_CLIP_SUFFIX,
  readManifest,
  type FolderImportResult,
  type ProgressReporter,
} from '../media/pipeline';
import type { SearchIndex } from '../search/engine';
import type { Store } from '../store';
import type { MainApiData } from './data';
import { startFragmentSweeper } from './fragment-sweeper';
import { sweepExpiredFragments } from './services/fragment-service';

export const BACKGROUND_JOBS = {
  fragmentsSweep: { name: 'fragments-sweep', cron: '17 * * * *', expireInSeconds: 600, retryLimit: 3 },
  aiContentRefresh: { name: 'ai-content-refresh', cron: '*/5 * * * *', expireInSeconds: 1_800, retryLimit: 2 },
  /** half-written cuts older than STRAY_PARTIAL_CLIP_AGE_MS (a running cut is never that old) */
  fragmentsPartials: { name: 'fragments-partials', cron: '47 * * * *', expireInSeconds: 300, retryLimit: 2 },
  /** { folder }: any number asked for, one imported at a time (they number new courses and videos); resumable, so retried */
  mediaImport: {
    name: 'media-import',
    policy: 'singleton',
    expireInSeconds: 23 * 3_600,
    retryLimit: 2,
    retryDelaySeconds: 60,
  },
  searchRebuild: { name: 'search-rebuild', expireInSeconds: 6 * 3_600, retryLimit: 1, retryDelaySeconds: 60 },
  aiKnowledgeRebuild: {
    name: 'ai-knowledge-rebuild',
    expireInSeconds: 6 * 3_600,
    retryLimit: 1,
    retryDelaySeconds: 60,
  },
} as const satisfies Record<string, JobDefinition>;

/** the jobs an operator may ask for by name alone (media-import needs its folder: npm run media:import) */
export const JOBS_RUN_BY_NAME: readonly string[] = Object.values(BACKGROUND_JOBS)
  .map((job) => job.name)
  .filter((name) => name !== BACKGROUND_JOBS.mediaImport.name);

/**
 * A half-written cut this old is nobody's: a cut is stopped at CLIP_DEADLINE_MS and its ffmpeg
 * killed CLIP_KILL_GRACE_MS later, writing its file until then. The margin covers the clocks of
 * machines sharing the media folder over a network file system (its server stamps the times).
 */
export const STRAY_PARTIAL_CLIP_AGE_MS = Math.max(10 * 60_000, 2 * (CLIP_DEADLINE_MS + CLIP_KILL_GRACE_MS));

/** removes the half-written cuts under mediaDir last written more than STRAY_PARTIAL_CLIP_AGE_MS before `at` */
export function removeOldPartialClips(mediaDir: string, at: number): number {
  return removeStrayPartialClips(mediaDir, PARTIAL_CLIP_SUFFIX, at - STRAY_PARTIAL_CLIP_AGE_MS);
}

/** how often progress is written while a step reports fractions */
const PROGRESS_EVERY_MS = 2_000;

/** imports the folder (a job of media-import, or the CLI itself on SQLite), reporting to `reporter` */
export async function runMediaImport(
  store: Store,
  folder: string,
  context: Pick<JobContext, 'signal' | 'progress'>,
): Promise<FolderImportResult> {
  // done/total in steps: each video's steps (known from its first step) times the manifest's videos
  const videos = readManifest(folder).videos.length;
  let stepsDone = 0;
  let stepsPerVideo = 1;
  let label = '';
  let lastWrite = 0;
  const write = (fraction: number | null) => {
    lastWrite = Date.now();
    const detail = fraction === null ? label : `${label} ${Math.floor(fraction * 100)}%`;
    void context.progress(stepsDone, Math.max(videos * stepsPerVideo, stepsDone), detail).catch(() => {});
  };
  const reporter: ProgressReporter = {
    stepStarted(job, step, index, total) {
      stepsPerVideo = total;
      label = `${job} ${index}/${total} ${step}`;
      write(null);
    },
    progress(fraction) {
      if (fraction !== null && Date.now() - lastWrite >= PROGRESS_EVERY_MS) write(fraction);
    },
    stepFinished() {
      stepsDone += 1;
      write(null);
    },
    jobFinished() {},
  };
  return importFolder(store, folder, { reporter, signal: context.signal });
}

const SEARCH_INDEXES: readonly SearchIndex[] = ['courses', 'knowledgePoints', 'topics', 'lecturers', 'catalogues'];

/** rebuilds the search indexes, reporting which index of five and its rows so far */
export async function runSearchRebuild(data: MainApiData, context: Pick<JobContext, 'progress'>) {
  let lastWrite = 0;
  let current: SearchIndex | null = null;
  const summary = await data.search.rebuild({
    onProgress: ({ index, rows }) => {
      if (index === current && Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      current = index;
      lastWrite = Date.now();
      void context
        .progress(SEARCH_INDEXES.indexOf(index), SEARCH_INDEXES.length, `${index}: ${rows} rows`)
        .catch(() => {});
    },
  });
  await context.progress(SEARCH_INDEXES.length, SEARCH_INDEXES.length, 'done');
  return { counts: summary.counts, elapsedMs: summary.elapsedMs };
}

/** chunks every course into the AI knowledge base again, reporting courses done of all */
export async function runKnowledgeRebuild(data: MainApiData, context: Pick<JobContext, 'progress'>) {
  const started = Date.now();
  let lastWrite = 0;
  const result = await data.knowledge.rebuild({
    onProgress: (done, total) => {
      if (done < total && Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      void context.progress(done, total, 'courses').catch(() => {});
    },
  });
  return { ...result, elapsedMs: Date.now() - started };
}

export interface BackgroundOptions {
  ai: AiConfig;
  logger: Logger;
  now: () => number;
  /** the job queue on PostgreSQL; null: timers in this process */
  jobs: JobQueue | null;
  /** whether this process works the queue's jobs (false: a job worker elsewhere does) */
  work: boolean;
  /** told after each AI content batch how many videos are still missing or stale */
  onBacklog?: (videos: number) => void;
  /** every job's first retry after this many seconds instead of its own (tests) */
  retryDelaySeconds?: number;
}

/** starts the background work; answers the function that stops it */
export async function startBackgroundWork(
  store: MainApiData,
  options: BackgroundOptions,
): Promise<() => Promise<void>> {
  const { logger, jobs } = options;
  const writer = createContentWriter(options.ai, logger);
  if (!jobs) {
    const stopSweeping = await startFragmentSweeper(store, { now: options.now, logger });
    const stopAiContent = startContentRefresher(store, { writer, logger, onBacklog: options.onBacklog });
    return async () => {
      stopSweeping();
      stopAiContent();
    };
  }
  const delay = options.retryDelaySeconds;
  await jobs.define(
    Object.values(BACKGROUND_JOBS).map((job) => (delay === undefined ? job : { ...job, retryDelaySeconds: delay })),
  );
  // this machine's media folder, now: the hourly job cleans only the one of the process that works it
  try {
    const removed = removeOldPartialClips(store.mediaDir, options.now());
    if (removed > 0) logger.info(`removed ${removed} half-written fragment cut(s)`);
  } catch (error) {
    logger.error('removing half-written fragment cuts failed', error);
  }
  if (options.work) {
    await jobs.work(BACKGROUND_JOBS.fragmentsSweep.name, async () => ({
      deleted: await sweepExpiredFragments(store, options.now()),
    }));
    await jobs.work(BACKGROUND_JOBS.fragmentsPartials.name, async () => ({
      removed: removeOldPartialClips(store.mediaDir, options.now()),
    }));
    await jobs.work(BACKGROUND_JOBS.aiContentRefresh.name, async ({ signal }) => {
      const summary = await runContentJob(store, {
        writer,
        limit: AI_CONTENT_REFRESH_BATCH,
        signal,
        logger,
        yieldBetween: true,
      });
      options.onBacklog?.(summary.remaining);
      return {
        generated: summary.generated,
        courses: summary.courses,
        failed: summary.failed,
        remaining: summary.remaining,
      };
    });
    await jobs.work(BACKGROUND_JOBS.mediaImport.name, async (context) => {
      const folder = context.data.folder;
      if (typeof folder !== 'string' || folder === '') throw new Error('media-import: no folder given');
      const result = await runMediaImport(store, folder, context);
      logger.info(`media import of ${folder}: course ${result.courseId}, ${result.videos.length} video(s)`);
      return result;
    });
    await jobs.work(BACKGROUND_JOBS.searchRebuild.name, (context) => runSearchRebuild(store, context));
    await jobs.work(BACKGROUND_JOBS.aiKnowledgeRebuild.name, (context) => runKnowledgeRebuild(store, context));
  }
  return () => jobs.stop();
}
