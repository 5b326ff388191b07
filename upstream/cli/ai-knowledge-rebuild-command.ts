/**
 * `npm run ai:knowledge:rebuild` (ai-knowledge-rebuild.ts starts it) as a function of its arguments and CommandIo.
 */
import { BACKGROUND_JOBS } from '../src/main-api/background';
import { openConfiguredMainApiData } from '../src/main-api/data';
import type { CommandIo } from './command-io';
import { runLongWorkCommand, secondsSince } from './long-work-command';

const USAGE = `用法 (usage): npm run ai:knowledge:rebuild [-- --no-wait]
  重建 AI 知识库 (rebuilds the AI knowledge base). PostgreSQL（DATABASE_URL）上排队为后台任务并跟随其进度，
  --no-wait 只排队 (on PostgreSQL it is queued as a job and followed; --no-wait only queues it)`;

/** rebuilds (or, on PostgreSQL, asks for and follows the rebuild job); answers the exit code */
export function runAiKnowledgeRebuild(argv: string[], io: CommandIo): Promise<number> {
  return runLongWorkCommand(
    {
      usage: USAGE,
      positionals: 0,
      failure: 'AI knowledge base rebuild',
      job: () => ({ name: BACKGROUND_JOBS.aiKnowledgeRebuild.name }),
      openStore: openConfiguredMainApiData,
      work: async (store, _args, { config, io: out }) => {
        const started = Date.now();
        out.stdout.write(`rebuilding the AI knowledge base of ${config.dataDir}\n`);
        const { courses, chunks } = await store.knowledge.rebuild();
        out.stdout.write(`rebuilt in ${secondsSince(started)} s: ${courses} courses, ${chunks} chunks\n`);
      },
    },
    argv,
    io,
  );
}
