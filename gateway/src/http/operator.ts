/**
 * The operator's paths beside /healthz (alive), outside GraphQL:
 *   GET /readyz   200 {"status":"ready"} when the main API and the login service answer their /healthz
 *                 within READY_TIMEOUT_MS (the gateway has no database of its own), else 503
 *                 {"status":"not ready","failed":{"main-api": reason, ...}}
 *   GET /metrics  Prometheus text (metrics.ts), for the operator only. With METRICS_TOKEN set, to
 *                 `Authorization: Bearer <token>` alone. Without it, to a peer on loopback or in
 *                 TRUSTED_PROXIES that forwards nobody: a request a reverse proxy passes on from the
 *                 internet carries X-Forwarded-For (or Forwarded) and is refused 403, so the figures
 *                 stay private even when the proxy forwards every path; a scraper beside the gateway,
 *                 or the proxy's own health checks, get them. The gateway is the one public port, so
 *                 it cannot answer /metrics to everyone, and a token is the way for a scraper on
 *                 another host.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TrustTest } from './clientAddress';
import { sendText } from './send';

/** How long an upstream's /healthz may take before the gateway is not ready. */
export const READY_TIMEOUT_MS = 1_000;

export interface OperatorPathsOptions {
  /** the services the gateway needs, by name: their base URLs (each answers GET /healthz) */
  upstreams: Record<string, string>;
  metrics: { text(): Promise<string>; contentType: string };
  metricsToken?: string | null;
  /** loopback and TRUSTED_PROXIES */
  trusted: TrustTest;
}

async function healthz(baseUrl: string): Promise<string | null> {
  try {
    const response = await fetch(new URL('healthz', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`), {
      signal: AbortSignal.timeout(READY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok ? null : `/healthz answered ${response.status}`;
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${READY_TIMEOUT_MS} ms`;
    const cause = (error as { cause?: { code?: string } } | null)?.cause?.code;
    return cause ? `unreachable (${cause})` : 'unreachable';
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export function createOperatorPaths(options: OperatorPathsOptions) {
  const metricsAllowed = (req: IncomingMessage): boolean => {
    if (options.metricsToken) return bearerMatches(req.headers.authorization, options.metricsToken);
    const peer = req.socket.remoteAddress ?? '';
    const direct = req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
    return direct && (LOOPBACK.test(peer) || options.trusted(peer));
  };

  /** Answers /readyz and /metrics (true), or leaves the request to the other routes (false). */
  return async function serveOperatorPath(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (pathname === '/readyz') {
      const names = Object.keys(options.upstreams);
      const reasons = await Promise.all(names.map((name) => healthz(options.upstreams[name]!)));
      const failed = Object.fromEntries(
        names.flatMap((name, index) => (reasons[index] ? [[name, reasons[index]]] : [])),
      );
      const ready = Object.keys(failed).length === 0;
      sendText(
        res,
        ready ? 200 : 503,
        JSON.stringify(ready ? { status: 'ready' } : { status: 'not ready', failed }),
        'application/json; charset=utf-8',
      );
      return true;
    }
    if (pathname === '/metrics') {
      if (!metricsAllowed(req)) {
        sendText(res, 403, JSON.stringify({ status: 'forbidden' }), 'application/json; charset=utf-8');
        return true;
      }
      sendText(res, 200, await options.metrics.text(), options.metrics.contentType);
      return true;
    }
    return false;
  };
}
