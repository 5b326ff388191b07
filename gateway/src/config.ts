import path from 'node:path';

export type SignAlgorithm = 'md5' | 'sha256';
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/**
 * Request rate limits (replicas/rateLimits.ts, yoga/rateLimits.ts): how many GraphQL operations one
 * signed-in user, and one client address, may have executed per window, on all gateway replicas
 * together when REDIS_URL is set (else per process). Every operation counts on the general budgets;
 * the expensive ones (a question to the AI, search, uploads, the mutations that write) count on the
 * expensive budgets as well. 0 turns a budget off. Many students behind one school's NAT share one
 * address, so the address budgets are far larger than a person's.
 */
export interface RateLimitSettings {
  /** RATE_LIMIT_WINDOW_SECONDS (60): the window every budget is counted over. */
  windowSeconds: number;
  /** RATE_LIMIT_USER_OPERATIONS (600): operations of one signed-in user per window (10 a second on average). */
  userOperations: number;
  /** RATE_LIMIT_ADDRESS_OPERATIONS (20 000): operations from one client address per window (a school's NAT: some hundreds of students). */
  addressOperations: number;
  /** RATE_LIMIT_USER_EXPENSIVE (60): expensive operations of one signed-in user per window. */
  userExpensive: number;
  /** RATE_LIMIT_ADDRESS_EXPENSIVE (2 000): expensive operations from one client address per window. */
  addressExpensive: number;
}

/** Everything the gateway reads from its environment, resolved once at start-up. */
export interface GatewayConfig {
  /** PORT (4000); 0 picks a free port, which tests use. */
  port: number;
  /** HOST (127.0.0.1): loopback unless the operator opens it up on purpose. */
  host: string;
  /** UPSTREAM_URL, default http://127.0.0.1:${UPSTREAM_PORT || 5100}: the signed REST main API. */
  upstreamUrl: string;
  /** LOGIN_URL, default http://127.0.0.1:${LOGIN_PORT || 5200}: the login service. */
  loginUrl: string;
  /**
   * LOGIN_PUBLIC_URL: the browser-facing URL of the login service's /login page (Site.loginUrl).
   * Unset (null): derived per request from the request's host name, LOGIN_URL's port and /login.
   */
  loginPublicUrl: string | null;
  /**
   * COOKIE_DOMAIN: `Domain` of the `utoken` cookie the gateway sets or clears, the same setting the
   * login service uses for its own (to share the cookie across the site's hosts). Unset (null): a
   * host-only cookie.
   */
  cookieDomain: string | null;
  /**
   * PUBLIC_BASE_URL: the site's public address as browsers reach it (the main API's setting of the same
   * name); only its origin is kept (scheme://host[:port], lower case). Behind a TLS proxy that rewrites
   * Host, it is the origin a same-origin request's Origin header names (the play-log beacon). Unset (null):
   * only the request's own origin is known.
   */
  publicOrigin: string | null;
  /** API_SECRET: the shared signing secret; the development default matches upstream/API.md. */
  apiSecret: string;
  /** SIGN_ALGORITHM md5 (default) | sha256. */
  signAlgorithm: SignAlgorithm;
  /** Site configuration of product-spec §1. */
  productId: number;
  comId: number;
  comCode: string;
  siteTitle: string;
  siteDescription: string;
  /** GRAPHIQL (true): GraphiQL in the browser at /graphql. */
  graphiql: boolean;
  /** INTROSPECTION (true): schema introspection; production turns it off together with GraphiQL. */
  introspection: boolean;
  /** TRUSTED_PROXIES: comma list of IPs/CIDRs whose X-Forwarded-For is believed (default loopback). */
  trustedProxies: string[];
  /** WEB_DIST (<repo>/web/dist): the built web app. */
  webDistDir: string;
  /**
   * MOBILE_SITE_URL (/m/; a path on this host or an absolute URL; `off`: never): where a phone or
   * tablet asking for a desktop page is sent by a 302 before any desktop JavaScript (http/mobileRedirect.ts).
   * Keep it equal to the web build's VITE_MOBILE_SITE_URL, the base the browser-side guard uses.
   */
  mobileSiteUrl: string | null;
  /**
   * FIRST_SCREEN_BUDGET_MS (1 500; 0 = never render on the server): how long a page request waits for
   * the server render of its first screen (http/pageRender.ts); past it, or when the render fails,
   * the SPA shell is sent as before and the miss logged.
   */
  firstScreenBudgetMs: number;
  /**
   * FIRST_SCREEN_CACHE_MS (3 000; 0 = off): how long a plain visitor's rendered page (no utoken cookie,
   * no organisation network) is served again to every such visitor asking the same path and query,
   * in this process (http/pageRender.ts); requests arriving while it renders share that render. A
   * content change shows in visitors' pages within this time; signed-in pages are never kept.
   */
  firstScreenCacheMs: number;
  /**
   * UPSTREAM_TIMEOUT_MS (85 000, product-spec §7 "Request timeout is 85 seconds"): the calls that wait
   * on long work (the AI answer, cutting a clip), and the most any call may take.
   */
  upstreamTimeoutMs: number;
  /**
   * UPSTREAM_READ_TIMEOUT_MS (2 000, at most UPSTREAM_TIMEOUT_MS): a read (a page's data, the viewer).
   * Reads answer in milliseconds; one that has waited this long is waiting on a stalled service, and
   * the page is better told 服务繁忙，请稍后再试 at once than after 85 s.
   */
  upstreamReadTimeoutMs: number;
  /** UPSTREAM_WRITE_TIMEOUT_MS (10 000, at most UPSTREAM_TIMEOUT_MS): a call that changes something (a note, a like, a profile). */
  upstreamWriteTimeoutMs: number;
  /** LOG_LEVEL debug | info (default) | warn | error | silent (tests). */
  logLevel: LogLevel;
  /**
   * REDIS_URL (unset: nothing shared): where gateway replicas share state (replicas/): a logout or a
   * profile change through one gateway evicts the viewer on every gateway at once, and the rate limits
   * (RATE_LIMIT_*) count every replica's operations together.
   */
  redisUrl: string | null;
  /** REDIS_PREFIX (sizheng:): the keys and channels of one platform, when several share a Redis. */
  redisPrefix: string;
  /**
   * METRICS_TOKEN (unset): when set, GET /metrics answers only `Authorization: Bearer <token>`; unset,
   * only a scraper on loopback or in TRUSTED_PROXIES that forwards nobody (no X-Forwarded-For).
   */
  metricsToken?: string | null;
  /**
   * EXPOSE_UPSTREAM_COUNT (false): add `extensions.upstreamRequests` to every GraphQL result.
   * For tests and the benchmark; leave it off in production (it tells clients about the backend).
   */
  exposeUpstreamCount: boolean;
  /**
   * UPSTREAM_BUDGET_PER_OPERATION (40): the most upstream requests one GraphQL operation may send;
   * further calls fail with QUERY_TOO_COMPLEX instead of being sent (yoga/limits.ts). The home page makes 6.
   */
  upstreamBudgetPerOperation: number;
  /**
   * CATALOGUE_CACHE_MS (5 000; 0 = read once per request): how long the process keeps the catalogue
   * trees nearly every page asks for; past it they are reloaded in the background (loaders/catalogueTree.ts).
   */
  catalogueCacheMs: number;
  /**
   * RESPONSE_CACHE_TTL_MS (5 000; 0 = off): how long a visitor's answer to a public read (home,
   * catalogue, lists: yoga/responseCache.ts says which fields) is served again to every visitor without
   * asking the upstream. Never a signed-in viewer's, an organisation's network visitor's, nor an
   * operation with a field that reads the viewer or the request. Kept in Redis under REDIS_PREFIX when
   * REDIS_URL is set (replicas share it), else in the process; a mutation that returns a changed
   * course (a like, a favourite, a note) drops the answers that showed it at once, on every replica.
   */
  responseCacheTtlMs: number;
  /**
   * UPLOAD_READ_DEADLINE_MS (60 000): how long one upload's body (the avatar, up to 11 MiB) may take
   * to arrive; a slower one is answered 408 and cut off, so nobody holds an upload slot by trickling
   * (yoga/uploads.ts). A minute lets 11 MiB through a 1.5 Mbit/s uplink; the cropped avatar the web
   * app sends is a few dozen KB.
   */
  uploadReadDeadlineMs: number;
  /** RATE_LIMIT_*: the request rate limits (RateLimitSettings above). */
  rateLimits: RateLimitSettings;
}

