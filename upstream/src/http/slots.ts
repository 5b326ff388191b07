/**
 * A fixed number of slots for work that must not pile up (uploads): tryAcquire hands out a
 * release function while one is free, else null; the caller refuses instead of queueing.
 * Releasing twice frees one slot only.
 *
 * With `perHolder`, one holder (a user) gets at most that many of them at once, so that a single
 * account cannot take every slot and lock everybody else out.
 */
export interface Slots {
  readonly limit: number;
  /** slots one holder may have at once */
  readonly perHolder: number;
  /** slots in use */
  readonly inUse: number;
  /** slots in use by this holder */
  heldBy(holder: string | number): number;
  /** a slot for `holder` (counted against perHolder), or null when none is free for it */
  tryAcquire(holder?: string | number): (() => void) | null;
}

export function createSlots(limit: number, options: { perHolder?: number } = {}): Slots {
  const perHolder = options.perHolder ?? limit;
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`slot limit must be a positive integer, got ${limit}`);
  if (!Number.isInteger(perHolder) || perHolder < 1)
    throw new Error(`slots per holder must be a positive integer, got ${perHolder}`);
  let inUse = 0;
  const held = new Map<string | number, number>();
  return {
    limit,
    perHolder,
    get inUse() {
      return inUse;
    },
    heldBy(holder) {
      return held.get(holder) ?? 0;
    },
    tryAcquire(holder) {
      if (inUse >= limit) return null;
      if (holder !== undefined && (held.get(holder) ?? 0) >= perHolder) return null;
      inUse += 1;
      if (holder !== undefined) held.set(holder, (held.get(holder) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inUse -= 1;
        if (holder === undefined) return;
        const left = (held.get(holder) ?? 1) - 1;
        if (left > 0) held.set(holder, left);
        else held.delete(holder);
      };
    },
  };
}
