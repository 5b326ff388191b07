/**
 * Which media each demo video gets when the platform is seeded. A video a lecture was made for
 * gets that lecture with its real timings. Every other video borrows a lecture, round-robin in id
 * order, so that every course plays: its length becomes the lecture's, its keyframes are rescaled
 * into it (each showing the slide on screen then), and its own transcript is kept for search,
 * timed proportionally over the new length (as demo/transcript-timing.ts times the generated ones).
 *
 * A lecture applies only to the video it was made from, unchanged: same id, code and sentences.
 * Content the library was not made for (test fixtures) gets nothing.
 */
import type { TranscriptPassage } from '../../store/records';
import type { DemoLecture, DemoMediaLibrary } from './library';

export interface PlanVideo {
  id: number;
  code: string;
  durationSeconds: number;
  keyframes: readonly { timePoint: number }[];
  transcript: readonly { text: string }[];
}

export interface PlannedVideoMedia {
  videoId: number;
  lecture: DemoLecture;
  /** true for the video the lecture was made from */
  own: boolean;
  durationMs: number;
  /** by keyframe seq; image relative to the lecture's folder */
  keyframes: { seq: number; timePoint: number; image: string }[];
  transcript: TranscriptPassage[];
}

/** Proportional timings (by characters) over a length in ms, as transcript-timing.ts does in seconds. */
export function proportionalOverMs(texts: readonly string[], durationMs: number): TranscriptPassage[] {
  const lengths = texts.map((t) => [...t].length);
  const total = lengths.reduce((a, b) => a + b, 0);
  let upto = 0;
  return texts.map((text, i) => {
    const start = upto;
    upto += lengths[i]!;
    return total === 0
      ? { text, startMs: 0, endMs: 0 }
      : { text, startMs: Math.floor((start * durationMs) / total), endMs: Math.floor((upto * durationMs) / total) };
  });
}

/**
 * Keyframe times (s) of a video of `fromSeconds` moved into `toMs`: proportionally, whole seconds,
 * strictly increasing and before the end.
 */
export function rescaleKeyframes(times: readonly number[], fromSeconds: number, toMs: number): number[] {
  const last = Math.max(0, Math.ceil(toMs / 1000) - 1);
  const out: number[] = [];
  for (const t of times) {
    const scaled = Math.floor((t * toMs) / 1000 / Math.max(1, fromSeconds));
    const prev = out[out.length - 1] ?? -1;
    out.push(Math.min(last, Math.max(prev + 1, scaled)));
  }
  return out;
}

/** the slide on screen at `seconds` */
export function slideAt(lecture: Pick<DemoLecture, 'slides'>, seconds: number): string {
  let image = lecture.slides[0]?.image ?? '';
  for (const slide of lecture.slides) if (slide.startMs <= seconds * 1000) image = slide.image;
  return image;
}

const sameSentences = (lecture: DemoLecture, video: PlanVideo) =>
  lecture.passages.length === video.transcript.length && lecture.passages.every((p, i) => p.text === video.transcript[i]!.text);

/** The lectures that belong to this content: made for one of its videos, whose sentences are unchanged. */
export function applicableLectures(videos: readonly PlanVideo[], library: DemoMediaLibrary | null): DemoLecture[] {
  if (!library) return [];
  const byId = new Map(videos.map((v) => [v.id, v]));
  return library.lectures
    .filter((l) => {
      const video = byId.get(l.videoId);
      return video !== undefined && video.code === l.code && sameSentences(l, video);
    })
    .sort((a, b) => a.videoId - b.videoId);
}

export function planDemoMedia(videos: readonly PlanVideo[], library: DemoMediaLibrary | null): PlannedVideoMedia[] {
  const lectures = applicableLectures(videos, library);
  if (lectures.length === 0) return [];
  const ownLecture = new Map(lectures.map((l) => [l.videoId, l]));
  let turn = 0;
  return [...videos]
    .sort((a, b) => a.id - b.id)
    .map((video): PlannedVideoMedia => {
      const own = ownLecture.get(video.id);
      if (own) {
        return {
          videoId: video.id,
          lecture: own,
          own: true,
          durationMs: own.durationMs,
          keyframes: own.keyframes.map((k) => ({ ...k })),
          transcript: own.passages.map((p) => ({ ...p })),
        };
      }
      const lecture = lectures[turn++ % lectures.length]!;
      const times = rescaleKeyframes(video.keyframes.map((k) => k.timePoint), video.durationSeconds, lecture.durationMs);
      return {
        videoId: video.id,
        lecture,
        own: false,
        durationMs: lecture.durationMs,
        keyframes: times.map((timePoint, seq) => ({ seq, timePoint, image: slideAt(lecture, timePoint) })),
        transcript: proportionalOverMs(video.transcript.map((p) => p.text), lecture.durationMs),
      };
    });
}
