/** Just enough cookie handling for `utoken` and `tokenUser`. */
import { randomUUID } from 'node:crypto';

export const GUEST_COOKIE = 'tokenUser';
export const TOKEN_COOKIE = 'utoken';
const GUEST_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value: a malformed escape must not break the request
    }
    if (!(name in cookies)) cookies[name] = value;
  }
  return cookies;
}

/** A guest id we issued looks like this; anything else is replaced, so it is safe to log and forward. */
export function isValidGuestId(value: string | undefined): value is string {
  return value !== undefined && /^guest_[0-9a-f-]{36}$/.test(value);
}

export function newGuestId(): string {
  return `guest_${randomUUID()}`;
}

/** HttpOnly (scripts never need it: the gateway fills the visit log), a year long (product-spec §9). */
export function guestCookieHeader(guestId: string, secure: boolean): string {
  return `${GUEST_COOKIE}=${guestId}; Path=/; Max-Age=${GUEST_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The login service refreshes a token up to 24 h after it expires (upstream/API.md RefreshToken):
 * the cookie outlives the token by that much, or the browser would drop it before it can be refreshed.
 */
export const TOKEN_REFRESH_GRACE_SECONDS = 24 * 60 * 60;
/**
 * IPAutoLogin and CompanyLogin answer a bare token without its expiry: the cookie then lasts the
 * login service's documented default lifetime (TOKEN_TTL_HOURS 168) plus the grace. A cookie that
 * outlives its token costs nothing: the next request finds the token refused and clears it.
 */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 168 * 60 * 60;

export interface TokenCookieOptions {
  /** COOKIE_DOMAIN, shared with the login service */
  domain: string | null;
  /** the request came over https */
  secure: boolean;
}

function tokenCookieAttributes(options: TokenCookieOptions): string {
  return `Path=/; HttpOnly; SameSite=Lax${options.domain ? `; Domain=${options.domain}` : ''}${options.secure ? '; Secure' : ''}`;
}

/** Seconds the cookie of a token expiring at `expiresAt` (ISO 8601; unknown: the default lifetime) should live. */
export function tokenCookieMaxAge(expiresAt: string | null | undefined, now: number = Date.now()): number {
  const expires = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const lifetime = Number.isFinite(expires) ? Math.ceil((expires - now) / 1000) : DEFAULT_TOKEN_LIFETIME_SECONDS;
  return Math.max(0, lifetime + TOKEN_REFRESH_GRACE_SECONDS);
}

/** `utoken` as the login page sets it (upstream/API.md), HttpOnly: scripts never read the token. */
export function tokenCookieHeader(token: string, maxAgeSeconds: number, options: TokenCookieOptions): string {
  return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${maxAgeSeconds}; ${tokenCookieAttributes(options)}`;
}

export function clearedTokenCookieHeader(options: TokenCookieOptions): string {
  return `${TOKEN_COOKIE}=; Max-Age=0; ${tokenCookieAttributes(options)}`;
}
