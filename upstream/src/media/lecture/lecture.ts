/**
 * A spoken lecture made for a video from its own transcript: each sentence spoken
 * (narration.ts), a slide per sentence (slides.ts), the two put together into a source video, and
 * that run through the media pipeline like any import (HLS, poster, keyframe thumbnails, WebVTT
 * timed to the narration, manuscript). A resumable job: a rerun after a crash skips what is done.
 * The demo's committed lectures (`npm run demo:media`) and the lectures made when a demo video
 * without one is first opened (on-open.ts) are both made here.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { folderSteps, type MediaBuild, type SubtitleFiles } from '../pipeline/import-video';
import type { Rendition } from '../pipeline/hls';
import { runMediaJob } from '../pipeline/jobs';
import type { ProgressReporter } from '../pipeline/progress';
import { runFfmpeg } from '../pipeline/tools';
import type { Async } from '../../store/async-door';
import type { MediaJobStore, MediaQuality } from '../../store/media';
import type { TranscriptPassage } from '../../store/records';
import { ESPEAK_SPEED, ESPEAK_VOICE, readWav, speakToWav, wavFile } from './narration';
import { renderSlide, type SlideText } from './slides';

/** a lecture folder's slide pictures: slides/<n>.jpg */
export const SLIDE_FOLDER = 'slides';

export interface LectureSlide {
  startMs: number;
  /** relative to the lecture's folder: slides/<n>.jpg */
  image: string;
}

export interface LectureKeyframe {
  seq: number;
  /** seconds into the lecture */
  timePoint: number;
  /** relative to the lecture's folder: slides/<n>.jpg (the slide on screen then) */
  image: string;
}

/** A made lecture: its folder holds a video's media (upstream/API.md "Media of a video") plus slides/. */
export interface GeneratedLecture {
  /** the video it was made for; also its folder's name */
  code: string;
  videoId: number;
  durationMs: number;
  qualities: MediaQuality[];
  /** the video's transcript sentences with the times they are spoken */
  passages: TranscriptPassage[];
  /** the slide shown from each time on, first at 0 */
  slides: LectureSlide[];
  keyframes: LectureKeyframe[];
}

/**
 * Keyframe times (s) of a video of `fromSeconds` moved into `toMs`: proportionally, whole seconds,
 * strictly increasing and before the end.
 */
export function rescaleKeyframes(times: readonly number[], fromSeconds: number, toMs: number): number[] {
  const last = Math.max(0, Math.ceil(toMs / 1000) - 1);
  const out: number[] = [];
  for (const t of times) {
    const scaled = Math.floor((t * toMs) / 1000 / Math.max(1, fromSeconds));
    const prev = out[out.length - 1] ?? -1;
    out.push(Math.min(last, Math.max(prev + 1, scaled)));
  }
  return out;
}

/** the slide on screen at `seconds` */
export function slideAt(lecture: { slides: readonly LectureSlide[] }, seconds: number): string {
  let image = lecture.slides[0]?.image ?? '';
  for (const slide of lecture.slides) if (slide.startMs <= seconds * 1000) image = slide.image;
  return image;
}

/** the title slide before the first sentence, the pause after each, the hold after the last */
export const LECTURE_TIMING = { introMs: 2500, gapMs: 600, outroMs: 1200 };
/**
 * Slides change only with the sentence, and the demo's library is committed (about 6 MB for all):
 * 2 frames a second, keyframes only where a slide changes (a keyframe of a text slide costs as
 * much as many seconds of still picture), x264's still-image tuning, and speech-band mono AAC.
 */
export const LECTURE_FPS = 2;
export const DEMO_LADDER: readonly Rendition[] = [
  { height: 720, crf: 36, maxrateKbps: 400, qp: 36 },
  { height: 360, crf: 38, maxrateKbps: 150, qp: 38 },
];
/** nominal: ffmpeg's AAC encoder gives about 26 kb/s of speech at this setting */
export const DEMO_AUDIO_KBPS = 20;
export const DEMO_AUDIO_CUTOFF_HZ = 5000;
const DEMO_MUX_DELAY = 2;
export const DEMO_POSTER_WIDTH = 960;
/** the slides' thumbnails are the keyframes' pictures */
const SLIDE_THUMBNAIL_WIDTH = 256;
/** bump when the look or the timing changes, so that existing jobs are not taken as done */
const LECTURE_RECIPE = 5;

/** What a lecture is made from: the video's own names, keyframes and transcript (the demo's records fit). */
export interface LectureSpec {
  video: {
    id: number;
    code: string;
    name: string;
    /** episode number: 第n讲 */
    sort: number;
    durationSeconds: number;
    keyframes: readonly { timePoint: number; keyPoints: string }[];
    transcript: readonly { text: string }[];
  };
  course: { name: string };
  lecturer: { name: string; position: string };
}

