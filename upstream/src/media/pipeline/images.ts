/** Still pictures of a video: the poster and the keyframe thumbnails, as JPEG. */
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from './tools';

export interface FrameOptions {
  source: string;
  /** seconds from the start; clamped into the media by the caller (see clampToMedia) */
  atSeconds: number;
  outFile: string;
  /** output width in pixels (height keeps the aspect ratio) */
  width: number;
  /** JPEG quality, 2 (best) .. 31; default 4 */
  quality?: number;
}

export const POSTER_WIDTH = 1280;
export const THUMBNAIL_WIDTH = 320;

/** A time inside a media of this length: a frame can only be read before its end. */
export function clampToMedia(seconds: number, durationMs: number): number {
  const last = Math.max(0, durationMs / 1000 - 0.1);
  return Math.min(Math.max(0, seconds), last);
}

/** Writes the frame shown at `atSeconds` as a JPEG (atomically: a crash leaves no half file). */
export async function extractFrame(options: FrameOptions): Promise<void> {
  await mkdir(path.dirname(options.outFile), { recursive: true });
  const partial = `${options.outFile}.partial.jpg`;
  await runFfmpeg([
    '-ss',
    options.atSeconds.toFixed(3),
    '-i',
    options.source,
    '-frames:v',
    '1',
    '-vf',
    `scale=${options.width}:-2:flags=lanczos`,
    '-q:v',
    String(options.quality ?? 4),
    partial,
  ]);
  const written = await stat(partial).catch(() => null);
  if (!written || written.size === 0)
    throw new Error(`在 ${options.atSeconds}s 处取不到画面 (no frame at ${options.atSeconds}s of ${options.source})`);
  await rename(partial, options.outFile);
}
