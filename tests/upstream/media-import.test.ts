/**
 * `npm run media:import -- <folder>` as a person runs it, over a real DATA_DIR: a folder of two
 * short videos made here by ffmpeg, with manifest.json, an SRT file and inline timed subtitles,
 * becomes a course of a new lecturer under an existing catalogue, each video with HLS, poster,
 * keyframe thumbnails, subtitles, its real duration and timed transcript. A second run changes
 * nothing; bad manifests are refused with a Chinese message and exit code 1. The first import starts
 * the command as a process of its own; the other runs call its function in-process
 * (upstream/cli/media-import-command.ts, which media-import.ts runs).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMediaImport } from '../../upstream/cli/media-import-command';
import {
  checkMediaTools,
  parseMasterPlaylist,
  runFfmpeg,
  type FolderImportResult,
} from '../../upstream/src/media/pipeline';
import { openStore } from '../../upstream/src/store';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { fixtureContent } from './fixture';
import { readFileSync } from 'node:fs';
import { runInProcess, runSpawned, type CommandRun } from '../support/cli';

let work: string;
let dataDir: string;
let folder: string;

/** `npm run media:import -- <dir>` as a person starts it: `node --import tsx upstream/cli/media-import.ts` */
function runImportProcess(dir: string): Promise<CommandRun> {
  return runSpawned('upstream/cli/media-import.ts', ['--', dir], { DATA_DIR: dataDir });
}

/** the same command in-process */
function runImport(dir: string): Promise<CommandRun> {
  return runInProcess(runMediaImport, ['--', dir], { DATA_DIR: dataDir });
}

const SRT = `1
00:00:00,500 --> 00:00:02,800
同学们好，今天讲<i>矛盾</i>。

2
00:00:03,000 --> 00:00:05,600
矛盾是事物发展的根本动力。
`;

const MANIFEST = {
  course: { name: '矛盾论导读', info: '一门从文件夹导入的课程。', catalogue: '思政/马克思主义基本原理/唯物辩证法' },
  lecturer: {
    name: '司马新文',
    position: '示范大学教授',
    school: '示范大学',
    intro: '<p>司马新文，<script>x()</script>教授。</p>',
  },
  videos: [
    {
      file: 'one.mp4',
      name: '第一讲 矛盾的普遍性',
      code: 'IMP-001',
      abstract: '本讲讨论矛盾的普遍性。',
      subtitles: 'one.srt',
      keyframes: [
        { time: 1, keyPoints: '问题导入', description: '从生活中的矛盾说起。' },
        { time: '00:04', keyPoints: '矛盾的普遍性', description: '事事有矛盾，时时有矛盾。' },
      ],
    },
    {
      file: 'two.mp4',
      name: '第二讲 矛盾的特殊性',
      subtitles: [
        { start: 0, end: 2.5, text: '第二讲开始。' },
        { start: '00:02.5', end: '00:05.9', text: '具体问题具体分析。' },
      ],
    },
  ],
};

