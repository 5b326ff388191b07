/**
 * The request signature of the main API (ARCHITECTURE.md "Runtime contract"):
 * sign = hex(hash(P + timespan + secret)), P = the parameters sorted by key in code-unit order,
 * each `key=value` with the raw value, joined with `&`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { SignAlgorithm } from '../config';
import type { ParamPairs } from './body';

/** Code-unit order is what `<` does on JS strings; ties keep their order (the sort is stable). */
export function canonicalParams(pairs: ParamPairs): string {
  return [...pairs]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

export function computeSign(pairs: ParamPairs, timespan: string, secret: string, algorithm: SignAlgorithm): string {
  return createHash(algorithm)
    .update(canonicalParams(pairs) + timespan + secret, 'utf8')
    .digest('hex');
}

export interface SignatureCheck {
  pairs: ParamPairs;
  timespan: string | undefined;
  sign: string | undefined;
  secret: string;
  algorithm: SignAlgorithm;
  windowSeconds: number;
  nowMs: number;
}

/** the length of a sign in hex digits: 32 for MD5, 64 for SHA-256 */
export const signHexLength = (algorithm: SignAlgorithm): number => (algorithm === 'sha256' ? 64 : 32);

/**
 * What can be judged of a signature from the headers alone, before any parameter is read: a sign
 * of the algorithm's shape (hex of the right length) and a timespan within the window. A request
 * failing this can never pass verifySignature, so the body need not be read to refuse it.
 */
export function signatureHeadersPlausible(
  check: Pick<SignatureCheck, 'timespan' | 'sign' | 'algorithm' | 'windowSeconds' | 'nowMs'>,
): boolean {
  const { timespan, sign } = check;
  if (!timespan || !sign || !/^[0-9]{1,12}$/.test(timespan)) return false;
  if (!new RegExp(`^[0-9a-fA-F]{${signHexLength(check.algorithm)}}$`).test(sign.trim())) return false;
  return Math.abs(check.nowMs / 1000 - Number(timespan)) <= check.windowSeconds;
}

/**
 * The seconds an accepted sign must be remembered: until its timespan leaves the window (a
 * timespan ahead of the clock stays usable longer), a second more for rounding. Never more than
 * twice the window and a second or two.
 */
export function signLifetimeSeconds(timespan: string, windowSeconds: number, nowMs: number): number {
  return Math.max(1, Number(timespan) + windowSeconds - Math.floor(nowMs / 1000) + 1);
}

/**
 * The services a sign can be meant for. Callers may name the one they call in the signed `aud`
 * parameter (the gateway always does): the main API and the login service keep separate records
 * of the signs they accepted, so without it a sign spent at one could be used once more at the
 * other (a parameterless main-API call as the login service's IPAutoLogin). A request without
 * `aud` is taken as before: the spec's backends know nothing of it.
 */
export type SignAudience = 'main-api' | 'login-service';
export const AUDIENCE_PARAM = 'aud';

/** true when the parameters name, in `aud`, a service other than `audience` (any of them, when repeated) */
export function meantForAnother(pairs: ParamPairs, audience: SignAudience): boolean {
  return pairs.some(([key, value]) => key === AUDIENCE_PARAM && value !== audience);
}

/** The form a sign is remembered in: verifySignature takes any letter case, a replay may not slip through in capitals. */
export const spentSignKey = (sign: string): string => sign.trim().toLowerCase();

/** true when the request is signed with the secret and its timespan is within the window */
export function verifySignature(check: SignatureCheck): boolean {
  const { timespan, sign } = check;
  if (!signatureHeadersPlausible(check) || !timespan || !sign) return false;
  const expected = Buffer.from(computeSign(check.pairs, timespan, check.secret, check.algorithm), 'utf8');
  const given = Buffer.from(sign.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
