/**
 * The main API's HTTP server (node:http, no framework). A request goes
 * media / healthz (unsigned) → route lookup → parameters (query or body) → signature →
 * productId header → the sign's first use → route handler → envelope; any unexpected error is
 * logged and answered with a bare 5000.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { UpstreamConfig } from '../config';
import { clientAddress } from '../http/client-address';
import { ApiError, Code, MESSAGES, notFound, sendEnvelope, sendJson } from '../http/envelope';
import { listen, type RunningServer } from '../http/listen';
import { serveEnvelopes } from '../http/serve-envelopes';
import { Params } from '../http/params';
import { createOperatorPaths } from '../http/operator';
import { countingReplays, createInProcessReplayCache, type ReplayCache } from '../http/replay-cache';
import { openSharedReplayCache } from '../http/redis-replay-cache';
import { createRedisSlots, type StreamingSlots } from '../ai/streaming-slots';
import { MAX_STREAMING_PER_USER, STREAM_DEADLINE_MS } from './services/flow-question';
import { readSignedParams, spendSignIfAny } from '../http/signed-params';
import { createLogger, type Logger } from '../logger';
import { aiContentBacklogGauge, createServiceMetrics, type ServiceMetrics } from '../metrics';
import { lectureMakerOf } from '../media/lecture/on-open';
import { createMediaGate } from '../media/media-tokens';
import { MEDIA_PREFIX, serveMediaRequest } from '../media/serve-media';
import type { MainApiData } from './data';
import type { JobQueue } from '../jobs/queue';
import { startBackgroundWork } from './background';
import { buildRouteTable, routeKey } from './routes';
import { isRawAnswer, isStreamAnswer } from './routes/route';
import { createServices } from './services';
import { createClipSlots } from './services/fragment-service';

export interface MainApiOptions {
  config: UpstreamConfig;
  store: MainApiData;
  /** overrides config.upstreamPort (0 = a free port) */
  port?: number;
  logger?: Logger;
  /** the clock of the search log and the hot keywords (tests move it past caches); Date.now */
  now?: () => number;
  /** the signs already accepted; replicas share one (default: this process's memory) */
  replayCache?: ReplayCache;
  /** where AI answers streaming at once are counted (default: this process; with REDIS_URL, Redis) */
  aiSlots?: StreamingSlots;
  /** where the clips being cut are counted (default: this process; with REDIS_URL, Redis) */
  clipSlots?: StreamingSlots;
  /** the server's figures for GET /metrics (default: new ones); startMainApi adds the background jobs' */
  metrics?: ServiceMetrics;
  /** on PostgreSQL, the job queue the background work runs on (main-api/background.ts); absent: timers in this process */
  jobs?: JobQueue | null;
}

export type { RunningServer } from '../http/listen';

export function createMainApiHandler(options: MainApiOptions) {
  const { config, store } = options;
  const logger = options.logger ?? createLogger(config.logLevel, 'main-api');
  // the platform's own names and terms into the segmenter first: search and the AI index and read questions with them
  void store.knowledge
    .loadDictionary()
    .catch((error: unknown) =>
      logger.warn(`AI dictionary not loaded: ${error instanceof Error ? error.message : String(error)}`),
    );
  const routes = buildRouteTable(
    createServices(store, {
      logger,
      now: options.now,
      ai: config.ai,
      aiSlots: options.aiSlots,
      clipSlots: options.clipSlots,
    }),
    config,
  );
  const metrics = options.metrics ?? createServiceMetrics();
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
    if (path.startsWith(MEDIA_PREFIX)) return `${MEDIA_PREFIX}*`;
    if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path;
    return routes.get(routeKey(method, path))?.path ?? 'unknown';
  };
  const mediaGate = createMediaGate(config.apiSecret);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Media paths are judged as sent: URL parsing would quietly resolve "/media/../x" to "/x".
    const rawPath = (req.url ?? '/').split('?')[0]!;
    if (rawPath.startsWith(MEDIA_PREFIX)) {
      // media need no sign, but one that comes along is spent here and then good for nothing else
      await spendSignIfAny(req, config, replay);
      await serveMediaRequest(req, res, store.mediaDir, rawPath, mediaGate);
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://upstream.invalid');
    } catch {
      throw new ApiError(400, Code.badParameter, '请求地址无效');
    }
    const pathname = url.pathname;

    if (pathname === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendJson(res, 200, { status: 'ok' });
      return;
    }
    if (await serveOperatorPath(req, res, pathname)) return;

    const route = routes.get(routeKey(req.method ?? 'GET', pathname));
    if (!route) throw notFound(MESSAGES.unknownPath);

    const pairs = await readSignedParams(req, url, route.method, config, logger, replay, 'main-api');
    const result = await route.handle({ params: new Params(pairs), clientIp: clientAddress(req) });
    const answer = result instanceof Promise ? await result : result;
    if (isStreamAnswer(answer)) {
      await answer.send(req, res);
      return;
    }
    if (isRawAnswer(answer)) {
      res.writeHead(200, {
        'Content-Type': answer.contentType,
        'Content-Length': answer.body.length,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : answer.body);
      return;
    }
    sendEnvelope(res, 200, answer);
  }

  return serveEnvelopes(logger, handle, { metrics, routeOf });
}

/** Serves the main API, and runs its background work (main-api/background.ts) until close(). */
export async function startMainApi(options: MainApiOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(options.config.logLevel, 'main-api');
  // replicas share the signs already accepted (REDIS_URL)
  const shared = options.replayCache ? null : await openSharedReplayCache(options.config, 'main-api', logger);
  // ... and count the AI answers streaming at once together (AI_MAX_CONCURRENT in all, not per replica)
  const aiSlots =
    options.aiSlots ??
    (shared
      ? createRedisSlots(shared.redis, {
          prefix: options.config.redisPrefix,
          perUser: MAX_STREAMING_PER_USER,
          everyone: options.config.ai.maxConcurrent,
          leaseMs: STREAM_DEADLINE_MS + 60_000,
          onRedisFailed: (error) =>
            logger.warn(
              `redis: AI streaming slots counted in this process: ${error instanceof Error ? error.message : String(error)}`,
            ),
        })
      : undefined);
  // ... and the clips being cut (MAX_CONCURRENT_CLIPS in all, one of a user, whichever replica cuts them)
  const clipSlots =
    options.clipSlots ?? (shared ? createClipSlots(shared.redis, options.config.redisPrefix, logger) : undefined);
  const metrics = options.metrics ?? createServiceMetrics();
  const aiContentBacklog = aiContentBacklogGauge(metrics);
  const server = createServer(
    createMainApiHandler({
      ...options,
      logger,
      replayCache: options.replayCache ?? shared?.cache,
      aiSlots,
      clipSlots,
      metrics,
    }),
  );
  // Slow or idle clients must not hold sockets forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  let running: RunningServer;
  try {
    running = await listen(server, options.config.host, options.port ?? options.config.upstreamPort);
  } catch (error) {
    await shared?.close();
    throw error;
  }
  // expired fragments and AI content of new or changed lectures, in the background, never inside a request
  const stopBackground = await startBackgroundWork(options.store, {
    ai: options.config.ai,
    logger,
    now: options.now ?? Date.now,
    jobs: options.jobs ?? null,
    work: options.config.jobWorker,
    onBacklog: (videos) => aiContentBacklog.set(videos),
  });
  return {
    ...running,
    close: async () => {
      await stopBackground();
      // a lecture being made for a video opened before (media/lecture/on-open.ts) stops; the next open resumes it
      await lectureMakerOf(options.store).stop();
      await running.close();
      await shared?.close();
    },
  };
}
