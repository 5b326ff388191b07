/** The video a play-page call names: it must exist and, when a course is given, belong to it. */
import { notFound } from '../../http/envelope';
import type { Store, VideoSummary } from '../../store';

export const VIDEO_NOT_FOUND = '视频不存在';

/** 4004 视频不存在 for an unknown video, or one not of courseId (0 = any course) */
export async function requireVideo(store: Store, videoId: number, courseId = 0): Promise<VideoSummary> {
  const video = await store.videos.get(videoId);
  if (!video || (courseId !== 0 && video.courseId !== courseId)) throw notFound(VIDEO_NOT_FOUND);
  return video;
}

/** the calendar day of a moment in UTC+8 (China Standard Time), as days since 1970-01-01 */
export const chinaDay = (ms: number): number => Math.floor((ms + 8 * 3_600_000) / 86_400_000);
