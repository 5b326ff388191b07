/**
 * `npm start` / `npm run dev`: runs the whole platform from one command.
 *
 * The three servers run as separate processes (as they would in production), so a crash or
 * a slow upstream never takes the gateway down: main API (UPSTREAM_PORT), login service
 * (LOGIN_PORT), then the gateway (PORT) once both answer /healthz; a child that dies is
 * restarted (cli/supervisor.ts). The main API seeds the demo content into a fresh DATA_DIR (or
 * the empty PostgreSQL database at DATABASE_URL) on its first start. The web app is built first
 * when web/dist is missing. SIGINT or SIGTERM stops every child and ends the platform.
 *
 * `--dev`: the gateway reloads on change (tsx watch) and Vite's dev server serves the web app
 * with hot reload, proxying /graphql and /media to the gateway.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createSupervisor, repoRoot, tsxArgs } from './supervisor';

const dev = process.argv.includes('--dev');

const env = {
  ...process.env,
  PORT: process.env.PORT ?? '4000',
  UPSTREAM_PORT: process.env.UPSTREAM_PORT ?? '5100',
  LOGIN_PORT: process.env.LOGIN_PORT ?? '5200',
  DATA_DIR: path.resolve(repoRoot, process.env.DATA_DIR ?? 'data'),
  // libraries' production mode unless told otherwise: graphql-js's development checks cost the
  // gateway about 7 % of a page operation's CPU
  NODE_ENV: process.env.NODE_ENV ?? (dev ? 'development' : 'production'),
};

const supervisor = createSupervisor('platform', env);

async function main(): Promise<void> {
  process.on('SIGINT', () => void supervisor.shutdown(0));
  process.on('SIGTERM', () => void supervisor.shutdown(0));

  if (!dev && !existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    supervisor.log('web app not built yet: building it once (npm run build)');
    await supervisor.run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], 'npm run build');
  }

  supervisor.start({
    name: 'upstream',
    args: tsxArgs(path.join(repoRoot, 'upstream/cli/main-api.ts')),
    healthUrl: `http://127.0.0.1:${env.UPSTREAM_PORT}/healthz`,
  });
  supervisor.start({
    name: 'login',
    args: tsxArgs(path.join(repoRoot, 'upstream/cli/login-service.ts')),
    healthUrl: `http://127.0.0.1:${env.LOGIN_PORT}/healthz`,
  });
  // the first start seeds the demo content before the main API listens
  await Promise.all([supervisor.waitHealthy('upstream', 180_000), supervisor.waitHealthy('login', 60_000)]);
  supervisor.start({
    name: 'gateway',
    args: tsxArgs(path.join(repoRoot, 'gateway/src/main.ts'), dev),
    healthUrl: `http://127.0.0.1:${env.PORT}/healthz`,
  });
  await supervisor.waitHealthy('gateway', 60_000);

  if (dev) {
    supervisor.start({
      name: 'vite',
      args: [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.mts'],
    });
    supervisor.log(
      `dev mode: web app with hot reload at http://localhost:5173/ (gateway at http://localhost:${env.PORT}/graphql)`,
    );
  } else {
    supervisor.log(
      `思政云课堂 is running: http://localhost:${env.PORT}/  (GraphiQL: http://localhost:${env.PORT}/graphql)`,
    );
  }
}

main().catch((error: unknown) => {
  supervisor.log(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  void supervisor.shutdown(1);
});
