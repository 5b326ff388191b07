/**
 * Where the cut files of fragments live: DATA_DIR/media/fragments/..., served as /media/fragments/...
 * Removal only ever touches a file inside that folder, whatever a row's videoAddress says, so a
 * wrong address can never take a course video or a poster with it.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
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

/**
 * Removes the half-written cuts (`*<partialSuffix>`) under DATA_DIR/media/fragments/<userId>/ that a
 * process stopped mid-cut left behind. Without `olderThan` every one goes: only safe while no cut is
 * running (the main API's start-up on SQLite). With it, only those last written before that time
 * (ms): a running cut writes its file until it ends, within the clip deadline, so an older one is
 * nobody's (the job of main-api/background.ts, while other replicas may be cutting). Returns how many.
 */
export function removeStrayPartialClips(mediaDir: string, partialSuffix: string, olderThan?: number): number {
  const folder = path.join(path.resolve(mediaDir), FRAGMENT_MEDIA_FOLDER);
  const list = (dir: string) => {
    try {
      return readdirSync(dir, { withFileTypes: true });
    } catch {
      return []; // no fragments cut yet
    }
  };
  let removed = 0;
  for (const user of list(folder)) {
    if (!user.isDirectory()) continue;
    for (const entry of list(path.join(folder, user.name))) {
      if (!entry.isFile() || !entry.name.endsWith(partialSuffix)) continue;
      const file = path.join(folder, user.name, entry.name);
      if (olderThan !== undefined) {
        const written = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
        // gone meanwhile (its cut ended), or still being written
        if (written === undefined || written >= olderThan) continue;
      }
      rmSync(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
