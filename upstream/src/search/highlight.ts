/**
 * Highlights of search hits (upstream/API.md "Highlights"), computed on the original text rather
 * than by FTS5's highlight(): the index holds jieba's words, not the text as written.
 */
import { foldForMatch, MARK_END, MARK_START, matchFolding, stripMarks } from './analyzer';

/** Longest text of a snippet, in characters (code points), the … of a cut included, the markers not. */
export const SNIPPET_LENGTH = 120;
/** characters of context kept before the first match of a snippet */
const CONTEXT_BEFORE = 30;
const ELLIPSIS = '…';

/**
 * The text folded for matching (analyzer's matchFolding: lower case, Latin without diacritics),
 * and for each UTF-16 unit of it the start and end in `text` of the character it came from: the
 * folded text may be shorter (a dropped combining mark) or longer (İ), matches are mapped back.
 */
function foldWithOffsets(text: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const { char, folded: f } of matchFolding(text)) {
    for (let i = 0; i < f.length; i++) {
      starts.push(at);
      ends.push(at + char.length);
    }
    folded += f;
    at += char.length;
  }
  starts.push(at);
  return { folded, starts, ends };
}

interface Match {
  start: number;
  end: number;
}

/** Every occurrence of any term, longest term first at each position, never overlapping. */
function findMatches(text: string, terms: readonly string[]): Match[] {
  const { folded, starts, ends } = foldWithOffsets(text);
  const wanted = [...new Set(terms.map(foldForMatch).filter((t) => t !== ''))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return [];
  const matches: Match[] = [];
  let i = 0;
  while (i < folded.length) {
    const term = wanted.find((t) => folded.startsWith(t, i));
    if (term) {
      const last = i + term.length - 1;
      // whole characters of the text, the combining marks dropped after the last one included
      const start = Math.max(starts[i]!, matches.at(-1)?.end ?? 0);
      const end = Math.max(ends[last]!, starts[last + 1]!);
      if (end > start) matches.push({ start, end });
      i += term.length;
    } else {
      i += 1;
    }
  }
  return matches;
}

function wrap(text: string, matches: readonly Match[]): string {
  let out = '';
  let at = 0;
  for (const { start, end } of matches) {
    out += text.slice(at, start) + MARK_START + text.slice(start, end) + MARK_END;
    at = end;
  }
  return out + text.slice(at);
}

/** The whole text with every match wrapped in U+E000 … U+E001. */
export function highlight(text: string, terms: readonly string[]): string {
  const clean = stripMarks(text);
  return wrap(clean, findMatches(clean, terms));
}

/**
 * At most SNIPPET_LENGTH characters around the first match (from the start when nothing
 * matches), … where the text was cut, matches wrapped.
 */
export function snippet(text: string, terms: readonly string[], maxLength = SNIPPET_LENGTH): string {
  const clean = stripMarks(text);
  const points = [...clean];
  if (points.length <= maxLength) return wrap(clean, findMatches(clean, terms));

  const first = findMatches(clean, terms)[0];
  // the code-point index of the first match
  const firstPoint = first ? [...clean.slice(0, first.start)].length : 0;
  let start = Math.max(0, firstPoint - CONTEXT_BEFORE);
  let body: string[];
  let lead = start > 0;
  let tail: boolean;
  if (points.length - start <= maxLength - (lead ? 1 : 0)) {
    // the rest of the text fits: end there, and use the room for more context before
    start = points.length - (maxLength - 1);
    lead = true;
    tail = false;
    body = points.slice(start);
  } else {
    tail = true;
    body = points.slice(start, start + maxLength - (lead ? 1 : 0) - 1);
  }
  const cut = body.join('');
  // match again inside the cut text: a term cut in half at an edge is not marked
  return (lead ? ELLIPSIS : '') + wrap(cut, findMatches(cut, terms)) + (tail ? ELLIPSIS : '');
}