export interface LectureTimeline {
  durationMs: number;
  passages: TranscriptPassage[];
  /** slide n (0 = title) shown from startMs */
  slides: { startMs: number; text: SlideText }[];
  keyframes: { seq: number; timePoint: number }[];
}

/** Where each sentence and slide falls, from the measured length of each spoken sentence. */
export function lectureTimeline(spec: LectureSpec, spokenMs: readonly number[]): LectureTimeline {
  const { video, course, lecturer } = spec;
  const { introMs, gapMs, outroMs } = LECTURE_TIMING;
  let t = introMs;
  const passages = video.transcript.map((p, i) => {
    const startMs = Math.round(t);
    const endMs = Math.round(t + spokenMs[i]!);
    t = endMs + gapMs;
    return { text: p.text, startMs, endMs };
  });
  const durationMs = Math.round(t - gapMs + outroMs);
  const times = rescaleKeyframes(
    video.keyframes.map((k) => k.timePoint),
    video.durationSeconds,
    durationMs,
  );
  const keyframes = times.map((timePoint, seq) => ({ seq, timePoint }));
  const heading = `${course.name} · 第${video.sort}讲 ${video.name}`;
  const labelAt = (ms: number) => {
    let label = '';
    keyframes.forEach((k, i) => {
      if (k.timePoint * 1000 <= ms) label = video.keyframes[i]!.keyPoints;
    });
    return label ? `要点：${label}` : `主讲：${lecturer.name}`;
  };
  const slides = [
    {
      startMs: 0,
      text: {
        heading: course.name,
        body: `第${video.sort}讲 ${video.name}`,
        footer: `${lecturer.name} · ${lecturer.position}`,
        title: true,
      },
    },
    ...passages.map((p) => ({ startMs: p.startMs, text: { heading, body: p.text, footer: labelAt(p.startMs) } })),
  ];
  return { durationMs, passages, slides, keyframes };
}

const silence = (ms: number, bytesPerMs: number, blockAlign: number) =>
  Buffer.alloc(Math.round((ms * bytesPerMs) / blockAlign) * blockAlign);

