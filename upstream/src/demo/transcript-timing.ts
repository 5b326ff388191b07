/**
 * Times for transcript passages that were written without any: the video's duration is shared
 * out by the cumulative character count of its passages in order, as if the lecturer spoke at an
 * even pace from start to end. Migration 0005 times existing passages with the same arithmetic in
 * SQL (length() counts characters, integer division floors), so both agree to the millisecond.
 */
import type { TranscriptPassage } from '../store';

export function proportionalTimings(sentences: readonly string[], durationSeconds: number): TranscriptPassage[] {
  const durationMs = durationSeconds * 1000;
  const lengths = sentences.map((s) => [...s].length);
  const total = lengths.reduce((sum, n) => sum + n, 0);
  let upto = 0;
  return sentences.map((text, i) => {
    const start = upto;
    upto += lengths[i]!;
    return total === 0
      ? { text, startMs: 0, endMs: 0 }
      : { text, startMs: Math.floor((start * durationMs) / total), endMs: Math.floor((upto * durationMs) / total) };
  });
}
