/**
 * The committed demo lectures (upstream/demo-media, `npm run demo:media`) and the seed that gives
 * every demo video media from them: they belong to the demo content as generated today, each
 * folder is a complete HLS lecture whose subtitles are its narration, the search e2e phrase is
 * spoken in a lecture of its own at the second the index says, and seeding needs no ffmpeg.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { DEMO_MEDIA_DIR, loadDemoMediaLibrary, type DemoMediaLibrary } from '../../upstream/src/demo/media/library';
import { applicableLectures, planDemoMedia, plannedTimings } from '../../upstream/src/demo/media/plan';
import { LECTURE_ON_OPEN } from '../../upstream/src/media/lecture/on-open';
import { recommendedLectureVideos, searchTestPhrase } from '../../upstream/src/demo/media/select';
import { parseMasterPlaylist, parseWebVtt } from '../../upstream/src/media/pipeline';
import { openMainApiData, type MainApiData } from '../../upstream/src/main-api/data';
import { seedIfEmpty } from '../../upstream/src/demo/seed';
import { fixtureContent } from './fixture';

const NOW = new Date('2026-11-22T08:30:00Z');
const content = generateDemoContent({ now: NOW });
const library = loadDemoMediaLibrary() as DemoMediaLibrary;
/** the committed library's budget: it lives in the repository */
const MAX_LIBRARY_BYTES = 7 * 1024 * 1024;

function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => n + (e.isDirectory() ? folderBytes(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size),
    0,
  );
}

