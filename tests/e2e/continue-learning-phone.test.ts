/**
 * 继续学习 and the search suggestions on a phone (issue 17 items 12 and 14), in real Chromium with an
 * iPhone's user agent, 390×844 and touch: a visitor's /m/home has no 继续学习 row; on /m/search typing
 * a course's name suggests it, and tapping the suggestion opens its /m/play. Signed in as the demo
 * student (who watched a course's first lecture to the end and stopped in the second), /m/home shows
 * the course as 已学 1/N 讲, and a tap resumes /m/play at that video and second, where the 课程目录
 * marks 已看完 and 已看 N%. That lecture watched to its end, the card opens the next one from its
 * beginning (下一讲). Nothing scrolls sideways, no page error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, isLocalRequest, launchBrowser, skipOperationGuide } from '../support/browser';
import { startPlatform, type RunningPlatform } from '../support/platform';
import { finishSecondVideo, seedWatchedCourse, type WatchedCourse } from './continue-learning-fixture';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe.skipIf(!browserAvailable())('继续学习 and search suggestions on a phone, in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let watched: WatchedCourse;
  const pageErrors: string[] = [];
  const foreignRequests: string[] = [];

  beforeAll(async () => {
    platform = await startPlatform();
    watched = await seedWatchedCourse(platform.dataDir);
    ({ browser, close: closeBrowser } = await launchBrowser());
    context = await browser.newContext({
      userAgent: IPHONE,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    await skipOperationGuide(context);
    context.on('page', (p) => {
      p.on('pageerror', (error) => pageErrors.push(`${error.message} @ ${p.url()}`));
      p.on('request', (request) => {
        if (!isLocalRequest(request.url())) foreignRequests.push(request.url());
      });
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  const row = () => page.getByRole('region', { name: '继续学习' });
  const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it("a visitor's /m/home has no 继续学习 row", async () => {
    await page.goto(`${platform.baseUrl}/m/home`);
    await expect.poll(() => page.getByRole('heading', { name: '推荐专题' }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await row().count()).toBe(0);
  });

  it('/m/search suggests a course as its name is typed; tapping it opens /m/play', async () => {
    await page.goto(`${platform.baseUrl}/m/search`);
    const box = page.getByRole('combobox', { name: '搜索关键词' });
    await box.tap();
    await box.pressSequentially(watched.courseName, { delay: 15 });
    const list = page.getByRole('listbox', { name: '搜索建议' });
    const course = list.getByRole('group', { name: '课程' }).getByRole('option').first();
    await expect.poll(() => course.textContent(), { timeout: 15_000 }).toContain(watched.courseName);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const height = await course.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(44);
    expect(await noSideways()).toBe(true);
    await course.tap();
    await page.waitForURL((url) => url.pathname === '/m/play' && url.searchParams.get('courseId') === String(watched.courseId));
  });

  it('signed in, /m/home shows the course as 已学 1/N 讲, and a tap resumes /m/play at the second, the outline marked', async () => {
    await page.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}/m/home`)}`);
    await page.getByLabel('用户名').fill('student');
    await page.getByLabel('密码').fill('Student2026');
    await page.getByRole('button', { name: '登录' }).tap();
    await page.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/m/home');

    const card = row().getByRole('link', { name: `继续学习 ${watched.courseName}` });
    await expect.poll(() => card.isVisible(), { timeout: 30_000 }).toBe(true);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`已学 1/${watched.videoCount} 讲`);
    expect(text).toContain(`上次学到 第2讲 ${watched.stoppedAtShown}`);
    expect(await noSideways()).toBe(true);

    await card.tap();
    await page.waitForURL((url) => url.pathname === '/m/play');
    const opened = new URL(page.url());
    expect(opened.searchParams.get('courseId')).toBe(String(watched.courseId));
    expect(opened.searchParams.get('videoId')).toBe(String(watched.secondVideoId));
    expect(opened.searchParams.get('vtime')).toBe(String(watched.stoppedAt));
    const outline = page.getByRole('list', { name: '课程目录' });
    const items = outline.getByRole('listitem');
    await expect.poll(() => items.first().textContent(), { timeout: 30_000 }).toContain('已看完');
    expect(await items.nth(1).textContent()).toContain(`已看 ${watched.percent}%`);
  });

  it('the lecture watched to its end, 继续学习 on /m/home opens the next one from its beginning (下一讲)', async () => {
    // back to the kept-alive /m/home (/m/play reports where it stopped as it goes)
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/m/home');
    await page.waitForLoadState('networkidle');
    // the second lecture watched to its end meanwhile (in another tab); this one comes to the front again
    const next = await finishSecondVideo(platform.dataDir, watched);
    await page.evaluate(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    const card = row().getByRole('link', { name: `继续学习 ${watched.courseName}` });
    await expect
      .poll(async () => new URL((await card.getAttribute('href')) ?? '', platform.baseUrl).searchParams.get('videoId'), { timeout: 15_000 })
      .toBe(String(next?.videoId ?? watched.secondVideoId));
    expect(new URL((await card.getAttribute('href')) ?? '', platform.baseUrl).searchParams.has('vtime')).toBe(false);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`已学 2/${watched.videoCount} 讲`);
    expect(text).toContain(next ? `第2讲 已看完 · 下一讲 ${next.numberShow}` : '第2讲 已看完');
    expect(await noSideways()).toBe(true);

    // the card opens it; the outline marks the second lecture 已看完
    await card.tap();
    await page.waitForURL((url) => url.pathname === '/m/play' && url.searchParams.get('videoId') === String(next?.videoId ?? watched.secondVideoId));
    const items = page.getByRole('list', { name: '课程目录' }).getByRole('listitem');
    await expect.poll(() => items.nth(1).textContent(), { timeout: 30_000 }).toContain('已看完');
  });

  it('logged no page error and loaded nothing from outside', () => {
    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
