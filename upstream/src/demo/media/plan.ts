/**
 * Which media each demo video gets when the platform is seeded. A video a lecture was made for
 * gets that lecture with its real timings. No video ever plays another video's lecture: every
 * other demo video is left waiting for its own, which the main API makes from its own transcript
 * the first time it is opened (media/lecture/on-open.ts); until then it keeps its own transcript,
 * keyframes and length.
 *
 * A lecture applies only to the video it was made from, unchanged: same id, code and sentences.
 * Content the library was not made for (test fixtures) gets nothing.
 */
import { rescaleKeyframes, slideAt } from '../../media/lecture/lecture';
import type { TranscriptPassage } from '../../store/records';
import type { DemoLecture, DemoMediaLibrary } from './library';

export { rescaleKeyframes, slideAt };

export interface PlanVideo {
  id: number;
  code: string;
  durationSeconds: number;
  keyframes: readonly { timePoint: number }[];
  transcript: readonly { text: string }[];
}

export interface OwnLectureMedia {
  videoId: number;
  lecture: DemoLecture;
  own: true;
  durationMs: number;
  /** by keyframe seq; image relative to the lecture's folder */
  keyframes: { seq: number; timePoint: number; image: string }[];
  transcript: TranscriptPassage[];
}

/** a demo video whose own lecture is made when it is first opened */
export interface LectureToMake {
  videoId: number;
  code: string;
  own: false;
  durationMs: number;
}

export type PlannedVideoMedia = OwnLectureMedia | LectureToMake;

const sameSentences = (lecture: DemoLecture, video: PlanVideo) =>
  lecture.passages.length === video.transcript.length &&
  lecture.passages.every((p, i) => p.text === video.transcript[i]!.text);

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
  return [...videos]
    .sort((a, b) => a.id - b.id)
    .map((video): PlannedVideoMedia => {
      const own = ownLecture.get(video.id);
      if (!own) return { videoId: video.id, code: video.code, own: false, durationMs: video.durationSeconds * 1000 };
      return {
        videoId: video.id,
        lecture: own,
        own: true,
        durationMs: own.durationMs,
        keyframes: own.keyframes.map((k) => ({ ...k })),
        transcript: own.passages.map((p) => ({ ...p })),
      };
    });
}

/** the transcript timings the seed gives: a lecture's spoken ones, else the video's own */
export const plannedTimings = (plan: readonly PlannedVideoMedia[]): Map<number, TranscriptPassage[]> =>
  new Map(plan.flatMap((p) => (p.own ? [[p.videoId, p.transcript] as const] : [])));
