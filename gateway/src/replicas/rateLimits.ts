/**
 * The request rate limits' counters (config RATE_LIMIT_*; yoga/rateLimits.ts decides what an operation
 * weighs and whose it is). Four budgets, each counted per window: operations of one signed-in user,
 * operations from one client address, and the same two for the expensive operations.
 *
 * The counting is rate-limiter-flexible's: with REDIS_URL, RateLimiterRedis (one atomic INCR-and-expire
 * script per count) on a connection of its own, keys under `<REDIS_PREFIX>rate-limits:<budget>:<who>`,
 * so every gateway replica adds to the same counts and a user spreading requests over replicas is
 * refused on all of them; without it, RateLimiterMemory in the process. A key over its budget is also
 * remembered in the process for the rest of its window (inMemoryBlockOnConsumed), so a client that
 * keeps flooding costs this replica no further Redis call.
 *
 * Redis failing must not take the platform down with it: rate limits protect the service, and
 * refusing every request because the counter is away would be the outage they exist to prevent. So
 * when Redis does not answer (not connected, or a command past its timeout) this fails open: each
 * count goes to a fallback RateLimiterMemory of this process instead (every replica then counts
 * alone, N replicas allow N times the budget, but one client is still held back), one warning is
 * logged for the whole outage, and Redis is asked again after a short pause; when it answers, one
 * line says so and the shared counts resume (what was counted meanwhile in the process is dropped).
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitSettings } from '../config';
import type { Logger } from '../logger';

export const RATE_LIMIT_KEYS = 'rate-limits:';

/** The four budgets, as they appear in the Redis keys. */
export type RateBudget = 'user-operations' | 'address-operations' | 'user-expensive' | 'address-expensive';

/** Whose request it is. */
export interface RateSubject {
  /** the signed-in person (or one browser of a shared identity, see yoga/rateLimits.ts); null: nobody signed in */
  user: string | null;
  /** the client address (http/clientAddress.ts); null when unknown or not limited */
  address: string | null;
}

export type RateVerdict = { allowed: true } | { allowed: false; budget: RateBudget; retryAfterMs: number };

export interface RateLimits {
  /** whether the counts are kept in Redis, shared by the replicas */
  readonly shared: boolean;
  /** counts one operation on every budget that applies to it and says whether it may run */
  consume(subject: RateSubject, expensive: boolean): Promise<RateVerdict>;
  /** resolves once the Redis connection is ready or has failed (then the counts start in the process) */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  settings: RateLimitSettings;
  /** REDIS_URL; null: counted in this process */
  redisUrl: string | null;
  /** REDIS_PREFIX: the keys are <prefix>rate-limits:… */
  prefix: string;
  logger: Logger;
  /** after Redis failed, how long the counts stay in the process before Redis is asked again */
  retryRedisAfterMs?: number;
  /** the longest one Redis command may take before the count goes to the process instead */
  commandTimeoutMs?: number;
}

