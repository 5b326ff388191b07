/**
 * `--engine sqlite|postgres|both`: which store engine the benchmark's platforms run on.
 *
 * SQLite is the embedded default (a fresh DATA_DIR). PostgreSQL is the database at TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), in a schema of the benchmark's own
 * (`bench_<random>`, and pg-boss's `bench_<random>_jobs` beside it), dropped by the cleanup: the
 * benchmark never reads or writes another schema. The platform is told the schema through
 * DATABASE_URL's `options=-c search_path=…` (upstream/SCALING.md). No REDIS_URL: one platform of
 * each process, as `DATABASE_URL=… npm start` runs it; the two-gateway play run (play.ts) starts the
 * cluster, which shares Redis under a key prefix of its own.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { dropSchema, ensureSchema } from '../../upstream/src/store/postgres';
import { startPlatform, type RunningPlatform } from '../support/platform';
import type { Cleanup } from './cleanup';
import { BrokenError } from './graphql-client';

export type Engine = 'sqlite' | 'postgres';

export const BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** `--engine X` or `--engine=X`: sqlite (the default), postgres, or both (sqlite, then postgres) */
export function parseEngines(args: string[]): Engine[] {
  let value = 'sqlite';
  args.forEach((arg, index) => {
    if (arg === '--engine') value = args[index + 1] ?? '';
    else if (arg.startsWith('--engine=')) value = arg.slice('--engine='.length);
  });
  if (value === 'sqlite' || value === 'postgres') return [value];
  if (value === 'both') return ['sqlite', 'postgres'];
  throw new BrokenError(`--engine ${value}: expected sqlite, postgres or both`);
}

export interface BenchSchema {
  schema: string;
  /** DATABASE_URL for the platform's processes: the schema as their search_path */
  databaseUrl: string;
}

