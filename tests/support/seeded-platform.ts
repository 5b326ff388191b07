/**
 * The platform for one e2e test file: started as by `npm start` on a copy of the DATA_DIR the run
 * seeded once (tests/support/platform-template-setup.ts); seeded by its own first start when the
 * project runs without that setup.
 */
import { inject } from 'vitest';
import { readyTemplate } from './data-template';
import { startPlatform, type RunningPlatform } from './platform';

export async function startSeededPlatform(env: Record<string, string> = {}): Promise<RunningPlatform> {
  // made in the background while the run's earlier projects went on (platform-template-setup.ts)
  const template = await readyTemplate(inject('platformDataDir'));
  return startPlatform(env, template ? { template } : {});
}
