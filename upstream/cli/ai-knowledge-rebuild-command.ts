/**
 * `npm run ai:knowledge:rebuild` (ai-knowledge-rebuild.ts starts it) as a function of its arguments and CommandIo.
 */
import { loadUpstreamConfig } from '../src/config';
import { BACKGROUND_JOBS } from '../src/main-api/background';
import { openConfiguredMainApiData } from '../src/main-api/data';
import type { CommandIo } from './command-io';
import { runAsJob, takeNoWait } from './job-client';

const USAGE = `用法 (usage): npm run ai:knowledge:rebuild [-- --no-wait]
  重建 AI 知识库 (rebuilds the AI knowledge base). PostgreSQL（DATABASE_URL）上排队为后台任务并跟随其进度，
  --no-wait 只排队 (on PostgreSQL it is queued as a job and followed; --no-wait only queues it)`;

/** rebuilds (or, on PostgreSQL, asks for and follows the rebuild job); answers the exit code */
export async function runAiKnowledgeRebuild(argv: string[], io: CommandIo): Promise<number> {
  try {
    return await aiKnowledgeRebuild(argv, io);
  } catch (error) {
    io.stderr.write(`AI knowledge base rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function aiKnowledgeRebuild(argv: string[], io: CommandIo): Promise<number> {
  const config = loadUpstreamConfig(io.env);
  const { args, wait } = takeNoWait(argv.filter((a) => a !== '--'));
  if (args.length > 0) {
    const help = args.length === 1 && (args[0] === '--help' || args[0] === '-h');
    (help ? io.stdout : io.stderr).write(`${USAGE}\n`);
    return help ? 0 : 1;
  }
  if (config.databaseUrl) {
    return runAsJob({ databaseUrl: config.databaseUrl, name: BACKGROUND_JOBS.aiKnowledgeRebuild.name, wait, out: io.stdout, err: io.stderr });
  }
  const store = await openConfiguredMainApiData(config);
  try {
    const started = Date.now();
    io.stdout.write(`rebuilding the AI knowledge base of ${config.dataDir}\n`);
    const { courses, chunks } = await store.knowledge.rebuild();
    io.stdout.write(`rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s: ${courses} courses, ${chunks} chunks\n`);
    return 0;
  } finally {
    await store.close();
  }
}
