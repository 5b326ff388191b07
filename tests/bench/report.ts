/** The benchmark's results, printed for a person and as Markdown for tests/bench/README.md. */
import type { Engine } from './engine';
import type { FirstLoadReport } from './first-load';
import type { MemoryReading } from './gateway-process';
import type { LatencySummary } from './stats';
import { callCount, describeCall, type CallPlan } from './upstream-calls';

export const JS_BUDGET_BYTES = 300_000;

export interface OperationResults {
  /** e.g. "HomeQuery" */
  name: string;
  /** what it stands for, e.g. "/home (scId 0)" */
  page: string;
  variables: Record<string, unknown>;
  plan: CallPlan;
  /** extensions.upstreamRequests over every measured operation */
  upstreamRequests: string;
  gateway: { c1: LatencySummary; c10: LatencySummary };
  /** said of the gateway's concurrency-10 figures when they come from another run */
  gatewayC10Note?: string;
  direct: { c1: LatencySummary; c10: LatencySummary };
}

export interface MemoryResults {
  pid: number;
  operations: number;
  concurrency: number;
  warmupOperations: number;
  run: LatencySummary;
  /** the gateway process's user + system CPU time per operation over the run */
  cpuMsPerOperation: number;
  /** the main API process's over the same run (null: its process could not be found) */
  mainApiCpuMsPerOperation: number | null;
  idle: MemoryReading;
  before: MemoryReading;
  after: MemoryReading;
}

export interface BenchResults {
  /** the store engine the platform ran on (--engine) */
  engine: Engine;
  /** the machine's 1-minute load average when the engine's run began and ended */
  load: [number, number];
  date: Date;
  machine: string;
  node: string;
  quick: boolean;
  operations: OperationResults[];
  memory: MemoryResults;
  firstLoad: FirstLoadReport | { skipped: string };
  warnings: string[];
  elapsedMs: number;
}

const ms = (value: number): string =>
  value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
const MiB = (bytes: number | null): string => (bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);
const signedMiB = (bytes: number | null): string =>
  bytes === null ? 'n/a' : `${bytes >= 0 ? '+' : '−'}${MiB(Math.abs(bytes))}`;
const count = (n: number): string => n.toLocaleString('en-US').replace(/,/g, ' ');
const diff = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : b - a);
const overhead = (gateway: LatencySummary, direct: LatencySummary): string =>
  `${gateway.medianMs >= direct.medianMs ? '+' : '−'}${ms(Math.abs(gateway.medianMs - direct.medianMs))} ms`;

export function withinBudget(firstLoad: BenchResults['firstLoad']): boolean | null {
  return 'skipped' in firstLoad ? null : firstLoad.totalGzipBytes <= JS_BUDGET_BYTES;
}

function roundsText(plan: CallPlan): string {
  const n = callCount(plan);
  if (plan.rounds.length <= 1) return `${n} call${n === 1 ? '' : 's'}, all sent at once`;
  return `${n} calls in ${plan.rounds.length} rounds (${plan.rounds.map((r) => r.length).join(' then ')})`;
}

function latencyLine(label: string, s: LatencySummary): string {
  return `  ${label.padEnd(28)}${String(s.count).padStart(6)}${`${ms(s.medianMs)} ms`.padStart(11)}${`${ms(s.p99Ms)} ms`.padStart(11)}${`${ms(s.meanMs)} ms`.padStart(11)}${s.perSecond.toFixed(0).padStart(8)}`;
}

function sortedScripts(firstLoad: FirstLoadReport): FirstLoadReport['scripts'] {
  return [...firstLoad.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes || a.url.localeCompare(b.url));
}

