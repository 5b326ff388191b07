/**
 * Vitest globalSetup of the e2e, e2e-alone and resilience projects: the platform's first start (as
 * `npm start`, tests/support/platform.ts) seeds one DATA_DIR per run (demo content, accounts, the
 * student's learning, AI content), its search indexes and AI knowledge base are brought up to date,
 * and each test file starts its platform on a copy (tests/support/seeded-platform.ts), as a second
 * `npm start` would.
 *
 * Vitest runs every project's globalSetup (each on its own module instance) one after another before
 * the first test file: the projects share one template through the Vitest process's globalThis, so
 * the first start is paid once a run, not once a project (each took 1-2 min of the run's wall time
 * on a busy 2-core machine). The last project's teardown removes it.
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

interface SharedTemplate {
  dir: Promise<string>;
  users: number;
}

const SHARED = Symbol.for('sizheng.platformTemplate');
const holder = globalThis as { [SHARED]?: SharedTemplate };

async function makeTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-platform-template-'));
  try {
    const platform = await startPlatform({}, { dataDir: dir });
    await platform.stop();
    const data = openMainApiData(dir);
    try {
      const search = await data.search.applyPending();
      if (search.remaining > 0)
        throw new Error(`the platform template's search index left ${search.remaining} changes`);
      const knowledge = await data.knowledge.catchUp(600_000);
      if (knowledge.remaining > 0)
        throw new Error(`the platform template's knowledge base left ${knowledge.remaining} courses`);
    } finally {
      await data.close();
    }
    return dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  let shared = holder[SHARED];
  if (!shared) {
    shared = { dir: makeTemplate(), users: 0 };
    holder[SHARED] = shared;
    // a failed first start is not kept for the next project (nor for a watch-mode rerun)
    shared.dir.catch(() => {
      if (holder[SHARED] === shared) delete holder[SHARED];
    });
  }
  const current = shared;
  const dir = await current.dir;
  current.users += 1;
  project.provide('platformDataDir', dir);
  return () => {
    current.users -= 1;
    if (current.users > 0) return;
    if (holder[SHARED] === current) delete holder[SHARED];
    rmSync(dir, { recursive: true, force: true });
  };
}
