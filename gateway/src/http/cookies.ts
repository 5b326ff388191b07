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
