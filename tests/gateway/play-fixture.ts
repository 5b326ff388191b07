/**
 * The demo lectures for the play tests: the harness seeds the demo content only, without media
 * (seedDemoContent); this copies the committed lectures in and gives every demo video its media
 * row, as the platform's first start does (demo/seed.ts seedIfEmpty). Only copies: no ffmpeg.
 * Also the lookups the play tests share: a demo course with a few videos, a person's play record.
 */
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { seedDemoMedia } from '../../upstream/src/demo/media/seed-media';
import { DEMO_NOW, type Platform } from './harness';

export async function giveDemoMedia(platform: Platform): Promise<void> {
  const media = await seedDemoMedia(platform.store, generateDemoContent({ now: DEMO_NOW }).videos);
  if (!media || media.lectures === 0) throw new Error('the demo lectures gave no video media');
}

export interface PlayCourse {
  id: number;
  catalogueId: number;
  /** in episode order */
  videoIds: number[];
}

/** The first demo course with at least three videos. */
export function courseWithVideos(platform: Platform): PlayCourse {
  const row = platform.db
    .prepare(
      'SELECT c.id, c.catalogue_id AS catalogueId FROM courses c WHERE (SELECT COUNT(*) FROM videos v WHERE v.course_id = c.id) >= 3 ORDER BY c.id LIMIT 1',
    )
    .get() as { id: number; catalogueId: number };
  const videoIds = (
    platform.db.prepare('SELECT id FROM videos WHERE course_id = ? ORDER BY sort, id').all(row.id) as { id: number }[]
  ).map((v) => v.id);
  return { ...row, videoIds };
}

/** A person's play record of a video, as the main API stored it. */
export const playLogOf = (platform: Platform, userId: number, videoId: number) =>
  platform.db
    .prepare(
      'SELECT id, last_play_time AS lastPlayTime, duration, stay_time AS stayTime FROM play_logs WHERE user_id = ? AND video_id = ?',
    )
    .get(userId, videoId) as { id: number; lastPlayTime: number; duration: number; stayTime: number } | undefined;
