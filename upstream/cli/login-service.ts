/** The login service process: `tsx upstream/cli/login-service.ts`, on LOGIN_PORT until SIGTERM/SIGINT. */
import { loadUpstreamConfig } from '../src/config';
import { startLoginService } from '../src/login-service/server';
import { createLogger } from '../src/logger';
import { closeOnSignals } from './shutdown';

async function main(): Promise<void> {
  const config = loadUpstreamConfig();
  const logger = createLogger(config.logLevel, 'login-service');
  const server = await startLoginService({ config, logger });
  // Handlers before the line the launcher waits for (see main-api.ts).
  closeOnSignals(logger, () => server.close());
  process.stdout.write(`login service listening on ${server.url}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`login service failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
