/**
 * Everything the benchmark starts is stopped and removed, even when it fails half-way:
 * cleanup steps run in reverse order; every process started from here inherits a marker in its
 * environment, so any descendant that outlives its parent (a launcher killed hard) is found in
 * /proc and ended by pid; temporary directories go into one parent directory removed at the end.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MARKER = 'SIZHENG_BENCH_RUN';

export class Cleanup {
  private readonly steps: { label: string; run: () => Promise<void> | void }[] = [];
  private readonly marker = randomUUID();
  private readonly originalTmpdir = process.env.TMPDIR;
  readonly tempRoot: string;
  private done: Promise<void> | undefined;

  constructor() {
    this.tempRoot = mkdtempSync(path.join(tmpdir(), 'sizheng-bench-'));
    // children inherit both: the marker finds them, TMPDIR keeps their temp files under tempRoot
    process.env[MARKER] = this.marker;
    process.env.TMPDIR = this.tempRoot;
  }

  add(label: string, run: () => Promise<void> | void): void {
    this.steps.push({ label, run });
  }

  run(): Promise<void> {
    this.done ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step.run();
        } catch (error) {
          process.stderr.write(
            `cleanup: ${step.label} failed: ${error instanceof Error ? error.message : String(error)}\n`,
          );
        }
      }
      await this.endStragglers();
      if (this.originalTmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = this.originalTmpdir;
      delete process.env[MARKER];
      rmSync(this.tempRoot, { recursive: true, force: true });
    })();
    return this.done;
  }

  /** Processes carrying this run's marker, other than this one. */
  private stragglers(): number[] {
    const found: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
      try {
        const environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
        if (environ.split('\0').includes(`${MARKER}=${this.marker}`)) found.push(Number(entry));
      } catch {
        // gone, or not ours to read
      }
    }
    return found;
  }

  private async endStragglers(): Promise<void> {
    let pids = this.stragglers();
    if (pids.length === 0) return;
    process.stderr.write(`cleanup: ending ${pids.length} leftover process(es): ${pids.join(', ')}\n`);
    for (const pid of pids) kill(pid, 'SIGTERM');
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (pids = this.stragglers()).length > 0) await new Promise((r) => setTimeout(r, 200));
    for (const pid of pids) kill(pid, 'SIGKILL');
  }
}

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}