export function textReport(r: BenchResults): string {
  const out: string[] = [];
  const line = (text = '') => out.push(text);
  line('='.repeat(78));
  line(`思政云课堂 benchmark  ${r.date.toISOString()}${r.quick ? '  (--quick: reduced counts, not for README)' : ''}`);
  line(`machine: ${r.machine}; Node ${r.node}`);
  line(
    `platform: upstream + login service + gateway as \`npm start\`, ${r.engine === 'postgres' ? 'on PostgreSQL (a fresh schema)' : 'fresh DATA_DIR (SQLite)'} with the demo data;`,
  );
  line(`load average ${r.load[0]} when the run began, ${r.load[1]} when it ended;`);
  line('load generator in the benchmark process on the same machine; latency = request sent to answer parsed.');
  line('='.repeat(78));

  for (const op of r.operations) {
    line();
    line(`${op.name} ${JSON.stringify(op.variables)}  (${op.page})`);
    line(
      `  upstream requests per operation: ${op.upstreamRequests} (extensions.upstreamRequests, every measured operation)`,
    );
    line(`  the REST calls (${roundsText(op.plan)}), replayed directly beside the gateway:`);
    op.plan.rounds.forEach((round, index) => {
      for (const call of round)
        line(`    ${op.plan.rounds.length > 1 ? `[round ${index + 1}] ` : ''}${describeCall(call)}`);
    });
    line(
      `  ${''.padEnd(28)}${'ops'.padStart(6)}${'median'.padStart(11)}${'p99'.padStart(11)}${'mean'.padStart(11)}${'ops/s'.padStart(8)}`,
    );
    line(latencyLine('gateway, concurrency 1', op.gateway.c1));
    line(latencyLine('direct REST, concurrency 1', op.direct.c1));
    line(
      `  ${'gateway overhead (median)'.padEnd(28)}${''.padStart(6)}${overhead(op.gateway.c1, op.direct.c1).padStart(11)}`,
    );
    line(latencyLine(`gateway, concurrency 10${op.gatewayC10Note ? ' *' : ''}`, op.gateway.c10));
    line(latencyLine('direct REST, concurrency 10', op.direct.c10));
    line(
      `  ${'gateway overhead (median)'.padEnd(28)}${''.padStart(6)}${overhead(op.gateway.c10, op.direct.c10).padStart(11)}`,
    );
    if (op.gatewayC10Note) line(`  * ${op.gatewayC10Note}`);
  }

  const m = r.memory;
  line();
  line(
    `Gateway memory (own gateway process, pid ${m.pid}; ${count(m.operations)} HomeQuery operations at concurrency ${m.concurrency})`,
  );
  line(
    `  ${''.padEnd(34)}${'RSS'.padStart(12)}${'peak RSS'.padStart(12)}${'heap used'.padStart(12)}${'after GC'.padStart(12)}`,
  );
  const memLine = (label: string, x: MemoryReading) =>
    line(
      `  ${label.padEnd(34)}${MiB(x.rssBytes).padStart(12)}${MiB(x.peakRssBytes).padStart(12)}${MiB(x.heapUsedBytes).padStart(12)}${MiB(x.heapUsedAfterGcBytes).padStart(12)}`,
    );
  memLine('idle, just started', m.idle);
  memLine(`before (after ${count(m.warmupOperations)} warm-up operations)`, m.before);
  memLine('after, settled 1 s', m.after);
  line(
    `  ${'growth before → after'.padEnd(34)}${signedMiB(m.after.rssBytes - m.before.rssBytes).padStart(12)}${''.padStart(12)}${signedMiB(diff(m.before.heapUsedBytes, m.after.heapUsedBytes)).padStart(12)}${signedMiB(diff(m.before.heapUsedAfterGcBytes, m.after.heapUsedAfterGcBytes)).padStart(12)}`,
  );
  line(
    `  the ${count(m.operations)} operations: median ${ms(m.run.medianMs)} ms, p99 ${ms(m.run.p99Ms)} ms, ${m.run.perSecond.toFixed(0)} ops/s`,
  );
  line(`  gateway CPU time (user + system) per operation: ${ms(m.cpuMsPerOperation)} ms`);
  if (m.mainApiCpuMsPerOperation !== null)
    line(
      `  main API CPU time per operation: ${ms(m.mainApiCpuMsPerOperation)} ms (gateway / main API: ${(m.cpuMsPerOperation / m.mainApiCpuMsPerOperation).toFixed(2)}×)`,
    );

  line();
  if ('skipped' in r.firstLoad) {
    line(`JavaScript of the first /home load: SKIPPED (${r.firstLoad.skipped})`);
  } else {
    const f = r.firstLoad;
    const ok = withinBudget(f);
    line(
      `JavaScript of the first /home load (every script Chromium fetched until network idle, gzip -9; 1 kB = 1000 B)`,
    );
    for (const s of sortedScripts(f))
      line(`  ${s.url.padEnd(52)}${kB(s.bytes).padStart(12)}${kB(s.gzipBytes).padStart(12)} gz`);
    line(
      `  ${`total (${f.scripts.length} files)`.padEnd(52)}${kB(f.totalBytes).padStart(12)}${kB(f.totalGzipBytes).padStart(12)} gz`,
    );
    line(
      `  budget ${kB(JS_BUDGET_BYTES)} gzip: ${ok ? `within budget (${kB(JS_BUDGET_BYTES - f.totalGzipBytes)} to spare)` : `OVER BUDGET by ${kB(f.totalGzipBytes - JS_BUDGET_BYTES)}`}`,
    );
  }

  for (const warning of r.warnings) {
    line();
    line(`WARNING: ${warning}`);
  }
  line();
  line(`benchmark took ${(r.elapsedMs / 1000).toFixed(0)} s`);
  return out.join('\n');
}

