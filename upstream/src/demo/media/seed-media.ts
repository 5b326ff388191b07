/**
 * Gives the seeded demo videos their media (plan.ts): copies the committed lectures of
 * upstream/demo-media into DATA_DIR/media/videos/<code>/ and writes every video's media row, real
 * duration, rescaled keyframes with thumbnails and timed transcript. Only copies: seeding needs no
 * ffmpeg. Content the lectures were not made for (test fixtures) is left as it is.
 */
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { MANUSCRIPT_FILE, MASTER_PLAYLIST, POSTER_FILE, SUBTITLE_FILE, videoMediaDir, videoMediaSitePath } from '../../media/pipeline/layout';
import type { Store } from '../../store';
import { DEMO_MEDIA_DIR, loadDemoMediaLibrary, type DemoMediaLibrary } from './library';
import { planDemoMedia, type PlanVideo } from './plan';

export interface DemoMediaSummary {
  /** lectures copied */
  lectures: number;
  /** videos given media (their own lecture or a borrowed one) */
  videos: number;
}

/**
 * Call inside the transaction that writes the videos, so that content and media arrive together.
 * Returns null when no lecture belongs to this content.
 */
export function seedDemoMedia(
  store: Store,
  videos: readonly PlanVideo[],
  library: DemoMediaLibrary | null = loadDemoMediaLibrary(),
  libraryDir: string = DEMO_MEDIA_DIR,
): DemoMediaSummary | null {
  const plan = planDemoMedia(videos, library);
  if (plan.length === 0) return null;
  const lectures = new Map(plan.map((p) => [p.lecture.code, p.lecture]));
  for (const code of lectures.keys()) {
    const from = path.join(libraryDir, code);
    if (!existsSync(path.join(from, MASTER_PLAYLIST))) throw new Error(`demo lecture ${code} is missing its files in ${libraryDir}: run npm run demo:media`);
    cpSync(from, videoMediaDir(store.mediaDir, code), { recursive: true });
  }
  store.transaction(() => {
    for (const p of plan) {
      const folder = videoMediaSitePath(p.lecture.code);
      store.media.upsert({
        videoId: p.videoId,
        folder,
        masterPath: `${folder}/${MASTER_PLAYLIST}`,
        qualities: p.lecture.qualities,
        poster: `${folder}/${POSTER_FILE}`,
        subtitlePath: `${folder}/${SUBTITLE_FILE}`,
        manuscriptPath: `${folder}/${MANUSCRIPT_FILE}`,
        durationMs: p.durationMs,
        source: p.own ? `demo-lecture:${p.lecture.code}` : `demo-lecture:${p.lecture.code} (borrowed)`,
      });
      store.media.setKeyframeImages(
        p.videoId,
        p.keyframes.map((k) => ({ seq: k.seq, timePoint: k.timePoint, image: `${folder}/${k.image}` })),
      );
      store.media.replaceTranscript(p.videoId, p.transcript);
    }
  });
  return { lectures: lectures.size, videos: plan.length };
}
