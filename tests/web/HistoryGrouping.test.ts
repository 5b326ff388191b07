/**
 * 历史记录 groups 今天 / 一周内 / 更早 by the browser's local calendar day. Times are built with the
 * local Date constructor, so the test holds in any time zone.
 */
import { describe, expect, it } from 'vitest';
import { groupHistory, historyGroupOf, localDaysBetween } from '../../web/src/components/Center/historyGroups';

const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);
const iso = (date: Date) => date.toISOString();

describe('history groups at day boundaries', () => {
  const now = local(2026, 11, 22, 0, 1); // 00:01, just after midnight

  it('today starts at local midnight', () => {
    expect(historyGroupOf(iso(local(2026, 11, 22, 0, 0, 0)), now)).toBe('今天');
    expect(historyGroupOf(iso(local(2026, 11, 21, 23, 59, 59)), now)).toBe('一周内');
  });

  it('6 calendar days ago is 一周内, 7 is 更早, whatever the hour', () => {
    const late = local(2026, 11, 22, 23, 59);
    expect(historyGroupOf(iso(local(2026, 11, 16, 0, 0, 0)), late)).toBe('一周内');
    expect(historyGroupOf(iso(local(2026, 11, 15, 23, 59, 59)), now)).toBe('更早');
    expect(historyGroupOf(iso(local(2026, 11, 15, 23, 59, 59)), late)).toBe('更早');
  });

  it('counts calendar days across a month and a year end', () => {
    expect(localDaysBetween(local(2026, 12, 31, 23, 0), local(2027, 1, 1, 1, 0))).toBe(1);
    expect(historyGroupOf(iso(local(2026, 12, 26, 12)), local(2027, 1, 1, 9))).toBe('一周内');
    expect(historyGroupOf(iso(local(2026, 12, 25, 12)), local(2027, 1, 1, 9))).toBe('更早');
    expect(historyGroupOf(iso(local(2026, 2, 28, 12)), local(2026, 3, 1, 9))).toBe('一周内');
  });

  it('a time slightly ahead of this clock is today; an unreadable one 更早', () => {
    expect(historyGroupOf(iso(local(2026, 11, 22, 0, 5)), now)).toBe('今天');
    expect(historyGroupOf('not a date', now)).toBe('更早');
  });
});

describe('groupHistory', () => {
  it('keeps the server order inside each group and leaves empty groups out', () => {
    const now = local(2026, 11, 22, 10);
    const entries = [
      { id: 'a', updateTime: iso(local(2026, 11, 22, 9)) },
      { id: 'b', updateTime: iso(local(2026, 11, 22, 8)) },
      { id: 'c', updateTime: iso(local(2026, 11, 1, 8)) },
      { id: 'd', updateTime: iso(local(2025, 3, 1, 8)) },
    ];
    expect(groupHistory(entries, now).map((g) => [g.label, g.entries.map((e) => e.id)])).toEqual([
      ['今天', ['a', 'b']],
      ['更早', ['c', 'd']],
    ]);
    expect(groupHistory([], now)).toEqual([]);
  });
});
