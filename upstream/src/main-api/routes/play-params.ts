/** What the play-page routes read besides plain integers: seconds with decimals, an optional viewer. */
import { badParameter } from '../../http/envelope';
import type { Params } from '../../http/params';

/** the largest number of seconds any play-page parameter takes (about 115 days) */
export const MAX_SECONDS = 10_000_000;

const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

export interface SecondsRule {
  /** default 0; a negative value below it is refused */
  min?: number;
  max?: number;
}

function secondsMessage(name: string, rule: SecondsRule): string {
  return `参数 ${name} 必须是 ${rule.min ?? 0} 到 ${rule.max ?? MAX_SECONDS} 之间的秒数`;
}

/** seconds as a decimal string ("12", "12.5"); undefined when absent or empty */
export function optionalSeconds(params: Params, name: string, rule: SecondsRule = {}): number | undefined {
  const raw = params.raw(name);
  if (raw === undefined) return undefined;
  const text = raw.trim();
  const value = Number(text);
  if (!DECIMAL.test(text) || !Number.isFinite(value) || value < (rule.min ?? 0) || value > (rule.max ?? MAX_SECONDS)) {
    throw badParameter(secondsMessage(name, rule));
  }
  return value === 0 ? 0 : value;
}

export function seconds(params: Params, name: string, rule: SecondsRule = {}): number {
  const value = optionalSeconds(params, name, rule);
  if (value === undefined) throw badParameter(`缺少参数 ${name}`);
  return value;
}

/** whole seconds, rounded down (players report fractions; records keep seconds) */
export const wholeSeconds = (params: Params, name: string, rule: SecondsRule = {}): number =>
  Math.floor(seconds(params, name, rule));

/**
 * The optional viewer of a read: a userId ≥ 1 names a person (whose account must exist, the
 * services' rule); absent, empty, 0 or a visitor's guest id (the web client's tokenUser cookie,
 * not a number) is nobody.
 */
export function optionalViewer(params: Params, name = 'userId'): number | null {
  const raw = params.text(name, 255).trim();
  if (!/^[0-9]+$/.test(raw)) return null;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw badParameter(`参数 ${name} 必须是不小于 1 的整数`);
  return value === 0 ? null : value;
}
