/**
 * The media of one video made from a source file, as a resumable job (jobs.ts): probe → HLS →
 * poster → keyframe thumbnails → subtitles and manuscript → the store (video_media row with the
 * real duration, keyframe images, the transcript with its real timings).
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Store } from '../../store';
import type { MediaQuality, VideoMediaRecord } from '../../store/media';
import type { TranscriptPassage } from '../../store/records';
import { encodeHls, type Rendition } from './hls';
import { POSTER_WIDTH, THUMBNAIL_WIDTH, clampToMedia, extractFrame } from './images';
import { runMediaJob, type JobOutcome, type JobStep } from './jobs';
import {
  KEYFRAME_FOLDER,
  MANUSCRIPT_FILE,
  MASTER_PLAYLIST,
  POSTER_FILE,
  SUBTITLE_FILE,
  keyframeFile,
  videoMediaDir,
  videoMediaSitePath,
} from './layout';
import { probeMedia, type MediaProbe } from './probe';
import type { ProgressReporter } from './progress';
import { buildManuscript, buildWebVtt, fitToDuration } from './subtitles';

/** What to make of a source video; the folder is given separately (folderSteps). */
export interface MediaBuild {
  /** the source video file */
  source: string;
  /** timed subtitles; null or absent: no subtitle file (an import then keeps the video's transcript) */
  passages?: readonly TranscriptPassage[] | null;
  /** thumbnails to take: keyframe seq → seconds into the media */
  keyframes?: readonly { seq: number; seconds: number }[];
  /** where the poster is taken; default 10 % into the video, at most 5 s */
  posterSeconds?: number;
  /** poster width in pixels; default POSTER_WIDTH (or the source's, when narrower) */
  posterWidth?: number;
  /** poster JPEG quality, 2 (best) .. 31; default 4 */
  posterQuality?: number;
  encoding?: {
    ladder?: readonly Rendition[];
    preset?: string;
    tune?: string;
    fps?: number;
    bFrames?: number;
    keyframeTimes?: readonly number[];
    audioKbps?: number;
    audioCutoffHz?: number;
    muxDelaySeconds?: number;
  };
}

export interface VideoImport extends MediaBuild {
  videoId: number;
  videoCode: string;
  /** shown in the progress output */
  title: string;
  /** what to record as the media's origin; default the source's file name */
  sourceLabel?: string;
}

export interface ImportOutcome extends JobOutcome {
  media: VideoMediaRecord;
}

/** Results of the folder steps, file names relative to the folder. */
export interface SubtitleFiles {
  subtitleFile: string | null;
  manuscriptFile: string | null;
  /** the passages as written (cut to the media), null when none were given */
  passages: TranscriptPassage[] | null;
}
interface StoreResult {
  media: VideoMediaRecord;
  keyframes: { seq: number; image: string }[];
}

export interface KeyframeFiles {
  seq: number;
  file: string;
}

/** Same inputs → same fingerprint; a changed source file, subtitle or setting → another. */
export function buildFingerprint(build: MediaBuild, extra: unknown = null): string {
  const file = statSync(build.source);
  return createHash('sha256')
    .update(
      JSON.stringify({
        source: path.resolve(build.source),
        size: file.size,
        mtime: Math.floor(file.mtimeMs),
        passages: build.passages ?? null,
        keyframes: build.keyframes ?? [],
        poster: [build.posterSeconds ?? null, build.posterWidth ?? null, build.posterQuality ?? null],
        encoding: build.encoding ?? null,
        extra,
      }),
    )
    .digest('hex')
    .slice(0, 16);
}

/**
 * The steps that fill a video's media folder from its source: probe, hls, poster, keyframes,
 * subtitles. Each says whether its files are still there, so a resumed job redoes what was lost.
 * The source may be produced by an earlier step: it is read when the steps run.
 */
