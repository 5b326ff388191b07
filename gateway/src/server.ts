/**
 * The gateway's HTTP server: one node:http server answering
 *   /healthz            liveness (200 once listening; it does not depend on the upstream)
 *   /readyz, /metrics   the operator's: the upstreams answer (200/503), Prometheus text (http/operator.ts)
 *   /graphql, /graphql/stream   yoga (GraphiQL on GET with Accept: text/html; with GRAPHIQL=false
 *                       such a GET gets a page saying so)
 *   /graphiql/*         GraphiQL's self-hosted assets
 *   /media/*            streamed from the upstream (Range, If-Range and conditional requests pass
 *                       through; nothing is buffered: http/mediaProxy.ts); /media/fragments/<userId>/...
 *                       to that user only (the utoken cookie's viewer), privately cached
 *   /qr/play.png        GET: the play page's QR code PNG (?catalogId=&courseId=&videoId=&size=), the
 *                       upstream's MakePng streamed through, publicly cacheable (http/playQrCode.ts)
 *   /beacon/play-log    POST: the play page's play logs, form fields of ReportPlayInput, the utoken
 *                       cookie's viewer, same-origin only: the periodic report by fetch (Accept:
 *                       application/json, answered {id} or {code, message}) and the last one by
 *                       navigator.sendBeacon (204): http/playLogBeacon.ts
 *   anything else       the built web app, unknown page paths falling back to index.html
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { GatewayConfig } from './config';
import { createRequestServices, type RequestEnv } from './context';
import { clientAddressOf, createTrustTest, isHttpsRequest } from './http/clientAddress';
import { clientDisconnectCode } from './http/clientGone';
import {
  GUEST_COOKIE,
  TOKEN_COOKIE,
  guestCookieHeader,
  isValidGuestId,
  newGuestId,
  parseCookies,
} from './http/cookies';
import { OfflineGraphiQL, isGraphiQLPageRequest, sendGraphiQLDisabled } from './http/graphiql';
import { createMediaProxy } from './http/mediaProxy';
import { PLAY_LOG_BEACON_PATH, createPlayLogBeacon } from './http/playLogBeacon';
import { PLAY_QR_PATH, createPlayQrCode } from './http/playQrCode';
import { sendText } from './http/send';
import { createPageRenderer } from './http/pageRender';
import { createWebApp } from './http/webApp';
import { createOperatorPaths } from './http/operator';
import { REQUEST_ID_HEADER, createLogger, logFields, requestIdFrom, withRequestId, type Logger } from './logger';
import { BREAKER_STATE, createGatewayMetrics, statusClass, type GatewayMetrics } from './metrics';
import { PlayVideoNames } from './play/videoNames';
import { PlayLogBatcher } from './play/playLogBatch';
import { UpstreamClient, type UpstreamObserver } from './upstream/client';
import { createRateLimits } from './replicas/rateLimits';
import { createRedisResponseCache } from './replicas/responseCache';
import { shareViewerEvictions, type SharedViewerEvictions } from './replicas/viewerEvictions';
import { ViewerCache, isLoggedIn } from './viewer';
import { CSRF_HEADER, GRAPHQL_ENDPOINT, createGraphQLHandler } from './yoga/createGraphQLHandler';
import { GRAPHQL_CACHE_CONTROL } from './yoga/responses';

export interface GatewayOptions {
  logger?: Logger;
  /** the viewer cache (default: a new one); startGateway shares its evictions over REDIS_URL */
  viewerCache?: ViewerCache;
}

/** The figures of one upstream pool, as its transport reports them. */
function upstreamObserver(metrics: GatewayMetrics, service: string): UpstreamObserver {
  return {
    called(outcome, seconds) {
      metrics.upstreamCalls.inc({ service, outcome });
      if (seconds !== null) metrics.upstreamCallDuration.observe({ service }, seconds);
    },
    breakerState(state) {
      metrics.breakerState.set({ service }, BREAKER_STATE[state]);
    },
  };
}

/** The route pattern of a path: the request metrics' bounded label. */
function routeOf(pathname: string): string {
  if (pathname === '/healthz' || pathname === '/readyz' || pathname === '/metrics') return pathname;
  if (pathname === GRAPHQL_ENDPOINT || pathname === `${GRAPHQL_ENDPOINT}/`) return GRAPHQL_ENDPOINT;
  if (pathname.startsWith(`${GRAPHQL_ENDPOINT}/`)) return `${GRAPHQL_ENDPOINT}/*`;
  if (pathname.startsWith('/graphiql/')) return '/graphiql/*';
  if (pathname.startsWith('/media/')) return '/media/*';
  if (pathname === PLAY_QR_PATH || pathname === PLAY_LOG_BEACON_PATH) return pathname;
  if (pathname.startsWith('/api/')) return '/api/*';
  return 'web';
}

