import { describe, expect, it } from 'vitest';
import { formatCount } from '../../web/src/lib/formatCount';

describe('formatCount (千/万/亿, §9)', () => {
  it('shows counts below 1 000 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
  });

  it('uses 千 from 1 000 with one decimal, rounded as other sites round it', () => {
    expect(formatCount(1000)).toBe('1千');
    expect(formatCount(1049)).toBe('1千');
    expect(formatCount(1050)).toBe('1.1千');
    expect(formatCount(1097)).toBe('1.1千');
    expect(formatCount(1234)).toBe('1.2千');
    expect(formatCount(1299)).toBe('1.3千');
    expect(formatCount(9949)).toBe('9.9千');
  });

  it('a count that rounds to ten of its unit goes on to the next unit', () => {
    expect(formatCount(9950)).toBe('1万');
    expect(formatCount(9999)).toBe('1万');
    expect(formatCount(99_949_999)).toBe('9995万');
    expect(formatCount(99_999_999)).toBe('1亿');
  });

  it('uses 万 from 10 000', () => {
    expect(formatCount(10_000)).toBe('1万');
    expect(formatCount(34_567)).toBe('3.5万');
    expect(formatCount(120_000)).toBe('12万');
    expect(formatCount(99_940_000)).toBe('9994万');
  });

  it('uses 亿 from 100 000 000', () => {
    expect(formatCount(100_000_000)).toBe('1亿');
    expect(formatCount(123_456_789)).toBe('1.2亿');
  });

  it('treats bad input as 0 and fractions by their floor', () => {
    expect(formatCount(-5)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(null)).toBe('0');
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(999.9)).toBe('999');
  });
});