export function markdownReport(r: BenchResults): string {
  const out: string[] = [];
  const line = (text = '') => out.push(text);
  const day = r.date.toISOString().slice(0, 10);
  line(
    `Measured with \`npm run bench${r.engine === 'postgres' ? ' -- --engine postgres' : ''}\` (tests/bench) on ${day}: ${r.machine}, Node ${r.node}; load average ${r.load[0]} when it began, ${r.load[1]} when it ended.`,
  );
  line(
    `The platform is started as \`npm start\` starts it (${r.engine === 'postgres' ? 'the upstream on PostgreSQL, DATABASE_URL with a fresh schema' : 'embedded upstream on SQLite'}, the demo data) and the load`,
  );
  line('generator runs on the same machine; latency is from sending the request to having parsed the answer.');
  line('At concurrency 10 the gateway, the upstream and the load generator compete for the same cores, so those');
  line(
    `figures are bound by CPU rather than by waiting. The gateway spends ${ms(r.memory.cpuMsPerOperation)} ms of CPU (user + system) per \`HomeQuery\`${r.memory.mainApiCpuMsPerOperation === null ? '' : `, the main API ${ms(r.memory.mainApiCpuMsPerOperation)} ms (${(r.memory.cpuMsPerOperation / r.memory.mainApiCpuMsPerOperation).toFixed(2)}×)`}.`,
  );
  line();
  line('| operation | upstream requests | concurrency 1: median / p99 | concurrency 10: median / p99 | ops/s at 10 |');
  line('|---|---|---|---|---|');
  for (const op of r.operations) {
    const n = callCount(op.plan);
    line(
      `| \`${op.name}\` (${op.page}) through the gateway | ${op.upstreamRequests} | ${ms(op.gateway.c1.medianMs)} / ${ms(op.gateway.c1.p99Ms)} ms | ${ms(op.gateway.c10.medianMs)} / ${ms(op.gateway.c10.p99Ms)} ms${op.gatewayC10Note ? ' *' : ''} | ${op.gateway.c10.perSecond.toFixed(0)} |`,
    );
    line(
      `| the same ${n} REST calls made directly${op.plan.rounds.length <= 1 ? ' (concurrently)' : ` (${op.plan.rounds.length} rounds)`} | ${n} | ${ms(op.direct.c1.medianMs)} / ${ms(op.direct.c1.p99Ms)} ms | ${ms(op.direct.c10.medianMs)} / ${ms(op.direct.c10.p99Ms)} ms | ${op.direct.c10.perSecond.toFixed(0)} |`,
    );
    line(
      `| gateway overhead (median) | | ${overhead(op.gateway.c1, op.direct.c1)} | ${overhead(op.gateway.c10, op.direct.c10)} | |`,
    );
  }
  for (const op of r.operations) if (op.gatewayC10Note) line(`\n\\* ${op.name}: ${op.gatewayC10Note}.`);
  line();
  const m = r.memory;
  line(
    `| gateway memory, ${count(m.operations)} \`HomeQuery\` operations at concurrency ${m.concurrency} | RSS | heap used | heap after a full GC |`,
  );
  line('|---|---|---|---|');
  line(
    `| just started | ${MiB(m.idle.rssBytes)} | ${MiB(m.idle.heapUsedBytes)} | ${MiB(m.idle.heapUsedAfterGcBytes)} |`,
  );
  line(
    `| before (after ${count(m.warmupOperations)} warm-up operations) | ${MiB(m.before.rssBytes)} | ${MiB(m.before.heapUsedBytes)} | ${MiB(m.before.heapUsedAfterGcBytes)} |`,
  );
  line(
    `| after, settled 1 s | ${MiB(m.after.rssBytes)} | ${MiB(m.after.heapUsedBytes)} | ${MiB(m.after.heapUsedAfterGcBytes)} |`,
  );
  line(
    `| growth | ${signedMiB(m.after.rssBytes - m.before.rssBytes)} | ${signedMiB(diff(m.before.heapUsedBytes, m.after.heapUsedBytes))} | ${signedMiB(diff(m.before.heapUsedAfterGcBytes, m.after.heapUsedAfterGcBytes))} |`,
  );
  line();
  if ('skipped' in r.firstLoad) {
    line(`JavaScript of the first /home load: not measured (${r.firstLoad.skipped}).`);
  } else {
    const f = r.firstLoad;
    line('| JavaScript /home loads first (gzip -9, 1 kB = 1000 B) | raw | gzip |');
    line('|---|---|---|');
    for (const s of sortedScripts(f)) line(`| \`${s.url}\` | ${kB(s.bytes)} | ${kB(s.gzipBytes)} |`);
    const ok = withinBudget(f);
    line(
      `| **total**, budget ${kB(JS_BUDGET_BYTES)} gzip: ${ok ? 'within budget' : '**OVER BUDGET**'} | ${kB(f.totalBytes)} | **${kB(f.totalGzipBytes)}** |`,
    );
  }
  return out.join('\n');
}

