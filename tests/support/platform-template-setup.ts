/**
 * Vitest globalSetup of the e2e and resilience projects: the platform's first start (as `npm start`,
 * tests/support/platform.ts) seeds one DATA_DIR per run (demo content, accounts, the student's
 * learning, AI content), its search indexes and AI knowledge base are brought up to date, and each
 * test file starts its platform on a copy (tests/support/seeded-platform.ts), as a second
 * `npm start` would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openMainApiData } from '../../upstream/src/main-api/data';
import { startPlatform } from './platform';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a stopped platform's DATA_DIR after its first start, indexed */
    platformDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-platform-template-'));
  const platform = await startPlatform({}, { dataDir: dir });
  await platform.stop();
  const data = openMainApiData(dir);
  try {
    const search = await data.search.applyPending();
    if (search.remaining > 0) throw new Error(`the platform template's search index left ${search.remaining} changes`);
    const knowledge = await data.knowledge.catchUp(600_000);
    if (knowledge.remaining > 0)
      throw new Error(`the platform template's knowledge base left ${knowledge.remaining} courses`);
  } finally {
    await data.close();
  }
  project.provide('platformDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
