/**
 * Gateway replicas each keep a viewer cache (viewer/cache.ts: a token's verdict is believed for 30 s).
 * A logout, a password or profile change through one gateway evicts there at once; this module makes
 * every other gateway evict too, over a Redis pub/sub channel: each eviction made here is published
 * (the token's SHA-256 key or the user id, never a token), each one received from another replica is
 * applied without being published again.
 *
 * Pub/sub keeps nothing for a subscriber that is away: when the subscription comes back after a break,
 * this gateway may have missed evictions, so it forgets every cached verdict and asks afresh. A publish
 * that fails is logged; the eviction here has happened anyway.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import type { ViewerCache, ViewerEviction } from '../viewer';

export const VIEWER_EVICTIONS_CHANNEL = 'viewer-evictions';

interface Message {
  origin: string;
  eviction: ViewerEviction;
}

function parse(text: string): Message | null {
  try {
    const value = JSON.parse(text) as Partial<Message>;
    const e = value.eviction as Partial<{ kind: string; key: unknown; userId: unknown }> | undefined;
    if (typeof value.origin !== 'string' || !e) return null;
    if (e.kind === 'token' && typeof e.key === 'string' && /^[0-9a-f]{64}$/.test(e.key))
      return { origin: value.origin, eviction: { kind: 'token', key: e.key } };
    if (e.kind === 'user' && typeof e.userId === 'number' && Number.isSafeInteger(e.userId))
      return { origin: value.origin, eviction: { kind: 'user', userId: e.userId } };
    return null;
  } catch {
    return null;
  }
}

export interface SharedViewerEvictions {
  close(): Promise<void>;
}

export interface ShareOptions {
  redisUrl: string;
  /** REDIS_PREFIX: the channel is <prefix>viewer-evictions */
  prefix: string;
  logger: Logger;
  /** how long start-up waits for Redis before failing (a replica that cannot share must not serve) */
  connectTimeoutMs?: number;
}

export async function shareViewerEvictions(cache: ViewerCache, options: ShareOptions): Promise<SharedViewerEvictions> {
  const { logger } = options;
  const channel = `${options.prefix}${VIEWER_EVICTIONS_CHANNEL}`;
  const origin = randomUUID();
  const connection = { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: options.connectTimeoutMs ?? 10_000 };
  // named, so that CLIENT LIST shows an operator whose connections these are
  const publisher = new Redis(options.redisUrl, {
    ...connection,
    connectionName: `${options.prefix}gateway-publisher`,
  });
  const subscriber = new Redis(options.redisUrl, {
    ...connection,
    connectionName: `${options.prefix}gateway-evictions`,
  });
  for (const [name, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (error: Error) => logger.warn(`redis ${name}: ${error.message}`));
  }
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(
      `REDIS_URL: cannot share viewer evictions: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const message = parse(text);
    if (!message || message.origin === origin) return;
    if (message.eviction.kind === 'token') cache.forgetToken(message.eviction.key, false);
    else cache.forgetUser(message.eviction.userId, false);
  });
  // ioredis re-subscribes by itself after a reconnect; what was published meanwhile is lost
  let connectedOnce = false;
  subscriber.on('ready', () => {
    if (!connectedOnce) {
      connectedOnce = true;
      return;
    }
    logger.warn('redis subscriber reconnected: evictions may have been missed, the viewer cache starts afresh');
    cache.forgetEverything();
  });
  connectedOnce = subscriber.status === 'ready';

  const stopListening = cache.onEviction((eviction) => {
    publisher.publish(channel, JSON.stringify({ origin, eviction } satisfies Message)).catch((error: unknown) => {
      logger.warn(
        `redis: an eviction was not shared with the other gateways: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  });

  return {
    async close() {
      stopListening();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
