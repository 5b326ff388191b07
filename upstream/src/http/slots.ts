/**
 * A fixed number of slots for work that must not pile up (uploads): tryAcquire hands out a
 * release function while one is free, else null; the caller refuses instead of queueing.
 * Releasing twice frees one slot only.
 */
export interface Slots {
  readonly limit: number;
  /** slots in use */
  readonly inUse: number;
  tryAcquire(): (() => void) | null;
}

export function createSlots(limit: number): Slots {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`slot limit must be a positive integer, got ${limit}`);
  let inUse = 0;
  return {
    limit,
    get inUse() {
      return inUse;
    },
    tryAcquire() {
      if (inUse >= limit) return null;
      inUse += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inUse -= 1;
      };
    },
  };
}
