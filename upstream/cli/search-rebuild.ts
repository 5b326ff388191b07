/**
 * `npm run search:rebuild`: rebuilds every search index of DATA_DIR from the content tables and
 * prints the rows of each and the time taken. Works while the servers run: the new indexes are
 * built beside the old ones, which keep answering, and swapped in at the end; content changed
 * meanwhile is applied after the swap. Exits 1 (with the reason on stderr) when it fails, e.g.
 * while another rebuild runs.
 */
import { loadUpstreamConfig } from '../src/config';
import type { SearchIndex } from '../src/search/engine';
import { openConfiguredMainApiData } from '../src/main-api/data';

const LABELS: Record<SearchIndex, string> = {
  courses: 'courses',
  knowledgePoints: 'knowledge points',
  topics: 'topics',
  lecturers: 'lecturers',
  catalogues: 'catalogues',
};

async function main(): Promise<void> {
  const config = loadUpstreamConfig();
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
