/**
 * `npm run demo:seed`: seeds DATA_DIR with the generated demo content when its store is empty,
 * and says what it did. Running it again changes nothing.
 */
import { describeContentSummary, seedAiContent } from '../src/ai/content';
import { loadUpstreamConfig } from '../src/config';
import { generateDemoContent } from '../src/demo/generate';
import { describeDemoLearning, seedDemoLearning } from '../src/demo/learning';
import { openConfiguredStore } from '../src/store/open';
import { describeSeed, seedIfEmpty } from '../src/demo/seed';

async function main(): Promise<void> {
  const config = loadUpstreamConfig();
  const store = await openConfiguredStore(config);
  try {
    const seeded = await seedIfEmpty(store, () => generateDemoContent({ now: new Date() }));
    process.stdout.write(
      seeded
        ? `seeded ${config.dataDir}: ${describeSeed(seeded)}\n`
        : `${config.dataDir} already has content; nothing seeded\n`,
    );
    const learning = seeded ? await seedDemoLearning(store) : null;
    if (learning) process.stdout.write(`seeded demo learning records of student: ${describeDemoLearning(learning)}\n`);
    if (seeded) process.stdout.write(`seeded AI content: ${describeContentSummary(await seedAiContent(store))}\n`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
