/**
 * The request signature of the runtime contract (ARCHITECTURE.md, upstream/API.md):
 * sign = lowercase hex hash of P + timespan + secret, where P is every parameter sorted by key in
 * code-unit order, written `key=value` with the raw (unencoded) string value and joined with `&`.
 * This module is pure so that the algorithm can be checked against fixed vectors.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SignAlgorithm } from '../config';

/** A request's parameters as the upstream sees them: strings only, absent values left out. */
export type SignedParams = Record<string, string>;

export type ParamValue = string | number | boolean | null | undefined;

/** Turns typed values into the strings that travel (and are signed); null/undefined are not sent. */
export function toWireParams(params: Record<string, ParamValue>): SignedParams {
  const wire: SignedParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    wire[key] = typeof value === 'string' ? value : String(value);
  }
  return wire;
}

/** P of the contract. Default sort compares UTF-16 code units, which is what "code-unit order" means. */
export function canonicalParams(params: SignedParams): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function computeSign(
  params: SignedParams,
  timespan: string,
  secret: string,
  algorithm: SignAlgorithm = 'md5',
): string {
  return createHash(algorithm)
    .update(canonicalParams(params) + timespan + secret, 'utf8')
    .digest('hex');
}

/**
 * A parameter only this request carries. The upstream accepts a sign once (upstream/API.md
 * "Transport"); without it two identical calls in the same second would sign alike and the second
 * be refused. Backends of the spec ignore the parameter and sign it like any other.
 */
export const NONCE_PARAM = 'nonce';

/**
 * The service a request is meant for, signed with it: the main API and the login service each
 * remember the signs they accepted, and refuse a sign naming the other, so a request captured on
 * its way to one cannot be used once more at the other (upstream/API.md "Transport").
 */
export type SignAudience = 'main-api' | 'login-service';
export const AUDIENCE_PARAM = 'aud';

/** The params with a fresh nonce (and the service they are for): what goes on the wire and is signed. */
export function withNonce(params: SignedParams, audience?: SignAudience): SignedParams {
  return { ...params, [NONCE_PARAM]: randomUUID(), ...(audience ? { [AUDIENCE_PARAM]: audience } : {}) };
}

/** Unix seconds as the `timespan` header carries them. */
export function currentTimespan(now: number = Date.now()): string {
  return String(Math.floor(now / 1000));
}

/** The three headers every main-API request carries. */
export function signedHeaders(
  params: SignedParams,
  options: { secret: string; algorithm: SignAlgorithm; productId: number; now?: number },
): Record<string, string> {
  const timespan = currentTimespan(options.now);
  return {
    timespan,
    sign: computeSign(params, timespan, options.secret, options.algorithm),
    productId: String(options.productId),
  };
}
