/**
 * Answer text as it streams, made safe for flowQuestion's chunks (upstream/API.md):
 * - a citation marker never splits across chunks: a trailing "[" or "[1" waits for the next piece;
 * - markers are renumbered in the order the answer first cites them, so the end: source list is
 *   [1], [2], ... in reading order; a marker naming no passage is dropped; [1,2] and 【1】 (which
 *   models write too) become [1][2] and [1];
 * - a chunk never starts with r1:, end: or err: (it is split after its first character).
 */

/** a marker: [n], [n,m], 【n】 */
const MARKER = /[[【](\d{1,3}(?:\s*[,，、]\s*\d{1,3})*)\s*[\]】]/gu;
/** what may still become a marker when the next piece comes */
const PARTIAL_MARKER = /[[【][\d\s,，、]{0,12}$/u;
const RESERVED_PREFIX = /^(?:r1:|end:|err:)/;

/** a chunk split so that no part starts with a reserved prefix */
export function safeChunks(text: string): string[] {
  if (text === '') return [];
  if (!RESERVED_PREFIX.test(text)) return [text];
  const [first, ...rest] = [...text];
  return [first!, rest.join('')].filter((t) => t !== '');
}

export class CitationStream {
  private pending = '';
  /** passage indexes (0-based) in the order of their first citation */
  private readonly order: number[] = [];

  /** @param passageCount markers [1..passageCount] name passages; others are dropped */
  constructor(private readonly passageCount: number) {}

  /** the passages cited so far, in citation order (0-based indexes into the request's passages) */
  get cited(): readonly number[] {
    return this.order;
  }

  /** takes a piece of answer text; returns the chunks ready to send */
  push(text: string): string[] {
    this.pending += text;
    const partial = PARTIAL_MARKER.exec(this.pending);
    const cut = partial ? partial.index : this.pending.length;
    const ready = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    return safeChunks(this.renumber(ready));
  }

  /** the rest at the end of the answer (an unfinished "[" is just text) */
  flush(): string[] {
    const rest = this.pending;
    this.pending = '';
    return safeChunks(this.renumber(rest));
  }

  private renumber(text: string): string {
    return text.replace(MARKER, (_whole, list: string) =>
      list
        .split(/\s*[,，、]\s*/)
        .map(Number)
        .filter((n) => n >= 1 && n <= this.passageCount)
        .map((n) => {
          let at = this.order.indexOf(n - 1);
          if (at < 0) at = this.order.push(n - 1) - 1;
          return `[${at + 1}]`;
        })
        .filter((marker, i, all) => all.indexOf(marker) === i)
        .join(''),
    );
  }
}
