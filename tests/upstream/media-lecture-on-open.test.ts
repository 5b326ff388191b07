/**
 * A demo video without a committed lecture gets its own, made in the background when it is first
 * opened (upstream/src/media/lecture/on-open.ts): the play answer says mediaState generating, a job
 * reads the video's own transcript with espeak-ng over slides drawn by ffmpeg, and the video then
 * plays it (mediaState ready) with its own sentences as subtitles. Real ffmpeg and espeak-ng; one
 * short transcript. Where the tools are missing the video says unavailable and nothing crashes.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayPageData } from '../../upstream/src/main-api/contract';
import { LECTURE_ON_OPEN, lectureMakerOf } from '../../upstream/src/media/lecture/on-open';
import { parseWebVtt } from '../../upstream/src/media/pipeline';
import { mediaTokenKey, signedMediaPath } from '../../upstream/src/media/media-tokens';
import { startTestApi, type TestApi } from './harness';
import { addMember } from './play-fixture';

/** the fixture's video 12 of course 1, given a short transcript of its own */
const SENTENCES = ['糖尿病是一种常见的慢性病。', '控制血糖要从饮食做起。'];

async function waitForLecture(store: TestApi['store'], videoId: number) {
  await store.media.upsert({
    videoId,
    folder: '/media/videos/V000012',
    masterPath: '',
    qualities: [],
    poster: '',
    subtitlePath: '',
    manuscriptPath: '',
    durationMs: 20_000,
    source: LECTURE_ON_OPEN,
  });
  await store.media.replaceTranscript(
    videoId,
    SENTENCES.map((text, i) => ({ text, startMs: i * 10_000, endMs: i * 10_000 + 9_000 })),
  );
}

describe('a demo lecture made when its video is first opened (real ffmpeg and espeak-ng)', () => {
  let api: TestApi;
  let viewer: number;

  beforeAll(async () => {
    api = await startTestApi();
    viewer = await addMember(api.store, 'viewer');
    await waitForLecture(api.store, 12);
  }, 60_000);
  afterAll(async () => {
    await lectureMakerOf(api.store).stop();
    await api.stop();
  });

  const page = () =>
    api.client.get<PlayPageData>('/api/play/GetPlayPageData', {
      courseId: 1,
      catalogId: 100,
      videoId: 12,
      userId: viewer,
    });

  it('answers generating, makes the lecture in the background, then plays it with its own sentences as subtitles', async () => {
    const first = await page();
    expect(first.body.code).toBe(2000);
    expect(first.body.items.video).toMatchObject({
      videoId: 12,
      mediaState: 'generating',
      videoUrl: '',
      subtitleUrl: '',
    });
    // a video with its own media is ready, one without any says none
    expect(first.body.items.videoList.find((v) => v.videoId === 11)).toMatchObject({ mediaState: 'none' });

    await lectureMakerOf(api.store).idle();

    const second = await page();
    const video = second.body.items.video!;
    expect(video).toMatchObject({ videoId: 12, mediaState: 'ready', videoUrl: '/media/videos/V000012/master.m3u8' });
    expect(video.subtitleUrl).toBe('/media/videos/V000012/subtitles.vtt');
    expect(video.qualities.length).toBeGreaterThanOrEqual(2);
    // its own folder, its own sentences, spoken in order, timed to the speech
    const key = mediaTokenKey(api.config.apiSecret);
    const vtt = await fetch(
      `${api.server.url}${signedMediaPath(video.subtitleUrl, viewer, Math.floor(Date.now() / 1000) + 600, key)}`,
    );
    expect(vtt.status).toBe(200);
    const cues = parseWebVtt(await vtt.text());
    expect(cues.map((c) => c.text)).toEqual(SENTENCES);
    expect(cues[1]!.startMs).toBeGreaterThan(cues[0]!.endMs);
    expect(await api.store.videos.transcript(12)).toEqual(cues);
    expect(existsSync(path.join(api.store.mediaDir, 'videos', 'V000012', 'poster.jpg'))).toBe(true);
    const manuscript = await api.client.get<{ manuscript: string }>('/api/play/GetSubtitlesManuscriptUrl', {
      videoCode: 'V000012',
      userId: viewer,
    });
    expect(manuscript.body.items.manuscript).toBe(SENTENCES.join('\n'));
    // the work folder is gone once the lecture is done
    expect(existsSync(path.join(api.dataDir, 'lecture-work', 'V000012'))).toBe(false);
  }, 180_000);
});

describe('where ffmpeg or espeak-ng is missing', () => {
  let api: TestApi;
  let viewer: number;

  beforeAll(async () => {
    api = await startTestApi();
    viewer = await addMember(api.store, 'viewer');
    await waitForLecture(api.store, 12);
  }, 60_000);
  afterAll(async () => {
    await lectureMakerOf(api.store).stop();
    await api.stop();
  });

  it('says unavailable instead of generating, and nothing crashes', async () => {
    const saved = process.env.ESPEAK_PATH;
    process.env.ESPEAK_PATH = path.join(api.dataDir, 'no-such-espeak-ng');
    try {
      const page = () =>
        api.client.get<PlayPageData>('/api/play/GetPlayPageData', {
          courseId: 1,
          catalogId: 100,
          videoId: 12,
          userId: viewer,
        });
      await page();
      await lectureMakerOf(api.store).idle();
      const after = await page();
      expect(after.body.code).toBe(2000);
      expect(after.body.items.video).toMatchObject({ videoId: 12, mediaState: 'unavailable', videoUrl: '' });
    } finally {
      if (saved === undefined) delete process.env.ESPEAK_PATH;
      else process.env.ESPEAK_PATH = saved;
    }
  });
});
