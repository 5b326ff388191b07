/**
 * "Updated this year" is a calendar year on the platform's clock, China Standard Time (UTC+8,
 * no daylight saving): year Y runs from Y-01-01 00:00 +08:00 up to (Y+1)-01-01 00:00 +08:00.
 */
import type { TimeRange } from '../../store';

const UTC_PLUS_8_MS = 8 * 3600 * 1000;

export function yearRange(year: number): TimeRange {
  return { from: Date.UTC(year, 0, 1) - UTC_PLUS_8_MS, to: Date.UTC(year + 1, 0, 1) - UTC_PLUS_8_MS };
}

export const optionalYearRange = (year: number | undefined): TimeRange | null =>
  year === undefined ? null : yearRange(year);
