/**
 * The committed demo lectures (upstream/demo-media, made by `npm run demo:media`): one folder per
 * lecture, named after the demo video it was made for, laid out as a video's media folder
 * (upstream/API.md "Media of a video") plus slides/<n>.jpg, and lectures.json describing them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedLecture } from '../../media/lecture/lecture';

/** upstream/demo-media, found from this file so that any working directory works */
export const DEMO_MEDIA_DIR = path.resolve(__dirname, '..', '..', '..', 'demo-media');
export const LIBRARY_INDEX = 'lectures.json';
export const LIBRARY_VERSION = 1;
export { SLIDE_FOLDER } from '../../media/lecture/lecture';
/** a committed lecture, made for the demo video it is named after */
export type DemoLecture = GeneratedLecture;

export interface DemoMediaLibrary {
  version: number;
  lectures: DemoLecture[];
}

/** The committed library, or null when there is none (a checkout without demo-media). */
export function loadDemoMediaLibrary(dir: string = DEMO_MEDIA_DIR): DemoMediaLibrary | null {
  const file = path.join(dir, LIBRARY_INDEX);
  if (!existsSync(file)) return null;
  const library = JSON.parse(readFileSync(file, 'utf8')) as DemoMediaLibrary;
  if (library.version !== LIBRARY_VERSION)
    throw new Error(`${file}: version ${library.version}, expected ${LIBRARY_VERSION}; run npm run demo:media`);
  return library;
}
