/**
 * `npm run media:import -- <folder>`: a folder of videos with a manifest.json (manifest.ts)
 * becomes a course of the platform. The catalogue must exist; the lecturer (by name), the course
 * (by name and lecturer) and each video (by code, else by name within the course) are found or
 * created; then each video runs through the pipeline as a resumable job (import-video.ts), so a
 * second run after a crash continues, and a run over an unchanged folder changes nothing.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { avatarSvg } from '../svg-images';
import type { Store } from '../../store';
import { sanitizeHtml } from '../../text/sanitize-html';
import { importVideoMedia } from './import-video';
import { POSTER_FILE, VIDEO_MEDIA_FOLDER } from './layout';
import { ManifestError, manifestPassages, readManifest, type Manifest } from './manifest';
import { probeMedia } from './probe';
import type { ProgressReporter } from './progress';

export interface FolderImportResult {
  courseId: number;
  lecturerId: number;
  created: { lecturer: boolean; course: boolean; videos: number };
  videos: { videoId: number; code: string; name: string; durationMs: number; ran: string[]; skipped: string[] }[];
}

const IMAGE_TYPES = new Set(['.jpg', '.jpeg', '.png', '.svg', '.webp']);

/** Copies an image of the folder into media/<sub>/ and gives its media-relative path. */
function copyImage(store: Store, file: string, sub: string, name: string): string {
  const ext = path.extname(file).toLowerCase();
  if (!IMAGE_TYPES.has(ext)) throw new ManifestError(`图片只能是 jpg、png、svg 或 webp (unsupported image): ${file}`);
  if (!existsSync(file)) throw new ManifestError(`找不到图片 (no such image): ${file}`);
  mkdirSync(path.join(store.mediaDir, sub), { recursive: true });
  copyFileSync(file, path.join(store.mediaDir, sub, `${name}${ext}`));
  return `${sub}/${name}${ext}`;
}

async function findCatalogue(store: Store, ref: Manifest['course']['catalogue']): Promise<number> {
  const all = await store.catalogues.all();
  if (typeof ref === 'number') {
    if (!all.some((c) => c.id === ref)) throw new ManifestError(`目录 ${ref} 不存在 (no catalogue with id ${ref})`);
    return ref;
  }
  let parentId = 0;
  for (const name of ref) {
    const node = all.find((c) => c.parentId === parentId && c.name === name);
    if (!node) {
      const options = all.filter((c) => c.parentId === parentId).map((c) => c.name);
      throw new ManifestError(
        `目录 "${ref.join('/')}" 中找不到 "${name}" (no such catalogue)${options.length ? `；可选：${options.slice(0, 20).join('、')}` : ''}`,
      );
    }
    parentId = node.id;
  }
  return parentId;
}

