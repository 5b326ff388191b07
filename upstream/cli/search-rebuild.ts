/**
 * `npm run search:rebuild`: rebuilds every search index of DATA_DIR from the content tables and
 * prints the rows of each and the time taken. Works while the servers run: the new indexes are
 * built beside the old ones, which keep answering, and swapped in at the end; content changed
 * meanwhile is applied after the swap. Exits 1 (with the reason on stderr) when it fails, e.g.
 * while another rebuild runs.
 *
 * On PostgreSQL (DATABASE_URL) the rebuild is the job search-rebuild (main-api/background.ts): a
 * main API or the job worker does it, once however many ask; this command asks for it and follows
 * its progress until it ends (`--no-wait`: asks only). The outcome is printed as JSON.
 */
import { loadUpstreamConfig } from '../src/config';
import type { SearchIndex } from '../src/search/engine';
import { BACKGROUND_JOBS } from '../src/main-api/background';
import { openConfiguredMainApiData } from '../src/main-api/data';
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
    process.exitCode = await runAsJob({ databaseUrl: config.databaseUrl, name: BACKGROUND_JOBS.searchRebuild.name, wait });
    return;
  }
  const store = await openConfiguredMainApiData(config);
  try {
    process.stdout.write(`rebuilding the search indexes of ${config.dataDir}\n`);
    let current: SearchIndex | null = null;
    let lastReport = 0;
    const summary = await store.search.rebuild({
      onProgress: ({ index, rows }) => {
        // a line per index, and one every 5 s on a large one
        if (index !== current || Date.now() - lastReport > 5_000) {
          process.stdout.write(`  ${LABELS[index]}: ${rows} rows so far\n`);
          current = index;
          lastReport = Date.now();
        }
      },
    });
    const counts = (Object.keys(LABELS) as SearchIndex[]).map((index) => `${summary.counts[index]} ${LABELS[index]}`);
    process.stdout.write(`rebuilt in ${(summary.elapsedMs / 1000).toFixed(1)} s: ${counts.join(', ')}\n`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`search rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
