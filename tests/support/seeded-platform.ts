/**
 * The platform for one e2e test file: started as by `npm start` on a copy of the DATA_DIR the run
 * seeded once (tests/support/platform-template-setup.ts); seeded by its own first start when the
 * project runs without that setup.
 */
import { inject } from 'vitest';
import { isTemplate } from './data-template';
import { startPlatform, type RunningPlatform } from './platform';

export function startSeededPlatform(env: Record<string, string> = {}): Promise<RunningPlatform> {
  const template = inject('platformDataDir');
  return startPlatform(env, isTemplate(template) ? { template } : {});
}
