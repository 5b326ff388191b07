/**
 * What keeps one slow or stalled upstream from holding the gateway: every call of a client (one
 * pool, one service) passes here before it is sent.
 *   - a circuit breaker: after `failuresToOpen` calls in a row that got no answer (network failure or
 *     timeout) the circuit opens, and for `openMs` every call is refused at once as 'unavailable'
 *     instead of waiting its own timeout; then one call goes through as a probe (the others are still
 *     refused at once while it runs): answered, the circuit closes; not, it opens again. A service
 *     that answers, even with a 5xx or a refusal, is up and never opens it.
 *   - a bound on the calls waiting: at most `maxOutstanding` calls running or queued for the pool;
 *     one more is refused as 'unavailable' rather than queued without end (memory, and answers
 *     nobody waits for any more once the service is back).
 *   - one more try of a call that changes nothing (a read) when its connection was reset or closed
 *     under it (a keep-alive connection the service closed as the request went out), never after a
 *     timeout: the service may still be working on it. The caller's `attempt` signs each try anew
 *     (a sign is accepted once).
 * cockatiel provides the breaker and the retry (typed, small, no dependencies, Node ≥ 16).
 */
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  retry,
  type CircuitBreakerPolicy,
  type RetryPolicy,
} from 'cockatiel';
import type { Logger } from '../logger';
import { UpstreamError } from './errors';

export interface UpstreamGuardOptions {
  /** the service, as the log names it (its origin) */
  service: string;
  logger: Logger;
  /** calls in a row without an answer that open the circuit (5) */
  failuresToOpen?: number;
  /** how long the circuit stays open before a probe (2 000 ms) */
  openMs?: number;
  /** the most calls running or waiting for a connection at once; more are refused */
  maxOutstanding: number;
  /** told each time the circuit changes state (the operator's breaker gauge) */
  onState?: (state: BreakerState) => void;
}

/** The circuit's state: closed (calls go through), half_open (one probe out), open (calls refused). */
export type BreakerState = 'closed' | 'half_open' | 'open';

const STATE_NAMES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.HalfOpen]: 'half_open',
  [CircuitState.Open]: 'open',
  [CircuitState.Isolated]: 'open',
};

/** Error codes of a connection that was reset or closed under a request (not a refused or timed-out one). */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Whether the HTTP client's error says the connection was reset or closed while the request was on it. */
export function isResetConnection(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RESET_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The failures that say the service did not answer at all: they count towards opening the circuit. */
function unanswered(error: Error): boolean {
  return error instanceof UpstreamError && (error.failure === 'network' || error.failure === 'timeout');
}

export class UpstreamGuard {
  private readonly breaker: CircuitBreakerPolicy;
  private readonly resend: RetryPolicy;
  private outstanding = 0;

  constructor(private readonly options: UpstreamGuardOptions) {
    const failuresToOpen = options.failuresToOpen ?? 5;
    const openMs = options.openMs ?? 2_000;
    this.breaker = circuitBreaker(handleWhen(unanswered), {
      halfOpenAfter: openMs,
      breaker: new ConsecutiveBreaker(failuresToOpen),
    });
    this.breaker.onBreak(() =>
      options.logger.warn(
        `upstream ${options.service}: ${failuresToOpen} calls in a row got no answer; calls are refused for ${openMs} ms, then one is tried`,
      ),
    );
    this.breaker.onReset(() => options.logger.info(`upstream ${options.service} answers again; calls go through`));
    const { onState } = options;
    if (onState) {
      onState('closed');
      this.breaker.onStateChange((state) => onState(STATE_NAMES[state]));
    }
    this.resend = retry(
      handleWhen(
        (error) => error instanceof UpstreamError && error.failure === 'network' && isResetConnection(error.cause),
      ),
      { maxAttempts: 1 },
    );
    this.resend.onRetry(() =>
      options.logger.debug(`upstream ${options.service}: a read's connection was reset; sent once more`),
    );
  }

  /** Whether calls are refused at once now (the circuit is open, or its probe is out). */
  get refusing(): boolean {
    return this.breaker.state !== CircuitState.Closed;
  }

  /**
   * Runs one call: `attempt` sends it (signed afresh each time it is invoked) and throws UpstreamError
   * when it gets no usable answer. `resend`: the call changes nothing and may be sent once more on a
   * reset connection. `signal` is the call's deadline (no second try once it has passed). Throws
   * UpstreamError 'unavailable' without calling `attempt` when the circuit is open or too many calls wait.
   */
  async run<T>(
    path: string,
    attempt: () => Promise<T>,
    { resend, signal }: { resend: boolean; signal: AbortSignal },
  ): Promise<T> {
    if (this.outstanding >= this.options.maxOutstanding) {
      throw new UpstreamError(
        'unavailable',
        path,
        null,
        null,
        `${this.outstanding} calls already wait for ${this.options.service}`,
      );
    }
    // cockatiel lets calls made during the probe wait for its outcome; here they are refused at once
    if (this.breaker.state === CircuitState.HalfOpen) throw this.openCircuit(path);
    this.outstanding += 1;
    try {
      return await this.breaker.execute(() => (resend ? this.resend.execute(attempt, signal) : attempt()), signal);
    } catch (error) {
      if (error instanceof BrokenCircuitError) throw this.openCircuit(path);
      throw error;
    } finally {
      this.outstanding -= 1;
    }
  }

  private openCircuit(path: string): UpstreamError {
    return new UpstreamError(
      'unavailable',
      path,
      null,
      null,
      `${this.options.service} got no answer to the last calls; not called for now`,
    );
  }
}
