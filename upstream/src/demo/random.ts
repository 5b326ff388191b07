/**
 * A small seeded PRNG (mulberry32). The demo content must be identical for the same `now`,
 * so nothing in the generator may touch Math.random or the clock; every random choice goes
 * through an Rng forked from one fixed seed.
 */

/** FNV-1a over a string: turns a section name into a 32-bit salt for `fork`. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A shuffled copy (Fisher–Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** `count` distinct items in random order (all of them when count >= length). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /**
   * An independent stream for one section (courses, videos, images...). Forking by name keeps
   * sections stable: adding a draw in one section does not reshuffle every other one.
   */
  fork(name: string): Rng {
    return new Rng((hashString(name) ^ Math.imul(this.state, 0x9e3779b1)) >>> 0);
  }
}

/** The one seed of the demo content; `now` is deliberately not part of it (see generate.ts). */
export const DEMO_SEED = 20240901;

export function createRng(section: string): Rng {
  return new Rng(DEMO_SEED).fork(section);
}
