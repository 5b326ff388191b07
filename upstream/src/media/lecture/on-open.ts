/**
 * Lectures made when a video waiting for one is first opened. The demo seed gives a video without
 * a committed lecture a media row of source LECTURE_ON_OPEN and no files (demo/media/seed-media.ts);
 * opening it (the play page's answer) queues a background job that makes its own lecture from its
 * own transcript (lecture.ts: espeak-ng + ffmpeg), never inside the request. At most
 * MAX_LECTURES_AT_ONCE run together; a job is resumable (its steps are recorded, its work folder
 * kept under DATA_DIR) and a failed one is tried again, up to MAX_ATTEMPTS in all. Where ffmpeg,
 * espeak-ng or the CJK font is missing, nothing is made and the video says so ('unavailable').
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { LogLevel } from '../../config';
import { createLogger, type Logger } from '../../logger';
import type { Store } from '../../store';
import type { VideoMediaRecord } from '../../store/media';
import {
  MANUSCRIPT_FILE,
  MASTER_PLAYLIST,
  POSTER_FILE,
  SUBTITLE_FILE,
  videoMediaDir,
  videoMediaSitePath,
} from '../pipeline/layout';
import { checkMediaTools } from '../pipeline/tools';
import { buildLecture, type LectureSpec } from './lecture';
import { espeakPath } from './narration';
import { CJK_FONT } from './slides';

/** the media row's source of a video whose lecture is made when it is first opened */
export const LECTURE_ON_OPEN = 'lecture-on-open';
/** what the play answer says of a video's media (upstream/API.md, mediaState) */
export type MediaState = 'ready' | 'generating' | 'unavailable' | 'none';

/** two cores are shared with the servers: one lecture at a time */
export const MAX_LECTURES_AT_ONCE = 1;
/** a failed lecture is tried again after RETRY_DELAY_MS × the attempts so far, up to this many attempts */
export const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 5_000;
/**
 * someone is waiting for it: x264's 'medium' rather than the committed library's 'slow'. Measured
 * here (three demo lectures of 4–7 sentences, a shared 2-core machine): 5.6–8.0 s against
 * 11.7–20.5 s, and 1–2 % more bytes (361–664 KiB against 365–672 KiB).
 */
export const ON_OPEN_PRESET = 'medium';
/** DATA_DIR/<this>/<code>: narration, slides and the source video of a lecture being made */
export const LECTURE_WORK_FOLDER = 'lecture-work';

export interface LectureMaker {
  /** what a video with this media row shows: its lecture, one being made, one that cannot be made here, or nothing */
  state(media: VideoMediaRecord | null | undefined): MediaState;
  /** the video is being opened: its lecture is queued when it waits for one; answers its state */
  open(videoId: number): Promise<MediaState>;
  /** resolves once nothing is queued, running or waiting to be tried again */
  idle(): Promise<void>;
  /** stops the running jobs (they resume on the next open) and forgets the queue */
  stop(): Promise<void>;
}

export interface LectureMakerOptions {
  logger?: Logger;
  concurrency?: number;
  retryDelayMs?: number;
  env?: NodeJS.ProcessEnv;
  /** x264's preset (default ON_OPEN_PRESET) */
  preset?: string;
}

/** Checks espeak-ng runs; rejects with a message saying how to get it. */
function checkEspeak(env: NodeJS.ProcessEnv): Promise<void> {
  const file = espeakPath(env);
  return new Promise((resolve, reject) => {
    const child = spawn(file, ['--version'], { stdio: 'ignore' });
    child.on('error', () =>
      reject(new Error(`找不到 espeak-ng（${file}）：请安装 espeak-ng (apt-get install espeak-ng) 或设置 ESPEAK_PATH`)),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`espeak-ng 无法运行 (exit ${code})`))));
  });
}

async function checkLectureTools(env: NodeJS.ProcessEnv): Promise<void> {
  await checkMediaTools(env);
  await checkEspeak(env);
  if (!existsSync(CJK_FONT))
    throw new Error(`找不到中文字体 ${CJK_FONT}：请安装 fonts-noto-cjk (or set DEMO_CJK_FONT)`);
}

/** The lecture's inputs from the store: the video's names, keyframes and transcript, its course and lecturer. */
async function specOf(store: Store, videoId: number): Promise<LectureSpec | null> {
  const video = await store.videos.get(videoId);
  if (!video) return null;
  const course = await store.courses.get(video.courseId);
  if (!course) return null;
  const transcript = await store.videos.transcript(videoId);
  if (transcript.length === 0) return null;
  return {
    video: {
      id: video.id,
      code: video.code,
      name: video.name,
      sort: video.sort,
      durationSeconds: video.durationSeconds,
      keyframes: (await store.videos.keyframes(videoId)).map((k) => ({
        timePoint: k.timePoint,
        keyPoints: k.keyPoints,
      })),
      transcript: transcript.map((p) => ({ text: p.text })),
    },
    course: { name: course.name },
    lecturer: { name: course.lecturerName, position: course.lecturerPosition },
  };
}

