import type { GatewayConfig } from '../../config';
import { requestHostname, requestScheme, type SiteRequest } from '../../http/origin';
import type { Field, QueryResolvers } from '../../graphql/resolverTypes';

/** The platform counts years in UTC+8 (Beijing time), whatever the server's or the browser's zone. */
const PLATFORM_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;

export function platformYear(now: Date = new Date()): number {
  return new Date(now.getTime() + PLATFORM_UTC_OFFSET_MS).getUTCFullYear();
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

export const site: Field<QueryResolvers, 'site'> = (_parent, _args, context) => ({
  title: context.config.siteTitle,
  description: context.config.siteDescription,
  productId: context.config.productId,
  comId: context.config.comId,
  comCode: context.config.comCode,
  loginUrl: loginPageUrl(context.config, context as unknown as SiteRequest),
  currentYear: platformYear(),
});
