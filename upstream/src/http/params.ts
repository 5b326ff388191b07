/**
 * Validation of request parameters by the rules of upstream/API.md ("Parameters"): integers are
 * decimal strings, ranges are checked, and every refusal is a 4000 whose Chinese message names
 * the parameter. An empty value counts as absent, so optional parameters may be sent blank.
 */
import { badParameter } from './envelope';
import type { ParamPairs } from './body';

/** Upper bound of page and window positions: keeps every offset an exact integer for SQLite. */
export const MAX_POSITION = 1_000_000_000;
export const MAX_PAGE_SIZE = 100;
export const MAX_WINDOW = 100;

export interface IntRule {
  min: number;
  max?: number;
}

export interface PageRequest {
  pageIndex: number;
  pageSize: number;
  limit: number;
  offset: number;
}

export interface WindowRequest {
  startIndex: number;
  endIndex: number;
  limit: number;
  offset: number;
}

function rangeMessage(name: string, rule: IntRule): string {
  return rule.max === undefined
    ? `参数 ${name} 必须是不小于 ${rule.min} 的整数`
    : `参数 ${name} 必须是 ${rule.min} 到 ${rule.max} 之间的整数`;
}

export class Params {
  private readonly values = new Map<string, string>();

  constructor(pairs: ParamPairs) {
    for (const [key, value] of pairs) {
      // Two values for one key would leave it open which one was meant (and which was signed).
      if (this.values.has(key)) throw badParameter(`参数 ${key} 重复`);
      this.values.set(key, value);
    }
  }

  /** true when the parameter was sent, even empty */
  has(name: string): boolean {
    return this.values.has(name);
  }

  /** the raw value, undefined when absent or empty */
  raw(name: string): string | undefined {
    const value = this.values.get(name);
    return value === undefined || value.trim() === '' ? undefined : value;
  }

  int(name: string, rule: IntRule): number {
    const value = this.optionalInt(name, rule);
    if (value === undefined) throw badParameter(`缺少参数 ${name}`);
    return value;
  }

  optionalInt(name: string, rule: IntRule): number | undefined {
    const raw = this.raw(name);
    if (raw === undefined) return undefined;
    const text = raw.trim();
    const max = Math.min(rule.max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    if (!/^-?[0-9]+$/.test(text)) throw badParameter(rangeMessage(name, rule));
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < rule.min || value > max) throw badParameter(rangeMessage(name, rule));
    return value === 0 ? 0 : value; // no -0
  }

  /** an id: a non-negative integer */
  id(name: string): number {
    return this.int(name, { min: 0 });
  }

  optionalId(name: string, fallback = 0): number {
    return this.optionalInt(name, { min: 0 }) ?? fallback;
  }

  /** a calendar year for the "updated this year" filters */
  optionalYear(name = 'year'): number | undefined {
    return this.optionalInt(name, { min: 2000, max: 2100 });
  }

  limit(name = 'limit', max = 100): number {
    return this.int(name, { min: 1, max });
  }

  text(name: string, maxLength: number, required = false): string {
    const value = this.values.get(name) ?? '';
    if (required && value.trim() === '') throw badParameter(`缺少参数 ${name}`);
    if ([...value].length > maxLength) throw badParameter(`参数 ${name} 长度不能超过 ${maxLength} 个字符`);
    return value;
  }

  oneOf<T extends string>(name: string, choices: readonly T[], fallback: T): T {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const match = choices.find((choice) => choice === raw);
    if (match === undefined) throw badParameter(`参数 ${name} 只能是 ${choices.join('、')} 之一`);
    return match;
  }

  page(maxPageSize = MAX_PAGE_SIZE): PageRequest {
    const pageIndex = this.int('pageIndex', { min: 1, max: MAX_POSITION });
    const pageSize = this.int('pageSize', { min: 1, max: maxPageSize });
    return { pageIndex, pageSize, limit: pageSize, offset: (pageIndex - 1) * pageSize };
  }

  window(maxWindow = MAX_WINDOW): WindowRequest {
    const startIndex = this.int('startIndex', { min: 0, max: MAX_POSITION });
    const endIndex = this.int('endIndex', { min: 1, max: MAX_POSITION + maxWindow });
    if (endIndex <= startIndex) throw badParameter('参数 endIndex 必须大于 startIndex');
    if (endIndex - startIndex > maxWindow) {
      throw badParameter(`参数 endIndex 与 startIndex 之差不能超过 ${maxWindow}`);
    }
    return { startIndex, endIndex, limit: endIndex - startIndex, offset: startIndex };
  }
}