const repoRoot = path.resolve(__dirname, '..', '..');

function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function parseInteger(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new Error(`${name} must be an integer, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new Error(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function parseUrl(name: string, raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    // keep a path prefix if one is configured, but never a trailing slash: paths are appended
    return url.toString().replace(/\/+$/, '');
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
}

/** A DNS name, optionally with the leading dot older browsers wrote. */
const COOKIE_DOMAIN_RULE = /^\.?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

function parseCookieDomain(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (!COOKIE_DOMAIN_RULE.test(value)) throw new Error(`COOKIE_DOMAIN must be a domain name, got "${raw}"`);
  return value.toLowerCase();
}

function parseMobileSiteUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return '/m/';
  if (value.toLowerCase() === 'off') return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return parseUrl('MOBILE_SITE_URL', value);
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const upstreamPort = parseInteger('UPSTREAM_PORT', env.UPSTREAM_PORT, 5100, 1, 65535);
  const loginPort = parseInteger('LOGIN_PORT', env.LOGIN_PORT, 5200, 1, 65535);

  const signAlgorithm = (env.SIGN_ALGORITHM?.trim().toLowerCase() || 'md5') as SignAlgorithm;
  if (signAlgorithm !== 'md5' && signAlgorithm !== 'sha256') {
    throw new Error(`SIGN_ALGORITHM must be md5 or sha256, got "${env.SIGN_ALGORITHM}"`);
  }
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as LogLevel;
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be debug, info, warn, error or silent, got "${env.LOG_LEVEL}"`);
  }

  const trustedProxies = (env.TRUSTED_PROXIES ?? '127.0.0.0/8,::1')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const upstreamTimeoutMs = parseInteger('UPSTREAM_TIMEOUT_MS', env.UPSTREAM_TIMEOUT_MS, 85_000, 1, 600_000);

  return {
    port: parseInteger('PORT', env.PORT, 4000, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    upstreamUrl: parseUrl('UPSTREAM_URL', env.UPSTREAM_URL?.trim() || `http://127.0.0.1:${upstreamPort}`),
    loginUrl: parseUrl('LOGIN_URL', env.LOGIN_URL?.trim() || `http://127.0.0.1:${loginPort}`),
    loginPublicUrl: env.LOGIN_PUBLIC_URL?.trim() ? parseUrl('LOGIN_PUBLIC_URL', env.LOGIN_PUBLIC_URL.trim()) : null,
    cookieDomain: parseCookieDomain(env.COOKIE_DOMAIN),
    publicOrigin: env.PUBLIC_BASE_URL?.trim()
      ? new URL(parseUrl('PUBLIC_BASE_URL', env.PUBLIC_BASE_URL.trim())).origin.toLowerCase()
      : null,
    apiSecret: env.API_SECRET || 'sizheng-dev-secret',
    signAlgorithm,
    productId: 1,
    comId: 0,
    comCode: '',
    siteTitle: '思政云课堂',
    siteDescription: '在线报告厅',
    graphiql: parseBoolean('GRAPHIQL', env.GRAPHIQL, true),
    introspection: parseBoolean('INTROSPECTION', env.INTROSPECTION, true),
    trustedProxies,
    webDistDir: path.resolve(env.WEB_DIST?.trim() || path.join(repoRoot, 'web', 'dist')),
    upstreamTimeoutMs,
    upstreamReadTimeoutMs: Math.min(
      parseInteger('UPSTREAM_READ_TIMEOUT_MS', env.UPSTREAM_READ_TIMEOUT_MS, 2_000, 1, 600_000),
      upstreamTimeoutMs,
    ),
    upstreamWriteTimeoutMs: Math.min(
      parseInteger('UPSTREAM_WRITE_TIMEOUT_MS', env.UPSTREAM_WRITE_TIMEOUT_MS, 10_000, 1, 600_000),
      upstreamTimeoutMs,
    ),
    uploadReadDeadlineMs: parseInteger('UPLOAD_READ_DEADLINE_MS', env.UPLOAD_READ_DEADLINE_MS, 60_000, 1, 600_000),
    logLevel,
    redisUrl: env.REDIS_URL?.trim() || null,
    redisPrefix: env.REDIS_PREFIX?.trim() || 'sizheng:',
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    exposeUpstreamCount: parseBoolean('EXPOSE_UPSTREAM_COUNT', env.EXPOSE_UPSTREAM_COUNT, false),
    upstreamBudgetPerOperation: parseInteger(
      'UPSTREAM_BUDGET_PER_OPERATION',
      env.UPSTREAM_BUDGET_PER_OPERATION,
      40,
      1,
      10_000,
    ),
    mobileSiteUrl: parseMobileSiteUrl(env.MOBILE_SITE_URL),
    firstScreenBudgetMs: parseInteger('FIRST_SCREEN_BUDGET_MS', env.FIRST_SCREEN_BUDGET_MS, 1_500, 0, 60_000),
    firstScreenCacheMs: parseInteger('FIRST_SCREEN_CACHE_MS', env.FIRST_SCREEN_CACHE_MS, 3_000, 0, 60_000),
    catalogueCacheMs: parseInteger('CATALOGUE_CACHE_MS', env.CATALOGUE_CACHE_MS, 5_000, 0, 600_000),
    responseCacheTtlMs: parseInteger('RESPONSE_CACHE_TTL_MS', env.RESPONSE_CACHE_TTL_MS, 5_000, 0, 600_000),
    rateLimits: {
      windowSeconds: parseInteger('RATE_LIMIT_WINDOW_SECONDS', env.RATE_LIMIT_WINDOW_SECONDS, 60, 1, 86_400),
      userOperations: parseInteger('RATE_LIMIT_USER_OPERATIONS', env.RATE_LIMIT_USER_OPERATIONS, 600, 0, 100_000_000),
      addressOperations: parseInteger(
        'RATE_LIMIT_ADDRESS_OPERATIONS',
        env.RATE_LIMIT_ADDRESS_OPERATIONS,
        20_000,
        0,
        100_000_000,
      ),
      userExpensive: parseInteger('RATE_LIMIT_USER_EXPENSIVE', env.RATE_LIMIT_USER_EXPENSIVE, 60, 0, 100_000_000),
      addressExpensive: parseInteger(
        'RATE_LIMIT_ADDRESS_EXPENSIVE',
        env.RATE_LIMIT_ADDRESS_EXPENSIVE,
        2_000,
        0,
        100_000_000,
      ),
    },
  };
}