export function folderSteps(build: MediaBuild | (() => MediaBuild), dir: string): JobStep[] {
  const get = typeof build === 'function' ? build : () => build;
  const exists = (relative: string) => existsSync(path.join(dir, relative));
  return [
    { name: 'probe', run: () => probeMedia(get().source) },
    {
      name: 'hls',
      run: async ({ results, progress, signal }) => {
        await mkdir(dir, { recursive: true });
        return encodeHls({
          source: get().source,
          outDir: dir,
          probe: results.get('probe') as MediaProbe,
          ...get().encoding,
          onProgress: (p) => progress(p.fraction),
          signal,
        });
      },
      stillDone: (result) =>
        exists(MASTER_PLAYLIST) &&
        (result as { qualities: MediaQuality[] }).qualities.every((q) => exists(`${q.name}/index.m3u8`)),
    },
    {
      name: 'poster',
      run: async ({ results }) => {
        const probe = results.get('probe') as MediaProbe;
        const b = get();
        const at = b.posterSeconds ?? Math.min(5, (probe.durationMs / 1000) * 0.1);
        await extractFrame({
          source: b.source,
          atSeconds: clampToMedia(at, probe.durationMs),
          outFile: path.join(dir, POSTER_FILE),
          width: b.posterWidth ?? Math.min(POSTER_WIDTH, probe.width || POSTER_WIDTH),
          quality: b.posterQuality,
        });
        return POSTER_FILE;
      },
      stillDone: () => exists(POSTER_FILE),
    },
    {
      name: 'keyframes',
      run: async ({ results, progress }) => {
        const probe = results.get('probe') as MediaProbe;
        const b = get();
        const keyframes = b.keyframes ?? [];
        await rm(path.join(dir, KEYFRAME_FOLDER), { recursive: true, force: true });
        const files: KeyframeFiles[] = [];
        for (const [i, k] of keyframes.entries()) {
          await extractFrame({
            source: b.source,
            atSeconds: clampToMedia(k.seconds, probe.durationMs),
            outFile: path.join(dir, keyframeFile(k.seq)),
            width: THUMBNAIL_WIDTH,
          });
          files.push({ seq: k.seq, file: keyframeFile(k.seq) });
          progress((i + 1) / keyframes.length);
        }
        return files;
      },
      stillDone: (result) => (result as KeyframeFiles[]).every((k) => exists(k.file)),
    },
    {
      name: 'subtitles',
      run: async ({ results }): Promise<SubtitleFiles> => {
        const probe = results.get('probe') as MediaProbe;
        const given = get().passages;
        if (!given) {
          await rm(path.join(dir, SUBTITLE_FILE), { force: true });
          await rm(path.join(dir, MANUSCRIPT_FILE), { force: true });
          return { subtitleFile: null, manuscriptFile: null, passages: null };
        }
        const passages = fitToDuration(given, probe.durationMs);
        await writeFile(path.join(dir, SUBTITLE_FILE), buildWebVtt(passages));
        await writeFile(path.join(dir, MANUSCRIPT_FILE), buildManuscript(passages));
        return { subtitleFile: SUBTITLE_FILE, manuscriptFile: MANUSCRIPT_FILE, passages };
      },
      stillDone: (result) => {
        const r = result as SubtitleFiles;
        return r.passages === null || (exists(SUBTITLE_FILE) && exists(MANUSCRIPT_FILE));
      },
    },
  ];
}

/**
 * Imports a source video as the media of a video of the store: its folder
 * DATA_DIR/media/videos/<code>/ is filled (folderSteps), then the video's media row, real
 * duration, keyframe thumbnails and (when subtitles were given) its transcript are written.
 */
export async function importVideoMedia(
  store: Store,
  input: VideoImport,
  options: { reporter?: ProgressReporter; signal?: AbortSignal } = {},
): Promise<ImportOutcome> {
  if (!existsSync(input.source)) throw new Error(`找不到视频文件 (no such file): ${input.source}`);
  const dir = videoMediaDir(store.mediaDir, input.videoCode);
  const site = videoMediaSitePath(input.videoCode);
  const sitePath = (file: string | null) => (file ? `${site}/${file}` : '');

  const outcome = await runMediaJob(
    store.media.jobs,
    {
      key: `import:${input.videoCode}:${buildFingerprint(input, input.videoId)}`,
      kind: 'import',
      title: input.title,
      steps: [
        ...folderSteps(input, dir),
        {
          name: 'store',
          run: async ({ results }) => {
            const probe = results.get('probe') as MediaProbe;
            const { qualities } = results.get('hls') as { qualities: MediaQuality[] };
            const subtitles = results.get('subtitles') as SubtitleFiles;
            const media: VideoMediaRecord = {
              videoId: input.videoId,
              folder: site,
              masterPath: sitePath(MASTER_PLAYLIST),
              qualities,
              poster: sitePath(results.get('poster') as string),
              subtitlePath: sitePath(subtitles.subtitleFile),
              manuscriptPath: sitePath(subtitles.manuscriptFile),
              durationMs: probe.durationMs,
              source: input.sourceLabel ?? path.basename(input.source),
            };
            const keyframes = (results.get('keyframes') as KeyframeFiles[]).map((k) => ({
              seq: k.seq,
              image: sitePath(k.file),
            }));
            await store.transaction(async () => {
              await store.media.upsert(media);
              await store.media.setKeyframeImages(input.videoId, keyframes);
              if (subtitles.passages) await store.media.replaceTranscript(input.videoId, subtitles.passages);
            });
            return { media, keyframes };
          },
          // the row or the thumbnails may have been replaced since (another import, edited keyframes): write again
          stillDone: async (result) => {
            const { media, keyframes } = result as StoreResult;
            const images = (await store.media.keyframeImages([input.videoId])).get(input.videoId);
            return (
              JSON.stringify(await store.media.get(input.videoId)) === JSON.stringify(media) &&
              keyframes.every((k) => images?.get(k.seq) === k.image)
            );
          },
        },
      ],
    },
    options,
  );
  return { ...outcome, media: (outcome.results.get('store') as StoreResult).media };
}
