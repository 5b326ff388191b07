/**
 * `npm run search:rebuild` (search-rebuild.ts starts it) as a function of its arguments and CommandIo.
 */
import { loadUpstreamConfig } from '../src/config';
import type { SearchIndex } from '../src/search/engine';
import { BACKGROUND_JOBS } from '../src/main-api/background';
import { openConfiguredMainApiData } from '../src/main-api/data';
import type { CommandIo } from './command-io';
import { runAsJob, takeNoWait } from './job-client';

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
export async function runSearchRebuild(argv: string[], io: CommandIo): Promise<number> {
  try {
    return await searchRebuild(argv, io);
  } catch (error) {
    io.stderr.write(`search rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function searchRebuild(argv: string[], io: CommandIo): Promise<number> {
  const config = loadUpstreamConfig(io.env);
  const { args, wait } = takeNoWait(argv.filter((a) => a !== '--'));
  if (args.length > 0) {
    const help = args.length === 1 && (args[0] === '--help' || args[0] === '-h');
    (help ? io.stdout : io.stderr).write(`${USAGE}\n`);
    return help ? 0 : 1;
  }
  if (config.databaseUrl) {
    return runAsJob({ databaseUrl: config.databaseUrl, name: BACKGROUND_JOBS.searchRebuild.name, wait, out: io.stdout, err: io.stderr });
  }
  const store = await openConfiguredMainApiData(config);
  try {
    io.stdout.write(`rebuilding the search indexes of ${config.dataDir}\n`);
    let current: SearchIndex | null = null;
    let lastReport = 0;
    const summary = await store.search.rebuild({
      onProgress: ({ index, rows }) => {
        // a line per index, and one every 5 s on a large one
        if (index !== current || Date.now() - lastReport > 5_000) {
          io.stdout.write(`  ${LABELS[index]}: ${rows} rows so far\n`);
          current = index;
          lastReport = Date.now();
        }
      },
    });
    const counts = (Object.keys(LABELS) as SearchIndex[]).map((index) => `${summary.counts[index]} ${LABELS[index]}`);
    io.stdout.write(`rebuilt in ${(summary.elapsedMs / 1000).toFixed(1)} s: ${counts.join(', ')}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