interface Budget {
  name: RateBudget;
  of: keyof RateSubject;
  expensive: boolean;
  points: number;
  /** RateLimiterRedis when shared, else null */
  shared: RateLimiterAbstract | null;
  /** the process's own count: the only one without Redis, the fallback with it */
  local: RateLimiterMemory;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether any budget is on (all four 0: no limits, no Redis connection). */
export function rateLimitsEnabled(settings: RateLimitSettings): boolean {
  return (
    settings.userOperations > 0 ||
    settings.addressOperations > 0 ||
    settings.userExpensive > 0 ||
    settings.addressExpensive > 0
  );
}

/** The rate limits of RATE_LIMIT_*; null when every budget is off. */
export function createRateLimits({
  settings,
  redisUrl,
  prefix,
  logger,
  retryRedisAfterMs = 5_000,
  commandTimeoutMs = 500,
}: RateLimitOptions): RateLimits | null {
  if (!rateLimitsEnabled(settings)) return null;
  const redis = redisUrl
    ? new Redis(redisUrl, {
        connectionName: `${prefix}gateway-rate-limits`,
        // every GraphQL operation waits on its count: a Redis that stalls must not hold them for long
        commandTimeout: commandTimeoutMs,
        maxRetriesPerRequest: 1,
        connectTimeout: 10_000,
      })
    : null;
  // ioredis reports each failed reconnection; the outage itself is logged once, by the first count it fails
  redis?.on('error', (error: Error) => logger.debug(`redis rate limits: ${error.message}`));

  const plan: [RateBudget, keyof RateSubject, boolean, number][] = [
    ['user-operations', 'user', false, settings.userOperations],
    ['address-operations', 'address', false, settings.addressOperations],
    ['user-expensive', 'user', true, settings.userExpensive],
    ['address-expensive', 'address', true, settings.addressExpensive],
  ];
  const budgets: Budget[] = plan
    .filter(([, , , points]) => points > 0)
    .map(([name, of, expensive, points]) => {
      const keyPrefix = `${prefix}${RATE_LIMIT_KEYS}${name}`;
      return {
        name,
        of,
        expensive,
        points,
        shared: redis
          ? new RateLimiterRedis({
              storeClient: redis,
              keyPrefix,
              points,
              duration: settings.windowSeconds,
              // not connected: fail at once (and count in the process) rather than queue the command
              rejectIfRedisNotReady: true,
              // over the budget: refused by this process for the rest of the window without asking Redis
              inMemoryBlockOnConsumed: points + 1,
            })
          : null,
        local: new RateLimiterMemory({ keyPrefix, points, duration: settings.windowSeconds }),
      };
    });

  /** Redis failed: until this time the counts go to the process (null: Redis is asked) */
  let localUntil: number | null = null;
  /** an outage has been logged and not yet seen to end */
  let outage = false;

  const redisFailed = (budget: RateBudget, error: unknown) => {
    localUntil = Date.now() + retryRedisAfterMs;
    if (outage) return;
    outage = true;
    logger.warn(
      `redis rate limits: counting failed (${budget}: ${message(error)}); requests are served and each gateway counts alone until Redis answers again`,
    );
  };

  /** the milliseconds until the budget has room again when this operation is over it, else null */
  const count = async (budget: Budget, key: string): Promise<number | null> => {
    if (budget.shared && (localUntil === null || Date.now() >= localUntil)) {
      try {
        await budget.shared.consume(key);
        if (outage) {
          outage = false;
          localUntil = null;
          logger.info('redis rate limits: Redis answers again; the gateways count together again');
        }
        return null;
      } catch (error) {
        if (error instanceof RateLimiterRes) return error.msBeforeNext;
        redisFailed(budget.name, error);
      }
    }
    try {
      await budget.local.consume(key);
      return null;
    } catch (error) {
      if (error instanceof RateLimiterRes) return error.msBeforeNext;
      throw error;
    }
  };

  return {
    shared: redis !== null,
    async consume(subject, expensive) {
      const applying = budgets.filter((budget) => (expensive || !budget.expensive) && subject[budget.of] !== null);
      const waits = await Promise.all(applying.map((budget) => count(budget, subject[budget.of]!)));
      let refusal: RateVerdict = { allowed: true };
      waits.forEach((wait, index) => {
        if (wait === null) return;
        if (refusal.allowed || wait > refusal.retryAfterMs)
          refusal = { allowed: false, budget: applying[index]!.name, retryAfterMs: wait };
      });
      return refusal;
    },
    async ready() {
      if (!redis || redis.status === 'ready') return;
      // a Redis that takes the connection but never answers delays the start by 10 s at most
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          redis.off('ready', done);
          redis.off('error', done);
          resolve();
        };
        const timer = setTimeout(done, 10_000);
        redis.on('ready', done);
        redis.on('error', done);
      });
    },
    async close() {
      if (!redis) return;
      if (redis.status !== 'ready') {
        redis.disconnect();
        return;
      }
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