/** Parts 1, 2 and 5 on each engine, side by side (run.ts --engine both). */
export function enginesMarkdown(results: BenchResults[]): string {
  const out: string[] = [];
  const line = (text = '') => out.push(text);
  const name = (e: Engine) => (e === 'postgres' ? 'PostgreSQL' : 'SQLite');
  const first = results[0]!;
  line(
    `Measured with \`npm run bench -- --engine both\` on ${first.date.toISOString().slice(0, 10)}: ${first.machine}, Node ${first.node}. ` +
      results
        .map((r) => `${name(r.engine)}: load average ${r.load[0]} when its run began, ${r.load[1]} when it ended`)
        .join('; ') +
      '.',
  );
  line();
  line(
    `| operation | ${results.map((r) => `${name(r.engine)}: c1 median / p99 | ${name(r.engine)}: c10 median / p99 | ${name(r.engine)}: ops/s at 10`).join(' | ')} |`,
  );
  line(`|---|${results.map(() => '---|---|---|').join('')}`);
  for (const [index, op] of first.operations.entries()) {
    const ops = results.map((r) => r.operations[index]!);
    const row = (label: string, pick: (o: OperationResults) => { c1: LatencySummary; c10: LatencySummary }) =>
      line(
        `| ${label} | ${ops
          .map((o) => {
            const x = pick(o);
            return `${ms(x.c1.medianMs)} / ${ms(x.c1.p99Ms)} ms | ${ms(x.c10.medianMs)} / ${ms(x.c10.p99Ms)} ms | ${x.c10.perSecond.toFixed(0)}`;
          })
          .join(' | ')} |`,
      );
    row(`\`${op.name}\` through the gateway`, (o) => o.gateway);
    row(`its ${callCount(op.plan)} REST calls made directly`, (o) => o.direct);
  }
  line();
  line(
    `Gateway CPU per \`HomeQuery\`: ${results.map((r) => `${name(r.engine)} ${ms(r.memory.cpuMsPerOperation)} ms`).join(', ')}.`,
  );
  return out.join('\n');
}
