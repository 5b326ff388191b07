/**
 * The figures an operator scrapes from GET /metrics (Prometheus text, prom-client; gateway/OPERATING.md
 * lists them). The process's own (CPU, memory, event loop, GC, and how often the supervisor of
 * `npm start` restarted it) are collected once per process; each server has a registry of its own
 * for its requests and its guards, so that two servers in one process (the tests) keep apart.
 * Label values are bounded: a route's pattern, never a raw URL; a status class, never a user's value.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

let processRegistry: Registry | undefined;

/** CPU, memory, event loop, GC and the supervisor's restarts of this process: one set per process. */
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  processRegistry = new Registry();
  collectDefaultMetrics({ register: processRegistry });
  const restarts = Number(process.env.PLATFORM_RESTARTS);
  new Gauge({
    name: 'process_supervisor_restarts',
    help: 'Times the supervisor of npm start restarted this service before this process (PLATFORM_RESTARTS; 0 when started by hand)',
    registers: [processRegistry],
  }).set(Number.isFinite(restarts) && restarts > 0 ? restarts : 0);
  return processRegistry;
}

/** "2xx", "4xx", ...: the status's class, a bounded label. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export interface ServiceMetrics {
  readonly registry: Registry;
  /** one observation per answered request: route pattern, method, status class */
  readonly httpRequestDuration: Histogram<'route' | 'method' | 'status'>;
  /** signed requests refused because their sign had been accepted before */
  readonly replayedSigns: Counter;
  /** uploads refused: busy (every slot taken), per_user (the user already uploads), deadline (the body came too slowly) */
  readonly uploadRefusals: Counter<'reason'>;
  /** password attempts answered with a wait (brute-force protection), and the waits */
  readonly loginThrottleWaits: Histogram;
  /** the Prometheus text of the process's and this server's figures */
  text(): Promise<string>;
  readonly contentType: string;
}

export interface ServiceMetricsOptions {
  /** upload slots in use now, when the server has upload slots */
  uploadSlotsInUse?: () => number;
  uploadSlotsLimit?: number;
}

export function createServiceMetrics(options: ServiceMetricsOptions = {}): ServiceMetrics {
  const own = processMetrics();
  const registry = new Registry();
  const registers = [registry];
  const httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered, by route pattern, method and status class, and how long they took',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 90],
    registers,
  });
  const replayedSigns = new Counter({
    name: 'signed_requests_replayed_total',
    help: 'Signed requests refused (401/4001) because their sign had already been accepted once',
    registers,
  });
  const uploadRefusals = new Counter({
    name: 'upload_refusals_total',
    help: 'Uploads refused: busy (every slot taken), per_user (that user already has one in progress), deadline (the body did not arrive in time)',
    labelNames: ['reason'] as const,
    registers,
  });
  const loginThrottleWaits = new Histogram({
    name: 'login_throttle_wait_seconds',
    help: 'Password attempts answered with a wait instead of being checked (brute-force protection), by the wait imposed',
    buckets: [5, 10, 30, 60, 300, 900],
    registers,
  });
  const { uploadSlotsInUse } = options;
  if (uploadSlotsInUse) {
    new Gauge({
      name: 'upload_slots_in_use',
      help: 'Upload slots taken now',
      registers,
      collect() {
        this.set(uploadSlotsInUse());
      },
    });
    new Gauge({ name: 'upload_slots_limit', help: 'Upload slots of this process', registers }).set(
      options.uploadSlotsLimit ?? 0,
    );
  }
  return {
    registry,
    httpRequestDuration,
    replayedSigns,
    uploadRefusals,
    loginThrottleWaits,
    contentType: registry.contentType,
    async text() {
      return `${await own.metrics()}\n${await registry.metrics()}`;
    },
  };
}

/** The main API's background AI-content job: videos still missing or stale after its last batch (its queue's depth). */
export function aiContentBacklogGauge(metrics: ServiceMetrics): Gauge {
  return new Gauge({
    name: 'ai_content_backlog_videos',
    help: "Videos whose AI content is missing or stale after the background job's last batch (the job's queue)",
    registers: [metrics.registry],
  });
}
