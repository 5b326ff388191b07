/**
 * manifest.json of a folder imported by `npm run media:import` (upstream/src/media/README.md): the
 * course, its lecturer and catalogue, and its videos in episode order with their subtitles and
 * keyframes. Read and checked here; every problem is named with where it is, in Chinese and English.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TranscriptPassage } from '../../store/records';
import { assertVideoCode } from './layout';
import { parseSubtitleFile, parseTimestamp } from './subtitles';

export const MANIFEST_FILE = 'manifest.json';

export interface ManifestKeyframe {
  seconds: number;
  keyPoints: string;
  description: string;
}

export interface ManifestVideo {
  /** absolute path of the video file */
  file: string;
  name: string;
  code: string | null;
  properTitle: string;
  abstract: string;
  /** a subtitle file (absolute path), or timed passages given inline, or null */
  subtitles: { file: string } | { passages: TranscriptPassage[] } | null;
  keyframes: ManifestKeyframe[];
}

export interface Manifest {
  course: { name: string; info: string; catalogue: number | string[]; image: string | null };
  lecturer: { name: string; position: string; school: string; intro: string; image: string | null };
  videos: ManifestVideo[];
}

export class ManifestError extends Error {
  override name = 'ManifestError';
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(obj: Json, key: string, where: string, options: { required?: boolean; max?: number } = {}): string {
  const value = obj[key];
  if (value === undefined || value === null || value === '') {
    if (options.required) throw new ManifestError(`${where}.${key} 缺失 (missing)`);
    return '';
  }
  if (typeof value !== 'string') throw new ManifestError(`${where}.${key} 应为文本 (must be a string)`);
  const trimmed = value.trim();
  if (options.required && trimmed === '') throw new ManifestError(`${where}.${key} 不能为空 (must not be empty)`);
  if (options.max && [...trimmed].length > options.max)
    throw new ManifestError(`${where}.${key} 不能超过 ${options.max} 个字 (too long)`);
  return trimmed;
}

/** seconds, given as a number or as "mm:ss(.fff)" / "hh:mm:ss(.fff)" */
function seconds(value: unknown, where: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (typeof value === 'string') {
    try {
      return parseTimestamp(value) / 1000;
    } catch {
      // falls through to the message below
    }
  }
  throw new ManifestError(`${where} 应为秒数或 "mm:ss" 形式的时间 (must be seconds or "mm:ss")`);
}

function fileIn(folder: string, name: string, where: string): string {
  const file = path.resolve(folder, name);
  if (!file.startsWith(path.resolve(folder) + path.sep))
    throw new ManifestError(`${where} 必须是文件夹内的文件 (must be inside the folder): ${name}`);
  return file;
}

/** Reads and checks folder/manifest.json; files are resolved inside the folder. */
export function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ManifestError(
      code === 'ENOENT'
        ? `找不到 ${file} (no manifest.json in the folder)`
        : `${file} 不是有效的 JSON (invalid JSON): ${(error as Error).message}`,
    );
  }
  return parseManifest(raw, folder);
}

