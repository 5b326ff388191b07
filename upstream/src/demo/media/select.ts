/**
 * Which demo videos get a committed lecture: every video of the first two courses of the home
 * page's recommended list (what a visitor opens first), plus those committed earlier for the search
 * end-to-end test (tests/e2e/search-from-header.test.ts), whose phrase this finds; every other demo
 * video gets its own lecture when first opened (media/lecture/on-open.ts).
 */
import type { TranscriptPassage } from '../../store/records';
import type { DemoContent } from '../types';

/** Videos of the first `courses` recommended courses (recommend position, then id), in id order. */
export function recommendedLectureVideos(content: DemoContent, courses = 2): number[] {
  const first = content.courses
    .filter((c) => c.recommended !== null)
    .sort((a, b) => a.recommended! - b.recommended! || a.id - b.id)
    .slice(0, courses)
    .map((c) => c.id);
  return content.videos
    .filter((v) => first.includes(v.courseId))
    .map((v) => v.id)
    .sort((a, b) => a - b);
}

export interface TranscriptPhrase {
  phrase: string;
  videoId: number;
  second: number;
}

const PUNCTUATION = /[，。、；：？！“”《》（）\s]/;

/**
 * The phrase the search e2e test picks, worked out from the content with the transcript timings
 * it will have in the database: 8 characters of a passage starting at 60 s or later, inside the
 * sentence, occurring once in all transcripts and nowhere else. Must stay the test's algorithm.
 */
export function searchTestPhrase(
  content: DemoContent,
  timings: ReadonlyMap<number, readonly TranscriptPassage[]>,
): TranscriptPhrase | null {
  const others = [
    ...content.courses.flatMap((c) => [c.name, c.info]),
    ...content.videos.flatMap((v) => [v.name, v.abstract, v.properTitle]),
    ...content.videos.flatMap((v) => v.keyframes.flatMap((k) => [k.keyPoints, k.description])),
    ...content.topics.flatMap((t) => [t.title, t.info]),
    ...content.lecturers.flatMap((l) => [l.name, l.position, l.introHtml]),
  ].join('\n');
  const passages = [...content.videos]
    .sort((a, b) => a.id - b.id)
    .flatMap((v) =>
      (timings.get(v.id) ?? v.transcript).map((p) => ({ videoId: v.id, text: p.text, startMs: p.startMs })),
    );
  const allText = passages.map((p) => p.text).join('\n');
  for (const p of passages.filter((x) => x.startMs >= 60_000)) {
    const chars = [...p.text];
    for (let start = 6; start + 8 <= chars.length; start += 3) {
      const phrase = chars.slice(start, start + 8).join('');
      if (PUNCTUATION.test(phrase)) continue;
      if (others.includes(phrase)) continue;
      if (allText.indexOf(phrase) !== allText.lastIndexOf(phrase)) continue;
      return { phrase, videoId: p.videoId, second: Math.floor(p.startMs / 1000) };
    }
  }
  return null;
}
