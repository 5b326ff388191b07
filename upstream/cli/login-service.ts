/**
 * The login service process: `tsx upstream/cli/login-service.ts`. Opens the store (PostgreSQL at
 * DATABASE_URL, else the SQLite file under DATA_DIR, shared with the main API, WAL), seeds the demo accounts when missing, and serves on
 * LOGIN_PORT until SIGTERM/SIGINT.
 */
import { loadUpstreamConfig } from '../src/config';
import { seedDemoAccounts } from '../src/demo/accounts';
import { startLoginService } from '../src/login-service/server';
import { createLogger } from '../src/logger';
import type { Store } from '../src/store';
import { openConfiguredStore, type StoreLocation } from '../src/store/open';
import { closeOnSignals } from './shutdown';

/**
 * The launcher starts the main API beside this process on the same fresh DATA_DIR: while one
 * migrates or seeds (one long write transaction) the other can meet a busy database, or a
 * migration the first has just applied. Both roll back cleanly, so trying again is safe.
 */
async function openAndSeed(location: StoreLocation): Promise<{ store: Store; seeded: string[] }> {
  for (let attempt = 1; ; attempt += 1) {
    let store: Store | undefined;
    try {
      store = await openConfiguredStore(location);
      return { store, seeded: await seedDemoAccounts(store) };
    } catch (error) {
      await store?.close();
      const text = error instanceof Error ? `${(error as { code?: string }).code ?? ''} ${error.message}` : '';
      if (attempt >= 60 || !/SQLITE_BUSY|already exists|database is locked/.test(text)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function main(): Promise<void> {
  const config = loadUpstreamConfig();
  const logger = createLogger(config.logLevel, 'login-service');
  const { store, seeded } = await openAndSeed(config);
  if (seeded.length > 0)
    logger.info(
      `seeded demo accounts into ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}: ${seeded.join(', ')}`,
    );
  const server = await startLoginService({ config, store, logger });
  // Handlers before the line the launcher waits for (see main-api.ts).
  closeOnSignals(logger, async () => {
    await server.close();
    await store.close();
  });
  process.stdout.write(`login service listening on ${server.url}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `login service failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
