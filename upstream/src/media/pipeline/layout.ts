/**
 * Where a video's media lives (upstream/API.md "Media of a video"): the folder
 * DATA_DIR/media/videos/<videoCode>/, served as /media/videos/<videoCode>/.
 */
import path from 'node:path';

export const SEGMENT_SECONDS = 4;
export const VIDEO_MEDIA_FOLDER = 'videos';
export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER_FILE = 'poster.jpg';
export const KEYFRAME_FOLDER = 'keyframes';
export const SUBTITLE_FILE = 'subtitles.vtt';
export const MANUSCRIPT_FILE = 'manuscript.txt';

/** A video code is also a folder name: letters, digits, '-' and '_' only. */
export function assertVideoCode(code: string): void {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(code))
    throw new Error(`视频编号只能包含字母、数字、- 和 _ (bad video code: ${JSON.stringify(code)})`);
}

/** DATA_DIR/media/videos/<code> */
export function videoMediaDir(mediaDir: string, code: string): string {
  assertVideoCode(code);
  return path.join(mediaDir, VIDEO_MEDIA_FOLDER, code);
}

/** /media/videos/<code>: the site path of the folder */
export function videoMediaSitePath(code: string): string {
  assertVideoCode(code);
  return `/media/${VIDEO_MEDIA_FOLDER}/${code}`;
}

export const keyframeFile = (seq: number) => `${KEYFRAME_FOLDER}/${seq}.jpg`;

/**
 * The file behind a /media/... site path (e.g. a media row's masterPath, to clip from it); null
 * for anything that is not a path inside mediaDir.
 */
export function mediaFileOfSitePath(mediaDir: string, sitePath: string): string | null {
  if (!sitePath.startsWith('/media/')) return null;
  const segments = sitePath.slice('/media/'.length).split(/[?#]/)[0]!.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /[\\\0]/.test(s))) return null;
  const root = path.resolve(mediaDir);
  const file = path.join(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}
