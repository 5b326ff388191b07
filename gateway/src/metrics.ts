/**
 * The figures an operator scrapes from the gateway's GET /metrics (Prometheus text, prom-client;
 * gateway/OPERATING.md lists them). The process's own (CPU, memory, event loop, GC, restarts by the
 * supervisor of `npm start`) are collected once per process; each gateway has a registry of its own
 * for its requests, its upstream calls and its guards (tests run several gateways in one process).
 * Every label value is bounded: route patterns, status classes, the three upstream pools, the
 * outcomes below, and GraphQL operation names up to MAX_OPERATION_NAMES (then "other").
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

let processRegistry: Registry | undefined;

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

/** How an upstream call ended, as the transport sees it (upstream/client.ts UpstreamObserver). */
export type UpstreamOutcome = 'ok' | 'error' | 'timeout' | 'breaker_open' | 'overloaded';
/** The circuit breaker's state as a number: 0 closed, 1 half-open (one probe out), 2 open. */
export const BREAKER_STATE = { closed: 0, half_open: 1, open: 2 } as const;

/** GraphQL operation names kept as label values; later new names count as "other". */
export const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,79}$/;

export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export interface GatewayMetrics {
  readonly contentType: string;
  text(): Promise<string>;
  httpRequestDuration: Histogram<'route' | 'method' | 'status'>;
  upstreamCalls: Counter<'service' | 'outcome'>;
  upstreamCallDuration: Histogram<'service'>;
  breakerState: Gauge<'service'>;
  uploadRefusals: Counter<'reason'>;
  /** one GraphQL operation executed: its name (bounded), its type, whether it had errors, its duration, the upstream requests it made */
  observeOperation(
    name: string | null | undefined,
    type: string,
    hadErrors: boolean,
    seconds: number,
    upstreamCalls: number,
  ): void;
  /** upload slots in use now (yoga/uploads.ts tells) */
  setUploadSlotsInUse(count: number): void;
  /** reports per coalesced AddPlayLogs call (play/playLogBatch.ts) */
  playLogBatchSize: Histogram;
  /** AI answers streaming to askers now, and the answers that ended, by how */
  aiAnswersInFlight: Gauge;
  aiAnswers: Counter<'ending'>;
}

export function createGatewayMetrics(): GatewayMetrics {
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
  const upstreamCalls = new Counter({
    name: 'gateway_upstream_calls_total',
    help: 'Calls to the upstream services by pool (main-api, login-service, media) and outcome: ok (an answer), error (an unusable answer or none), timeout, breaker_open (refused at once by the open circuit), overloaded (refused: too many calls waiting)',
    labelNames: ['service', 'outcome'] as const,
    registers,
  });
  const upstreamCallDuration = new Histogram({
    name: 'gateway_upstream_call_duration_seconds',
    help: 'How long the upstream calls that were sent took, by pool',
    labelNames: ['service'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 90],
    registers,
  });
  const breakerState = new Gauge({
    name: 'gateway_upstream_breaker_state',
    help: 'The circuit breaker of each upstream pool: 0 closed (calls go through), 1 half-open (one probe out, the rest refused), 2 open (calls refused)',
    labelNames: ['service'] as const,
    registers,
  });
  const uploadRefusals = new Counter({
    name: 'gateway_upload_refusals_total',
    help: 'Multipart uploads refused: login (no signed-in viewer), busy (every slot taken), per_user (that user already uploads), deadline (the body came too slowly), too_large',
    labelNames: ['reason'] as const,
    registers,
  });
  const uploadSlots = new Gauge({ name: 'gateway_upload_slots_in_use', help: 'Upload slots taken now', registers });
  const operations = new Histogram({
    name: 'gateway_graphql_operation_duration_seconds',
    help: 'GraphQL operations executed, by operation name (the first 200 names seen, then "other"), type and whether the result had errors',
    labelNames: ['operation', 'type', 'errors'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 90],
    registers,
  });
  const operationUpstreamCalls = new Histogram({
    name: 'gateway_graphql_operation_upstream_requests',
    help: 'Upstream requests (main API and login service) one GraphQL operation made, by operation name',
    labelNames: ['operation'] as const,
    buckets: [0, 1, 2, 4, 8, 16, 32, 64],
    registers,
  });
  const playLogBatchSize = new Histogram({
    name: 'gateway_play_log_batch_size',
    help: 'Play reports per coalesced AddPlayLogs call to the main API',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers,
  });
  const aiAnswersInFlight = new Gauge({
    name: 'gateway_ai_answers_in_flight',
    help: 'AI answers (askAI) streaming to askers now',
    registers,
  });
  const aiAnswers = new Counter({
    name: 'gateway_ai_answers_total',
    help: 'AI answers that ended, by how: done, failed (the stream broke off or the answer failed), cancelled (the asker left)',
    labelNames: ['ending'] as const,
    registers,
  });
  const names = new Set<string>();
  const operationLabel = (name: string | null | undefined): string => {
    if (!name) return 'anonymous';
    if (!OPERATION_NAME.test(name)) return 'other';
    if (names.has(name)) return name;
    if (names.size >= MAX_OPERATION_NAMES) return 'other';
    names.add(name);
    return name;
  };
  return {
    contentType: registry.contentType,
    async text() {
      return `${await own.metrics()}\n${await registry.metrics()}`;
    },
    httpRequestDuration,
    upstreamCalls,
    upstreamCallDuration,
    breakerState,
    uploadRefusals,
    observeOperation(name, type, hadErrors, seconds, upstreamCalls) {
      const operation = operationLabel(name);
      operations.observe({ operation, type, errors: hadErrors ? 'yes' : 'no' }, seconds);
      operationUpstreamCalls.observe({ operation }, upstreamCalls);
    },
    setUploadSlotsInUse(count) {
      uploadSlots.set(count);
    },
    playLogBatchSize,
    aiAnswersInFlight,
    aiAnswers,
  };
}
