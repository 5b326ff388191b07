/**
 * The job worker of a cluster: `tsx upstream/cli/worker.ts` (npm run start:cluster starts one).
 * Works the main API's background jobs (main-api/background.ts) on the PostgreSQL database at
 * DATABASE_URL: the periodic sweeps and AI content, and the media imports and rebuilds the CLIs ask
 * for (it needs ffmpeg, and the folders they name, on its machine), so that the main APIs, started
 * with JOB_WORKER=false, spend themselves on requests only. Each job runs once across all the processes working the queue; SIGTERM/SIGINT stop it
 * after the running job (pg-boss's graceful stop).
 */
import { loadUpstreamConfig } from '../src/config';
import { jobsSchemaOf, openJobQueue } from '../src/jobs/queue';
import { createLogger } from '../src/logger';
import { startBackgroundWork } from '../src/main-api/background';
import { openConfiguredMainApiData } from '../src/main-api/data';
import { closeOnSignals } from './shutdown';

async function main(): Promise<void> {
  const config = loadUpstreamConfig();
  const logger = createLogger(config.logLevel, 'worker');
  if (!config.databaseUrl) throw new Error('the job worker works jobs on PostgreSQL: set DATABASE_URL');
  // the search indexes and the AI knowledge base too: their rebuilds are jobs
  const store = await openConfiguredMainApiData(config);
  const jobs = await openJobQueue(config.databaseUrl, { schema: jobsSchemaOf(config.databaseUrl) });
  const stop = await startBackgroundWork(store, { ai: config.ai, logger, now: Date.now, jobs, work: true });
  closeOnSignals(logger, async () => {
    await stop();
    await store.close();
  });
  process.stdout.write('job worker working the background jobs\n');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `job worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
