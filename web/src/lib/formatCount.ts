/**
 * Counts in 千/万/亿 units (product-spec §9 "counts are shown in thousands or ten-thousands").
 *
 * Rule:
 * - below 1 000: the number itself (`999` → `999`);
 * - 1 000 to 9 999: thousands, one decimal (`1 234` → `1.2千`, `1 000` → `1千`);
 * - 10 000 to 99 999 999: ten-thousands, one decimal (`34 567` → `3.4万`);
 * - from 100 000 000: 亿, one decimal (`123 456 789` → `1.2亿`).
 * The decimal is truncated, never rounded up, so a count is never shown larger than it is and
 * never rolls over into the next unit (`9 999` → `9.9千`, not `10千`). A trailing `.0` is dropped.
 * Negative, fractional or non-finite input is treated as its floor, clamped at 0.
 */
export function formatCount(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
  if (n < 1_000) return String(n);
  if (n < 10_000) return withUnit(n, 1_000, '千');
  if (n < 100_000_000) return withUnit(n, 10_000, '万');
  return withUnit(n, 100_000_000, '亿');
}

function withUnit(n: number, unit: number, suffix: string): string {
  // Integer arithmetic: truncate to one decimal without floating-point surprises.
  const tenths = Math.floor((n * 10) / unit);
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return decimal === 0 ? `${whole}${suffix}` : `${whole}.${decimal}${suffix}`;
}
