/**
 * A student opens a demo course that has no committed lecture, in real Chromium on
 * the platform started as by `npm start`: the player's place says 视频生成中，请稍候 while the main
 * API makes the video's own lecture from its own transcript (espeak-ng + ffmpeg, in the background),
 * then the picture comes without a reload, and the subtitles are that video's own sentences.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../support/browser';
import { openWatchedContext, PHONE, type PageWatch } from '../support/watch-pages';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

interface WaitingVideo {
  courseId: number;
  catalogueId: number;
  videoId: number;
  code: string;
  firstSentence: string;
}

/** The first demo video, by id, that still waits for its own lecture, with its course and first sentence. */
function waitingVideo(dataDir: string): WaitingVideo {
  const db = new Database(path.join(dataDir, 'sizheng.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `SELECT v.course_id AS courseId, c.catalogue_id AS catalogueId, v.id AS videoId, v.code,
           (SELECT t.text FROM video_transcripts t WHERE t.video_id = v.id ORDER BY t.seq LIMIT 1) AS firstSentence
         FROM video_media m JOIN videos v ON v.id = m.video_id JOIN courses c ON c.id = v.course_id
         WHERE m.source = 'lecture-on-open' ORDER BY v.id LIMIT 1`,
      )
      .get() as WaitingVideo;
  } finally {
    db.close();
  }
}

describe.skipIf(!browserAvailable())('a demo lecture made when first opened, in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    platform = await startSeededPlatform();
    ({ browser, close: closeBrowser } = await launchBrowser());
    ({ context, watch } = await openWatchedContext(browser));
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  it('says 视频生成中，请稍候, then shows the picture of the video’s own lecture with its own subtitles', async () => {
    const target = waitingVideo(platform.dataDir);
    expect(target).toBeDefined();
    page = await context.newPage();
    await page.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}/home`)}`);
    await page.getByLabel('用户名').fill('student');
    await page.getByLabel('密码').fill('Student2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/home');

    await page.goto(
      `${platform.baseUrl}/Play?courseId=${target.courseId}&catalogId=${target.catalogueId}&videoId=${target.videoId}`,
    );
    const player = page.getByRole('region', { name: '视频播放器' });
    await expect.poll(() => player.getByText('视频生成中，请稍候').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.locator('video').count()).toBe(0);

    // the lecture is made in the background; the page asks again and the player comes by itself
    await expect.poll(() => page.locator('video').count(), { timeout: 180_000, interval: 1000 }).toBe(1);
    await player.getByRole('button', { name: '播放' }).first().click();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.videoHeight ?? 0), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await player.getByText('视频生成中，请稍候').count()).toBe(0);

    // its subtitles are its own transcript, in its own folder
    const db = new Database(path.join(platform.dataDir, 'sizheng.sqlite'), { readonly: true, fileMustExist: true });
    const media = db
      .prepare('SELECT subtitle_path AS subtitles, folder FROM video_media WHERE video_id = ?')
      .get(target.videoId) as { subtitles: string; folder: string };
    db.close();
    expect(media).toEqual({
      subtitles: `/media/videos/${target.code}/subtitles.vtt`,
      folder: `/media/videos/${target.code}`,
    });
    expect(
      readFileSync(path.join(platform.dataDir, 'media', 'videos', target.code, 'subtitles.vtt'), 'utf8'),
    ).toContain(target.firstSentence);
  }, 300_000);

  it('on a phone /m/play says 视频生成中，请稍候, then plays another waiting video’s own lecture with its own sentences as subtitles', async () => {
    // the desktop case made its video: this is the next one still waiting
    const target = waitingVideo(platform.dataDir);
    expect(target).toBeDefined();
    const db = new Database(path.join(platform.dataDir, 'sizheng.sqlite'), { readonly: true, fileMustExist: true });
    const ownSentences = (
      db.prepare('SELECT text FROM video_transcripts WHERE video_id = ? ORDER BY seq').all(target.videoId) as Array<{
        text: string;
      }>
    )
      .map((row) => row.text)
      .join('');
    db.close();
    expect(ownSentences).toContain(target.firstSentence);

    const phone = await openWatchedContext(browser, PHONE, { into: watch });
    const phonePage = await phone.context.newPage();
    await phonePage.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}/m/home`)}`);
    await phonePage.getByLabel('用户名').fill('student');
    await phonePage.getByLabel('密码').fill('Student2026');
    await phonePage.getByRole('button', { name: '登录' }).tap();
    await phonePage.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/m/home');

    // the desktop address of the video, as a shared link: the phone lands on /m/play
    await phonePage.goto(
      `${platform.baseUrl}/Play?courseId=${target.courseId}&catalogId=${target.catalogueId}&videoId=${target.videoId}`,
    );
    await phonePage.waitForURL(
      (url) => url.pathname === '/m/play' && url.searchParams.get('videoId') === String(target.videoId),
    );
    const player = phonePage.getByRole('region', { name: '视频播放器' });
    await expect.poll(() => player.getByText('视频生成中，请稍候').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await phonePage.locator('video').count()).toBe(0);

    await expect.poll(() => phonePage.locator('video').count(), { timeout: 180_000, interval: 1000 }).toBe(1);
    expect(await player.getByText('视频生成中，请稍候').count()).toBe(0);
    await player.getByRole('button', { name: '播放' }).first().tap();
    await expect
      .poll(() => phonePage.evaluate(() => document.querySelector('video')?.videoHeight ?? 0), { timeout: 30_000 })
      .toBeGreaterThan(0);
    // what the narration says shows over the picture, and it is this video's own transcript
    let caption = '';
    await expect
      .poll(
        async () =>
          (caption = await phonePage.evaluate(() =>
            (document.querySelector('.vds-captions')?.textContent ?? '').replace(/\s+/g, ''),
          )),
        { timeout: 30_000 },
      )
      .toMatch(/[\u4e00-\u9fff]{2,}/);
    expect(ownSentences.replace(/\s+/g, '')).toContain(caption);
    await phone.context.close();
  }, 300_000);

  it('threw no page error and requested nothing from outside the site', () => {
    expect(watch.errors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
