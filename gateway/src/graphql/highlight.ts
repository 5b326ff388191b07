/**
 * Search highlights as TextSegment pieces (schema.graphql). The upstream wraps every matched word
 * of a hit's text fields in U+E000 … U+E001 (upstream/API.md "Main API: search"); the client gets
 * the text in pieces, `hit` true for the matched ones, and never a marker: joined, the pieces are
 * the text without them. Markers that do not pair up are read leniently rather than refused:
 *  - a start inside a match (nested) and an end outside one are dropped;
 *  - a match still open at the end of the text runs to its end (a snippet cut after the match began).
 * Empty pieces are left out and neighbours of the same kind merged, so '' gives [].
 */

export const HIT_START = '\uE000';
export const HIT_END = '\uE001';

const MARKERS = /[\uE000\uE001]/g;

export interface TextSegment {
  text: string;
  hit: boolean;
}

export function highlightSegments(marked: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const push = (text: string, hit: boolean) => {
    if (text === '') return;
    const last = segments[segments.length - 1];
    if (last && last.hit === hit) last.text += text;
    else segments.push({ text, hit });
  };
  let inHit = false;
  let from = 0;
  for (let index = 0; index < marked.length; index += 1) {
    const char = marked[index];
    if (char !== HIT_START && char !== HIT_END) continue;
    push(marked.slice(from, index), inHit);
    from = index + 1;
    inHit = char === HIT_START;
  }
  push(marked.slice(from), inHit);
  return segments;
}

/** The text with any marker removed. */
export function withoutMarkers(text: string): string {
  return text.replace(MARKERS, '');
}

/** Long fields (course and topic introductions, passages) are snippets of at most this many characters. */
export const SNIPPET_LENGTH = 120;

/**
 * A hit's field as segments: its highlighted form when the upstream sent one, else the plain text
 * as one unmatched piece (cut to a snippet for the long fields, as the upstream cuts them).
 */
export function segmentsOf(highlighted: unknown, plain: unknown, options: { snippet?: boolean } = {}): TextSegment[] {
  if (typeof highlighted === 'string') return highlightSegments(highlighted);
  let text = typeof plain === 'string' ? withoutMarkers(plain) : '';
  if (options.snippet) {
    const chars = [...text];
    if (chars.length > SNIPPET_LENGTH) text = `${chars.slice(0, SNIPPET_LENGTH - 1).join('')}…`;
  }
  return text === '' ? [] : [{ text, hit: false }];
}
