/**
 * What every engine ranks and identifies the same way, whatever stores the index: the keyword's
 * analysis (cached), the words it highlights, the head's order (exact phrase, relevance,
 * popularity, id) and the ids of knowledge points.
 */
import { analyzeKeyword, foldForMatch, type AnalyzedKeyword } from './analyzer';
import type { KnowledgePointRef } from './engine';

/** Knowledge-point ids in an index: videoId * 2^17 + (transcript ? 2^16 : 0) + seq. */
export const KP_VIDEO_FACTOR = 131_072;
export const KP_TRANSCRIPT_BIT = 65_536;
/** seq must stay below this to fit its 16 bits; later ones are not indexed */
export const KP_MAX_SEQ = 65_535;

export function kpRowid(ref: KnowledgePointRef): number {
  return ref.videoId * KP_VIDEO_FACTOR + (ref.kind === 'transcript' ? KP_TRANSCRIPT_BIT : 0) + ref.seq;
}

export function kpRef(rowid: number): KnowledgePointRef {
  const videoId = Math.floor(rowid / KP_VIDEO_FACTOR);
  const rest = rowid - videoId * KP_VIDEO_FACTOR;
  return rest >= KP_TRANSCRIPT_BIT
    ? { kind: 'transcript', videoId, seq: rest - KP_TRANSCRIPT_BIT }
    : { kind: 'keyframe', videoId, seq: rest };
}

const ANALYSIS_CACHE_SIZE = 64;

/** analyzeKeyword with the latest keywords remembered (a request asks for each several times) */
export function analysisCache(size = ANALYSIS_CACHE_SIZE): (keyword: string) => AnalyzedKeyword {
  const analyses = new Map<string, AnalyzedKeyword>();
  return (keyword) => {
    const cached = analyses.get(keyword);
    if (cached) {
      // most recently used last
      analyses.delete(keyword);
      analyses.set(keyword, cached);
      return cached;
    }
    const analyzed = analyzeKeyword(keyword);
    analyses.set(keyword, analyzed);
    if (analyses.size > size) analyses.delete(analyses.keys().next().value!);
    return analyzed;
  };
}

/** which index answers: jieba's words, or the characters and bigrams */
export type Variant = 'words' | 'chars';

/** what the hits of a variant highlight */
export const highlightsOf = (variant: Variant, analyzed: AnalyzedKeyword): string[] =>
  variant === 'words' ? analyzed.wordHighlights : analyzed.characterHighlights;

/** the rows of these documents having a field that contains the keyword, compared as the index compares (café = cafe) */
export function exactRowids(
  documents: readonly { rowid: number; fields: readonly string[] }[],
  analyzed: AnalyzedKeyword,
): Set<number> {
  const keyword = foldForMatch(analyzed.lower);
  const exact = new Set<number>();
  for (const doc of documents) {
    if (doc.fields.some((field) => foldForMatch(field).includes(keyword))) exact.add(doc.rowid);
  }
  return exact;
}

export interface HeadRow {
  rowid: number;
  /** relevance: larger is better (an engine whose score runs the other way negates it) */
  relevance: number;
}

/**
 * The best rows by relevance, reordered: rows whose field contains the keyword as typed first,
 * then relevance, then popularity, then id (newest first, or lowest first).
 */
export function orderHead(
  rows: readonly HeadRow[],
  exact: ReadonlySet<number>,
  popularity: ReadonlyMap<number, number>,
  idOrder: 'asc' | 'desc',
): number[] {
  const direction = idOrder === 'asc' ? 1 : -1;
  return [...rows]
    .sort(
      (a, b) =>
        Number(exact.has(b.rowid)) - Number(exact.has(a.rowid)) ||
        b.relevance - a.relevance ||
        (popularity.get(b.rowid) ?? 0) - (popularity.get(a.rowid) ?? 0) ||
        direction * (a.rowid - b.rowid),
    )
    .map((r) => r.rowid);
}
