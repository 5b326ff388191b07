/**
 * The store's door is asynchronous (every method answers a promise) so that an engine over the
 * network (PostgreSQL) can stand behind the same interface as the embedded SQLite file. SQLite
 * itself answers synchronously: its per-entity stores stay plain functions over better-sqlite3,
 * and `asyncDoor` wraps each of them, running the call at once and handing back a settled promise.
 *
 * One connection serves the whole process, so a transaction that awaits between its statements
 * would otherwise take in the statements of every request whose continuation runs meanwhile. The
 * gate keeps them apart: while a transaction is open, calls from outside it (told apart with
 * AsyncLocalStorage) wait until it ends; calls from inside run at once. Since every SQLite call
 * settles at once, a transaction still runs within one turn of the event loop and the gate only
 * orders the microtasks of other requests that happen to interleave.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** T with every method answering a promise of what it answered, nested stores included */
export type Async<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : Async<T[K]>;
};

export class TransactionGate {
  private readonly owner = new AsyncLocalStorage<symbol>();
  /** the open transaction's token, null when none is open */
  private open: symbol | null = null;
  private ended: Promise<void> = Promise.resolve();

  /** true when a call made here may run now: no transaction is open, or it is made inside it */
  private mayRun(): boolean {
    return this.open === null || this.owner.getStore() === this.open;
  }

  /** fn (synchronous) now when the gate is free to the caller, else when the open transaction ends */
  run<T>(fn: () => T): Promise<T> {
    if (this.mayRun()) return new Promise<T>((resolve) => resolve(fn()));
    return this.ended.then(() => this.run(fn));
  }

  /** true inside the transaction that is open now */
  inside(): boolean {
    return this.open !== null && this.owner.getStore() === this.open;
  }

  /**
   * fn as the only work of the connection until it settles: begin runs when the gate is free,
   * then fn with calls made from it let through, then end (commit) or abort (rollback, with the error).
   */
  async exclusive<T>(
    fn: () => Promise<T>,
    steps: { begin: () => void; end: () => void; abort: () => void },
  ): Promise<T> {
    while (!this.mayRun()) await this.ended;
    const token = Symbol('transaction');
    let release!: () => void;
    this.ended = new Promise<void>((resolve) => (release = resolve));
    this.open = token;
    try {
      steps.begin();
      let result: T;
      try {
        result = await this.owner.run(token, fn);
      } catch (error) {
        steps.abort();
        throw error;
      }
      steps.end();
      return result;
    } finally {
      this.open = null;
      release();
    }
  }
}

/** the object's methods (and those of nested objects) run through the gate, answering promises */
export function asyncDoor<T extends object>(target: T, gate: TransactionGate): Async<T> {
  const door: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(target)) {
    if (typeof value === 'function') {
      const method = value as (...args: unknown[]) => unknown;
      door[key] = (...args: unknown[]) => gate.run(() => method.apply(target, args));
    } else if (value !== null && typeof value === 'object') {
      door[key] = asyncDoor(value as object, gate);
    } else {
      door[key] = value;
    }
  }
  return door as Async<T>;
}
