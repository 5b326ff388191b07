/**
 * A gateway process of the benchmark's own (`node --import tsx gateway/src/main.ts`), pointed at
 * a running platform's upstream, so that its pid is known and its memory can be read:
 * RSS from /proc/<pid>/status, the V8 heap through memory-probe.ts over IPC.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, repoRoot } from '../support/platform';

export interface MemoryReading {
  /** VmRSS of /proc/<pid>/status */
  rssBytes: number;
  /** VmHWM: the highest RSS so far */
  peakRssBytes: number;
  /** process.memoryUsage() inside the gateway, null when the probe did not answer */
  heapUsedBytes: number | null;
  heapTotalBytes: number | null;
  /** heapUsed right after a full collection (what the heap really retains) */
  heapUsedAfterGcBytes: number | null;
}

export interface GatewayProcess {
  pid: number;
  url: string;
  output: () => string;
  readMemory: () => Promise<MemoryReading>;
  /** user + system CPU time the process has used so far, in ms (/proc/<pid>/stat) */
  readCpuMs: () => number;
  stop: () => Promise<void>;
}

function statusField(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  if (!match) throw new Error(`${field} not found in /proc status`);
  return Number(match[1]) * 1024;
}

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** utime + stime of /proc/<pid>/stat (fields 14 and 15, counted after the parenthesised name). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so utime (14) is fields[11] and stime (15) fields[12]
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond()) * 1000;
}

interface ProbeAnswer {
  type: 'memory';
  id: number;
  usage: NodeJS.MemoryUsage;
  afterGc: NodeJS.MemoryUsage | null;
}

export async function startGatewayProcess(options: { upstreamUrl: string; loginUrl: string }): Promise<GatewayProcess> {
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      '--import',
      path.join(__dirname, 'memory-probe.ts'),
      path.join(repoRoot, 'gateway/src/main.ts'),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        UPSTREAM_URL: options.upstreamUrl,
        LOGIN_URL: options.loginUrl,
        EXPOSE_UPSTREAM_COUNT: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const output = () => log;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the benchmark's gateway exited early (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the benchmark's gateway did not answer /healthz within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  let nextId = 1;
  const askHeap = (gc: boolean): Promise<ProbeAnswer | null> =>
    new Promise((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        resolve(null);
      }, 5_000);
      const onMessage = (message: unknown) => {
        const answer = message as ProbeAnswer;
        if (answer?.type !== 'memory' || answer.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(answer);
      };
      child.on('message', onMessage);
      child.send({ type: 'memory', id, gc });
    });

  const readMemory = async (): Promise<MemoryReading> => {
    // RSS first, as the operating system sees it, before the probe forces a collection
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const answer = await askHeap(true);
    return {
      rssBytes: statusField(status, 'VmRSS'),
      peakRssBytes: statusField(status, 'VmHWM'),
      heapUsedBytes: answer?.usage.heapUsed ?? null,
      heapTotalBytes: answer?.usage.heapTotal ?? null,
      heapUsedAfterGcBytes: answer?.afterGc?.heapUsed ?? null,
    };
  };

  return { pid: child.pid!, url, output, readMemory, readCpuMs: () => cpuMs(child.pid!), stop };
}

/**
 * The process listening on 127.0.0.1:`port` (the platform's main API, started by its launcher), found
 * with iproute2's `ss`: its CPU is read beside the gateway's. null where `ss` cannot tell.
 */
export function pidListeningOn(port: number): number | null {
  try {
    const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    return pid ? Number(pid) : null;
  } catch {
    return null;
  }
}
