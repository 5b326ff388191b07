/**
 * Date placement. The generator draws plain fractions from the PRNG (independent of `now`) and
 * only here turns them into instants relative to `now`; so a different `now` moves the dates and
 * nothing else, and the "this year" / "last year" statistics always have content.
 */
const DAY = 24 * 60 * 60 * 1000;
const SPAN_DAYS = 3 * 365;

export type Bucket = 'current' | 'previous' | 'older';

export class Timeline {
  readonly now: number;
  readonly earliest: number;
  readonly yearStart: number;
  readonly previousYearStart: number;

  constructor(now: Date) {
    this.now = Math.floor(now.getTime() / 60000) * 60000;
    const year = now.getUTCFullYear();
    this.yearStart = Date.UTC(year, 0, 1);
    this.previousYearStart = Date.UTC(year - 1, 0, 1);
    this.earliest = Math.min(this.now - SPAN_DAYS * DAY, this.previousYearStart);
  }

  /** An instant in the bucket's window; `f` in [0, 1). */
  inBucket(bucket: Bucket, f: number): number {
    const [from, to] =
      bucket === 'current'
        ? [this.yearStart, this.now]
        : bucket === 'previous'
          ? [this.previousYearStart, this.yearStart - 60000]
          : [this.earliest, this.previousYearStart - 60000];
    return this.clamp(from + Math.floor(f * Math.max(0, to - from)));
  }

  /** `days` (fractional) before `t`, never before the start of the ~3-year window. */
  before(t: number, days: number): number {
    return this.clamp(Math.max(this.earliest, t - Math.floor(days * DAY)));
  }

  /** An instant `f` of the way back over the last `days` days. */
  recent(days: number, f: number): number {
    return this.clamp(this.now - Math.floor(f * days * DAY));
  }

  clamp(t: number): number {
    const minute = Math.floor(t / 60000) * 60000;
    return Math.min(this.now, Math.max(this.earliest, minute));
  }
}

export function iso(t: number): string {
  return new Date(t).toISOString();
}
