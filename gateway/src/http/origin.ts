/**
 * The site as the browser reached it: its host, scheme and origin from the request (the Host header,
 * and X-Forwarded-Proto from a trusted proxy only). Used by resolvers that link back to the platform
 * and by the plain HTTP routes that check a request is same-origin (the play-log beacon).
 */
import type { IncomingMessage } from 'node:http';
import type { GatewayConfig } from '../config';
import { createTrustTest, type TrustTest } from './clientAddress';

/** What can be seen of the HTTP request: a resolver's context carries both at run time, a plain route the Node request. */
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
const HOSTNAME =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/i;

/** The host name the browser used (no port), when it is a plausible one. */
export function requestHostname(http: SiteRequest): string | null {
  const host = http.req?.headers.host ?? http.request?.headers.get('host') ?? null;
  const raw = host ?? (http.request ? safeUrl(http.request.url)?.host : null) ?? null;
  if (!raw) return null;
  const hostname = safeUrl(`http://${raw}`)?.hostname ?? null;
  return hostname && HOSTNAME.test(hostname) ? hostname : null;
}

/** The Host header as the browser sent it (name and port), when it is a plausible one. */
function requestHost(http: SiteRequest): string | null {
  const raw =
    http.req?.headers.host ??
    http.request?.headers.get('host') ??
    (http.request ? safeUrl(http.request.url)?.host : null) ??
    null;
  if (!raw) return null;
  const url = safeUrl(`http://${raw}`);
  if (!url || !HOSTNAME.test(url.hostname) || url.username || url.password || url.pathname !== '/') return null;
  return url.host;
}

/** http, or https when a trusted proxy says so (X-Forwarded-Proto). */
export function requestScheme(config: GatewayConfig, http: SiteRequest): 'http' | 'https' {
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

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
