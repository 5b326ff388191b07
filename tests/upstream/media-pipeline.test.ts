/**
 * The media pipeline on a real clip made here by ffmpeg (testsrc + sine, 12 s): HLS renditions and
 * master playlist, segments, poster and keyframe thumbnails, WebVTT and manuscript, the real
 * duration in the store, exact MP4 clips, and a job that resumes after being stopped. ffmpeg is
 * required: without it beforeAll fails (MediaToolMissingError), the tests never skip.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MediaToolMissingError,
  checkMediaTools,
  clipToMp4,
  importVideoMedia,
  mediaFileOfSitePath,
  parseMasterPlaylist,
  parseWebVtt,
  probeMedia,
  runFfmpeg,
  runMediaJob,
  type ProgressReporter,
  type VideoImport,
} from '../../upstream/src/media/pipeline';
import { openMainApiData, type MainApiData } from '../../upstream/src/main-api/data';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { fixtureContent } from './fixture';

const CLIP_SECONDS = 12;
const VIDEO_ID = 11; // fixture course 1, episode 1: code V000011, 3 keyframes
const VIDEO_CODE = 'V000011';

const PASSAGES = [
  { text: '同学们好，今天讲实践。', startMs: 0, endMs: 3500 },
  { text: '实践是检验真理的唯一标准。', startMs: 3500, endMs: 8000 },
  { text: '下课之前请回顾 <重点> & 难点。', startMs: 8000, endMs: 11_500 },
  // starts after the clip's end: not a subtitle of this media
  { text: '这一句在视频结束之后。', startMs: 13_000, endMs: 15_000 },
];

let work: string;
let source: string;
let store: MainApiData;
let dir: string;

interface ProbedStream {
  codec_type: string;
  width?: number;
  height?: number;
}
function ffprobe(file: string): { duration: number; streams: ProbedStream[] } {
  const out = JSON.parse(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-of', 'json', '-show_entries', 'format=duration:stream=codec_type,width,height', file],
      {
        encoding: 'utf8',
      },
    ),
  ) as { format: { duration: string }; streams: ProbedStream[] };
  return { duration: Number(out.format.duration), streams: out.streams };
}

const isJpeg = (file: string) => {
  const bytes = readFileSync(file);
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
};

function importInput(overrides: Partial<VideoImport> = {}): VideoImport {
  return {
    videoId: VIDEO_ID,
    videoCode: VIDEO_CODE,
    title: 'test clip',
    source,
    passages: PASSAGES,
    keyframes: [
      { seq: 0, seconds: 1 },
      { seq: 1, seconds: 6.5 },
      { seq: 2, seconds: 40 }, // past the end: taken from the last frame
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  // fails loudly (MediaToolMissingError) where ffmpeg is not installed
  await checkMediaTools();
  work = mkdtempSync(path.join(tmpdir(), 'sizheng-media-'));
  source = path.join(work, 'source.mp4');
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=1280x720:rate=25:duration=${CLIP_SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${CLIP_SECONDS}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    source,
  ]);
  store = openMainApiData(path.join(work, 'data'));
  await seedDemoContent(store, fixtureContent());
  dir = path.join(store.mediaDir, 'videos', VIDEO_CODE);
  await importVideoMedia(store, importInput());
}, 120_000);

afterAll(async () => {
  await store?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('media pipeline: HLS', () => {
  it('writes a master playlist of at least two renditions, highest first, with a shared audio rendition', () => {
    const master = parseMasterPlaylist(readFileSync(path.join(dir, 'master.m3u8'), 'utf8'));
    expect(master.variants.map((v) => [v.uri, v.height])).toEqual([
      ['720p/index.m3u8', 720],
      ['360p/index.m3u8', 360],
    ]);
    expect(master.variants[0]!.width).toBe(1280);
    for (const v of master.variants) expect(v.audioGroup).toBe('group_audio');
    // the announced rates are what was written: the bigger picture needs more
    expect(master.variants[1]!.bandwidth).toBeGreaterThan(0);
    expect(master.variants[0]!.bandwidth).toBeGreaterThan(master.variants[1]!.bandwidth);
    expect(readFileSync(path.join(dir, 'master.m3u8'), 'utf8')).toMatch(/AVERAGE-BANDWIDTH=\d+/);
    expect(master.audio).toEqual(['audio/index.m3u8']);
  });

  it('cuts every rendition into 4 s segments that exist and add up to the clip', () => {
    for (const folder of ['720p', '360p', 'audio']) {
      const playlist = readFileSync(path.join(dir, folder, 'index.m3u8'), 'utf8');
      expect(playlist).toMatch(/^#EXTM3U/);
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      expect(Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)![1])).toBeLessThanOrEqual(5);
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),\s*\n(\S+)/g)].map((m) => {
        const segment = path.join(dir, folder, m[2]!);
        expect(m[2]).toMatch(/^seg_\d{3}\.ts$/);
        expect(statSync(segment).size).toBeGreaterThan(0);
        return Number(m[1]);
      });
      expect(durations.length).toBeGreaterThanOrEqual(3);
      for (const d of durations.slice(0, -1)) expect(d).toBeCloseTo(4, 0);
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(CLIP_SECONDS, 0);
    }
    const segments = readdirSync(path.join(dir, '720p')).filter((f) => f.endsWith('.ts'));
    expect(segments).toEqual(['seg_000.ts', 'seg_001.ts', 'seg_002.ts']);
  });

  it('plays back (ffprobe reads the master playlist) as long as the source, in H.264 and AAC', async () => {
    const probe = ffprobe(path.join(dir, 'master.m3u8'));
    expect(probe.duration).toBeGreaterThan(CLIP_SECONDS - 0.3);
    expect(probe.duration).toBeLessThan(CLIP_SECONDS + 0.3);
    expect(
      probe.streams
        .filter((s) => s.codec_type === 'video')
        .map((s) => s.height)
        .sort(),
    ).toEqual([360, 720]);
    expect(probe.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    const source = await probeMedia(path.join(dir, '360p', 'index.m3u8'));
    expect(source.width).toBe(640);
  });
});

describe('media pipeline: pictures and subtitles', () => {
  it('takes a JPEG poster at the source width and one 320 px JPEG per keyframe', () => {
    expect(isJpeg(path.join(dir, 'poster.jpg'))).toBe(true);
    expect(ffprobe(path.join(dir, 'poster.jpg')).streams[0]!.width).toBe(1280);
    for (const seq of [0, 1, 2]) {
      const file = path.join(dir, 'keyframes', `${seq}.jpg`);
      expect(isJpeg(file), file).toBe(true);
      expect(ffprobe(file).streams[0]).toMatchObject({ width: 320, height: 180 });
    }
  });

  it('writes WebVTT cues for the passages inside the media, escaped, and the manuscript one sentence a line', () => {
    const vtt = readFileSync(path.join(dir, 'subtitles.vtt'), 'utf8');
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(vtt).toContain('1\n00:00:00.000 --> 00:00:03.500\n同学们好，今天讲实践。\n');
    expect(vtt).toContain('3\n00:00:08.000 --> 00:00:11.500\n下课之前请回顾 &lt;重点&gt; &amp; 难点。\n');
    expect(parseWebVtt(vtt)).toEqual(PASSAGES.slice(0, 3));
    expect(readFileSync(path.join(dir, 'manuscript.txt'), 'utf8')).toBe(
      '同学们好，今天讲实践。\n实践是检验真理的唯一标准。\n下课之前请回顾 <重点> & 难点。\n',
    );
  });
});

describe('media pipeline: the store', () => {
  it('records the media row with site paths, qualities highest first and the real duration', async () => {
    const media = (await store.media.get(VIDEO_ID))!;
    expect(media).toMatchObject({
      videoId: VIDEO_ID,
      folder: `/media/videos/${VIDEO_CODE}`,
      masterPath: `/media/videos/${VIDEO_CODE}/master.m3u8`,
      poster: `/media/videos/${VIDEO_CODE}/poster.jpg`,
      subtitlePath: `/media/videos/${VIDEO_CODE}/subtitles.vtt`,
      manuscriptPath: `/media/videos/${VIDEO_CODE}/manuscript.txt`,
      source: 'source.mp4',
    });
    expect(media.qualities.map((q) => [q.name, q.height])).toEqual([
      ['720p', 720],
      ['360p', 360],
    ]);
    expect(Math.abs(media.durationMs - CLIP_SECONDS * 1000)).toBeLessThan(150);
    expect((await store.media.getMany([VIDEO_ID, 12])).get(VIDEO_ID)).toEqual(media);
    expect((await store.media.getMany([VIDEO_ID, 12])).has(12)).toBe(false);
    // the video's duration is the media's now (it was 3801 s in the fixture)
    const video = (await store.videos.listByCourse(1)).find((v) => v.id === VIDEO_ID)!;
    expect(video.durationSeconds).toBe(CLIP_SECONDS);
  });

  it('stores keyframe thumbnails and the transcript with the subtitles timings, queued for search', async () => {
    expect([...(await store.media.keyframeImages([VIDEO_ID])).get(VIDEO_ID)!.entries()]).toEqual([
      [0, `/media/videos/${VIDEO_CODE}/keyframes/0.jpg`],
      [1, `/media/videos/${VIDEO_CODE}/keyframes/1.jpg`],
      [2, `/media/videos/${VIDEO_CODE}/keyframes/2.jpg`],
    ]);
    expect(await store.videos.transcript(VIDEO_ID)).toEqual(PASSAGES.slice(0, 3));
    // the search index follows: the new sentence is found at its second, the replaced one is gone
    await store.search.applyPending();
    const found = await store.search.search('knowledgePoints', { keyword: '检验真理的唯一标准', offset: 0, limit: 10 });
    expect(found.ids).toEqual([{ kind: 'transcript', videoId: VIDEO_ID, seq: 1 }]);
    expect((await store.videos.knowledgePoints(found.ids))[0]).toMatchObject({
      timePoint: 3,
      description: '实践是检验真理的唯一标准。',
    });
    const old = await store.search.search('knowledgePoints', { keyword: '请大家认真思考', offset: 0, limit: 100 });
    expect(old.ids.some((id) => id.videoId === VIDEO_ID)).toBe(false);
  });
});

describe('media pipeline: clips', () => {
  it('cuts an exact range of the master playlist into an MP4 with picture and sound', async () => {
    const outFile = path.join(work, 'clips', 'a.mp4');
    const result = await clipToMp4({
      masterOrSource: path.join(dir, 'master.m3u8'),
      startSeconds: 2.5,
      endSeconds: 7.7,
      outFile,
    });
    const probe = ffprobe(outFile);
    expect(Math.abs(probe.duration - 5.2)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(result.durationMs - 5200)).toBeLessThanOrEqual(200);
    expect(result.bytes).toBe(statSync(outFile).size);
    // the tallest rendition is the one cut
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1280, height: 720 });
    expect(probe.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    expect(existsSync(`${outFile}.partial.mp4`)).toBe(false);
  });

  it('finds the master playlist file from the media row, and nothing outside the media folder', async () => {
    expect(mediaFileOfSitePath(store.mediaDir, (await store.media.get(VIDEO_ID))!.masterPath)).toBe(
      path.join(dir, 'master.m3u8'),
    );
    expect(mediaFileOfSitePath(store.mediaDir, '/media/../sizheng.sqlite')).toBeNull();
    expect(mediaFileOfSitePath(store.mediaDir, '/other/x.m3u8')).toBeNull();
  });

  it('cuts from a source file too, and refuses an empty or negative range', async () => {
    const outFile = path.join(work, 'clips', 'b.mp4');
    await clipToMp4({ masterOrSource: source, startSeconds: 9, endSeconds: 12, outFile });
    expect(Math.abs(ffprobe(outFile).duration - 3)).toBeLessThanOrEqual(0.2);
    await expect(clipToMp4({ masterOrSource: source, startSeconds: 5, endSeconds: 5, outFile })).rejects.toThrow(
      RangeError,
    );
    await expect(clipToMp4({ masterOrSource: source, startSeconds: -1, endSeconds: 3, outFile })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('media pipeline: jobs', () => {
  it('skips every finished step when the same import runs again', async () => {
    const before = statSync(path.join(dir, '720p', 'seg_000.ts')).mtimeMs;
    const again = await importVideoMedia(store, importInput());
    expect(again.ran).toEqual([]);
    expect(again.skipped).toEqual(['probe', 'hls', 'poster', 'keyframes', 'subtitles', 'store']);
    expect(statSync(path.join(dir, '720p', 'seg_000.ts')).mtimeMs).toBe(before);
  });

  it('resumes a stopped import after its last finished step, and redoes a step whose files were lost', async () => {
    // a different poster time is a different job: it starts from scratch and is stopped after hls
    const input = importInput({ posterSeconds: 2 });
    const controller = new AbortController();
    const stopAtPoster: ProgressReporter = {
      stepStarted: (_job, step) => {
        if (step === 'poster') controller.abort(new Error('stopped'));
      },
      progress: () => {},
      stepFinished: () => {},
      jobFinished: () => {},
    };
    await expect(
      importVideoMedia(store, input, { reporter: stopAtPoster, signal: controller.signal }),
    ).rejects.toThrow();
    const hlsWritten = statSync(path.join(dir, '720p', 'seg_000.ts')).mtimeMs;

    const resumed = await importVideoMedia(store, input);
    expect(resumed.skipped).toEqual(['probe', 'hls']);
    expect(resumed.ran).toEqual(['poster', 'keyframes', 'subtitles', 'store']);
    expect(statSync(path.join(dir, '720p', 'seg_000.ts')).mtimeMs).toBe(hlsWritten);

    // the thumbnails vanish: that step and the ones after it run again, the encode does not
    rmSync(path.join(dir, 'keyframes'), { recursive: true });
    const repaired = await importVideoMedia(store, input);
    expect(repaired.skipped).toEqual(['probe', 'hls', 'poster']);
    expect(repaired.ran).toEqual(['keyframes', 'subtitles', 'store']);
    expect(existsSync(path.join(dir, 'keyframes', '1.jpg'))).toBe(true);
  });

  it('records a failed step as failed with its message, and a rerun starts at that step', async () => {
    let attempts = 0;
    const steps = [
      { name: 'one', run: async () => 1 },
      {
        name: 'two',
        run: async () => {
          attempts++;
          if (attempts === 1) throw new Error('暂时失败');
          return 2;
        },
      },
    ];
    await expect(runMediaJob(store.media.jobs, { key: 'test:fail', kind: 'test', title: 't', steps })).rejects.toThrow(
      '暂时失败',
    );
    expect(await store.media.jobs.get('test:fail')).toMatchObject({ status: 'failed', error: '暂时失败' });
    const rerun = await runMediaJob(store.media.jobs, { key: 'test:fail', kind: 'test', title: 't', steps });
    expect(rerun).toMatchObject({ skipped: ['one'], ran: ['two'] });
    expect((await store.media.jobs.get('test:fail'))!.status).toBe('done');
  });
});

describe('media pipeline: missing tools', () => {
  it('names the missing ffmpeg or ffprobe and how to get it', async () => {
    const env = {
      ...process.env,
      FFMPEG_PATH: path.join(work, 'no-ffmpeg'),
      FFPROBE_PATH: path.join(work, 'no-ffprobe'),
    };
    await expect(runFfmpeg(['-version'], { env })).rejects.toThrow(MediaToolMissingError);
    await expect(runFfmpeg(['-version'], { env })).rejects.toThrow(/FFMPEG_PATH/);
    await expect(probeMedia(source, env)).rejects.toThrow(/找不到 ffprobe.*FFPROBE_PATH/);
    await expect(checkMediaTools(env)).rejects.toThrow(MediaToolMissingError);
  });
});
