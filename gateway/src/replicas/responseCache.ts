/**
 * The response cache's store in Redis (REDIS_URL), shared by every gateway replica: an answer one
 * gateway cached is served by all, and a mutation through any of them drops the answers that showed
 * what it changed, for all (yoga/responseCache.ts decides what is cached).
 *
 * The store is @envelop/response-cache-redis on a connection of its own whose ioredis keyPrefix puts
 * every key under `<REDIS_PREFIX>response-cache:`. Around it, three things the library leaves out:
 *  - its index sets (entity → answers, answer → entities) never expire; here each is given the answer's
 *    lifetime again whenever an answer is added to it, so an index outlives its last answer by at most
 *    that, instead of growing for as long as Redis runs;
 *  - dropping a whole type (an entity without id) walks `KEYS Type:*` over the whole Redis, which a
 *    shared Redis should not be asked on every mutation; the type's own index set names every answer
 *    that held one of its entities, so that set is enough;
 *  - a Redis that does not answer must not fail the read: a lookup that fails is a miss, and a store
 *    or a drop that fails is logged (the answer then lives its short TTL at most).
 */
import type { Cache, CacheEntityRecord } from '@envelop/response-cache';
import {
  createRedisCache,
  defaultBuildRedisEntityId,
  defaultBuildRedisOperationResultCacheKey,
} from '@envelop/response-cache-redis';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';

export const RESPONSE_CACHE_KEYS = 'response-cache:';

export interface SharedResponseCache {
  cache: Cache;
  close(): Promise<void>;
}

export interface ResponseCacheStoreOptions {
  redisUrl: string;
  /** REDIS_PREFIX: the keys are <prefix>response-cache:… */
  prefix: string;
  logger: Logger;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createRedisResponseCache({ redisUrl, prefix, logger }: ResponseCacheStoreOptions): SharedResponseCache {
  const redis = new Redis(redisUrl, {
    keyPrefix: `${prefix}${RESPONSE_CACHE_KEYS}`,
    // a read waits on the cache at most this long before it is answered without it
    maxRetriesPerRequest: 1,
    connectTimeout: 10_000,
    connectionName: `${prefix}gateway-response-cache`,
  });
  redis.on('error', (error: Error) => logger.warn(`redis response cache: ${error.message}`));
  const store = createRedisCache({ redis });

  const cache: Cache = {
    async get(key) {
      try {
        return await store.get(key);
      } catch (error) {
        logger.warn(`redis response cache: a lookup failed, the operation runs without it: ${message(error)}`);
        return undefined;
      }
    },
    async set(key, result, entities, ttl) {
      const records = [...entities];
      try {
        await store.set(key, result, records, ttl);
        if (!Number.isFinite(ttl)) return;
        const indexes = new Set([defaultBuildRedisOperationResultCacheKey(key)]);
        for (const { typename, id } of records) {
          indexes.add(typename);
          if (id != null) indexes.add(defaultBuildRedisEntityId(typename, id));
        }
        const pipeline = redis.pipeline();
        for (const index of indexes) pipeline.pexpire(index, ttl);
        await pipeline.exec();
      } catch (error) {
        logger.warn(`redis response cache: an answer was not stored: ${message(error)}`);
      }
    },
    async invalidate(entities) {
      const records = [...entities];
      const withId: CacheEntityRecord[] = records.filter((record) => record.id != null);
      const types = [...new Set(records.filter((record) => record.id == null).map((record) => record.typename))];
      try {
        if (withId.length > 0) await store.invalidate(withId);
        for (const typename of types) {
          const answers = await redis.smembers(typename);
          await redis.del(typename, ...answers, ...answers.map(defaultBuildRedisOperationResultCacheKey));
        }
      } catch (error) {
        logger.warn(
          `redis response cache: answers about ${records.map((r) => r.typename).join(', ')} were not dropped: ${message(error)}`,
        );
      }
    },
  };
  return {
    cache,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