/** The longest path an access line prints (a path is the client's: it may be anything). */
const MAX_LOGGED_PATH = 200;

/** Paths asked every few seconds by probes and scrapers: their access lines are debug, not info. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export interface Gateway {
  config: GatewayConfig;
  logger: Logger;
  /** the node:http request listener */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** resolves when what it shares over Redis has connected (or failed to) */
  ready: () => Promise<void>;
  /** closes the upstream connection pools */
  dispose: () => Promise<void>;
}

export interface RunningGateway {
  port: number;
  url: string;
  close: () => Promise<void>;
}

/** A page request as its server render sees it: who is asking, and the Node request itself. */
interface PageEnv {
  env: RequestEnv;
  req: IncomingMessage;
}

export function createGateway(config: GatewayConfig, options: GatewayOptions = {}): Gateway {
  const logger = options.logger ?? createLogger(config.logLevel);
  const metrics = createGatewayMetrics();
  const client = new UpstreamClient({
    baseUrl: config.upstreamUrl,
    secret: config.apiSecret,
    algorithm: config.signAlgorithm,
    productId: config.productId,
    timeoutMs: config.upstreamTimeoutMs,
    readTimeoutMs: config.upstreamReadTimeoutMs,
    writeTimeoutMs: config.upstreamWriteTimeoutMs,
    logger,
    audience: 'main-api',
    observer: upstreamObserver(metrics, 'main-api'),
  });
  // the login service on its own pool: same signing, its own connections
  const loginClient = new UpstreamClient({
    baseUrl: config.loginUrl,
    secret: config.apiSecret,
    algorithm: config.signAlgorithm,
    productId: config.productId,
    timeoutMs: config.upstreamTimeoutMs,
    readTimeoutMs: config.upstreamReadTimeoutMs,
    writeTimeoutMs: config.upstreamWriteTimeoutMs,
    logger,
    connections: 16,
    audience: 'login-service',
    observer: upstreamObserver(metrics, 'login-service'),
  });
  // media (HLS segments, images, QR codes) on a pool of its own: segments streamed to slow players
  // must not hold the connections GraphQL operations wait for
  const mediaClient = new UpstreamClient({
    baseUrl: config.upstreamUrl,
    secret: config.apiSecret,
    algorithm: config.signAlgorithm,
    productId: config.productId,
    timeoutMs: config.upstreamTimeoutMs,
    readTimeoutMs: config.upstreamReadTimeoutMs,
    writeTimeoutMs: config.upstreamWriteTimeoutMs,
    logger,
    connections: 256,
    audience: 'main-api',
    observer: upstreamObserver(metrics, 'media'),
  });
  const viewerCache = options.viewerCache ?? new ViewerCache();
  const trusted = createTrustTest(config.trustedProxies);
  const graphiql = new OfflineGraphiQL();
  const playVideos = new PlayVideoNames();
  const playLogs = new PlayLogBatcher(client, logger, {
    onBatch: (reports) => metrics.playLogBatchSize.observe(reports),
  });
  // replicas share the visitors' cached answers (replicas/responseCache.ts); alone, yoga keeps them in the process
  const sharedResponses =
    config.redisUrl && config.responseCacheTtlMs > 0
      ? createRedisResponseCache({ redisUrl: config.redisUrl, prefix: config.redisPrefix, logger })
      : null;
  // request rate limits per user and per address: in Redis the replicas count together (replicas/rateLimits.ts)
  const rateLimits = createRateLimits({
    settings: config.rateLimits,
    redisUrl: config.redisUrl,
    prefix: config.redisPrefix,
    logger,
  });
  const yoga = createGraphQLHandler({
    config,
    logger,
    client,
    loginClient,
    viewerCache,
    graphiql,
    playVideos,
    playLogs,
    metrics,
    responseCacheStore: sharedResponses?.cache,
    rateLimits,
  });
  const serveOperatorPath = createOperatorPaths({
    upstreams: { 'main-api': config.upstreamUrl, 'login-service': config.loginUrl },
    metrics,
    metricsToken: config.metricsToken,
    trusted,
  });
  const servePlayQrCode = createPlayQrCode(mediaClient, logger);
  // first screens rendered here (http/pageRender.ts): their operations run through yoga in this process,
  // with the page request's own cookies and address, as the browser's would; the Node request goes along
  // so what a resolver reads of the site as the browser reached it (its host, a trusted proxy's scheme:
  // the login page's address, absolute links) is the page's, not the in-process request's
  const firstScreen = createPageRenderer<PageEnv>({
    entryFile: path.join(config.webDistDir, '..', 'dist-server', 'entry-server.mjs'),
    manifestFile: path.join(config.webDistDir, '.vite', 'manifest.json'),
    budgetMs: config.firstScreenBudgetMs,
    logger,
    execute: async ({ env, req }, operation) => {
      const request = new Request(`http://gateway.invalid${GRAPHQL_ENDPOINT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', [CSRF_HEADER]: '1' },
        body: JSON.stringify(operation),
      });
      const answer = await yoga.handleRequest(request, { env, req });
      return answer.json();
    },
    // a visitor's page is kept for every visitor (FIRST_SCREEN_CACHE_MS): only one with no token cookie
    // whom no organisation's network signs in (the start-up sequence the render would run anyway)
    sharedTtlMs: config.firstScreenCacheMs,
    isPlainVisitor: async ({ env }) => {
      if (env.cookies[TOKEN_COOKIE]) return false;
      const { viewer, token } = await createRequestServices(services, env).session.current();
      return token === null && !isLoggedIn(viewer) && viewer.comId === null;
    },
  });
  const isHttps = (req: IncomingMessage) =>
    isHttpsRequest(
      req.socket.remoteAddress,
      Boolean((req.socket as { encrypted?: boolean }).encrypted),
      req.headers['x-forwarded-proto'],
      trusted,
    );
  const serveWebApp = createWebApp<PageEnv>(config.webDistDir, {
    mobileSiteUrl: config.mobileSiteUrl,
    firstScreen,
    isHttps,
  });

  /** Who is asking, and their guest id; a new guest id is set as a cookie on this response. */
  const requestEnv = (req: IncomingMessage, res: ServerResponse, clientAddress: string | null): RequestEnv => {
    const cookies = parseCookies(req.headers.cookie);
    const secure = isHttps(req);
    const setCookie = (name: string, header: string) => setResponseCookie(res, name, header);
    const existing = cookies[GUEST_COOKIE];
    if (isValidGuestId(existing)) return { clientAddress, guestId: existing, cookies, secure, setCookie };
    const guestId = newGuestId();
    setCookie(GUEST_COOKIE, guestCookieHeader(guestId, secure));
    return { clientAddress, guestId, cookies, secure, setCookie };
  };

  const services = { config, logger, client, loginClient, viewerCache, playVideos, playLogs, metrics };
  // a fragment's file goes to its owner only: the viewer of the utoken cookie (no network login)
  const proxyMedia = createMediaProxy(mediaClient, logger, async (req, res, clientAddress) => {
    if (!parseCookies(req.headers.cookie)[TOKEN_COOKIE]) return null;
    const env = requestEnv(req, res, clientAddress);
    const viewer = await createRequestServices(services, env).session.viewer();
    return isLoggedIn(viewer) ? viewer.userId : null;
  });

  const receivePlayLogBeacon = createPlayLogBeacon({
    config,
    logger,
    playVideos,
    playLogs,
    services: (req, res) =>
      createRequestServices(
        services,
        requestEnv(req, res, clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trusted)),
      ),
  });

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://gateway.invalid');
    } catch {
      sendText(res, 400, '请求地址无效');
      return;
    }
    const { pathname } = url;
    const clientAddress = clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trusted);

    if (pathname === '/healthz') {
      sendText(res, 200, JSON.stringify({ status: 'ok' }), 'application/json; charset=utf-8');
      return;
    }
    if (await serveOperatorPath(req, res, pathname)) return;
    if (
      !config.graphiql &&
      (pathname === GRAPHQL_ENDPOINT || pathname === `${GRAPHQL_ENDPOINT}/`) &&
      isGraphiQLPageRequest(req)
    ) {
      sendGraphiQLDisabled(res);
      return;
    }
    if (pathname === GRAPHQL_ENDPOINT || pathname.startsWith(`${GRAPHQL_ENDPOINT}/`)) {
      const env = requestEnv(req, res, clientAddress);
      await yoga(req, res, { env });
      return;
    }
    if (config.graphiql && graphiql.serveAsset(req, res, pathname)) return;
    if (pathname.startsWith('/media/')) {
      await proxyMedia(req, res, pathname + url.search, clientAddress);
      return;
    }
    if (pathname === PLAY_QR_PATH) {
      await servePlayQrCode(req, res, url, clientAddress);
      return;
    }
    if (pathname === PLAY_LOG_BEACON_PATH) {
      await receivePlayLogBeacon(req, res);
      return;
    }
    if (pathname.startsWith('/api/')) {
      // the REST API is the upstream's, never the browser's: answering index.html here would mislead
      sendText(res, 404, '未找到该接口');
      return;
    }
    await serveWebApp(req, res, url, () => ({ env: requestEnv(req, res, clientAddress), req }));
  };

  /**
   * Every request runs under its id (the client's X-Request-Id when well-formed, else a new one): it
   * is on the answer, on every line logged while serving it and on every upstream call it makes. One
   * access line per answer (the path without its query: values there can be a user's), and the
   * request's observation by route pattern.
   */
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    res.setHeader('X-Request-Id', requestId);
    withRequestId(requestId, () => serve(req, res, requestId));
  };

  const serve = (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    const started = process.hrtime.bigint();
    const path = (req.url ?? '').split('?')[0] ?? '';
    const method = req.method ?? 'GET';
    // 'close' comes for every request, answered in full (writableFinished) or cut off by the client
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(path);
      metrics.httpRequestDuration.observe({ route, method, status: statusClass(res.statusCode) }, seconds);
      const completed = res.writableFinished;
      // the id named here too: the event need not run in the request's async context
      const fields = logFields({
        reqId: requestId,
        method,
        path: path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path,
        route,
        status: res.statusCode,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(completed ? {} : { aborted: true }),
      });
      const message = completed ? 'request completed' : 'request aborted';
      if (PROBE_PATHS.has(path)) logger.debug(message, fields);
      else logger.info(message, fields);
    });
    route(req, res).catch((error: unknown) => {
      const request = `request ${req.method} ${(req.url ?? '').split('?')[0]}`;
      const gone = clientDisconnectCode(error, res);
      if (gone) {
        logger.debug(`${request}: the client closed the connection before the answer was complete (${gone})`);
        return;
      }
      logger.error(`${request} failed`, error);
      if (!res.headersSent) sendText(res, 500, '服务器内部错误');
      else res.destroy();
    });
  };

  const dispose = async () => {
    await Promise.all([
      client.close(),
      loginClient.close(),
      mediaClient.close(),
      sharedResponses?.close(),
      rateLimits?.close(),
    ]);
  };
  // the rate limits' Redis connection is up (or has failed: then they count in the process, see there)
  const ready = async () => {
    await rateLimits?.ready();
  };
  return { config, logger, handle, ready, dispose };
}

/**
 * One Set-Cookie per cookie name: a later header for the same cookie replaces the earlier one (a
 * logout clears `utoken`, then the network login sets it again). Once the headers are on the wire (an
 * event stream) a cookie can no longer be sent; the next ordinary request will carry it. An answer
 * that hands out a login token is nobody else's: no cache may keep it.
 */
function setResponseCookie(res: ServerResponse, name: string, header: string): void {
  if (res.headersSent) return;
  if (name === TOKEN_COOKIE) res.setHeader('Cache-Control', GRAPHQL_CACHE_CONTROL);
  const current = res.getHeader('set-cookie');
  const others = (Array.isArray(current) ? current : current === undefined ? [] : [String(current)]).filter(
    (existing) => !existing.startsWith(`${name}=`),
  );
  res.setHeader('Set-Cookie', [...others, header]);
}

export async function startGateway(config: GatewayConfig, options: GatewayOptions = {}): Promise<RunningGateway> {
  const viewerCache = options.viewerCache ?? new ViewerCache();
  const gateway = createGateway(config, { ...options, viewerCache });
  // replicas: a logout through another gateway evicts here too (replicas/viewerEvictions.ts)
  let shared: SharedViewerEvictions | null = null;
  if (config.redisUrl) {
    try {
      shared = await shareViewerEvictions(viewerCache, {
        redisUrl: config.redisUrl,
        prefix: config.redisPrefix,
        logger: gateway.logger,
      });
    } catch (error) {
      await gateway.dispose();
      throw error;
    }
  }
  await gateway.ready();
  const server: Server = createServer(gateway.handle);
  // SSE streams stay open; keep-alive sockets should not hold a closing server for long
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    port: address.port,
    url: `http://${host}:${address.port}`,
    close: () => {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // idle keep-alive connections and open event streams would otherwise hold close() open
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 1_000).unref();
        });
        await gateway.dispose();
        await shared?.close();
      })();
      return closing;
    },
  };
}
