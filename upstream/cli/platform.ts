/**
 * `npm start` / `npm run dev`: runs the whole platform from one command.
 *
 * The three servers run as separate processes (as they would in production), so a crash or
 * a slow upstream never takes the gateway down: main API (UPSTREAM_PORT), login service
 * (LOGIN_PORT), then the gateway (PORT) once both answer /healthz. The main API seeds the
 * demo content into a fresh DATA_DIR on its first start. The web app is built first when
 * web/dist is missing.
 *
 * Restart policy: a child that dies is restarted on its own; the others are left alone and keep
 * serving (the gateway answers what it can while the main API is away and picks it up again when
 * it is back). The wait before a restart doubles with each exit in a row, from RESTART_DELAY_MS up
 * to MAX_RESTART_DELAY_MS, and starts from the beginning again once the child has stayed up for
 * STABLE_AFTER_MS: a crash loop costs little CPU, a rare crash is repaired at once. The supervisor
 * never gives up on a child (a platform that stops by itself helps nobody at night); each start and
 * exit is logged with the child's pid and the wait. SIGINT or SIGTERM stops every child (SIGTERM,
 * SIGKILL after 5 s), cancels the restarts still waiting, and ends the platform. (With these
 * figures a child killed seven times in a row is back after 0.25 + 0.5 + 1 + 2 + 4 + 8 + 10 s of
 * waiting; one that crashes every minute is restarted after 0.25 s each time.)
 *
 * `--dev`: the gateway reloads on change (tsx watch) and Vite's dev server serves the web app
 * with hot reload, proxying /graphql and /media to the gateway.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');
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

/** The first wait before restarting a child that exited; it doubles with each exit in a row. */
const RESTART_DELAY_MS = 250;
/** The longest wait between two restarts of a child that keeps exiting. */
const MAX_RESTART_DELAY_MS = 10_000;
/** A child that stayed up this long starts over from RESTART_DELAY_MS when it next exits. */
const STABLE_AFTER_MS = 30_000;

/** The wait before the next restart, after `exitsInARow` exits (1 for the first). */
function restartDelay(exitsInARow: number): number {
  return Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** Math.max(0, exitsInARow - 1));
}

interface Service {
  name: string;
  args: string[];
  healthUrl?: string;
  child?: ChildProcess;
  /** when the running child was started (unix ms) */
  startedAt: number;
  /** exits since the child last stayed up STABLE_AFTER_MS */
  exitsInARow: number;
  /** a restart waiting for its turn */
  restartTimer?: NodeJS.Timeout;
  /** times this service was restarted so far: told to the child as PLATFORM_RESTARTS, which its /metrics shows */
  restarts?: number;
}

let stopping = false;

function log(message: string): void {
  process.stdout.write(`[platform] ${message}\n`);
}

function prefixLines(name: string, stream: NodeJS.ReadableStream, out: NodeJS.WritableStream): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => {
    if (pending) out.write(`[${name}] ${pending}\n`);
  });
}

function run(command: string, args: string[], label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${label} exited with code ${code}`))));
  });
}

function tsxArgs(file: string, watch = false): string[] {
  const tsxCli = require.resolve('tsx/cli');
  return watch ? [tsxCli, 'watch', '--clear-screen=false', file] : ['--import', 'tsx', file];
}

function start(service: Service): void {
  service.restartTimer = undefined;
  const child = spawn(process.execPath, service.args, {
    cwd: repoRoot,
    env: { ...env, PLATFORM_RESTARTS: String(service.restarts ?? 0) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  service.child = child;
  service.startedAt = Date.now();
  log(`${service.name} started (pid ${child.pid})`);
  prefixLines(service.name, child.stdout!, process.stdout);
  prefixLines(service.name, child.stderr!, process.stderr);
  let ended = false;
  const onEnd = (how: string) => {
    if (ended || stopping) return;
    ended = true;
    const upMs = Date.now() - service.startedAt;
    service.exitsInARow = upMs >= STABLE_AFTER_MS ? 1 : service.exitsInARow + 1;
    const delay = restartDelay(service.exitsInARow);
    log(
      `${service.name} (pid ${child.pid}) exited (${how}) after ${(upMs / 1000).toFixed(1)} s; ` +
        `restarting it in ${delay} ms (exit ${service.exitsInARow} in a row)`,
    );
    service.restartTimer = setTimeout(() => {
      service.restarts = (service.restarts ?? 0) + 1;
      if (!stopping) start(service);
    }, delay);
  };
  child.on('exit', (code, signal) => onEnd(signal ?? `code ${code}`));
  // the process could not be started at all (it never exits then): tried again like an exit
  child.on('error', (error) => onEnd(`error: ${error.message}`));
}

async function waitHealthy(service: Service, timeoutMs: number): Promise<void> {
  if (!service.healthUrl) return;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(service.healthUrl);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (stopping) throw new Error('stopped');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${service.name} did not become healthy at ${service.healthUrl} within ${timeoutMs / 1000} s`);
}

const services: Service[] = [];

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const service of services) clearTimeout(service.restartTimer);
  const exits = services
    .filter((s) => s.child && s.child.exitCode === null && s.child.signalCode === null)
    .map(
      (s) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            s.child!.kill('SIGKILL');
            resolve();
          }, 5000);
          s.child!.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          s.child!.kill('SIGTERM');
        }),
    );
  await Promise.all(exits);
  process.exit(code);
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  if (!dev && !existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    log('web app not built yet: building it once (npm run build)');
    await run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], 'npm run build');
  }

  const mainApi: Service = {
    name: 'upstream',
    args: tsxArgs(path.join(repoRoot, 'upstream/cli/main-api.ts')),
    healthUrl: `http://127.0.0.1:${env.UPSTREAM_PORT}/healthz`,
    startedAt: 0,
    exitsInARow: 0,
  };
  const login: Service = {
    name: 'login',
    args: tsxArgs(path.join(repoRoot, 'upstream/cli/login-service.ts')),
    healthUrl: `http://127.0.0.1:${env.LOGIN_PORT}/healthz`,
    startedAt: 0,
    exitsInARow: 0,
  };
  const gateway: Service = {
    name: 'gateway',
    args: tsxArgs(path.join(repoRoot, 'gateway/src/main.ts'), dev),
    healthUrl: `http://127.0.0.1:${env.PORT}/healthz`,
    startedAt: 0,
    exitsInARow: 0,
  };
  services.push(mainApi, login);
  start(mainApi);
  start(login);
  // the first start seeds the demo content before the main API listens
  await Promise.all([waitHealthy(mainApi, 180_000), waitHealthy(login, 60_000)]);
  services.push(gateway);
  start(gateway);
  await waitHealthy(gateway, 60_000);

  if (dev) {
    const vite: Service = {
      name: 'vite',
      args: [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.mts'],
      startedAt: 0,
    exitsInARow: 0,
    };
    services.push(vite);
    start(vite);
    log(`dev mode: web app with hot reload at http://localhost:5173/ (gateway at http://localhost:${env.PORT}/graphql)`);
  } else {
    log(`思政云课堂 is running: http://localhost:${env.PORT}/  (GraphiQL: http://localhost:${env.PORT}/graphql)`);
  }
}

main().catch((error: unknown) => {
  log(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
