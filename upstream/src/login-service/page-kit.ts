/**
 * What the login service's browser pages (/login and the account pages) share: HTML escaping,
 * cookies, the double-submit CSRF token, the browser's address and scheme as a trusted proxy
 * reports them, the `redirect` rule that keeps every page from being an open redirect, and the
 * strict headers every page goes out with (no script, inline CSS only, no framing).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UpstreamConfig } from '../config';
import { addressMatcher } from '../http/cidr';

/** the signed-in user's session cookie, set by /login */
export const TOKEN_COOKIE = 'utoken';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function cookiesOf(req: IncomingMessage): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!jar.has(name)) jar.set(name, part.slice(eq + 1).trim());
  }
  return jar;
}

export const newCsrfToken = (): string => randomBytes(32).toString('base64url');

export const validCsrf = (value: string | undefined): value is string =>
  value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);

/** the double-submit check: the cookie is one of ours and the form repeats it */
export function csrfMatches(cookie: string | undefined, field: string | null): boolean {
  if (!validCsrf(cookie)) return false;
  const x = Buffer.from(cookie);
  const y = Buffer.from(field ?? '');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * CSRF tokens bound to a session: HMAC(key, scope + the session's token hash), the key derived
 * from the service's secret. Nobody can make one without the session (its utoken is HttpOnly), and
 * no value a browser was given (a cookie set by a sibling host, say) is ever taken over: the
 * token is computed, never read. For pages of a signed-in user.
 */
export function createSessionCsrf(secret: string) {
  const key = createHmac('sha256', secret).update('sizheng login-service session csrf v1').digest();
  const tokenFor = (scope: string, tokenHash: string): string =>
    createHmac('sha256', key).update(`${scope}\n${tokenHash}`).digest('base64url');
  return {
    tokenFor,
    matches: (scope: string, tokenHash: string, field: string | null): boolean =>
      csrfMatches(tokenFor(scope, tokenHash), field),
  };
}

export interface PageHeaders {
  /** origins the page's forms may end up on besides 'self' (the sign-in's return page) */
  formTargets?: string[];
  setCookie?: string | string[];
}

/** a page with the headers of every login-service page */
export function sendHtml(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  html: string,
  options: PageHeaders = {},
): void {
  const formAction = ["'self'", ...(options.formTargets ?? [])].join(' ');
  const headers: Record<string, string | string[]> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(html)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    // no script at all; inline CSS only; forms post to this origin (and /login returns to the platform)
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  };
  if (options.setCookie !== undefined) headers['Set-Cookie'] = options.setCookie;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : html);
}

export interface BrowserView {
  /** true when a trusted proxy says the browser used https */
  overHttps(req: IncomingMessage): boolean;
  /** X-Forwarded-For only from a trusted proxy (nearest untrusted hop), else the socket peer */
  browserAddress(req: IncomingMessage): string;
  /** the host name the browser asked for, lower case, or null */
  requestHostname(req: IncomingMessage): string | null;
  /** this request's own absolute URL as the browser sees it (path and query as sent) */
  selfUrl(req: IncomingMessage): string;
  /** where `redirect` may send the browser: it, when safe, else the platform's home */
  safeRedirect(req: IncomingMessage, redirect: string): string;
}

export function createBrowserView(config: UpstreamConfig): BrowserView {
  const trusted = addressMatcher(config.trustedProxies);

  function overHttps(req: IncomingMessage): boolean {
    if (!trusted(req.socket.remoteAddress ?? '')) return false;
    const proto = req.headers['x-forwarded-proto'];
    return (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase() === 'https';
  }

  function nearestUntrusted(req: IncomingMessage): string {
    const peer = req.socket.remoteAddress ?? '';
    const header = req.headers['x-forwarded-for'];
    if (!trusted(peer) || header === undefined) return peer;
    const hops = (Array.isArray(header) ? header.join(',') : header)
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    let client = peer;
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      client = hops[i]!;
      if (!trusted(client)) break;
    }
    return client;
  }

  function browserAddress(req: IncomingMessage): string {
    const address = nearestUntrusted(req);
    // one key per IPv4 client whether the socket shows it plain or IPv4-mapped
    return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  }

  function requestHostname(req: IncomingMessage): string | null {
    try {
      return new URL(`http://${req.headers.host ?? ''}`).hostname.toLowerCase();
    } catch {
      return null;
    }
  }

  function fallbackTarget(req: IncomingMessage): string {
    if (config.platformPublicUrl) return config.platformPublicUrl;
    const hostname = requestHostname(req) ?? 'localhost';
    const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
    return `${overHttps(req) ? 'https' : 'http'}://${host}:${config.platformPort}/home`;
  }

  function selfUrl(req: IncomingMessage): string {
    const scheme = overHttps(req) ? 'https' : 'http';
    try {
      return new URL(req.url ?? '/', `${scheme}://${req.headers.host ?? 'localhost'}`).href;
    } catch {
      return new URL(req.url ?? '/', `${scheme}://localhost`).href;
    }
  }

  /**
   * `redirect` when it is an http(s) URL on this host (any port), on the platform's host or on an
   * ALLOWED_REDIRECT_HOSTS host, or a path on the platform; anything else (other hosts, //host,
   * javascript:, credentials in the URL) falls back to the platform's home, so no page of the
   * login service can be used as an open redirect.
   */
  function safeRedirect(req: IncomingMessage, redirect: string): string {
    const fallback = fallbackTarget(req);
    const text = redirect.trim();
    if (text === '' || text.length > 2048 || /[\\\u0000-\u001f\u007f]/.test(text)) return fallback;
    let target: URL;
    try {
      target = text.startsWith('/') && !text.startsWith('//') ? new URL(text, fallback) : new URL(text);
    } catch {
      return fallback;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return fallback;
    if (target.username || target.password) return fallback;
    const allowed = new Set([...config.allowedRedirectHosts, new URL(fallback).hostname.toLowerCase()]);
    const own = requestHostname(req);
    if (own) allowed.add(own);
    return allowed.has(target.hostname.toLowerCase()) ? target.href : fallback;
  }

  return { overHttps, browserAddress, requestHostname, selfUrl, safeRedirect };
}
