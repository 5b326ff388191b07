/**
 * The per-request context: the viewer's session, the guest id, the end user's address, one MainApi
 * (with its DataLoaders, upstream request counter and budget), the catalogue trees it reads once and
 * one LoginApi (with its own counter).
 * Nothing in it outlives the request but what the shared parts keep on purpose: the connection
 * pools, the short-lived viewer cache (viewer/cache.ts) and the names play logs carry (play/videoNames.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLError } from 'graphql';
import type { YogaInitialContext } from 'graphql-yoga';
import type { GatewayConfig } from './config';
import type { Logger } from './logger';
import type { GatewayMetrics } from './metrics';
import {
  GUEST_COOKIE,
  TOKEN_COOKIE,
  clearedTokenCookieHeader,
  isValidGuestId,
  newGuestId,
  parseCookies,
  tokenCookieHeader,
  tokenCookieMaxAge,
} from './http/cookies';
import { CatalogueTrees, type CatalogueTreeCache } from './loaders/catalogueTree';
import type { RequestScope, UpstreamClient } from './upstream/client';
import { LoginApi } from './upstream/loginApi';
import { MainApi } from './upstream/mainApi';
import type { PlayVideoNames } from './play/videoNames';
import type { PlayLogBatcher } from './play/playLogBatch';
import { ViewerSession, isLoggedIn, type TokenCookieWriter, type ViewerCache } from './viewer';

/** What the HTTP layer (server.ts) worked out before handing the request to yoga. */
export interface RequestEnv {
  clientAddress: string | null;
  guestId: string;
  cookies: Record<string, string>;
  /** the browser reached us over https (the socket, or a trusted proxy's X-Forwarded-Proto) */
  secure: boolean;
  /** adds a Set-Cookie header to this request's response, replacing an earlier one for the same cookie */
  setCookie(name: string, header: string): void;
}

export interface ServerContext {
  req?: IncomingMessage;
  res?: ServerResponse;
  env?: RequestEnv;
}

export interface GatewayContext {
  config: GatewayConfig;
  logger: Logger;
  /** who is asking: `await session.viewer()` (resolved on first use, see viewer/session.ts) */
  session: ViewerSession;
  /** the tokenUser cookie's guest id: the visit log's user when nobody is logged in */
  guestId: string;
  clientAddress: string | null;
  /** main-API traffic of this operation (counted and budgeted) */
  scope: RequestScope;
  /** login-service traffic of this operation, counted apart: the viewer's calls are shared and cached */
  loginScope: RequestScope;
  api: MainApi;
  /** the subject and lecturer trees, read and linked once per operation (loaders/catalogueTree.ts) */
  catalogues: CatalogueTrees;
  login: LoginApi;
  /** the names of videos play logs carry, shared by the process (play/videoNames.ts) */
  playVideos: PlayVideoNames;
  /** play reports coalesced into AddPlayLogs calls, shared by the process (play/playLogBatch.ts) */
  playLogs?: PlayLogBatcher;
  /** the operator's figures (metrics.ts); absent in tests that do not read them */
  metrics?: GatewayMetrics;
  /** errors of secondary fields that answered empty instead of failing (graphql/fieldErrors.ts) */
  fieldErrors: GraphQLError[];
}

export interface ContextDeps {
  config: GatewayConfig;
  logger: Logger;
  client: UpstreamClient;
  loginClient: UpstreamClient;
  viewerCache: ViewerCache;
  playVideos: PlayVideoNames;
  /** absent: each play report is its own AddPlayLog call */
  playLogs?: PlayLogBatcher;
  metrics?: GatewayMetrics;
  /** the catalogue trees kept by the process (absent: read once per request) */
  catalogueCache?: CatalogueTreeCache;
}

/** Cookies set while answering a request that did not come through server.ts (yoga.fetch in a test). */
const fallbackCookies = new WeakMap<Request, Map<string, string>>();

export function pendingFallbackCookies(request: Request): string[] {
  return [...(fallbackCookies.get(request)?.values() ?? [])];
}

/** What one request works with besides GraphQL: its viewer session and its two upstream APIs. */
export interface RequestServices {
  session: ViewerSession;
  scope: RequestScope;
  loginScope: RequestScope;
  api: MainApi;
  login: LoginApi;
}

/**
 * The viewer session and the upstream APIs of one request (a GraphQL operation, or a plain HTTP route
 * that acts for the viewer: the play-log beacon). Cookies the session sets go through `env`.
 */
export function createRequestServices(deps: ContextDeps, env: RequestEnv): RequestServices {
  const { config } = deps;
  const scope: RequestScope = {
    clientAddress: env.clientAddress,
    upstreamRequests: 0,
    upstreamBudget: config.upstreamBudgetPerOperation,
  };
  const loginScope: RequestScope = {
    clientAddress: env.clientAddress,
    upstreamRequests: 0,
    upstreamBudget: config.upstreamBudgetPerOperation,
  };
  const login = new LoginApi(deps.loginClient, loginScope);
  const cookieOptions = { domain: config.cookieDomain, secure: env.secure };
  const cookie: TokenCookieWriter = {
    set: (token, expiresAt) =>
      env.setCookie(TOKEN_COOKIE, tokenCookieHeader(token, tokenCookieMaxAge(expiresAt), cookieOptions)),
    clear: () => env.setCookie(TOKEN_COOKIE, clearedTokenCookieHeader(cookieOptions)),
  };
  const session = new ViewerSession({
    login,
    cache: deps.viewerCache,
    logger: deps.logger,
    cookie,
    presentedToken: env.cookies[TOKEN_COOKIE],
    clientAddress: env.clientAddress,
    guestId: env.guestId,
  });
  const api = new MainApi(
    deps.client,
    scope,
    config.productId,
    async () => {
      // the viewer's organisation when they belong to one, else the site's (product-spec §1)
      return (await session.organisation()) ?? { comId: config.comId, comCode: config.comCode };
    },
    // the same start-up sequence as the organisation's (one per request, cached across requests)
    async () => {
      const viewer = await session.viewer();
      return isLoggedIn(viewer) ? viewer.userId : null;
    },
  );
  return { session, scope, loginScope, api, login };
}

export function createContextFactory(deps: ContextDeps) {
  const { config } = deps;
  return async (initial: YogaInitialContext & ServerContext): Promise<GatewayContext> => {
    const env: RequestEnv = initial.env ?? requestEnvFromHeaders(initial.request);
    const { session, scope, loginScope, api, login } = createRequestServices(deps, env);
    return {
      config,
      logger: deps.logger,
      session,
      guestId: env.guestId,
      clientAddress: env.clientAddress,
      scope,
      loginScope,
      api,
      catalogues: new CatalogueTrees(api.catalogue, deps.catalogueCache),
      login,
      playVideos: deps.playVideos,
      playLogs: deps.playLogs,
      metrics: deps.metrics,
      fieldErrors: [],
    };
  };
}

function requestEnvFromHeaders(request: Request): RequestEnv {
  const cookies = parseCookies(request.headers.get('cookie') ?? undefined);
  const guest = cookies[GUEST_COOKIE];
  const pending = new Map<string, string>();
  fallbackCookies.set(request, pending);
  return {
    clientAddress: null,
    guestId: isValidGuestId(guest) ? guest : newGuestId(),
    cookies,
    secure: new URL(request.url).protocol === 'https:',
    setCookie: (name, header) => {
      pending.delete(name);
      pending.set(name, header);
    },
  };
}
