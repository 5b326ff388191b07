/**
 * The replay cache of main-API and login-service replicas (REDIS_URL): a sign accepted by one replica
 * is refused by every other, since a captured request could otherwise be sent again to another
 * replica behind the same load balancer. One step per sign: `SET <prefix>sign:<sign> 1 NX EX ttl`.
 *
 * While Redis does not answer, signs are checked against this process's own memory instead (the
 * fallback), with a warning: the service keeps serving, and a replay is still refused by the replica
 * that accepted it; only one sent to another replica during the outage could pass.
 */
import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { createInProcessReplayCache, type ReplayCache } from './replay-cache';

export interface RedisReplayCacheOptions {
  /** REDIS_PREFIX: keys are <prefix>sign:<sign> */
  prefix: string;
  logger: Logger;
  /** answers when Redis does not (default: this process's memory) */
  fallback?: ReplayCache;
}

/** A Redis client for the upstream's shared state: fails a command fast while disconnected, named for CLIENT LIST. */
export function connectRedis(redisUrl: string, connectionName: string, logger: Logger): Redis {
  const client = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectionName,
    lazyConnect: true,
  });
  client.on('error', (error: Error) => logger.warn(`redis (${connectionName}): ${error.message}`));
  return client;
}

export function createRedisReplayCache(redis: Redis, options: RedisReplayCacheOptions): ReplayCache {
  const fallback = options.fallback ?? createInProcessReplayCache();
  let degraded = false;
  const fellBack = (error: unknown) => {
    if (!degraded)
      options.logger.warn(
        `redis: replay cache unreachable, checking signs in this process only: ${error instanceof Error ? error.message : String(error)}`,
      );
    degraded = true;
  };
  return {
    async remember(sign, ttlSeconds) {
      // this process's memory too: a sign first seen during an outage is still refused here after it
      const firstHere = await fallback.remember(sign, ttlSeconds);
      try {
        const answer = await redis.set(
          `${options.prefix}sign:${sign}`,
          '1',
          'EX',
          Math.max(1, Math.ceil(ttlSeconds)),
          'NX',
        );
        if (degraded) options.logger.info('redis: replay cache reachable again');
        degraded = false;
        return firstHere && answer === 'OK';
      } catch (error) {
        fellBack(error);
        return firstHere;
      }
    },
    async size() {
      try {
        let count = 0;
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${options.prefix}sign:*`, 'COUNT', 1000);
          cursor = next;
          count += keys.length;
        } while (cursor !== '0');
        return count;
      } catch {
        return fallback.size();
      }
    },
  };
}

export interface SharedReplayCache {
  cache: ReplayCache;
  /** the connection, for the server's other shared state (the AI's streaming slots) */
  redis: Redis;
  close(): Promise<void>;
}

/**
 * The replay cache a server shares with its replicas when REDIS_URL is set (else null: the server
 * keeps its own). A Redis that does not answer at start-up fails the start: replicas that share
 * nothing would take each other's replays.
 */
export async function openSharedReplayCache(
  config: { redisUrl: string | null; redisPrefix: string },
  service: string,
  logger: Logger,
): Promise<SharedReplayCache | null> {
  if (!config.redisUrl) return null;
  const redis = connectRedis(config.redisUrl, `${config.redisPrefix}${service}`, logger);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `REDIS_URL: cannot share the replay cache: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    cache: createRedisReplayCache(redis, { prefix: config.redisPrefix, logger }),
    redis,
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
