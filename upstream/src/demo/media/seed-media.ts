/**
 * Gives the seeded demo videos their media (plan.ts): copies the committed lectures of
 * upstream/demo-media into DATA_DIR/media/videos/<code>/ and writes their videos' media rows, real
 * durations, keyframes with thumbnails and spoken transcripts. Every other demo video gets a media
 * row that waits for its own lecture (source LECTURE_ON_OPEN, no files): the main API makes it
 * from the video's own transcript when the video is first opened (media/lecture/on-open.ts). No
 * video plays another's lecture. Only copies: seeding needs no ffmpeg. Content the lectures were
 * not made for (test fixtures) is left as it is.
 */
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { LECTURE_ON_OPEN } from '../../media/lecture/on-open';
import {
  MANUSCRIPT_FILE,
  MASTER_PLAYLIST,
  POSTER_FILE,
  SUBTITLE_FILE,
  videoMediaDir,
  videoMediaSitePath,
} from '../../media/pipeline/layout';
import type { Store } from '../../store';
import { DEMO_MEDIA_DIR, loadDemoMediaLibrary, type DemoMediaLibrary } from './library';
import { planDemoMedia, type PlanVideo } from './plan';

export interface DemoMediaSummary {
  /** lectures copied (each plays for the video it was made for) */
  lectures: number;
  /** videos whose own lecture is made when they are first opened */
  onOpen: number;
}

/**
 * Call inside the transaction that writes the videos, so that content and media arrive together.
 * Returns null when no lecture belongs to this content.
 */
export async function seedDemoMedia(
  store: Store,
  videos: readonly PlanVideo[],
  library: DemoMediaLibrary | null = loadDemoMediaLibrary(),
  libraryDir: string = DEMO_MEDIA_DIR,
): Promise<DemoMediaSummary | null> {
  const plan = planDemoMedia(videos, library);
  if (plan.length === 0) return null;
  const own = plan.flatMap((p) => (p.own ? [p] : []));
  for (const { lecture } of own) {
    const from = path.join(libraryDir, lecture.code);
    if (!existsSync(path.join(from, MASTER_PLAYLIST)))
      throw new Error(`demo lecture ${lecture.code} is missing its files in ${libraryDir}: run npm run demo:media`);
    cpSync(from, videoMediaDir(store.mediaDir, lecture.code), { recursive: true });
  }
  await store.transaction(async () => {
    for (const p of plan) {
      if (!p.own) {
        // its own folder, empty until its lecture is made; its length, keyframes and transcript stay its own
        await store.media.upsert({
          videoId: p.videoId,
          folder: videoMediaSitePath(p.code),
          masterPath: '',
          qualities: [],
          poster: '',
          subtitlePath: '',
          manuscriptPath: '',
          durationMs: p.durationMs,
          source: LECTURE_ON_OPEN,
        });
        continue;
      }
      const folder = videoMediaSitePath(p.lecture.code);
      await store.media.upsert({
        videoId: p.videoId,
        folder,
        masterPath: `${folder}/${MASTER_PLAYLIST}`,
        qualities: p.lecture.qualities,
        poster: `${folder}/${POSTER_FILE}`,
        subtitlePath: `${folder}/${SUBTITLE_FILE}`,
        manuscriptPath: `${folder}/${MANUSCRIPT_FILE}`,
        durationMs: p.durationMs,
        source: `demo-lecture:${p.lecture.code}`,
      });
      await store.media.setKeyframeImages(
        p.videoId,
        p.keyframes.map((k) => ({ seq: k.seq, timePoint: k.timePoint, image: `${folder}/${k.image}` })),
      );
      await store.media.replaceTranscript(p.videoId, p.transcript);
    }
  });
  return { lectures: own.length, onOpen: plan.length - own.length };
}
