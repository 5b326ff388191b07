/**
 * The signs already accepted, so that every signed request is usable once (ARCHITECTURE.md
 * "Runtime contract"): a request captured on its way to the upstream and sent again, to its own
 * path or any other, carries a sign the upstream has seen and is refused. A sign only needs
 * remembering while its timespan is inside the window; after that the window refuses it anyway.
 *
 * The interface is what a shared store does in one step (Redis `SET key 1 NX EX ttl`), so that
 * replicas can share it; the in-process default below serves one process.
 */
export interface ReplayCache {
  /**
   * Records `sign` for `ttlSeconds` and tells whether this is its first use: true the first time,
   * false while it is still remembered. Checking and recording are one step, so two copies of a
   * request arriving together cannot both be first.
   */
  remember(sign: string, ttlSeconds: number): Promise<boolean>;
  /** signs remembered now (for tests and metrics; a shared store may answer an estimate) */
  size(): Promise<number>;
}

/**
 * Signs remembered in this process's memory. Each sign sits in the bucket of the second it
 * expires; the buckets whose second has passed are dropped on the next call, so memory holds at
 * most the signs of one window (the longest ttl) whatever the traffic has been.
 */
export function createInProcessReplayCache(now: () => number = Date.now): ReplayCache {
  /** sign → the unix second after which it is forgotten */
  const expiries = new Map<string, number>();
  /** expiry second → the signs expiring then */
  const buckets = new Map<number, string[]>();
  let sweptUpTo = 0;

  function sweep(second: number): void {
    if (second <= sweptUpTo) return;
    sweptUpTo = second;
    for (const [expiry, signs] of buckets) {
      if (expiry >= second) continue;
      buckets.delete(expiry);
      // a sign remembered again later (after it had expired) belongs to its newer bucket
      for (const sign of signs) if (expiries.get(sign) === expiry) expiries.delete(sign);
    }
  }

  return {
    async remember(sign, ttlSeconds) {
      const second = Math.floor(now() / 1000);
      sweep(second);
      const known = expiries.get(sign);
      if (known !== undefined && known >= second) return false;
      const expiry = second + Math.max(1, Math.ceil(ttlSeconds));
      expiries.set(sign, expiry);
      const bucket = buckets.get(expiry);
      if (bucket) bucket.push(sign);
      else buckets.set(expiry, [sign]);
      return true;
    },
    async size() {
      sweep(Math.floor(now() / 1000));
      return expiries.size;
    },
  };
}

/** The same cache, telling `onReplay` of every sign it had already seen (the replay refusals' metric). */
export function countingReplays(cache: ReplayCache, onReplay: () => void): ReplayCache {
  return {
    async remember(sign, ttlSeconds) {
      const first = await cache.remember(sign, ttlSeconds);
      if (!first) onReplay();
      return first;
    },
    size: () => cache.size(),
  };
}
