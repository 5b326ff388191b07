/**
 * The demo lectures for the play tests: the harness seeds the demo content only, without media
 * (seedDemoContent); this copies the committed lectures in and gives every demo video its media
 * row, as the platform's first start does (store/seed.ts seedIfEmpty). Only copies: no ffmpeg.
 */
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { seedDemoMedia } from '../../upstream/src/demo/media/seed-media';
import { DEMO_NOW, type Platform } from './harness';

export function giveDemoMedia(platform: Platform): void {
  const media = seedDemoMedia(platform.store, generateDemoContent({ now: DEMO_NOW }).videos);
  if (!media || media.videos === 0) throw new Error('the demo lectures gave no video media');
}
