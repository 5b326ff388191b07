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
import { applicableLectures, planDemoMedia } from '../../upstream/src/demo/media/plan';
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

  it('has the search e2e phrase spoken in a lecture of its own, after the first minute', () => {
    const plan = planDemoMedia(content.videos, library);
    const phrase = searchTestPhrase(content, new Map(plan.map((p) => [p.videoId, p.transcript])))!;
    expect(phrase).not.toBeNull();
    const lecture = library.lectures.find((l) => l.videoId === phrase.videoId)!;
    expect(lecture).toBeDefined();
    const passage = lecture.passages.find((p) => p.text.includes(phrase.phrase))!;
    expect(Math.floor(passage.startMs / 1000)).toBe(phrase.second);
    expect(phrase.second).toBeGreaterThanOrEqual(60);
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
        for (const [, , file] of segments) expect(existsSync(path.join(dir, path.dirname(uri), file!)), `${lecture.code}/${uri} ${file}`).toBe(true);
        if (uri === master.variants[0]!.uri) seconds = segments.reduce((n, m) => n + Number(m[1]), 0);
      }
      expect(Math.abs(seconds * 1000 - lecture.durationMs)).toBeLessThan(600);
      expect(parseWebVtt(readFileSync(path.join(dir, 'subtitles.vtt'), 'utf8'))).toEqual(lecture.passages);
      expect(readFileSync(path.join(dir, 'manuscript.txt'), 'utf8')).toBe(lecture.passages.map((p) => `${p.text}\n`).join(''));
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

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'sizheng-demo-media-'));
    store = openMainApiData(work);
    // no ffmpeg needed: nothing the seed runs could be found
    const saved = { PATH: process.env.PATH, FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH };
    process.env.PATH = path.join(work, 'no-tools');
    process.env.FFMPEG_PATH = process.env.FFPROBE_PATH = path.join(work, 'no-tools', 'ffmpeg');
    try {
      const summary = seedIfEmpty(store, () => content)!;
      expect(summary.media).toEqual({ lectures: library.lectures.length, videos: content.videos.length });
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  }, 120_000);

  afterAll(() => {
    store?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const fileOf = (sitePath: string) => path.join(store.mediaDir, ...sitePath.replace(/^\/media\//, '').split('/'));

  it('gives every demo video media whose files are in DATA_DIR', () => {
    const media = store.media.getMany(content.videos.map((v) => v.id));
    expect(media.size).toBe(content.videos.length);
    for (const m of media.values()) {
      expect(existsSync(fileOf(m.masterPath)), m.masterPath).toBe(true);
      expect(existsSync(fileOf(m.poster))).toBe(true);
      expect(existsSync(fileOf(m.subtitlePath))).toBe(true);
    }
  });

  it('times a lecture video by its narration: duration, transcript and keyframes with slide thumbnails', () => {
    for (const lecture of library.lectures) {
      const video = content.videos.find((v) => v.id === lecture.videoId)!;
      const stored = store.videos.listByCourse(video.courseId).find((v) => v.id === video.id)!;
      expect(stored.durationSeconds).toBe(Math.round(lecture.durationMs / 1000));
      expect(store.videos.transcript(video.id)).toEqual(lecture.passages);
      expect(store.media.get(video.id)!.folder).toBe(`/media/videos/${lecture.code}`);
      expect(stored.keyframes.map((k) => k.timePoint)).toEqual(lecture.keyframes.map((k) => k.timePoint));
      for (const image of store.media.keyframeImages([video.id]).get(video.id)!.values()) expect(existsSync(fileOf(image))).toBe(true);
    }
  });

  it('lets every other video borrow a lecture round-robin, its own sentences timed over the new length', () => {
    const borrowed = content.videos.filter((v) => !ownIds.has(v.id));
    const used = new Set<string>();
    for (const video of borrowed.slice(0, 60)) {
      const media = store.media.get(video.id)!;
      const lecture = library.lectures.find((l) => media.folder === `/media/videos/${l.code}`)!;
      used.add(lecture.code);
      expect(media.durationMs).toBe(lecture.durationMs);
      const transcript = store.videos.transcript(video.id);
      expect(transcript.map((p) => p.text)).toEqual(video.transcript.map((p) => p.text));
      expect(transcript[0]!.startMs).toBe(0);
      expect(transcript[transcript.length - 1]!.endMs).toBe(lecture.durationMs);
      const stored = store.videos.listByCourse(video.courseId).find((v) => v.id === video.id)!;
      expect(stored.durationSeconds).toBe(Math.round(lecture.durationMs / 1000));
      let previous = -1;
      for (const k of stored.keyframes) {
        expect(k.timePoint).toBeGreaterThan(previous);
        expect(k.timePoint * 1000).toBeLessThan(lecture.durationMs);
        previous = k.timePoint;
      }
      expect(stored.keyframes.map((k) => k.keyPoints)).toEqual(video.keyframes.map((k) => k.keyPoints));
    }
    // the first videos go round every lecture
    expect(used.size).toBe(library.lectures.length);
  });

  it('indexes the search e2e phrase at the second it is spoken', () => {
    const plan = planDemoMedia(content.videos, library);
    const phrase = searchTestPhrase(content, new Map(plan.map((p) => [p.videoId, p.transcript])))!;
    store.search.applyPending();
    const hits = store.search.search('knowledgePoints', { keyword: phrase.phrase, offset: 0, limit: 5 });
    const point = store.videos.knowledgePoints(hits.ids)[0]!;
    expect(point).toMatchObject({ kind: 'transcript', videoId: phrase.videoId, timePoint: phrase.second });
  });

  it('gives content the lectures were not made for (a test fixture) no media', () => {
    const other = openMainApiData(path.join(work, 'fixture'));
    try {
      const summary = seedIfEmpty(other, fixtureContent)!;
      expect(summary.media).toBeUndefined();
      expect(other.media.getMany(fixtureContent().videos.map((v) => v.id)).size).toBe(0);
      expect(other.videos.transcript(11)).toEqual(fixtureContent().videos.find((v) => v.id === 11)!.transcript);
    } finally {
      other.close();
    }
  });
});
