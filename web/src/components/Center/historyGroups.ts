/**
 * 历史记录 groups (§2 personal centre): 今天, 一周内 (under 7 days) and 更早, counted in the
 * browser's local calendar days: a video watched at 23:59 yesterday is 一周内 at 00:01 today,
 * and one watched 7 calendar days ago is 更早 whatever the hour.
 */

export type HistoryGroupLabel = '今天' | '一周内' | '更早';

export interface HistoryGroup<T> {
  readonly label: HistoryGroupLabel;
  readonly entries: readonly T[];
}

/** Calendar days counted as 一周内 (1..6 days before today). */
export const HISTORY_WEEK_DAYS = 7;

/** Whole local calendar days from `then` to `now` (0 = the same day; negative = a later day). */
export function localDaysBetween(then: Date, now: Date): number {
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
  // rounding absorbs the hour a daylight-saving change adds to or takes from a day
  return Math.round((start(now).getTime() - start(then).getTime()) / 86_400_000);
}

export function historyGroupOf(updateTime: string, now: Date): HistoryGroupLabel {
  const then = new Date(updateTime);
  if (Number.isNaN(then.getTime())) return '更早';
  const days = localDaysBetween(then, now);
  // a time slightly in the future (the server's clock ahead of this one) is today
  if (days <= 0) return '今天';
  return days < HISTORY_WEEK_DAYS ? '一周内' : '更早';
}

/** The entries in their groups, in the order given (newest first from the server); empty groups left out. */
export function groupHistory<T extends { readonly updateTime: string }>(
  entries: readonly T[],
  now: Date,
): HistoryGroup<T>[] {
  const groups: Record<HistoryGroupLabel, T[]> = { 今天: [], 一周内: [], 更早: [] };
  for (const entry of entries) groups[historyGroupOf(entry.updateTime, now)].push(entry);
  return (['今天', '一周内', '更早'] as const)
    .filter((label) => groups[label].length > 0)
    .map((label) => ({ label, entries: groups[label] }));
}