/** A schema of the benchmark's own (and its jobs' beside it), dropped by the cleanup. */
export async function benchSchema(cleanup: Cleanup, label: string): Promise<BenchSchema> {
  const schema = `bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await ensureSchema(BENCH_DATABASE_URL, schema);
  cleanup.add(`${label}: drop schema ${schema}`, async () => {
    await dropSchema(BENCH_DATABASE_URL, `${schema}_jobs`);
    await dropSchema(BENCH_DATABASE_URL, schema);
  });
  return { schema, databaseUrl: withSearchPath(BENCH_DATABASE_URL, schema) };
}

export function withSearchPath(url: string, schema: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

export interface EnginePlatform {
  engine: Engine;
  platform: RunningPlatform;
  /** on PostgreSQL: the schema the platform runs in */
  postgres: BenchSchema | null;
  stop: () => Promise<void>;
}

/** The platform as `npm start` runs it, on the engine named (on PostgreSQL: the demo seeded into a fresh schema). */
export async function startEnginePlatform(
  engine: Engine,
  cleanup: Cleanup,
  label: string,
  extraEnv: Record<string, string> = {},
): Promise<EnginePlatform> {
  const postgres = engine === 'postgres' ? await benchSchema(cleanup, label) : null;
  // DATABASE_URL '' keeps a SQLite platform on its file even when the shell has one set
  const platform = await startPlatform({ ...extraEnv, DATABASE_URL: postgres?.databaseUrl ?? '' });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await platform.stop();
  };
  cleanup.add(label, stop);
  return { engine, platform, postgres, stop };
}

// ---- CPU of the processes involved -------------------------------------------------------------------

let clockTicks: number | undefined;
function msPerTick(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return 1000 / clockTicks;
}

export type Role = 'gateway' | 'mainApi' | 'login' | 'worker' | 'nginx' | 'postgres' | 'redis';

const ROLE_OF_SCRIPT: [string, Role][] = [
  ['gateway/src/main.ts', 'gateway'],
  ['upstream/cli/main-api.ts', 'mainApi'],
  ['upstream/cli/login-service.ts', 'login'],
  ['upstream/cli/worker.ts', 'worker'],
];

/**
 * user + system CPU (ms) so far of this run's processes by role, summed over replicas: the platform's
 * children (they carry the run's marker), their nginx (a child of one of them), and the machine's
 * PostgreSQL and Redis servers (all of their processes: other work on the same servers counts too).
 */
export function cpuByRole(): Record<Role, number> {
  const marker = `SIZHENG_BENCH_RUN=${process.env.SIZHENG_BENCH_RUN}`;
  const totals: Record<Role, number> = { gateway: 0, mainApi: 0, login: 0, worker: 0, nginx: 0, postgres: 0, redis: 0 };
  const ours = new Set<number>();
  const stats: { pid: number; ppid: number; comm: string; cmdline: string; cpu: number }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = (Number(fields[11]) + Number(fields[12])) * msPerTick();
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      stats.push({ pid: Number(entry), ppid: Number(fields[1]), comm, cmdline, cpu });
      try {
        if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(marker)) ours.add(Number(entry));
      } catch {
        // not ours to read
      }
    } catch {
      // gone meanwhile
    }
  }
  const pids = new Map(stats.map((s) => [s.pid, s]));
  for (const s of stats) {
    if (s.comm === 'postgres') totals.postgres += s.cpu;
    else if (s.comm.startsWith('redis-server')) totals.redis += s.cpu;
    else if (s.comm === 'nginx') {
      // the cluster's nginx: its master is a child of our launcher, its workers children of the master
      const master = s.cmdline.startsWith('nginx: worker') ? pids.get(s.ppid) : s;
      if (master && ours.has(master.ppid)) totals.nginx += s.cpu;
    } else if (ours.has(s.pid) && s.pid !== process.pid) {
      const role = ROLE_OF_SCRIPT.find(([script]) => s.cmdline.includes(script))?.[1];
      if (role) totals[role] += s.cpu;
    }
  }
  return totals;
}

/** busy and total jiffies of all cores so far (/proc/stat), for the machine's busy share over a run */
export function machineTimes(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.slice(0, 8).reduce((sum, v) => sum + v, 0);
    return { busy: total - (values[3] ?? 0) - (values[4] ?? 0), total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

// ---- PostgreSQL's work for this run ----------------------------------------------------------------

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match) inodes.add(match[1]!);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    // gone, or not ours to read
  }
  return inodes;
}

/** TCP connections of the machine: local and remote port and the socket's inode (/proc/net/tcp, tcp6) */
function tcpConnections(): { localPort: number; remotePort: number; inode: string }[] {
  const rows: { localPort: number; remotePort: number; inode: string }[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      rows.push({
        localPort: parseInt(fields[1]!.split(':')[1]!, 16),
        remotePort: parseInt(fields[2]!.split(':')[1]!, 16),
        inode: fields[9]!,
      });
    }
  }
  return rows;
}

function processCpu(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * msPerTick();
  } catch {
    return null;
  }
}

/**
 * The CPU of the PostgreSQL backends that serve this run's processes (the machine's server is shared
 * with other work): every second, the backends whose client end is a socket of a process carrying
 * the run's marker (matched by port through /proc/net/tcp; reading the server's sockets needs root,
 * else this counts nothing and says so). Backends that come and go between samples lose at most a
 * second of their work. `stop()` answers the CPU (ms) they used since `start`.
 */
export function samplePostgresBackends(port = 5432): { stop: () => number | null; ownMs: () => number } {
  const marker = `SIZHENG_BENCH_RUN=${process.env.SIZHENG_BENCH_RUN}`;
  const seen = new Map<number, { first: number; last: number }>();
  let readable = false;
  let first = true;
  let own = 0;
  const sample = () => {
    const began = process.cpuUsage();
    look();
    const used = process.cpuUsage(began);
    own += (used.user + used.system) / 1000;
  };
  const look = () => {
    const ours: number[] = [];
    const servers: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      try {
        const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
        if (comm === 'postgres') servers.push(pid);
        else if (pid !== process.pid && readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker))
          ours.push(pid);
      } catch {
        // gone, or not ours to read
      }
    }
    const connections = tcpConnections();
    const ourInodes = new Set(ours.flatMap((pid) => [...socketInodes(pid)]));
    const clientPorts = new Set(
      connections.filter((c) => c.remotePort === port && ourInodes.has(c.inode)).map((c) => c.localPort),
    );
    const serverInodes = new Set(
      connections.filter((c) => c.localPort === port && clientPorts.has(c.remotePort)).map((c) => c.inode),
    );
    for (const pid of servers) {
      const inodes = socketInodes(pid);
      if (inodes.size > 0) readable = true;
      if (![...inodes].some((inode) => serverInodes.has(inode))) continue;
      const cpu = processCpu(pid);
      if (cpu === null) continue;
      const known = seen.get(pid);
      if (known) known.last = cpu;
      // a backend already there at the start counts from then; one that came later from its birth
      else seen.set(pid, { first: first ? cpu : 0, last: cpu });
    }
    first = false;
  };
  sample();
  const timer = setInterval(sample, 1_000);
  return {
    /** this process's CPU spent sampling (not the load generator's work) */
    ownMs: () => own,
    stop: () => {
      clearInterval(timer);
      sample();
      if (!readable) return null;
      return [...seen.values()].reduce((sum, b) => sum + (b.last - b.first), 0);
    },
  };
}

/** Waits until the run's platform processes are nearly idle (start-up work done: index catch-up, knowledge base, jobs). */
export async function waitForQuiet(step: (text: string) => void, label: string, maxMs = 180_000): Promise<void> {
  const began = Date.now();
  const platform = () => {
    const c = cpuByRole();
    return c.gateway + c.mainApi + c.login + c.worker;
  };
  let previous = platform();
  for (;;) {
    await new Promise((r) => setTimeout(r, 3_000));
    const now = platform();
    const share = (now - previous) / 3_000;
    previous = now;
    if (share < 0.1) return;
    if (Date.now() - began > maxMs) {
      step(
        `${label}: the platform still works ${(share * 100).toFixed(0)} % of a core after ${(maxMs / 1000).toFixed(0)} s: measuring anyway`,
      );
      return;
    }
  }
}
