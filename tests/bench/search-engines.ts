/**
 * The search engines alone, side by side (runSearchEngineBench in search.ts), without the rest of
 * `npm run bench`:
 *
 *   npx tsx tests/bench/search-engines.ts [--tenth] [--engines sqlite,postgres] [--queries 600]
 *     [--schema bench_search_full]   (PostgreSQL: seed into this schema once and keep it)
 *     [--reuse-index]                (with --schema: an index holding the corpus is not rebuilt)
 *
 * Prints the machine's load before and after, and the Markdown table of tests/bench/README.md.
 */
import { loadavg } from 'node:os';
import { Cleanup } from './cleanup';
import { describeMachine } from './machine';
import { FULL_CORPUS, type CorpusSize } from './search-corpus';
import { runSearchEngineBench, searchEnginesMarkdown, type SearchEngineName } from './search';

const args = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const tenth = args.includes('--tenth');
const size: CorpusSize = tenth
  ? {
      courses: FULL_CORPUS.courses / 10,
      knowledgePoints: FULL_CORPUS.knowledgePoints / 10,
      lecturers: 500,
      topics: 100,
    }
  : FULL_CORPUS;
const engines = (value('--engines') ?? 'sqlite,postgres').split(',') as SearchEngineName[];
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const began = Date.now();
  const step = (text: string) =>
    process.stderr.write(`[${((Date.now() - began) / 1000).toFixed(0).padStart(5)} s, load ${load()}] ${text}\n`);
  try {
    const loadBefore = load();
    const results = await runSearchEngineBench({
      cleanup,
      step,
      size,
      engines,
      queries: Number(value('--queries') ?? 600),
      postgresSchema: value('--schema'),
      reuseIndex: args.includes('--reuse-index'),
    });
    process.stdout.write(
      `\n${describeMachine()}; ${new Date().toISOString()}; load average (1, 5, 15 min) ${loadBefore} before, ${load()} after.\n\n${searchEnginesMarkdown(results)}\n`,
    );
  } finally {
    await cleanup.run();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
