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
 *
 * When the run also holds a project that runs before all of the template's projects (a lower
 * sequence.groupOrder: the whole suite's unit, upstream, gateway and web files), the template is made
 * in the background while those run, and each file waits for it (data-template.ts's readyTemplate)
 * before its platform starts: the first start, 1-2 min with one core mostly idle, no longer holds
 * up the run's first file. Run alone (`--project 'e2e*'`, `--project resilience`), the setup waits
 * for it as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openMainApiData } from '../../upstream/src/main-api/data';
import { startPlatform } from './platform';
import { forgetTemplate, makeTemplateInBackground } from './data-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a stopped platform's DATA_DIR after its first start, indexed */
    platformDataDir: string;
  }
}

interface SharedTemplate {
  dir: string;
  /** settled when the template is made or failed (its marker written: data-template.ts) */
  made: Promise<Error | undefined>;
  users: number;
}

const SHARED = Symbol.for('sizheng.platformTemplate');
const holder = globalThis as { [SHARED]?: SharedTemplate };

async function makeTemplate(dir: string): Promise<void> {
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
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** whether the run holds a project that runs before every project using this setup */
function runsOthersFirst(project: TestProject): boolean {
  const projects = project.vitest.projects;
  const uses = (p: TestProject) =>
    [p.config.globalSetup].flat().some((file) => file.endsWith('platform-template-setup.ts'));
  const first = Math.min(...projects.filter(uses).map((p) => p.config.sequence.groupOrder));
  return projects.some((p) => !uses(p) && p.config.sequence.groupOrder < first);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let current = holder[SHARED];
  if (!current) {
    const dir = mkdtempSync(path.join(tmpdir(), 'sizheng-platform-template-'));
    current = { dir, made: makeTemplateInBackground(dir, () => makeTemplate(dir)), users: 0 };
    holder[SHARED] = current;
  }
  if (!runsOthersFirst(project)) {
    const failure = await current.made;
    if (failure) {
      // a failed first start is not kept for the next project (nor for a watch-mode rerun)
      if (holder[SHARED] === current) delete holder[SHARED];
      forgetTemplate(current.dir);
      throw failure;
    }
  }
  current.users += 1;
  project.provide('platformDataDir', current.dir);
  return async () => {
    current.users -= 1;
    if (current.users > 0) return;
    if (holder[SHARED] === current) delete holder[SHARED];
    await current.made;
    rmSync(current.dir, { recursive: true, force: true });
    forgetTemplate(current.dir);
  };
}
