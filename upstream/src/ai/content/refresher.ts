/**
 * Keeps AI content current while the main API runs: a bounded batch of missing or stale videos
 * at start-up and every AI_CONTENT_REFRESH_INTERVAL_MS, in the background, never inside a
 * request. A batch gives the event loop a turn between courses and videos, so requests keep
 * being answered; a change to a lecture is reflected within a few minutes, and a large backlog
 * (a new import) is worked off batch by batch (or at once with `npm run ai:content`).
 */
import type { Logger } from '../../logger';
import type { Store } from '../../store';
import { runContentJob } from './job';
import type { ContentWriterWithAttribution } from './writer';

export const AI_CONTENT_REFRESH_INTERVAL_MS = 5 * 60_000;
export const AI_CONTENT_REFRESH_BATCH = 100;

export interface ContentRefresherOptions {
  writer: ContentWriterWithAttribution;
  logger: Logger;
  intervalMs?: number;
  batch?: number;
  /** told after each batch how many videos are still missing or stale (the job's backlog, for the operator) */
  onBacklog?: (videos: number) => void;
}

/** Starts the first batch now, then one per interval on an unref'd timer; returns the function that stops it. */
export function startContentRefresher(store: Store, options: ContentRefresherOptions): () => void {
  const controller = new AbortController();
  let running = false;
  const refresh = async () => {
    if (running || controller.signal.aborted) return;
    running = true;
    try {
      const summary = await runContentJob(store, {
        writer: options.writer,
        limit: options.batch ?? AI_CONTENT_REFRESH_BATCH,
        signal: controller.signal,
        logger: options.logger,
        yieldBetween: true,
      });
      options.onBacklog?.(summary.remaining);
      if (summary.generated > 0 || summary.courses > 0 || summary.failed > 0) {
        options.logger.info(
          `AI content: wrote ${summary.generated} video(s) and ${summary.courses} course overview(s), ` +
            `${summary.failed} failed, ${summary.remaining} still stale`,
        );
      }
    } catch (error) {
      // a store closed by a stopping server: nothing to report
      if (!controller.signal.aborted) options.logger.error('refreshing AI content failed', error);
    } finally {
      running = false;
    }
  };
  void refresh();
  const timer = setInterval(() => void refresh(), options.intervalMs ?? AI_CONTENT_REFRESH_INTERVAL_MS);
  timer.unref();
  return () => {
    controller.abort();
    clearInterval(timer);
  };
}
