/**
 * The login service's process (LOGIN_PORT). A request goes
 * healthz / login page / account pages (unsigned) → /UserCenterApi route lookup → parameters
 * (an upload's fields) → signature → productId header → the sign's first use → route handler →
 * envelope, as in the main API (upstream/API.md): the gateway is the only caller of the API and
 * signs every call; browsers only ever see /login and the account pages (/bind, /email, /phone,
 * /find-password).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { UpstreamConfig } from '../config';
import { clientAddress } from '../http/client-address';
import { ApiError, Code, MESSAGES, notFound, sendEnvelope, sendJson } from '../http/envelope';
import { listen, type RunningServer } from '../http/listen';
import { serveEnvelopes } from '../http/serve-envelopes';
import { Params } from '../http/params';
import { createOperatorPaths } from '../http/operator';
import { openSharedReplayCache } from '../http/redis-replay-cache';
import { countingReplays, createInProcessReplayCache, type ReplayCache } from '../http/replay-cache';
import { openSignedUpload, readSignedParams } from '../http/signed-params';
import { createSlots } from '../http/slots';
import { createLogger, type Logger } from '../logger';
import { createServiceMetrics } from '../metrics';
import type { Store } from '../store';
import { createAccountPages } from './account-pages';
import { createLoginPage } from './login-page';
import { buildLoginRouteTable, routeKey } from './routes';
import { createAccountService } from './services/account-service';
import { createAuthService } from './services/auth-service';
import { createAvatarService } from './services/avatars';

export interface LoginServiceOptions {
  config: UpstreamConfig;
  store: Store;
  /** overrides config.loginPort (0 = a free port) */
  port?: number;
  logger?: Logger;
  /** unix ms clock of the services (tests move it instead of waiting for expiry) */
  now?: () => number;
  /** uploads handled at once (default MAX_CONCURRENT_UPLOADS); more are refused at once */
  maxConcurrentUploads?: number;
  /** how long one upload's body may take to arrive (default UPLOAD_READ_DEADLINE_MS) */
  uploadReadDeadlineMs?: number;
  /** the signs already accepted; replicas share one (default: this process's memory) */
  replayCache?: ReplayCache;
}

/**
 * Uploads one process handles at once: each may hold an 11 MiB body and a decode. More are
 * answered at once with UploadHeader's `-1 图片上传失败`, their bodies discarded unread.
 */
export const MAX_CONCURRENT_UPLOADS = 4;
/** Uploads one user may have in progress at once: one account cannot hold every slot. */
export const MAX_UPLOADS_PER_USER = 1;
/**
 * How long one upload's whole body may take to arrive. The caller is the gateway, sending a body
 * it already holds over the platform's own network: 11 MiB take well under a second there, so
 * whoever takes longer is stalling (408, `-1 图片上传超时，请重试`, the connection cut). Below the
 * server's requestTimeout (30 s), so the answer is this envelope rather than Node's bare 408.
 */
export const UPLOAD_READ_DEADLINE_MS = 20_000;

export type { RunningServer } from '../http/listen';

/** Paths the service answers outside its API's route table (their own label in the request metrics). */
const OWN_PAGES = new Set(['/healthz', '/readyz', '/metrics', '/login', '/bind', '/email', '/phone', '/find-password']);