beforeAll(async () => {
  await checkMediaTools();
  work = mkdtempSync(path.join(tmpdir(), 'sizheng-import-'));
  dataDir = path.join(work, 'data');
  const store = openStore(dataDir);
  await seedDemoContent(store, fixtureContent());
  await store.close();
  folder = path.join(work, 'course');
  mkdirSync(folder);
  for (const [name, freq] of [
    ['one.mp4', 440],
    ['two.mp4', 660],
  ] as const) {
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=426x240:rate=15:duration=6',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${freq}:duration=6`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      path.join(folder, name),
    ]);
  }
  writeFileSync(path.join(folder, 'one.srt'), SRT);
  writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(MANIFEST, null, 2));
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('media:import', () => {
  let first: FolderImportResult;

  it('creates the lecturer, the course under the named catalogue and both videos, with their media', async () => {
    const run = await runImportProcess(folder);
    expect(run.code, run.stderr).toBe(0);
    first = JSON.parse(run.stdout) as FolderImportResult;
    expect(first.created).toEqual({ lecturer: true, course: true, videos: 2 });
    expect(first.videos.map((v) => v.code)).toEqual([
      'IMP-001',
      `V${String(first.videos[1]!.videoId).padStart(6, '0')}`,
    ]);
    // progress went to stderr as plain lines (not a terminal here)
    expect(run.stderr).toMatch(/IMP-001 第一讲 矛盾的普遍性 2\/6 hls/);

    const store = openStore(dataDir);
    try {
      const course = (await store.courses.get(first.courseId))!;
      expect(course).toMatchObject({ name: '矛盾论导读', catalogueId: 100, lecturerName: '司马新文', videoCount: 2 });
      expect((await store.lecturers.get(first.lecturerId))!.introHtml).not.toContain('<script');
      const videos = await store.videos.listByCourse(first.courseId);
      expect(videos.map((v) => [v.sort, v.name, v.durationSeconds])).toEqual([
        [1, '第一讲 矛盾的普遍性', 6],
        [2, '第二讲 矛盾的特殊性', 6],
      ]);
      expect(videos[0]!.keyframes.map((k) => [k.timePoint, k.keyPoints])).toEqual([
        [1, '问题导入'],
        [4, '矛盾的普遍性'],
      ]);
      const media = (await store.media.get(videos[0]!.id))!;
      expect(media.masterPath).toBe('/media/videos/IMP-001/master.m3u8');
      // a 240-line source is not enlarged: its own height and half of it
      expect(media.qualities.map((q) => q.name)).toEqual(['240p', '120p']);
      expect(Math.abs(media.durationMs - 6000)).toBeLessThan(150);
      expect(await store.videos.transcript(videos[0]!.id)).toEqual([
        { text: '同学们好，今天讲矛盾。', startMs: 500, endMs: 2800 },
        { text: '矛盾是事物发展的根本动力。', startMs: 3000, endMs: 5600 },
      ]);
      expect(await store.videos.transcript(videos[1]!.id)).toEqual([
        { text: '第二讲开始。', startMs: 0, endMs: 2500 },
        { text: '具体问题具体分析。', startMs: 2500, endMs: 5900 },
      ]);
      expect([...(await store.media.keyframeImages([videos[0]!.id])).get(videos[0]!.id)!.values()]).toEqual([
        '/media/videos/IMP-001/keyframes/0.jpg',
        '/media/videos/IMP-001/keyframes/1.jpg',
      ]);
      const dir = path.join(store.mediaDir, 'videos', 'IMP-001');
      const master = parseMasterPlaylist(readFileSync(path.join(dir, 'master.m3u8'), 'utf8'));
      expect(master.variants.map((v) => v.uri)).toEqual(['240p/index.m3u8', '120p/index.m3u8']);
      for (const f of [
        'poster.jpg',
        'keyframes/0.jpg',
        'keyframes/1.jpg',
        'subtitles.vtt',
        'manuscript.txt',
        '240p/seg_000.ts',
      ]) {
        expect(existsSync(path.join(dir, f)), f).toBe(true);
      }
      // the course's picture is the first video's poster
      expect(course.image).toBe('videos/IMP-001/poster.jpg');
    } finally {
      await store.close();
    }
  });

  it('finds everything again on a second run and redoes no work', async () => {
    const run = await runImport(folder);
    expect(run.code, run.stderr).toBe(0);
    const again = JSON.parse(run.stdout) as FolderImportResult;
    expect(again.created).toEqual({ lecturer: false, course: false, videos: 0 });
    expect(again.courseId).toBe(first.courseId);
    expect(again.videos.map((v) => v.videoId)).toEqual(first.videos.map((v) => v.videoId));
    for (const v of again.videos) expect(v.ran).toEqual([]);
  });

  it('refuses a manifest naming an unknown catalogue, with the choices, before writing anything', async () => {
    const bad = path.join(work, 'bad');
    mkdirSync(bad);
    writeFileSync(path.join(bad, 'x.mp4'), '');
    writeFileSync(
      path.join(bad, 'manifest.json'),
      JSON.stringify({
        ...MANIFEST,
        course: { ...MANIFEST.course, name: '另一门课', catalogue: '思政/不存在的类别' },
        videos: [{ file: 'x.mp4', name: 'x' }],
      }),
    );
    const run = await runImport(bad);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('找不到 "不存在的类别"');
    expect(run.stderr).toContain('马克思主义基本原理');
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    const store = openStore(dataDir);
    try {
      expect(await store.media.imports.courseByName('另一门课', first.lecturerId)).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('names a missing field, a file outside the folder and a missing folder', async () => {
    const bad = path.join(work, 'bad2');
    mkdirSync(bad);
    writeFileSync(path.join(bad, 'manifest.json'), JSON.stringify({ ...MANIFEST, videos: [{ name: '缺文件' }] }));
    let run = await runImport(bad);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('videos[0].file 缺失');
    writeFileSync(
      path.join(bad, 'manifest.json'),
      JSON.stringify({ ...MANIFEST, videos: [{ file: '../one.mp4', name: 'x' }] }),
    );
    run = await runImport(bad);
    expect(run.stderr).toContain('必须是文件夹内的文件');
    run = await runImport(path.join(work, 'nowhere'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('文件夹不存在');
  });
});