export function parseManifest(raw: unknown, folder: string): Manifest {
  if (!isObject(raw)) throw new ManifestError('manifest.json 应为一个对象 (must be an object)');
  const course = raw.course;
  const lecturer = raw.lecturer;
  if (!isObject(course)) throw new ManifestError('course 缺失 (missing course)');
  if (!isObject(lecturer)) throw new ManifestError('lecturer 缺失 (missing lecturer)');
  const catalogue = course.catalogue;
  let catalogueRef: number | string[];
  if (typeof catalogue === 'number' && Number.isInteger(catalogue) && catalogue > 0) catalogueRef = catalogue;
  else if (typeof catalogue === 'string' && catalogue.trim() !== '')
    catalogueRef = catalogue
      .split('/')
      .map((s) => s.trim())
      .filter(Boolean);
  else if (
    Array.isArray(catalogue) &&
    catalogue.length > 0 &&
    catalogue.every((s) => typeof s === 'string' && s.trim() !== '')
  )
    catalogueRef = catalogue.map((s: string) => s.trim());
  else
    throw new ManifestError(
      'course.catalogue 应为目录编号或 "学科/类别/子类" 形式的名称路径 (a catalogue id or a path of names)',
    );

  const videos = raw.videos;
  if (!Array.isArray(videos) || videos.length === 0)
    throw new ManifestError('videos 应为非空数组 (must be a non-empty array)');
  const codes = new Set<string>();
  const parsed = videos.map((v: unknown, i): ManifestVideo => {
    const where = `videos[${i}]`;
    if (!isObject(v)) throw new ManifestError(`${where} 应为对象 (must be an object)`);
    const code = text(v, 'code', where) || null;
    if (code) {
      try {
        assertVideoCode(code);
      } catch (error) {
        throw new ManifestError(`${where}.code: ${(error as Error).message}`);
      }
      if (codes.has(code)) throw new ManifestError(`${where}.code 重复 (duplicate code ${code})`);
      codes.add(code);
    }
    let subtitles: ManifestVideo['subtitles'] = null;
    if (typeof v.subtitles === 'string' && v.subtitles.trim() !== '') {
      subtitles = { file: fileIn(folder, v.subtitles.trim(), `${where}.subtitles`) };
    } else if (Array.isArray(v.subtitles)) {
      subtitles = {
        passages: v.subtitles.map((p: unknown, j) => {
          const w = `${where}.subtitles[${j}]`;
          if (!isObject(p)) throw new ManifestError(`${w} 应为 {start, end, text} (must be {start, end, text})`);
          const startMs = Math.round(seconds(p.start, `${w}.start`) * 1000);
          const endMs = Math.round(seconds(p.end, `${w}.end`) * 1000);
          if (endMs <= startMs) throw new ManifestError(`${w}.end 必须晚于 start (end must be after start)`);
          return { text: text(p, 'text', w, { required: true }), startMs, endMs };
        }),
      };
    } else if (v.subtitles !== undefined && v.subtitles !== null) {
      throw new ManifestError(
        `${where}.subtitles 应为字幕文件名或时间轴数组 (a .vtt/.srt/.txt file name or [{start, end, text}])`,
      );
    }
    const keyframes = v.keyframes === undefined ? [] : v.keyframes;
    if (!Array.isArray(keyframes)) throw new ManifestError(`${where}.keyframes 应为数组 (must be an array)`);
    return {
      file: fileIn(folder, text(v, 'file', where, { required: true }), `${where}.file`),
      name: text(v, 'name', where, { required: true, max: 50 }),
      code,
      properTitle: text(v, 'properTitle', where, { max: 100 }),
      abstract: text(v, 'abstract', where, { max: 2000 }),
      subtitles,
      keyframes: keyframes.map((k: unknown, j) => {
        const w = `${where}.keyframes[${j}]`;
        if (!isObject(k)) throw new ManifestError(`${w} 应为 {time, keyPoints, description} (must be an object)`);
        return {
          seconds: seconds(k.time, `${w}.time`),
          keyPoints: text(k, 'keyPoints', w, { required: true, max: 50 }),
          description: text(k, 'description', w, { max: 500 }),
        };
      }),
    };
  });

  const image = (obj: Json, where: string) => {
    const name = text(obj, 'image', where);
    return name ? fileIn(folder, name, `${where}.image`) : null;
  };
  return {
    course: {
      name: text(course, 'name', 'course', { required: true, max: 50 }),
      info: text(course, 'info', 'course', { max: 2000 }),
      catalogue: catalogueRef,
      image: image(course, 'course'),
    },
    lecturer: {
      name: text(lecturer, 'name', 'lecturer', { required: true, max: 20 }),
      position: text(lecturer, 'position', 'lecturer', { max: 100 }),
      school: text(lecturer, 'school', 'lecturer', { max: 100 }),
      intro: text(lecturer, 'intro', 'lecturer', { max: 5000 }),
      image: image(lecturer, 'lecturer'),
    },
    videos: parsed,
  };
}

/** The video's timed subtitles, read from its file when it names one. */
export function manifestPassages(video: ManifestVideo, durationMs?: number): TranscriptPassage[] | null {
  if (!video.subtitles) return null;
  if ('passages' in video.subtitles) return video.subtitles.passages;
  let body: string;
  try {
    body = readFileSync(video.subtitles.file, 'utf8');
  } catch {
    throw new ManifestError(`找不到字幕文件 (no such subtitle file): ${video.subtitles.file}`);
  }
  return parseSubtitleFile(video.subtitles.file, body, durationMs);
}