describe('demo lectures: the committed library', () => {
  it('belongs to the demo content as generated now (rerun npm run demo:media when this fails)', () => {
    expect(library).not.toBeNull();
    expect(applicableLectures(content.videos, library).map((l) => l.code)).toEqual(library.lectures.map((l) => l.code));
    const ids = library.lectures.map((l) => l.videoId);
    for (const id of recommendedLectureVideos(content)) expect(ids).toContain(id);
  });

  it('has a search e2e phrase after the first minute, at the second its lecture speaks it when it has one', () => {
    const plan = planDemoMedia(content.videos, library);
    const phrase = searchTestPhrase(content, plannedTimings(plan))!;
    expect(phrase).not.toBeNull();
    expect(phrase.second).toBeGreaterThanOrEqual(60);
    const lecture = library.lectures.find((l) => l.videoId === phrase.videoId);
    const passages = lecture ? lecture.passages : content.videos.find((v) => v.id === phrase.videoId)!.transcript;
    const passage = passages.find((p) => p.text.includes(phrase.phrase))!;
    expect(Math.floor(passage.startMs / 1000)).toBe(phrase.second);
  });

  it('is a complete lecture per folder: renditions, segments, subtitles timed to the narration, slides, poster', () => {
    for (const lecture of library.lectures) {
      const dir = path.join(DEMO_MEDIA_DIR, lecture.code);
      const master = parseMasterPlaylist(readFileSync(path.join(dir, 'master.m3u8'), 'utf8'));
      expect(master.variants.map((v) => v.height)).toEqual(lecture.qualities.map((q) => q.height));
      expect(master.variants.length).toBeGreaterThanOrEqual(2);
      expect(master.variants[0]!.bandwidth).toBeGreaterThan(master.variants[1]!.bandwidth);
      let seconds = 0;
      for (const uri of [...master.variants.map((v) => v.uri), ...master.audio]) {
        const playlist = readFileSync(path.join(dir, uri), 'utf8');
        const segments = [...playlist.matchAll(/#EXTINF:([\d.]+),\s*\n(\S+)/g)];
        for (const [, , file] of segments)
          expect(existsSync(path.join(dir, path.dirname(uri), file!)), `${lecture.code}/${uri} ${file}`).toBe(true);
        if (uri === master.variants[0]!.uri) seconds = segments.reduce((n, m) => n + Number(m[1]), 0);
      }
      expect(Math.abs(seconds * 1000 - lecture.durationMs)).toBeLessThan(600);
      expect(parseWebVtt(readFileSync(path.join(dir, 'subtitles.vtt'), 'utf8'))).toEqual(lecture.passages);
      expect(readFileSync(path.join(dir, 'manuscript.txt'), 'utf8')).toBe(
        lecture.passages.map((p) => `${p.text}\n`).join(''),
      );
      // spoken in order, within the lecture, each sentence given time to be heard
      lecture.passages.forEach((p, i) => {
        expect(p.endMs - p.startMs).toBeGreaterThan(1000);
        if (i > 0) expect(p.startMs).toBeGreaterThanOrEqual(lecture.passages[i - 1]!.endMs);
      });
      expect(lecture.passages[lecture.passages.length - 1]!.endMs).toBeLessThanOrEqual(lecture.durationMs);
      for (const slide of lecture.slides) expect(existsSync(path.join(dir, slide.image))).toBe(true);
      for (const k of lecture.keyframes) expect(lecture.slides.some((s) => s.image === k.image)).toBe(true);
      expect(readFileSync(path.join(dir, 'poster.jpg')).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
    expect(folderBytes(DEMO_MEDIA_DIR)).toBeLessThan(MAX_LIBRARY_BYTES);
  });
});

describe('demo lectures: seeding', () => {
  let work: string;
  let store: MainApiData;
  const ownIds = new Set(library.lectures.map((l) => l.videoId));

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'sizheng-demo-media-'));
    store = openMainApiData(work);
    // no ffmpeg needed: nothing the seed runs could be found
    const saved = {
      PATH: process.env.PATH,
      FFMPEG_PATH: process.env.FFMPEG_PATH,
      FFPROBE_PATH: process.env.FFPROBE_PATH,
    };
    process.env.PATH = path.join(work, 'no-tools');
    process.env.FFMPEG_PATH = process.env.FFPROBE_PATH = path.join(work, 'no-tools', 'ffmpeg');
    try {
      const summary = (await seedIfEmpty(store, () => content))!;
      expect(summary.media).toEqual({
        lectures: library.lectures.length,
        onOpen: content.videos.length - library.lectures.length,
      });
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const fileOf = (sitePath: string) => path.join(store.mediaDir, ...sitePath.replace(/^\/media\//, '').split('/'));

  it('gives every lecture video media whose files are in DATA_DIR', async () => {
    const media = await store.media.getMany([...ownIds]);
    expect(media.size).toBe(ownIds.size);
    for (const m of media.values()) {
      expect(existsSync(fileOf(m.masterPath)), m.masterPath).toBe(true);
      expect(existsSync(fileOf(m.poster))).toBe(true);
      expect(existsSync(fileOf(m.subtitlePath))).toBe(true);
    }
  });

  it('times a lecture video by its narration: duration, transcript and keyframes with slide thumbnails', async () => {
    for (const lecture of library.lectures) {
      const video = content.videos.find((v) => v.id === lecture.videoId)!;
      const stored = (await store.videos.listByCourse(video.courseId)).find((v) => v.id === video.id)!;
      expect(stored.durationSeconds).toBe(Math.round(lecture.durationMs / 1000));
      expect(await store.videos.transcript(video.id)).toEqual(lecture.passages);
      expect((await store.media.get(video.id))!.folder).toBe(`/media/videos/${lecture.code}`);
      expect(stored.keyframes.map((k) => k.timePoint)).toEqual(lecture.keyframes.map((k) => k.timePoint));
      for (const image of (await store.media.keyframeImages([video.id])).get(video.id)!.values())
        expect(existsSync(fileOf(image))).toBe(true);
    }
  });

  it("plays no video another video's lecture: every other video waits for its own, keeping its own length and sentences", async () => {
    const media = await store.media.getMany(content.videos.map((v) => v.id));
    expect(media.size).toBe(content.videos.length);
    const folders = new Map<string, number>();
    for (const video of content.videos) {
      const m = media.get(video.id)!;
      // each video's folder is its own, and no two videos share one
      expect(m.folder).toBe(`/media/videos/${video.code}`);
      expect(folders.get(m.folder)).toBeUndefined();
      folders.set(m.folder, video.id);
      if (ownIds.has(video.id)) continue;
      expect(m).toMatchObject({ masterPath: '', subtitlePath: '', poster: '', source: LECTURE_ON_OPEN });
      expect(existsSync(fileOf(m.folder))).toBe(false);
      const stored = (await store.videos.listByCourse(video.courseId)).find((v) => v.id === video.id)!;
      expect(stored.durationSeconds).toBe(video.durationSeconds);
      expect(stored.keyframes.map((k) => k.timePoint)).toEqual(video.keyframes.map((k) => k.timePoint));
      expect(await store.videos.transcript(video.id)).toEqual(video.transcript);
    }
    // and the folders in DATA_DIR are exactly the committed lectures, each under its own video's code
    const dirs = readdirSync(path.join(store.mediaDir, 'videos'), { withFileTypes: true }).filter((e) =>
      e.isDirectory(),
    );
    expect(dirs.map((e) => e.name).sort()).toEqual(library.lectures.map((l) => l.code).sort());
  });

  it('indexes the search e2e phrase at the second it is spoken', async () => {
    const plan = planDemoMedia(content.videos, library);
    const phrase = searchTestPhrase(content, plannedTimings(plan))!;
    await store.search.applyPending();
    const hits = await store.search.search('knowledgePoints', { keyword: phrase.phrase, offset: 0, limit: 5 });
    const point = (await store.videos.knowledgePoints(hits.ids))[0]!;
    expect(point).toMatchObject({ kind: 'transcript', videoId: phrase.videoId, timePoint: phrase.second });
  });

  it('gives content the lectures were not made for (a test fixture) no media', async () => {
    const other = openMainApiData(path.join(work, 'fixture'));
    try {
      const summary = (await seedIfEmpty(other, fixtureContent))!;
      expect(summary.media).toBeUndefined();
      expect((await other.media.getMany(fixtureContent().videos.map((v) => v.id))).size).toBe(0);
      expect(await other.videos.transcript(11)).toEqual(fixtureContent().videos.find((v) => v.id === 11)!.transcript);
    } finally {
      await other.close();
    }
  });
});
