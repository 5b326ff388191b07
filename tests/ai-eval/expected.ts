/**
 * Where each evaluation answer is spoken, resolved from the lecture text at run time (never fixed
 * ids): every video whose transcript contains the answer words, with the second the passage
 * holding them starts at (as the player shows it: start_ms / 1000, floored).
 */
import type { DemoContent } from '../../upstream/src/demo/types';

export interface Spoken {
  videoId: number;
  second: number;
}

export function whereSpoken(content: DemoContent, answer: string): Spoken[] {
  const out: Spoken[] = [];
  for (const video of content.videos) {
    const passage = video.transcript.find((p) => p.text.includes(answer));
    if (passage) out.push({ videoId: video.id, second: Math.floor(passage.startMs / 1000) });
  }
  return out;
}
