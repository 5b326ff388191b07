/**
 * ffmpeg and ffprobe as child processes. Their paths come from FFMPEG_PATH / FFPROBE_PATH
 * (default: found on PATH). A missing tool is a MediaToolMissingError that says how to get it,
 * never a bare ENOENT. ffmpeg runs with `-progress pipe:1`, whose key=value blocks report the
 * position reached, so a caller can show how far an encode is.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export class MediaToolMissingError extends Error {
  override name = 'MediaToolMissingError';
}

/** ffmpeg ran but failed: the message carries the end of its error output. */
export class MediaToolError extends Error {
  override name = 'MediaToolError';
}

export const ffmpegPath = (env: NodeJS.ProcessEnv = process.env): string => env.FFMPEG_PATH?.trim() || 'ffmpeg';
export const ffprobePath = (env: NodeJS.ProcessEnv = process.env): string => env.FFPROBE_PATH?.trim() || 'ffprobe';

const missing = (tool: 'ffmpeg' | 'ffprobe', file: string) =>
  new MediaToolMissingError(
    `找不到 ${tool}（${file}）：请安装 ffmpeg（Debian/Ubuntu: apt-get install ffmpeg），或用 ` +
      `${tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'} 指定它的路径 ` +
      `(${tool} not found at "${file}": install ffmpeg or set ${tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'})`,
  );

/** The most of a tool's error output kept for an error message. */
const STDERR_TAIL = 4000;

export interface RunResult {
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** called with the stdout text as it arrives */
  onStdout?: (chunk: string) => void;
  /**
   * stops the tool: SIGTERM, then SIGKILL killGraceMs later if it is still running. The promise
   * settles only once the process has exited, so a caller holding a slot for it frees the slot
   * when the work has really stopped (and its files are no longer being written).
   */
  signal?: AbortSignal;
  /** default 2 000 ms */
  killGraceMs?: number;
}

const KILL_GRACE_MS = 2_000;

/** why a run was stopped: the signal's reason when it is an Error (a timeout's TimeoutError), else an AbortError */
function abortError(tool: string, signal: AbortSignal): Error {
  if (signal.reason instanceof Error) return signal.reason;
  const error = new Error(`${tool} 已停止 (${tool} was aborted)`);
  error.name = 'AbortError';
  return error;
}

/** Runs a tool to its end; rejects with MediaToolMissingError or MediaToolError (or the abort reason once stopped). */
export function runTool(
  tool: 'ffmpeg' | 'ffprobe',
  file: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(abortError(tool, signal));
      return;
    }
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      reject((error as NodeJS.ErrnoException).code === 'ENOENT' ? missing(tool, file) : error);
      return;
    }
    let stdout = '';
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    const stop = () => {
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), options.killGraceMs ?? KILL_GRACE_MS);
    };
    signal?.addEventListener('abort', stop, { once: true });
    const settled = () => {
      signal?.removeEventListener('abort', stop);
      clearTimeout(killTimer);
    };
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      // a process that did run is waited for ('close'); this is one that never started
      if (child.pid !== undefined) return;
      settled();
      reject(error.code === 'ENOENT' || error.code === 'EACCES' ? missing(tool, file) : error);
    });
    child.on('close', (code, exitSignal) => {
      settled();
      if (signal?.aborted) reject(abortError(tool, signal));
      else if (code === 0) resolve({ stdout, stderr });
      else
        reject(
          new MediaToolError(
            `${tool} 失败 (${tool} failed, ${exitSignal ? `signal ${exitSignal}` : `exit ${code}`}): ${stderr.trim().split('\n').slice(-6).join('\n')}`,
          ),
        );
    });
  });
}

export interface FfmpegProgress {
  /** seconds of output written so far */
  seconds: number;
  /** 0..1 when the expected length is known, else null */
  fraction: number | null;
  done: boolean;
}

export interface FfmpegOptions {
  /** the output's expected length in seconds, to turn the position into a fraction */
  durationSeconds?: number;
  onProgress?: (progress: FfmpegProgress) => void;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
}

/** Runs ffmpeg quietly (errors only) with machine-readable progress on stdout. */
export async function runFfmpeg(args: readonly string[], options: FfmpegOptions = {}): Promise<void> {
  const { durationSeconds, onProgress } = options;
  let pending = '';
  const onStdout = (chunk: string) => {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      const [key, value] = line.split('=', 2);
      if (!onProgress || value === undefined) continue;
      if (key === 'out_time_us' || key === 'out_time_ms') {
        // both are microseconds (out_time_ms is misnamed in ffmpeg); N/A before the first frame
        const us = Number(value);
        if (!Number.isFinite(us) || us < 0) continue;
        const seconds = us / 1e6;
        onProgress({
          seconds,
          fraction: durationSeconds && durationSeconds > 0 ? Math.min(1, seconds / durationSeconds) : null,
          done: false,
        });
      } else if (key === 'progress' && value === 'end') {
        onProgress({ seconds: durationSeconds ?? 0, fraction: durationSeconds ? 1 : null, done: true });
      }
    }
  };
  await runTool(
    'ffmpeg',
    ffmpegPath(options.env),
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', '-y', ...args],
    { onStdout, signal: options.signal },
  );
}

export interface ProbeOptions {
  env?: NodeJS.ProcessEnv;
  /** stops the probe as RunOptions.signal does */
  signal?: AbortSignal;
}

/** ffprobe's JSON answer for a file. */
export async function ffprobeJson(file: string, args: readonly string[], options: ProbeOptions = {}): Promise<unknown> {
  const { stdout } = await runTool('ffprobe', ffprobePath(options.env), ['-v', 'error', '-of', 'json', ...args, file], {
    signal: options.signal,
  });
  return JSON.parse(stdout) as unknown;
}

/** Checks that both tools run; throws MediaToolMissingError naming the one that does not. */
export async function checkMediaTools(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await runTool('ffmpeg', ffmpegPath(env), ['-hide_banner', '-version']);
  await runTool('ffprobe', ffprobePath(env), ['-hide_banner', '-version']);
}
