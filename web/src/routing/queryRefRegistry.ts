import type { PreloadedQuery } from 'react-relay';
import type { OperationType } from 'relay-runtime';

type AnyQueryRef = PreloadedQuery<OperationType>;

/**
 * The single owner of every query reference that a route loader creates.
 *
 * A loader registers the reference it makes. Nobody else disposes it: not the page (a hidden
 * kept-alive page runs its effect cleanups, which must not release its data), not the router
 * (which silently drops loader data of superseded or finished navigations). Instead, after each
 * committed route change, the route host calls `sweep` with the references still in use: the
 * entries it renders (visible or hidden) plus the router's current loader data. Everything else
 * (superseded navigations, evicted or replaced entries) is disposed there, exactly once.
 */
export class QueryRefRegistry {
  private readonly live = new Set<AnyQueryRef>();

  register<T extends OperationType>(ref: PreloadedQuery<T>): PreloadedQuery<T> {
    this.live.add(ref as unknown as AnyQueryRef);
    return ref;
  }

  /** Disposes one reference now (its loader was aborted before anyone could use it). */
  release(ref: PreloadedQuery<OperationType> | null | undefined): void {
    if (!ref || !this.live.has(ref)) return;
    this.live.delete(ref);
    ref.dispose();
  }

  /** Disposes every registered reference that is not in `inUse`; returns how many. */
  sweep(inUse: Iterable<PreloadedQuery<OperationType> | null | undefined>): number {
    const keep = new Set<unknown>();
    for (const ref of inUse) if (ref) keep.add(ref);
    let disposed = 0;
    for (const ref of [...this.live]) {
      if (keep.has(ref)) continue;
      this.live.delete(ref);
      ref.dispose();
      disposed += 1;
    }
    return disposed;
  }

  get size(): number {
    return this.live.size;
  }

  has(ref: PreloadedQuery<OperationType>): boolean {
    return this.live.has(ref);
  }
}