export async function importFolder(
  store: Store,
  folder: string,
  options: { reporter?: ProgressReporter; now?: () => number; signal?: AbortSignal } = {},
): Promise<FolderImportResult> {
  const manifest = readManifest(folder);
  const now = options.now ?? Date.now;
  for (const v of manifest.videos)
    if (!existsSync(v.file)) throw new ManifestError(`找不到视频文件 (no such video file): ${v.file}`);
  // subtitle files are read (and checked) before anything is written
  const subtitles = manifest.videos.map((v) => manifestPassages(v));
  const catalogueId = await findCatalogue(store, manifest.course.catalogue);
  const lookups = store.media.imports;
  const created = { lecturer: false, course: false, videos: 0 };

  let lecturerId = await lookups.lecturerByName(manifest.lecturer.name);
  if (lecturerId === null) {
    const l = manifest.lecturer;
    const id = (await lookups.nextIds()).lecturer;
    const image = l.image
      ? copyImage(store, l.image, 'avatars', `imported-${id}`)
      : (() => {
          mkdirSync(path.join(store.mediaDir, 'avatars'), { recursive: true });
          writeFileSync(path.join(store.mediaDir, 'avatars', `imported-${id}.svg`), avatarSvg(id, l.name.slice(0, 1)));
          return `avatars/imported-${id}.svg`;
        })();
    await store.lecturers.insert({
      id,
      name: l.name,
      position: l.position,
      school: l.school,
      introHtml: sanitizeHtml(l.intro),
      catalogueId,
      recommended: false,
      sort: 0,
      image,
    });
    lecturerId = id;
    created.lecturer = true;
  }

  // codes: given, or V + the id as the demo numbers them; a given code of another course is refused
  const plans: { video: (typeof manifest.videos)[number]; existing: { id: number; courseId: number } | null }[] = [];
  for (const v of manifest.videos)
    plans.push({ video: v, existing: v.code ? await lookups.videoByCode(v.code) : null });

  let courseId = await lookups.courseByName(manifest.course.name, lecturerId);
  for (const p of plans) {
    if (p.existing && courseId !== null && p.existing.courseId !== courseId) {
      throw new ManifestError(`视频编号 ${p.video.code} 已属于另一门课程 (code used by another course)`);
    }
  }
  if (courseId === null) {
    const id = (await lookups.nextIds()).course;
    const firstCode = plans[0]!.video.code ?? `V${String((await lookups.nextIds()).video).padStart(6, '0')}`;
    const at = now();
    await store.courses.insert({
      id,
      catalogueId,
      lecturerId,
      name: manifest.course.name,
      info: manifest.course.info,
      exclusive: false,
      viewCount: 0,
      collectCount: 0,
      likeCount: 0,
      noteCount: 0,
      publishTime: at,
      updateTime: at,
      recommendPosition: null,
      selectPosition: null,
      image: manifest.course.image
        ? copyImage(store, manifest.course.image, 'posters', `imported-course-${id}`)
        : `${VIDEO_MEDIA_FOLDER}/${firstCode}/${POSTER_FILE}`,
    });
    courseId = id;
    created.course = true;
  }

  const results: FolderImportResult['videos'] = [];
  for (const [i, { video: v, existing }] of plans.entries()) {
    options.signal?.throwIfAborted();
    let videoId: number;
    let code: string;
    const found = existing ?? (v.code ? null : await lookups.videoByName(courseId, v.name));
    if (found) {
      videoId = found.id;
      code = 'code' in found ? found.code : v.code!;
      if (existing && existing.courseId !== courseId)
        throw new ManifestError(`视频编号 ${v.code} 已属于另一门课程 (code used by another course)`);
    } else {
      videoId = (await lookups.nextIds()).video;
      code = v.code ?? `V${String(videoId).padStart(6, '0')}`;
      if (await lookups.videoByCode(code)) throw new ManifestError(`视频编号 ${code} 已被使用 (code already used)`);
      const probe = await probeMedia(v.file);
      const at = now();
      await store.transaction(async () => {
        await store.videos.insert({
          id: videoId,
          courseId: courseId!,
          sort: await lookups.nextVideoSort(courseId!),
          name: v.name,
          properTitle: v.properTitle,
          code,
          abstract: v.abstract,
          durationSeconds: Math.max(1, Math.round(probe.durationMs / 1000)),
          publishTime: at,
          image: `${VIDEO_MEDIA_FOLDER}/${code}/${POSTER_FILE}`,
          keyframes: v.keyframes.map((k) => ({
            timePoint: Math.floor(k.seconds),
            keyPoints: k.keyPoints,
            description: k.description,
          })),
          transcript: subtitles[i] ?? [],
        });
        await store.media.imports.touchCourse(courseId!, at);
      });
      created.videos++;
    }
    const keyframes = v.keyframes.map((k) => ({
      timePoint: Math.floor(k.seconds),
      keyPoints: k.keyPoints,
      description: k.description,
    }));
    if (found && keyframes.length) {
      // replaced only when the manifest changed them: replacing clears their thumbnails
      const stored = (await store.videos.listByCourse(courseId)).find((x) => x.id === videoId)?.keyframes ?? [];
      const same = (a: typeof keyframes) => JSON.stringify(a.map((k) => [k.timePoint, k.keyPoints, k.description]));
      if (same(stored) !== same(keyframes)) await store.media.imports.replaceKeyframes(videoId, keyframes);
    }
    const outcome = await importVideoMedia(
      store,
      {
        videoId,
        videoCode: code,
        title: `${code} ${v.name}`,
        source: v.file,
        passages: subtitles[i],
        keyframes: v.keyframes.map((k, seq) => ({ seq, seconds: k.seconds })),
      },
      { reporter: options.reporter, signal: options.signal },
    );
    results.push({
      videoId,
      code,
      name: v.name,
      durationMs: outcome.media.durationMs,
      ran: outcome.ran,
      skipped: outcome.skipped,
    });
  }
  return { courseId, lecturerId, created, videos: results };
}