export function createLoginServiceHandler(options: LoginServiceOptions) {
  const { config, store } = options;
  const logger = options.logger ?? createLogger(config.logLevel, 'login-service');
  const now = options.now ?? Date.now;
  const uploadSlots = createSlots(options.maxConcurrentUploads ?? MAX_CONCURRENT_UPLOADS, {
    perHolder: MAX_UPLOADS_PER_USER,
  });
  const metrics = createServiceMetrics({
    uploadSlotsInUse: () => uploadSlots.inUse,
    uploadSlotsLimit: uploadSlots.limit,
  });
  const auth = createAuthService({
    store,
    config,
    logger,
    now,
    onThrottled: (waitMs) => metrics.loginThrottleWaits.observe(waitMs / 1000),
  });
  const accounts = createAccountService({ store, auth, logger, now });
  const avatars = createAvatarService({ store, logger });
  const routes = buildLoginRouteTable({ auth, accounts, avatars });
  const page = createLoginPage({ config, auth });
  const accountPages = createAccountPages({ config, auth, accounts });
  const uploadReadDeadlineMs = options.uploadReadDeadlineMs ?? UPLOAD_READ_DEADLINE_MS;
  const replay = countingReplays(options.replayCache ?? createInProcessReplayCache(), () =>
    metrics.replayedSigns.inc(),
  );
  const serveOperatorPath = createOperatorPaths({
    readiness: [{ name: 'database', check: () => store.ping() }],
    metrics,
    metricsToken: config.metricsToken,
    trustedProxies: config.trustedProxies,
  });
  /** the route pattern of a path, a bounded label for the request metrics */
  const routeOf = (method: string, path: string): string => {
    const lower = path.replace(/\/+$/, '').toLowerCase() || '/';
    if (OWN_PAGES.has(lower)) return lower;
    return routes.get(routeKey(method, path))?.path ?? 'unknown';
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://login.invalid');
    } catch {
      throw new ApiError(400, Code.badParameter, '请求地址无效');
    }
    const pathname = url.pathname.replace(/\/+$/, '') || '/';
    const readOnly = req.method === 'GET' || req.method === 'HEAD';

    if (pathname === '/healthz' && readOnly) {
      sendJson(res, 200, { status: 'ok' });
      return;
    }
    if (await serveOperatorPath(req, res, pathname)) return;
    if (pathname.toLowerCase() === '/login') {
      if (readOnly) return page.show(req, res, url);
      if (req.method === 'POST') return page.submit(req, res);
    }
    if (await accountPages.handle(req, res, url, pathname)) return;

    const route = routes.get(routeKey(req.method ?? 'GET', pathname));
    if (!route) throw notFound(MESSAGES.unknownPath);

    if (route.upload) {
      // Who sends an upload is known before it costs anything: the signature headers before any of
      // the body is read, then the signed fields before the file (the token: a user with a session),
      // and only then a slot (at most MAX_UPLOADS_PER_USER per user) and the file. The whole body must
      // arrive within the upload deadline, so nobody holds a slot, or a connection, by trickling.
      const upload = openSignedUpload(
        req,
        url,
        config,
        logger,
        replay,
        route.upload,
        uploadReadDeadlineMs,
        'login-service',
      );
      let release: (() => void) | null = null;
      try {
        const uploader = await route.upload.uploader(new Params(await upload.signedFields()));
        release = uploadSlots.tryAcquire(uploader);
        if (!release) {
          const perUser = uploadSlots.heldBy(uploader) >= uploadSlots.perHolder;
          metrics.uploadRefusals.inc({ reason: perUser ? 'per_user' : 'busy' });
          logger.warn(
            perUser
              ? `upload refused: user ${uploader} already has ${uploadSlots.perHolder} in progress`
              : `upload refused: ${uploadSlots.limit} already in progress`,
          );
          throw route.upload.busy();
        }
        // the slot is held while the file is read and decoded: both take memory and time
        const { pairs, files } = await upload.whole();
        sendEnvelope(res, 200, await route.handle({ params: new Params(pairs), clientIp: clientAddress(req), files }));
      } catch (error) {
        upload.abandon();
        if (error instanceof ApiError && error.status === 408) metrics.uploadRefusals.inc({ reason: 'deadline' });
        if (error instanceof ApiError && error.status === 408)
          logger.warn(`upload cut off: its body did not arrive within ${uploadReadDeadlineMs} ms`);
        throw error;
      } finally {
        release?.();
      }
      return;
    }
    const pairs = await readSignedParams(req, url, route.method, config, logger, replay, 'login-service');
    sendEnvelope(res, 200, await route.handle({ params: new Params(pairs), clientIp: clientAddress(req), files: [] }));
  }

  return serveEnvelopes(logger, handle, { metrics, routeOf });
}

export async function startLoginService(options: LoginServiceOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(options.config.logLevel, 'login-service');
  // replicas share the signs already accepted (REDIS_URL)
  const shared = options.replayCache ? null : await openSharedReplayCache(options.config, 'login-service', logger);
  const server = createServer(
    createLoginServiceHandler({ ...options, logger, replayCache: options.replayCache ?? shared?.cache }),
  );
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  let running: RunningServer;
  try {
    running = await listen(server, options.config.host, options.port ?? options.config.loginPort);
  } catch (error) {
    await shared?.close();
    throw error;
  }
  return {
    ...running,
    close: async () => {
      await running.close();
      await shared?.close();
    },
  };
}
