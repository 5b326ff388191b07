/** Latency statistics and a fixed-concurrency runner for the benchmarks. */

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export interface LatencySummary {
  count: number;
  medianMs: number;
  p99Ms: number;
  meanMs: number;
  perSecond: number;
}

/** Runs `task` `total` times with `concurrency` in flight and summarises each call's latency. */
export async function measure(total: number, concurrency: number, task: () => Promise<void>): Promise<LatencySummary> {
  const samples: number[] = [];
  let started = 0;
  const began = performance.now();
  async function worker(): Promise<void> {
    while (started < total) {
      started++;
      const t0 = performance.now();
      await task();
      samples.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - began;
  samples.sort((a, b) => a - b);
  return {
    count: samples.length,
    medianMs: percentile(samples, 50),
    p99Ms: percentile(samples, 99),
    meanMs: samples.reduce((s, x) => s + x, 0) / samples.length,
    perSecond: (samples.length / elapsed) * 1000,
  };
}

export const fmt = (ms: number): string => `${ms.toFixed(2)} ms`;
