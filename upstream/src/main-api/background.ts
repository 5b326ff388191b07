/**
 * The main API's background work: expired fragments swept (hourly) and AI content kept current
 * (every 5 minutes), never inside a request.
 *
 * On the embedded SQLite file they run on timers in this process: there is one main API. On
 * PostgreSQL they are jobs (jobs/queue.ts): the schedules fire once across every main API and each
 * run is worked by one process, with retries and a time limit; every main API works them by
 * default, or only a cluster's job worker (JOB_WORKER=false on the main APIs, cli/worker.ts).
 * `npm run admin -- jobs` shows the runs, `npm run admin -- jobs run <name>` asks for one now.
 */
import type { AiConfig } from '../config';
import { AI_CONTENT_REFRESH_BATCH, startContentRefresher } from '../ai/content/refresher';
import { runContentJob } from '../ai/content/job';
import { createContentWriter } from '../ai/content/writer';
import type { JobDefinition, JobQueue } from '../jobs/queue';
import type { Logger } from '../logger';
import type { Store } from '../store';
import { startFragmentSweeper } from './fragment-sweeper';
import { sweepExpiredFragments } from './services/fragment-service';

export const BACKGROUND_JOBS = {
  fragmentsSweep: { name: 'fragments-sweep', cron: '17 * * * *', expireInSeconds: 600, retryLimit: 3 },
  aiContentRefresh: { name: 'ai-content-refresh', cron: '*/5 * * * *', expireInSeconds: 1_800, retryLimit: 2 },
} as const satisfies Record<string, JobDefinition>;

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
}

/** starts the background work; answers the function that stops it */
export async function startBackgroundWork(store: Store, options: BackgroundOptions): Promise<() => Promise<void>> {
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
  await jobs.define(Object.values(BACKGROUND_JOBS));
  if (options.work) {
    await jobs.work(BACKGROUND_JOBS.fragmentsSweep.name, async () => ({ deleted: await sweepExpiredFragments(store, options.now()) }));
    await jobs.work(BACKGROUND_JOBS.aiContentRefresh.name, async ({ signal }) => {
      const summary = await runContentJob(store, { writer, limit: AI_CONTENT_REFRESH_BATCH, signal, logger, yieldBetween: true });
      options.onBacklog?.(summary.remaining);
      return { generated: summary.generated, courses: summary.courses, failed: summary.failed, remaining: summary.remaining };
    });
  }
  return () => jobs.stop();
}