export async function buildLecture(
  spec: LectureSpec,
  options: {
    outDir: string;
    workDir: string;
    jobs: Async<MediaJobStore>;
    reporter?: ProgressReporter;
    signal?: AbortSignal;
    /** x264's preset of the HLS renditions: 'slow' (default) for the committed library's size, faster when someone waits */
    preset?: string;
  },
): Promise<GeneratedLecture> {
  const { video } = spec;
  const { outDir, workDir } = options;
  const preset = options.preset ?? 'slow';
  const narrationDir = path.join(workDir, 'narration');
  const slideDir = path.join(workDir, 'slides');
  const sourceFile = path.join(workDir, 'lecture.mkv');
  const slidePng = (n: number) => path.join(slideDir, `${n}.png`);
  const wav = (i: number) => path.join(narrationDir, `${i}.wav`);
  let timeline: LectureTimeline | null = null;
  const build = (): MediaBuild => {
    if (!timeline) throw new Error('lecture timeline used before the narration was measured');
    return {
      source: sourceFile,
      passages: timeline.passages,
      // no frames grabbed: a keyframe's thumbnail is the slide on screen then (slides/<n>.jpg)
      keyframes: [],
      posterSeconds: 1,
      posterWidth: DEMO_POSTER_WIDTH,
      posterQuality: 6,
      encoding: {
        ladder: DEMO_LADDER,
        preset,
        tune: 'stillimage',
        fps: LECTURE_FPS,
        bFrames: 0,
        keyframeTimes: timeline.slides.map((s) => s.startMs / 1000),
        audioKbps: DEMO_AUDIO_KBPS,
        audioCutoffHz: DEMO_AUDIO_CUTOFF_HZ,
        muxDelaySeconds: DEMO_MUX_DELAY,
      },
    };
  };
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        LECTURE_RECIPE,
        spec,
        LECTURE_TIMING,
        DEMO_LADDER,
        DEMO_AUDIO_KBPS,
        ESPEAK_VOICE,
        ESPEAK_SPEED,
        ...(preset === 'slow' ? {} : { preset }),
      }),
    )
    .digest('hex')
    .slice(0, 16);

  const outcome = await runMediaJob(
    options.jobs,
    {
      key: `demo-lecture:${video.code}:${key}`,
      kind: 'demo-lecture',
      title: `${video.code} ${video.name}`,
      steps: [
        {
          name: 'narration',
          run: async ({ progress }) => {
            await rm(narrationDir, { recursive: true, force: true });
            await mkdir(narrationDir, { recursive: true });
            const spokenMs: number[] = [];
            for (const [i, p] of video.transcript.entries()) {
              await speakToWav(p.text, wav(i));
              spokenMs.push((await readWav(wav(i))).durationMs);
              progress((i + 1) / video.transcript.length);
            }
            timeline = lectureTimeline(spec, spokenMs);
            return spokenMs;
          },
          stillDone: (result) => {
            const spokenMs = result as number[];
            if (!spokenMs.every((_, i) => existsSync(wav(i)))) return false;
            timeline = lectureTimeline(spec, spokenMs);
            return true;
          },
        },
        {
          name: 'slides',
          run: async ({ progress }) => {
            await rm(slideDir, { recursive: true, force: true });
            const slides = timeline!.slides;
            for (const [n, slide] of slides.entries()) {
              await renderSlide(slide.text, slidePng(n), path.join(workDir, 'text'));
              progress((n + 1) / slides.length);
            }
            return slides.length;
          },
          stillDone: (count) =>
            Array.from({ length: count as number }, (_, n) => slidePng(n)).every((f) => existsSync(f)),
        },
        {
          name: 'render',
          run: async ({ progress, signal }) => {
            const { slides, passages, durationMs } = timeline!;
            // the sound: each sentence where the timeline puts it, silence between
            const parts = await Promise.all(passages.map((_, i) => readWav(wav(i))));
            const format = parts[0]!;
            const blockAlign = format.channels * (format.bitsPerSample / 8);
            const bytesPerMs = (format.sampleRate * blockAlign) / 1000;
            const pcm: Buffer[] = [];
            let at = 0;
            passages.forEach((p, i) => {
              pcm.push(silence(p.startMs - at, bytesPerMs, blockAlign), parts[i]!.data);
              at = p.startMs + parts[i]!.durationMs;
            });
            pcm.push(silence(durationMs - at, bytesPerMs, blockAlign));
            const audioFile = path.join(workDir, 'narration.wav');
            await writeFile(audioFile, wavFile(format, Buffer.concat(pcm)));
            // the pictures: each slide until the next one starts
            const list = ['ffconcat version 1.0'];
            slides.forEach((slide, n) => {
              const end = slides[n + 1]?.startMs ?? durationMs;
              list.push(`file '${slidePng(n)}'`, `duration ${((end - slide.startMs) / 1000).toFixed(3)}`);
            });
            list.push(`file '${slidePng(slides.length - 1)}'`);
            const listFile = path.join(workDir, 'slides.ffconcat');
            await writeFile(listFile, `${list.join('\n')}\n`);
            await runFfmpeg(
              [
                '-f',
                'concat',
                '-safe',
                '0',
                '-i',
                listFile,
                '-i',
                audioFile,
                '-map',
                '0:v',
                '-map',
                '1:a',
                '-vf',
                `fps=${LECTURE_FPS},format=yuv420p`,
                '-c:v',
                'libx264',
                '-preset',
                'ultrafast',
                '-crf',
                '12',
                '-tune',
                'stillimage',
                '-c:a',
                'pcm_s16le',
                '-t',
                (durationMs / 1000).toFixed(3),
                sourceFile,
              ],
              { durationSeconds: durationMs / 1000, onProgress: (p) => progress(p.fraction), signal },
            );
            return sourceFile;
          },
          stillDone: () => existsSync(sourceFile),
        },
        ...folderSteps(build, outDir),
        {
          name: 'slide-images',
          run: async () => {
            await rm(path.join(outDir, SLIDE_FOLDER), { recursive: true, force: true });
            await mkdir(path.join(outDir, SLIDE_FOLDER), { recursive: true });
            const files: string[] = [];
            for (const n of timeline!.slides.keys()) {
              const file = `${SLIDE_FOLDER}/${n}.jpg`;
              await runFfmpeg([
                '-i',
                slidePng(n),
                '-vf',
                `scale=${SLIDE_THUMBNAIL_WIDTH}:-2:flags=lanczos`,
                '-q:v',
                '7',
                path.join(outDir, file),
              ]);
              files.push(file);
            }
            return files;
          },
          stillDone: (files) => (files as string[]).every((f) => existsSync(path.join(outDir, f))),
        },
      ],
    },
    { reporter: options.reporter, signal: options.signal },
  );

  const r = outcome.results;
  const probe = r.get('probe') as { durationMs: number };
  const subtitles = r.get('subtitles') as SubtitleFiles;
  const slideFiles = r.get('slide-images') as string[];
  const { keyframes, slides } = timeline!;
  const lectureSlides = slides.map((s, n) => ({ startMs: s.startMs, image: slideFiles[n]! }));
  const slideOf = (seconds: number) => slideAt({ slides: lectureSlides }, seconds);
  return {
    code: video.code,
    videoId: video.id,
    // the media's own length: what the player will show
    durationMs: probe.durationMs,
    qualities: (r.get('hls') as { qualities: MediaQuality[] }).qualities,
    passages: subtitles.passages ?? [],
    slides: lectureSlides,
    keyframes: keyframes.map((k) => ({ seq: k.seq, timePoint: k.timePoint, image: slideOf(k.timePoint) })),
  };
}
