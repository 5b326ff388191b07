/**
 * `npm run ai:knowledge:rebuild`: chunks every course of DATA_DIR into the AI knowledge base again
 * from scratch and prints the courses, chunks and time taken. Not needed in normal use (the main
 * API applies content changes by itself, migration 0008): it is for a knowledge base built by an
 * older chunker. While it runs, questions find only the courses done so far (about a second for
 * the demo content). Exits 1 with the reason on stderr when it fails.
 *
 * On PostgreSQL (DATABASE_URL) the rebuild is the job ai-knowledge-rebuild (main-api/background.ts):
 * a main API or the job worker does it; this command asks for it and follows its progress until
 * it ends (`--no-wait`: asks only). The outcome is printed as JSON.
 */
import { loadUpstreamConfig } from '../src/config';
import { BACKGROUND_JOBS } from '../src/main-api/background';
import { openConfiguredMainApiData } from '../src/main-api/data';
import { runAsJob, takeNoWait } from './job-client';

const USAGE = `用法 (usage): npm run ai:knowledge:rebuild [-- --no-wait]
  重建 AI 知识库 (rebuilds the AI knowledge base). PostgreSQL（DATABASE_URL）上排队为后台任务并跟随其进度，
  --no-wait 只排队 (on PostgreSQL it is queued as a job and followed; --no-wait only queues it)`;

async function main(): Promise<void> {
  const config = loadUpstreamConfig();
  const { args, wait } = takeNoWait(process.argv.slice(2).filter((a) => a !== '--'));
  if (args.length > 0) {
    const help = args.length === 1 && (args[0] === '--help' || args[0] === '-h');
    (help ? process.stdout : process.stderr).write(`${USAGE}\n`);
    process.exitCode = help ? 0 : 1;
    return;
  }
  if (config.databaseUrl) {
    process.exitCode = await runAsJob({ databaseUrl: config.databaseUrl, name: BACKGROUND_JOBS.aiKnowledgeRebuild.name, wait });
    return;
  }
  const store = await openConfiguredMainApiData(config);
  try {
    const started = Date.now();
    process.stdout.write(`rebuilding the AI knowledge base of ${config.dataDir}\n`);
    const { courses, chunks } = await store.knowledge.rebuild();
    process.stdout.write(`rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s: ${courses} courses, ${chunks} chunks\n`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`AI knowledge base rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
