/** What the figures were measured on, and whether something else was using the machine. */
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

export function describeMachine(): string {
  const list = cpus();
  const model = list[0]?.model.trim() ?? 'unknown CPU';
  return `${list.length} cores (${model}), ${(totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, ${process.platform} ${process.arch}`;
}

function cpuTimes(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal ...: idle and iowait are the idle part
  const total = values.slice(0, 8).reduce((sum, v) => sum + v, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/** Share of all cores busy over `ms` (0..1), or null where /proc/stat is not available. */
export async function busyShare(ms = 1_000): Promise<number | null> {
  try {
    const a = cpuTimes();
    await new Promise((r) => setTimeout(r, ms));
    const b = cpuTimes();
    return b.total > a.total ? (b.busy - a.busy) / (b.total - a.total) : null;
  } catch {
    return null;
  }
}
