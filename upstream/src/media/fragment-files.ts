/**
 * Where the cut files of fragments live: DATA_DIR/media/fragments/..., served as /media/fragments/...
 * Removal only ever touches a file inside that folder, whatever a row's videoAddress says, so a
 * wrong address can never take a course video or a poster with it.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_PREFIX, mediaSegments } from './serve-media';

/** the folder under DATA_DIR/media that the clipping pipeline writes cut files to */
export const FRAGMENT_MEDIA_FOLDER = 'fragments';

/** The file behind a fragment's /media/fragments/... address; null for '' or anything else. */
export function fragmentFilePath(mediaDir: string, videoAddress: string): string | null {
  if (!videoAddress.startsWith(`${MEDIA_PREFIX}${FRAGMENT_MEDIA_FOLDER}/`)) return null;
  let segments: string[];
  try {
    segments = mediaSegments(videoAddress.split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  const folder = path.join(path.resolve(mediaDir), FRAGMENT_MEDIA_FOLDER);
  const file = path.join(path.resolve(mediaDir), ...segments);
  return file.startsWith(folder + path.sep) ? file : null;
}

/** Removes a fragment's cut file; a file already gone (or never cut) is fine. */
export function removeFragmentFile(mediaDir: string, videoAddress: string): void {
  const file = fragmentFilePath(mediaDir, videoAddress);
  if (file) rmSync(file, { force: true });
}
