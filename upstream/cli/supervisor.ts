/**
 * Runs the platform's servers as child processes and keeps them up (`npm start`, `npm run
 * start:cluster`).
 *
 * Restart policy: a child that dies is restarted on its own; the others are left alone and keep
 * serving (the gateway answers what it can while the main API is away and picks it up again when
 * it is back). The wait before a restart doubles with each exit in a row, from RESTART_DELAY_MS up
 * to MAX_RESTART_DELAY_MS, and starts from the beginning again once the child has stayed up for
 * STABLE_AFTER_MS: a crash loop costs little CPU, a rare crash is repaired at once. The supervisor
 * never gives up on a child (a platform that stops by itself helps nobody at night); each start and
 * exit is logged with the child's pid and the wait. shutdown() stops every child (SIGTERM,
 * SIGKILL after 5 s), cancels the restarts still waiting, and ends the process. (With these
 * figures a child killed seven times in a row is back after 0.25 + 0.5 + 1 + 2 + 4 + 8 + 10 s of
 * waiting; one that crashes every minute is restarted after 0.25 s each time.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');

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

export interface ServiceSpec {
  name: string;
  /** the command (default: this Node) and its arguments */
  command?: string;
  args: string[];
  healthUrl?: string;
  /** added to the supervisor's environment for this child */
  env?: Record<string, string>;
}

interface Service extends ServiceSpec {
  child?: ChildProcess;
  /** when the running child was started (unix ms) */
  startedAt: number;
  /** exits since the child last stayed up STABLE_AFTER_MS */
  exitsInARow: number;
  /** a restart waiting for its turn */
  restartTimer?: NodeJS.Timeout;
  /** times this service was restarted so far: told to the child as PLATFORM_RESTARTS, which its /metrics shows */
  restarts: number;
}

export interface Supervisor {
  /** starts a child and keeps it up */
  start(spec: ServiceSpec): void;
  /** resolves once the named service answers its health URL, rejects after timeoutMs */
  waitHealthy(name: string, timeoutMs: number): Promise<void>;
  /** runs a command to its end (a build), failing when it fails */
  run(command: string, args: string[], label: string): Promise<void>;
  log(message: string): void;
  /** stops every child and exits with code */
  shutdown(code: number): Promise<void>;
}

/** the arguments that run a TypeScript file with tsx (watching it for changes when asked) */
export function tsxArgs(file: string, watch = false): string[] {
  const tsxCli = require.resolve('tsx/cli');
  return watch ? [tsxCli, 'watch', '--clear-screen=false', file] : ['--import', 'tsx', file];
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

export function createSupervisor(label: string, env: NodeJS.ProcessEnv): Supervisor {
  const services = new Map<string, Service>();
  let stopping = false;
  const log = (message: string) => process.stdout.write(`[${label}] ${message}\n`);

  function launch(service: Service): void {
    service.restartTimer = undefined;
    const child = spawn(service.command ?? process.execPath, service.args, {
      cwd: repoRoot,
      env: { ...env, ...service.env, PLATFORM_RESTARTS: String(service.restarts) },
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
        service.restarts += 1;
        if (!stopping) launch(service);
      }, delay);
    };
    child.on('exit', (code, signal) => onEnd(signal ?? `code ${code}`));
    // the process could not be started at all (it never exits then): tried again like an exit
    child.on('error', (error) => onEnd(`error: ${error.message}`));
  }

  return {
    log,
    start(spec) {
      const service: Service = { ...spec, startedAt: 0, exitsInARow: 0, restarts: 0 };
      services.set(spec.name, service);
      launch(service);
    },
    async waitHealthy(name, timeoutMs) {
      const service = services.get(name);
      if (!service?.healthUrl) return;
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
    },
    run(command, args, what) {
      return new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} exited with code ${code}`))));
      });
    },
    async shutdown(code) {
      if (stopping) return;
      stopping = true;
      for (const service of services.values()) clearTimeout(service.restartTimer);
      const exits = [...services.values()]
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
    },
  };
}