export function createLectureMaker(store: Store, options: LectureMakerOptions = {}): LectureMaker {
  const level = process.env.LOG_LEVEL?.trim();
  const logger =
    options.logger ?? createLogger(LOG_LEVELS.includes(level as LogLevel) ? (level as LogLevel) : 'info', 'main-api');
  const env = options.env ?? process.env;
  const concurrency = Math.max(1, options.concurrency ?? MAX_LECTURES_AT_ONCE);
  const retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS;
  const queue: number[] = [];
  const running = new Map<number, Promise<void>>();
  const retrying = new Map<number, NodeJS.Timeout>();
  const attempts = new Map<number, number>();
  /** videos that cannot get a lecture (no transcript, or MAX_ATTEMPTS failed) */
  const givenUp = new Set<number>();
  let tools: Promise<string | null> | null = null;
  /** why no lecture can be made here (a missing tool), once known */
  let unavailable: string | null = null;
  let stopping = new AbortController();
  let idleWaiters: (() => void)[] = [];

  const busy = () => queue.length > 0 || running.size > 0 || retrying.size > 0;
  const settleIdle = () => {
    if (busy()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  const toolsMissing = (): Promise<string | null> =>
    (tools ??= checkLectureTools(env).then(
      () => null,
      (error: unknown) => {
        unavailable = error instanceof Error ? error.message : String(error);
        logger.warn(`demo lectures cannot be made here, videos without one say 本讲视频暂未生成: ${unavailable}`);
        return unavailable;
      },
    ));

  async function make(videoId: number, signal: AbortSignal): Promise<void> {
    if ((await toolsMissing()) || !store.isOpen()) return;
    const media = await store.media.get(videoId);
    if (!media || media.masterPath || media.source !== LECTURE_ON_OPEN) return;
    const spec = await specOf(store, videoId);
    if (!spec) {
      givenUp.add(videoId);
      logger.warn('a video waiting for its lecture has no transcript to read', { videoId });
      return;
    }
    const code = spec.video.code;
    const workDir = path.join(store.dataDir, LECTURE_WORK_FOLDER, code);
    const started = Date.now();
    const lecture = await buildLecture(spec, {
      outDir: videoMediaDir(store.mediaDir, code),
      workDir,
      jobs: store.media.jobs,
      signal,
      preset: options.preset ?? ON_OPEN_PRESET,
    });
    const folder = videoMediaSitePath(code);
    const keyframes = lecture.keyframes.map((k) => ({
      seq: k.seq,
      timePoint: k.timePoint,
      image: `${folder}/${k.image}`,
    }));
    await store.transaction(async () => {
      await store.media.upsert({
        videoId,
        folder,
        masterPath: `${folder}/${MASTER_PLAYLIST}`,
        qualities: lecture.qualities,
        poster: `${folder}/${POSTER_FILE}`,
        subtitlePath: `${folder}/${SUBTITLE_FILE}`,
        manuscriptPath: `${folder}/${MANUSCRIPT_FILE}`,
        durationMs: lecture.durationMs,
        source: `lecture:${code} (made when first opened)`,
      });
      await store.media.setKeyframeImages(videoId, keyframes);
      await store.media.replaceTranscript(videoId, lecture.passages);
    });
    // the source video and narration are only needed to resume: the lecture is done
    await rm(workDir, { recursive: true, force: true });
    logger.info('lecture made', { videoId, code, ms: Date.now() - started, durationMs: lecture.durationMs });
  }

  function pump(): void {
    while (running.size < concurrency && queue.length > 0) {
      const videoId = queue.shift()!;
      const signal = stopping.signal;
      const job = make(videoId, signal)
        .catch((error: unknown) => {
          // stopped, or the store was closed under it (a server shutting down): it resumes on the next open
          if (signal.aborted || !store.isOpen()) return;
          const n = (attempts.get(videoId) ?? 0) + 1;
          attempts.set(videoId, n);
          const message = error instanceof Error ? error.message : String(error);
          if (n >= MAX_ATTEMPTS) {
            givenUp.add(videoId);
            logger.error(`lecture of video ${videoId} failed ${n} times; it says 本讲视频暂未生成`, error);
            return;
          }
          logger.warn(`lecture of video ${videoId} failed, trying again: ${message}`, { videoId, attempt: n });
          const timer = setTimeout(() => {
            retrying.delete(videoId);
            if (!queue.includes(videoId)) queue.push(videoId);
            pump();
          }, retryDelayMs * n);
          timer.unref();
          retrying.set(videoId, timer);
        })
        .finally(() => {
          running.delete(videoId);
          pump();
          settleIdle();
        });
      running.set(videoId, job);
    }
  }

  const maker: LectureMaker = {
    state(media) {
      if (!media) return 'none';
      if (media.masterPath) return 'ready';
      if (media.source !== LECTURE_ON_OPEN) return 'none';
      if (unavailable || givenUp.has(media.videoId)) return 'unavailable';
      return 'generating';
    },

    async open(videoId) {
      const state = maker.state(await store.media.get(videoId));
      if (state === 'generating' && !queue.includes(videoId) && !running.has(videoId) && !retrying.has(videoId)) {
        queue.push(videoId);
        pump();
      }
      return state;
    },

    idle() {
      if (!busy()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    async stop() {
      queue.length = 0;
      for (const timer of retrying.values()) clearTimeout(timer);
      retrying.clear();
      stopping.abort();
      await Promise.allSettled([...running.values()]);
      stopping = new AbortController();
      settleIdle();
    },
  };
  return maker;
}

const LOG_LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error', 'silent'];

const makers = new WeakMap<Store, LectureMaker>();

/** The one lecture maker of a store (the main API's play service opens through it). */
export function lectureMakerOf(store: Store, options?: LectureMakerOptions): LectureMaker {
  let maker = makers.get(store);
  if (!maker) {
    maker = createLectureMaker(store, options);
    makers.set(store, maker);
  }
  return maker;
}
