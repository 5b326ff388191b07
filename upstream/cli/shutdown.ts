/** Clean shutdown on SIGTERM/SIGINT for the upstream processes the launcher spawns. */
import type { Logger } from '../src/logger';

export function closeOnSignals(logger: Logger, close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
