/**
 * Counts in 千/万/亿 units (product-spec §9 "counts are shown in thousands or ten-thousands"), the
 * one formatter of every count the site shows (sidebar statistics, course cards, likes, search tabs).
 *
 * Rule, as 中国大学MOOC and Bilibili show counts:
 * - below 1 000: the number itself (`999` → `999`);
 * - 1 000 to 9 999: thousands, one decimal (`1 234` → `1.2千`, `1 097` → `1.1千`, `1 000` → `1千`);
 * - 10 000 to 99 999 999: ten-thousands, one decimal (`34 567` → `3.5万`);
 * - from 100 000 000: 亿, one decimal (`123 456 789` → `1.2亿`).
 * The decimal is rounded to the nearest tenth (half up), and a count that rounds to ten of its
 * unit goes on to the next one (`9 960` → `1万`, not `10千`). A trailing `.0` is dropped.
 * Negative, fractional or non-finite input is treated as its floor, clamped at 0.
 */
export function formatCount(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
  if (n < 1_000) return String(n);
  const units = [
    [1_000, '千', 10_000],
    [10_000, '万', 100_000_000],
    [100_000_000, '亿', Number.POSITIVE_INFINITY],
  ] as const;
  for (const [unit, suffix, next] of units) {
    const tenths = roundedTenths(n, unit);
    // below the next unit once rounded: 9 949 is 9.9千, 9 950 already 1万
    if (tenths * (unit / 10) < next) return withUnit(tenths, suffix);
  }
  return withUnit(roundedTenths(n, 100_000_000), '亿');
}

/** n in tenths of `unit`, rounded half up (integer arithmetic: no floating-point surprises). */
function roundedTenths(n: number, unit: number): number {
  return Math.floor((n * 10 + unit / 2) / unit);
}

function withUnit(tenths: number, suffix: string): string {
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return decimal === 0 ? `${whole}${suffix}` : `${whole}.${decimal}${suffix}`;
}
