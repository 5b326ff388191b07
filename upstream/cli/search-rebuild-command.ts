/**
 * `npm run search:rebuild` (search-rebuild.ts starts it) as a function of its arguments and CommandIo.
 */
import type { SearchIndex } from '../src/search/engine';
import { BACKGROUND_JOBS } from '../src/main-api/background';
import { openConfiguredMainApiData } from '../src/main-api/data';
import type { CommandIo } from './command-io';
import { runLongWorkCommand } from './long-work-command';

const LABELS: Record<SearchIndex, string> = {
  courses: 'courses',
  knowledgePoints: 'knowledge points',
  topics: 'topics',
  lecturers: 'lecturers',
  catalogues: 'catalogues',
};

const USAGE = `用法 (usage): npm run search:rebuild [-- --no-wait]
  重建搜索索引 (rebuilds the search indexes). PostgreSQL（DATABASE_URL）上排队为后台任务并跟随其进度，
  --no-wait 只排队 (on PostgreSQL it is queued as a job and followed; --no-wait only queues it)`;

/** rebuilds (or, on PostgreSQL, asks for and follows the rebuild job); answers the exit code */
export function runSearchRebuild(argv: string[], io: CommandIo): Promise<number> {
  return runLongWorkCommand(
    {
      usage: USAGE,
      positionals: 0,
      failure: 'search rebuild',
      job: () => ({ name: BACKGROUND_JOBS.searchRebuild.name }),
      openStore: openConfiguredMainApiData,
      work: async (store, _args, { config, io: out }) => {
        out.stdout.write(`rebuilding the search indexes of ${config.dataDir}\n`);
        let current: SearchIndex | null = null;
        let lastReport = 0;
        const summary = await store.search.rebuild({
          onProgress: ({ index, rows }) => {
            // a line per index, and one every 5 s on a large one
            if (index !== current || Date.now() - lastReport > 5_000) {
              out.stdout.write(`  ${LABELS[index]}: ${rows} rows so far\n`);
              current = index;
              lastReport = Date.now();
            }
          },
        });
        const counts = (Object.keys(LABELS) as SearchIndex[]).map(
          (index) => `${summary.counts[index]} ${LABELS[index]}`,
        );
        out.stdout.write(`rebuilt in ${(summary.elapsedMs / 1000).toFixed(1)} s: ${counts.join(', ')}\n`);
      },
    },
    argv,
    io,
  );
}
