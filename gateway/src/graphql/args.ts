/**
 * Argument checks shared by resolvers. The upstream validates too, but checking here gives the
 * client a GraphQL error naming the argument before any upstream call is spent.
 */
import { badUserInput } from './errors';

export const MAX_PAGE_SIZE = 100;

export function requireIntInRange(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badUserInput(`参数 ${name} 必须是 ${min} 到 ${max} 之间的整数`, name);
  }
  return value;
}

export function requireId(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) throw badUserInput(`参数 ${name} 必须是非负整数`, name);
  return value;
}

/** year arguments: the upstream accepts 2000..2100; null/undefined means "any year". */
export function optionalYear(value: number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 2000 || value > 2100) {
    throw badUserInput('参数 year 必须是 2000 到 2100 之间的年份', 'year');
  }
  return value;
}

export function requireLimit(name: string, value: number | null | undefined, fallback: number): number {
  return requireIntInRange(name, value ?? fallback, 1, MAX_PAGE_SIZE);
}

/** The lecturer list's A–Z filter; empty or null means all letters. */
export function optionalFirstWord(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const letter = value.trim().toUpperCase();
  if (!/^[A-Z]$/.test(letter)) throw badUserInput('参数 firstWord 必须是 A 到 Z 之间的一个字母', 'firstWord');
  return letter;
}

/** Site search keywords (product-spec §9: 50): the upstream's rules, upstream/API.md "Main API: search". */
export const MAX_KEYWORD_LENGTH = 50;
export const KEYWORD_REQUIRED_MESSAGE = '请输入搜索关键词';
export const KEYWORD_TOO_LONG_MESSAGE = `搜索关键词不能超过${MAX_KEYWORD_LENGTH}个字`;

/** invisible formatting the upstream's text policy removes (zero-width characters, BOM, direction marks, soft hyphen) */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u2060-\u2064\u206a-\u206f\ufeff]/g;

/**
 * The keyword trimmed; empty (nothing visible: zero-width characters alone are empty) or longer
 * than 50 characters (code points, invisible ones not counted) is refused before any upstream call.
 */
export function requireKeyword(value: string | null | undefined, name = 'keyword'): string {
  const keyword = (value ?? '').trim();
  const visible = keyword.replace(INVISIBLE, '').trim();
  if (visible === '') throw badUserInput(KEYWORD_REQUIRED_MESSAGE, name);
  if ([...visible].length > MAX_KEYWORD_LENGTH) throw badUserInput(KEYWORD_TOO_LONG_MESSAGE, name);
  return keyword;
}
