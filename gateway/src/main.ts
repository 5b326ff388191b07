/**
 * The gateway process: `tsx gateway/src/main.ts` (the launcher spawns it). Configuration comes
 * from the environment (config.ts); SIGTERM / SIGINT close it cleanly.
 */
import { loadGatewayConfig } from './config';
import { createLogger } from './logger';
import { startGateway } from './server';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createLogger(config.logLevel);
  // Handlers first: a SIGTERM that arrives before any listener exists kills the process by signal.
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, closing`);
    (gateway ? gateway.close() : Promise.resolve()).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('closing failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  gateway = await startGateway(config, { logger });
  logger.info(`gateway listening on http://${config.host}:${gateway.port}`);
  logger.info(
    `upstream ${config.upstreamUrl}, login service ${config.loginUrl}, GraphiQL ${config.graphiql ? 'on' : 'off'}, introspection ${config.introspection ? 'on' : 'off'}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
