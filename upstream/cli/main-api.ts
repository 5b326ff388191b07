/**
 * The main API process: `tsx upstream/cli/main-api.ts`. Opens the store (PostgreSQL at DATABASE_URL,
 * else the SQLite file under DATA_DIR), seeds the demo content on first start, and serves on
 * UPSTREAM_PORT until SIGTERM/SIGINT.
 */
import { describeContentSummary, seedAiContent } from '../src/ai/content';
import { loadUpstreamConfig } from '../src/config';
import { generateDemoContent } from '../src/demo/generate';
import { describeDemoLearning, seedDemoLearning } from '../src/demo/learning';
import { createLogger } from '../src/logger';
import { startMainApi } from '../src/main-api/server';
import { openConfiguredMainApiData } from '../src/main-api/data';
import { describeSeed, seedIfEmpty } from '../src/demo/seed';
import { jobsSchemaOf, openJobQueue } from '../src/jobs/queue';
import { closeOnSignals } from './shutdown';

async function main(): Promise<void> {
  const config = loadUpstreamConfig();
  const logger = createLogger(config.logLevel, 'main-api');
  const store = await openConfiguredMainApiData(config);
  const seeded = await seedIfEmpty(store, () => generateDemoContent({ now: new Date() }));
  if (seeded) {
    logger.info(
      `seeded demo content into ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}: ${describeSeed(seeded)}`,
    );
    // the demo accounts may already be there (the login service seeds them): give the student a history
    const learning = await seedDemoLearning(store);
    if (learning) logger.info(`seeded demo learning records of student: ${describeDemoLearning(learning)}`);
    logger.info(`seeded AI content: ${describeContentSummary(await seedAiContent(store))}`);
  }
  // on PostgreSQL the background work is jobs (main-api/background.ts): once across every main API
  const jobs = config.databaseUrl
    ? await openJobQueue(config.databaseUrl, { schema: jobsSchemaOf(config.databaseUrl) })
    : null;
  const server = await startMainApi({ config, store, logger, jobs });
  // Handlers first: a SIGTERM that arrives before any listener exists kills the process by signal.
  closeOnSignals(logger, async () => {
    await server.close();
    await store.close();
  });
  // The launcher and people read this line; keep its wording.
  process.stdout.write(`main API listening on ${server.url}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `main API failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
