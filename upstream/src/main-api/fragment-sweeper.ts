/**
 * Expired fragments go away even when their owner never opens the list again: at start-up and
 * every FRAGMENT_SWEEP_INTERVAL_MS the main API deletes every expired fragment, row and cut file.
 * At start-up, when no cut can be running, it also removes the half-written cuts a stopped
 * process left under DATA_DIR/media/fragments.
 */
import { FRAGMENT_SWEEP_INTERVAL_MS } from '../learning-limits';
import type { Logger } from '../logger';
import { removeStrayPartialClips } from '../media/fragment-files';
import { PARTIAL_CLIP_SUFFIX } from '../media/pipeline';
import type { Store } from '../store';
import { sweepExpiredFragments } from './services/fragment-service';

export interface FragmentSweeperOptions {
  now: () => number;
  logger: Logger;
  /** default FRAGMENT_SWEEP_INTERVAL_MS */
  intervalMs?: number;
}

/** Sweeps once now, then on an unref'd timer; returns the function that stops it. */
export async function startFragmentSweeper(store: Store, options: FragmentSweeperOptions): Promise<() => void> {
  const { now, logger } = options;
  try {
    const partials = removeStrayPartialClips(store.mediaDir, PARTIAL_CLIP_SUFFIX);
    if (partials > 0) logger.info(`removed ${partials} half-written fragment cut(s)`);
  } catch (error) {
    logger.error('removing half-written fragment cuts failed', error);
  }
  const sweep = async () => {
    try {
      const swept = await sweepExpiredFragments(store, now());
      if (swept > 0) logger.info(`deleted ${swept} expired fragment(s)`);
    } catch (error) {
      // a closed store (the server is stopping) or a file system error: the next sweep tries again
      logger.error('sweeping expired fragments failed', error);
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), options.intervalMs ?? FRAGMENT_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
