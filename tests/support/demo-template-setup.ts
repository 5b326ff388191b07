/**
 * Vitest globalSetup of the gateway and resilience projects: seeds the generated demo content (at
 * DEMO_NOW) into one SQLite DATA_DIR and indexes it (search indexes, AI knowledge base) once per
 * run; tests/gateway/harness.ts copies it per test file (tests/support/data-template.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { openMainApiData } from '../../upstream/src/main-api/data';
import { DEMO_NOW } from './data-template';

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-demo-template-'));
  const store = openMainApiData(dir);
  try {
    await seedDemoContent(store, generateDemoContent({ now: DEMO_NOW }), store.mediaDir);
    const search = await store.search.applyPending();
    if (search.remaining > 0) throw new Error(`the demo template's search index left ${search.remaining} changes`);
    const knowledge = await store.knowledge.catchUp(600_000);
    if (knowledge.remaining > 0)
      throw new Error(`the demo template's knowledge base left ${knowledge.remaining} courses`);
  } finally {
    await store.close();
  }
  project.provide('demoDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
