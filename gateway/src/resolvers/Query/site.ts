import type { IncomingMessage } from 'node:http';
import type { GatewayConfig } from '../../config';
import { createTrustTest, type TrustTest } from '../../http/clientAddress';
import type { Resolver, SiteResult } from '../../graphql/types';

/** The platform counts years in UTC+8 (Beijing time), whatever the server's or the browser's zone. */
const PLATFORM_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;

export function platformYear(now: Date = new Date()): number {
  return new Date(now.getTime() + PLATFORM_UTC_OFFSET_MS).getUTCFullYear();
}

/** What the resolver can see of the HTTP request (yoga's context carries both at run time). */
export interface SiteRequest {
  /** The Fetch request yoga made of it: its URL's host is the Host header. */
  request?: { url: string; headers: { get(name: string): string | null } };
  /** The Node request, when the gateway's HTTP server handled it: its socket says who sent it. */
  req?: Pick<IncomingMessage, 'headers' | 'socket'>;
}

const trustTests = new WeakMap<GatewayConfig, TrustTest>();

function trustTestOf(config: GatewayConfig): TrustTest {
  let test = trustTests.get(config);
  if (!test) {
    test = createTrustTest(config.trustedProxies);
    trustTests.set(config, test);
  }
  return test;
}

/** A DNS name or an IPv4 address, or a bracketed IPv6 address, as URL parsing leaves a host name. */
const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/i;

function requestHostname(http: SiteRequest): string | null {
  const host = http.req?.headers.host ?? http.request?.headers.get('host') ?? null;
  const raw = host ?? (http.request ? safeUrl(http.request.url)?.host : null) ?? null;
  if (!raw) return null;
  const hostname = safeUrl(`http://${raw}`)?.hostname ?? null;
  return hostname && HOSTNAME.test(hostname) ? hostname : null;
}

/** The Host header as the browser sent it (name and port), when it is a plausible one. */
function requestHost(http: SiteRequest): string | null {
  const raw = http.req?.headers.host ?? http.request?.headers.get('host') ?? (http.request ? safeUrl(http.request.url)?.host : null) ?? null;
  if (!raw) return null;
  const url = safeUrl(`http://${raw}`);
  if (!url || !HOSTNAME.test(url.hostname) || url.username || url.password || url.pathname !== '/') return null;
  return url.host;
}

/** http, or https when a trusted proxy says so (X-Forwarded-Proto). */
function requestScheme(config: GatewayConfig, http: SiteRequest): 'http' | 'https' {
  const peer = http.req?.socket.remoteAddress;
  const proto = http.req?.headers['x-forwarded-proto'] ?? http.request?.headers.get('x-forwarded-proto') ?? null;
  const forwarded = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase();
  return peer && trustTestOf(config)(peer) && forwarded === 'https' ? 'https' : 'http';
}

/**
 * An absolute URL of a page of the platform as the browser reaches it (the login service's account
 * pages link back to it); the bare path when the request named no usable host, which the login
 * service resolves against PLATFORM_PUBLIC_URL (upstream/API.md "Login page").
 */
export function platformPageUrl(config: GatewayConfig, http: SiteRequest, pathAndQuery: string): string {
  const host = requestHost(http);
  return host ? `${requestScheme(config, http)}://${host}${pathAndQuery}` : pathAndQuery;
}

/**
 * The site's origin as the browser reached it (scheme://host[:port], lower case), or null when the
 * request named no usable host: what a same-origin request's Origin header says.
 */
export function platformOrigin(config: GatewayConfig, http: SiteRequest): string | null {
  const host = requestHost(http);
  return host ? `${requestScheme(config, http)}://${host}`.toLowerCase() : null;
}

/**
 * A browser-facing page of the login service beside its /login page (/bind, /email, /phone,
 * /find-password): a sibling of loginPageUrl, so LOGIN_PUBLIC_URL's host and any path prefix apply.
 */
export function loginServicePageUrl(loginUrl: string, page: string, query: Record<string, string>): string {
  const url = new URL(page, loginUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * The browser-facing login page. LOGIN_PUBLIC_URL when configured; otherwise the login service is
 * taken to run beside the gateway: the host name the browser used for this request (no port),
 * LOGIN_URL's port and /login, over http, or https when a trusted proxy says so (X-Forwarded-Proto).
 */
export function loginPageUrl(config: GatewayConfig, http: SiteRequest): string {
  if (config.loginPublicUrl) return config.loginPublicUrl;
  const login = new URL(config.loginUrl);
  const hostname = requestHostname(http) ?? login.hostname;
  const scheme = requestScheme(config, http);
  // an explicit port of LOGIN_URL, or none when it uses its scheme's default
  const port = login.port || (login.protocol === 'https:' ? '443' : '80');
  const defaultPort = scheme === 'https' ? '443' : '80';
  return `${scheme}://${hostname}${port === defaultPort ? '' : `:${port}`}/login`;
}

export const site: Resolver<unknown, Record<string, never>, SiteResult> = (_parent, _args, context) => ({
  title: context.config.siteTitle,
  description: context.config.siteDescription,
  productId: context.config.productId,
  comId: context.config.comId,
  comCode: context.config.comCode,
  loginUrl: loginPageUrl(context.config, context as unknown as SiteRequest),
  currentYear: platformYear(),
});
