/**
 * The operator's paths both upstream servers answer beside /healthz (alive), unsigned:
 *   GET /readyz   200 {"status":"ready"} when every check passes within READY_TIMEOUT_MS (the
 *                 database answers a trivial query), else 503 {"status":"not ready","failed":{name: reason}}
 *   GET /metrics  Prometheus text (metrics.ts), for the operator only: with METRICS_TOKEN set, to
 *                 `Authorization: Bearer <token>`; without it, to a peer on loopback or in
 *                 TRUSTED_PROXIES that forwards nobody (no X-Forwarded-For / Forwarded header: a
 *                 scraper, not a browser behind the proxy); 403 otherwise.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { addressMatcher } from './cidr';
import { sendJson } from './envelope';

/** How long a readiness check may take before it counts as failed. */
export const READY_TIMEOUT_MS = 1_000;

export interface ReadinessCheck {
  name: string;
  /** resolves (or returns) when the dependency answers; throws or rejects when it does not */
  check: () => unknown;
}

export interface OperatorPaths {
  readiness: ReadinessCheck[];
  metrics: { text(): Promise<string>; contentType: string };
  /** METRICS_TOKEN, when set */
  metricsToken?: string | null;
  /** TRUSTED_PROXIES (loopback is always allowed) */
  trustedProxies: readonly string[];
}

function withinTimeout(check: ReadinessCheck): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(`no answer within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
    Promise.resolve()
      .then(check.check)
      .then(
        () => resolve(null),
        (error: unknown) => resolve(error instanceof Error ? error.message : String(error)),
      )
      .finally(() => clearTimeout(timer));
  });
}

/** The failed checks' reasons by name (empty: ready). */
export async function failedChecks(checks: readonly ReadinessCheck[]): Promise<Record<string, string>> {
  const reasons = await Promise.all(checks.map(withinTimeout));
  const failed: Record<string, string> = {};
  checks.forEach((check, index) => {
    const reason = reasons[index];
    if (reason !== null && reason !== undefined) failed[check.name] = reason;
  });
  return failed;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createOperatorPaths(options: OperatorPaths) {
  const trusted = addressMatcher(['127.0.0.0/8', '::1', ...options.trustedProxies]);
  const metricsAllowed = (req: IncomingMessage): boolean => {
    if (options.metricsToken) return bearerMatches(req.headers.authorization, options.metricsToken);
    const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');
    return trusted(peer) && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
  };

  /** Answers /readyz and /metrics (true), or leaves the request to the server (false). */
  return async function serveOperatorPath(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (pathname === '/readyz') {
      const failed = await failedChecks(options.readiness);
      const ready = Object.keys(failed).length === 0;
      sendJson(res, ready ? 200 : 503, ready ? { status: 'ready' } : { status: 'not ready', failed });
      return true;
    }
    if (pathname === '/metrics') {
      if (!metricsAllowed(req)) {
        sendJson(res, 403, { status: 'forbidden' });
        return true;
      }
      const text = await options.metrics.text();
      res.writeHead(200, { 'Content-Type': options.metrics.contentType, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
      return true;
    }
    return false;
  };
}
