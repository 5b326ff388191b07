/**
 * The per-request frame both upstream servers share: the request's id (the gateway's X-Request-Id,
 * a new one when absent or malformed) on every line logged while it is served and on the answer;
 * an access line per answer at info (method, path only: query values belong to users and carry
 * tokens; headers carry the sign; status, duration, the id) and the request's observation in the
 * http_request_duration_seconds histogram by route pattern; and every failure turned into an
 * envelope: an ApiError as itself, anything else as 500 服务器内部错误 with the error logged, never a
 * stack on the wire.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER, requestIdFrom, withRequestId, type Logger } from '../logger';
import type { ServiceMetrics } from '../metrics';
import { statusClass } from '../metrics';
import { ApiError, Code, MESSAGES, sendEnvelope, sendError } from './envelope';

export interface RequestObservation {
  metrics: ServiceMetrics;
  /** the route pattern a path belongs to, a bounded label ('unknown' for paths no route answers) */
  routeOf: (method: string, path: string) => string;
}

/** Paths answered every few seconds by probes and scrapers: their access lines are debug, not info. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export function serveEnvelopes(
  logger: Logger,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  observation?: RequestObservation,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    res.setHeader('X-Request-Id', requestId);
    withRequestId(requestId, () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const method = req.method ?? 'GET';
      const started = process.hrtime.bigint();
      // 'close' comes for every request, answered in full (writableFinished) or cut off by the client
      res.once('close', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const route = observation?.routeOf(method, path) ?? 'unknown';
        observation?.metrics.httpRequestDuration.observe(
          { route, method, status: statusClass(res.statusCode) },
          seconds,
        );
        const completed = res.writableFinished;
        // the id named here too: the event need not run in the request's async context
        const line = {
          reqId: requestId,
          method,
          path: route === 'unknown' ? '(unknown path)' : path,
          route,
          status: res.statusCode,
          durationMs: Math.round(seconds * 10_000) / 10,
          ...(completed ? {} : { aborted: true }),
        };
        const message = completed ? 'request completed' : 'request aborted';
        if (PROBE_PATHS.has(path)) logger.debug(message, line);
        else logger.info(message, line);
      });
      handle(req, res).catch((error: unknown) => {
        if (res.headersSent) {
          logger.error(`failure after the answer started: ${method} ${path}`, error);
          res.destroy();
          return;
        }
        if (error instanceof ApiError) {
          // no Connection: close for a refused body (413): body.ts lingers, then cuts the connection,
          // so that the client can read this answer before it does
          sendError(res, error);
          return;
        }
        logger.error(`unexpected failure in ${method} ${path}`, error);
        sendEnvelope(res, 500, { code: Code.internal, message: MESSAGES.internal, items: null });
      });
    });
  };
}
