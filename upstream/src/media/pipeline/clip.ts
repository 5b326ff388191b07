/**
 * Cuts an exact range of a video into an MP4 (the fragments users clip, §6): re-encoded, so the
 * cut falls on the asked instants rather than on the nearest keyframes. The input may be the
 * video's HLS master playlist (the best rendition and the shared audio are taken) or any file
 * ffmpeg reads.
 */
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ffprobeJson, runFfmpeg, type FfmpegProgress } from './tools';

export interface ClipOptions {
  /** file-system path of master.m3u8 (or of a source video) */
  masterOrSource: string;
  startSeconds: number;
  endSeconds: number;
  /** where the MP4 goes; written atomically (a half-written clip never appears under this name) */
  outFile: string;
  onProgress?: (progress: FfmpegProgress) => void;
  /**
   * stops the whole clip, the probes included (one deadline for all of it): the running tool gets
   * SIGTERM, then SIGKILL 2 s later; the promise rejects only once it has exited and the partial
   * file is gone
   */
  signal?: AbortSignal;
  /** FFMPEG_PATH / FFPROBE_PATH; default process.env */
  env?: NodeJS.ProcessEnv;
}

export interface ClipResult {
  /** the clip's length as written */
  durationMs: number;
  bytes: number;
}

/** what a cut is written as until it is complete (a process stopped mid-cut leaves one: swept at start-up) */
export const PARTIAL_CLIP_SUFFIX = '.partial.mp4';

interface StreamsAnswer {
  streams?: { index: number; codec_type?: string; height?: number }[];
  format?: { duration?: string };
}

export async function clipToMp4(options: ClipOptions): Promise<ClipResult> {
  const { masterOrSource, startSeconds, endSeconds, outFile } = options;
  if (
    !Number.isFinite(startSeconds) ||
    !Number.isFinite(endSeconds) ||
    startSeconds < 0 ||
    endSeconds <= startSeconds
  ) {
    throw new RangeError(`片段范围无效 (bad clip range ${startSeconds}..${endSeconds})`);
  }
  const { signal, env } = options;
  const answer = (await ffprobeJson(masterOrSource, ['-show_entries', 'stream=index,codec_type,height'], {
    signal,
    env,
  })) as StreamsAnswer;
  const streams = answer.streams ?? [];
  // a master playlist shows every rendition as a video stream: cut from the tallest
  const video = streams
    .filter((s) => s.codec_type === 'video' && (s.height ?? 0) > 0)
    .sort((a, b) => (b.height ?? 0) - (a.height ?? 0))[0];
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video) throw new Error(`没有视频画面 (no video stream in ${masterOrSource})`);

  await mkdir(path.dirname(outFile), { recursive: true });
  const partial = `${outFile}${PARTIAL_CLIP_SUFFIX}`;
  const length = endSeconds - startSeconds;
  try {
    await runFfmpeg(
      [
        '-ss',
        startSeconds.toFixed(3),
        '-i',
        masterOrSource,
        '-t',
        length.toFixed(3),
        '-map',
        `0:${video.index}`,
        ...(audio ? ['-map', `0:${audio.index}`] : []),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        ...(audio ? ['-c:a', 'aac', '-b:a', '96k'] : []),
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        partial,
      ],
      { durationSeconds: length, onProgress: options.onProgress, signal, env },
    );
    const written = (await ffprobeJson(partial, ['-show_entries', 'format=duration'], {
      signal,
      env,
    })) as StreamsAnswer;
    await rename(partial, outFile);
    return {
      durationMs: Math.round(Number(written.format?.duration ?? 0) * 1000),
      bytes: (await stat(outFile)).size,
    };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
