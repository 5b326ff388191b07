/**
 * Stopping a cut (ClipVideo's deadline): the signal covers clipToMp4's probes as well as its
 * encode, a stopped tool gets SIGTERM and, if it holds on, SIGKILL 2 s later, and the promise
 * settles only once the process has exited (so the cut's slot is not freed while ffmpeg still
 * runs). The tools are stand-ins, real processes written here, named by FFMPEG_PATH/FFPROBE_PATH.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipToMp4, runFfmpeg } from '../../upstream/src/media/pipeline';

/** a tool that writes its pid, notes a SIGTERM and then ignores it (or exits after `termDelayMs`) */
function standIn(dir: string, name: string, termDelayMs: number | null): string {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `#!${process.execPath}
const fs = require('node:fs');
fs.writeFileSync(${JSON.stringify(`${file}.pid`)}, String(process.pid));
process.on('SIGTERM', () => {
  fs.writeFileSync(${JSON.stringify(`${file}.term`)}, 'term');
  ${termDelayMs === null ? '' : `setTimeout(() => process.exit(1), ${termDelayMs});`}
});
setInterval(() => {}, 1000);
`,
  );
  chmodSync(file, 0o755);
  return file;
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('stopping a cut', () => {
  let dir: string;
  const pidsOf: string[] = [];
  const pid = (tool: string) => Number(readFileSync(`${tool}.pid`, 'utf8'));
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sizheng-clip-deadline-'));
  });
  afterAll(() => {
    // nothing of ours may outlive the tests, whatever failed
    for (const tool of pidsOf) {
      if (existsSync(`${tool}.pid`) && isRunning(pid(tool))) process.kill(pid(tool), 'SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('the deadline covers the probe: a probe ignoring SIGTERM is killed 2 s on, and the clip fails only once it has exited', async () => {
    const ffprobe = standIn(dir, 'stubborn-ffprobe', null);
    pidsOf.push(ffprobe);
    const started = Date.now();
    const clip = clipToMp4({
      masterOrSource: path.join(dir, 'master.m3u8'),
      startSeconds: 0,
      endSeconds: 5,
      outFile: path.join(dir, 'out', 'clip.mp4'),
      signal: AbortSignal.timeout(500),
      env: { ...process.env, FFPROBE_PATH: ffprobe },
    });
    await expect(clip).rejects.toMatchObject({ name: 'TimeoutError' });
    const took = Date.now() - started;
    expect(readFileSync(`${ffprobe}.term`, 'utf8')).toBe('term');
    expect(isRunning(pid(ffprobe))).toBe(false);
    expect(took).toBeGreaterThanOrEqual(2_400); // 500 ms to the deadline, then the 2 s grace
    expect(took).toBeLessThan(10_000);
    expect(existsSync(path.join(dir, 'out', 'clip.mp4'))).toBe(false);
  }, 20_000);

  it('a stopped ffmpeg that takes a while to exit is waited for: the run settles after its exit, not at the abort', async () => {
    const ffmpeg = standIn(dir, 'slow-ffmpeg', 800);
    pidsOf.push(ffmpeg);
    const controller = new AbortController();
    const run = runFfmpeg(['-i', 'x', 'y'], {
      signal: controller.signal,
      env: { ...process.env, FFMPEG_PATH: ffmpeg },
    });
    // wait until the stand-in runs (it writes its pid first)
    await expect.poll(() => existsSync(`${ffmpeg}.pid`), { timeout: 10_000 }).toBe(true);
    const abortedAt = Date.now();
    controller.abort();
    await expect(run).rejects.toThrow();
    expect(Date.now() - abortedAt).toBeGreaterThanOrEqual(700);
    expect(readFileSync(`${ffmpeg}.term`, 'utf8')).toBe('term');
    expect(isRunning(pid(ffmpeg))).toBe(false);
  }, 20_000);

  it('a signal aborted before the start runs nothing', async () => {
    const ffprobe = standIn(dir, 'never-ffprobe', null);
    const clip = clipToMp4({
      masterOrSource: path.join(dir, 'master.m3u8'),
      startSeconds: 0,
      endSeconds: 5,
      outFile: path.join(dir, 'out', 'never.mp4'),
      signal: AbortSignal.abort(),
      env: { ...process.env, FFPROBE_PATH: ffprobe },
    });
    await expect(clip).rejects.toThrow();
    expect(existsSync(`${ffprobe}.pid`)).toBe(false);
  });
});
