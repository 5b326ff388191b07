/**
 * The per-request context: the viewer, the guest id, the end user's address and one MainApi
 * (with its DataLoaders, upstream request counter and budget). Nothing in it outlives the request; the
 * only shared thing is the UpstreamClient's connection pool.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { YogaInitialContext } from 'graphql-yoga';
import type { GatewayConfig } from './config';
import type { Logger } from './logger';
import { GUEST_COOKIE, TOKEN_COOKIE, isValidGuestId, newGuestId, parseCookies } from './http/cookies';
import type { RequestScope, UpstreamClient } from './upstream/client';
import { MainApi } from './upstream/mainApi';
import { resolveViewer, type Viewer } from './viewer';

/** What the HTTP layer (server.ts) worked out before handing the request to yoga. */
export interface RequestEnv {
  clientAddress: string | null;
  guestId: string;
  cookies: Record<string, string>;
}

export interface ServerContext {
  req?: IncomingMessage;
  res?: ServerResponse;
  env?: RequestEnv;
}

export interface GatewayContext {
  config: GatewayConfig;
  logger: Logger;
  viewer: Viewer;
  /** the tokenUser cookie's guest id: the visit log's user when nobody is logged in */
  guestId: string;
  clientAddress: string | null;
  scope: RequestScope;
  api: MainApi;
}

export interface ContextDeps {
  config: GatewayConfig;
  logger: Logger;
  client: UpstreamClient;
}

export function createContextFactory(deps: ContextDeps) {
  return async (initial: YogaInitialContext & ServerContext): Promise<GatewayContext> => {
    // requests that did not come through server.ts (yoga.fetch in a test) still get a context
    const env: RequestEnv = initial.env ?? requestEnvFromHeaders(initial.request);
    const viewer = await resolveViewer({ utoken: env.cookies[TOKEN_COOKIE] });
    const scope: RequestScope = {
      clientAddress: env.clientAddress,
      upstreamRequests: 0,
      upstreamBudget: deps.config.upstreamBudgetPerOperation,
    };
    const api = new MainApi(deps.client, scope, {
      productId: deps.config.productId,
      comId: viewer.comId ?? deps.config.comId,
      comCode: viewer.comCode ?? deps.config.comCode,
    });
    return {
      config: deps.config,
      logger: deps.logger,
      viewer,
      guestId: env.guestId,
      clientAddress: env.clientAddress,
      scope,
      api,
    };
  };
}

function requestEnvFromHeaders(request: Request): RequestEnv {
  const cookies = parseCookies(request.headers.get('cookie') ?? undefined);
  const guest = cookies[GUEST_COOKIE];
  return { clientAddress: null, guestId: isValidGuestId(guest) ? guest : newGuestId(), cookies };
}
