/**
 * A phone opens the platform's desktop addresses in real Chromium (iPhone user agent, 390×844,
 * touch): the navigation guard sends it to the mobile site under /m/, whose pages show the same
 * platform's courses, lecturers, topics and search, in their own shell; on /m/play a visitor gets
 * the login prompt, signs in through the login page as the demo student, comes back and the
 * lecture plays in the full-width player. Nothing is loaded from another site, no console errors.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../support/browser';
import { startPlatform, type RunningPlatform } from '../support/platform';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

interface DemoIds {
  lecturer: { id: number; name: string };
  topic: { id: number; title: string };
  course: { id: number; catalogueId: number; name: string; videoId: number; videoName: string };
}

/** Lecturer 1, topic 1 and a course with videos, as the platform's own database has them. */
function demoIds(dataDir: string): DemoIds {
  const db = new Database(path.join(dataDir, 'sizheng.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const lecturer = db.prepare('SELECT id, name FROM lecturers WHERE id = 1').get() as DemoIds['lecturer'];
    const topic = db.prepare('SELECT id, title FROM topics WHERE id = 1').get() as DemoIds['topic'];
    const row = db
      .prepare(
        `SELECT c.id, c.catalogue_id AS catalogueId, c.name, v.id AS videoId, v.name AS videoName
           FROM courses c JOIN videos v ON v.course_id = c.id
          ORDER BY c.id, v.sort DESC LIMIT 1`,
      )
      .get() as DemoIds['course'];
    if (!lecturer || !topic || !row) throw new Error('the demo content lacks lecturer 1, topic 1 or a course with videos');
    return { lecturer, topic, course: row };
  } finally {
    db.close();
  }
}

describe.skipIf(!browserAvailable())('the mobile site on a phone, in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let ids: DemoIds;
  const consoleErrors: string[] = [];
  const foreignRequests: string[] = [];

  beforeAll(async () => {
    platform = await startPlatform();
    ids = demoIds(platform.dataDir);
    ({ browser, close: closeBrowser } = await launchBrowser());
    context = await browser.newContext({
      userAgent: IPHONE,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    context.on('page', (p) => {
      p.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      p.on('pageerror', (error) => consoleErrors.push(error.message));
    });
    context.on('request', (request) => {
      const url = request.url();
      // the platform and its own login service (another port of the same machine)
      const ours = [platform.baseUrl, platform.loginUrl, 'data:', 'blob:'].some((prefix) => url.startsWith(prefix));
      if (!ours) foreignRequests.push(url);
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  const pathAndQuery = () => {
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  };

  it('/home lands on /m/home: the mobile shell (no desktop header or sidebar) with course cards', async () => {
    await page.goto(`${platform.baseUrl}/home`);
    await page.waitForURL(/\/m\/home$/);
    const courses = page.getByRole('list', { name: '推荐课程' });
    await expect.poll(() => courses.getByRole('link').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const first = await courses.getByRole('link').first().getAttribute('href');
    expect(first).toMatch(/^\/m\/play\?catalogId=\d+&courseId=\d+$/);
    expect(await page.getByRole('navigation', { name: '手机网页版导航' }).isVisible()).toBe(true);
    // the desktop shell is not there: no sidebar, no header search box
    expect(await page.getByRole('complementary').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: '搜索关键词' }).count()).toBe(0);
    // touch-first: one column of phone width, no horizontal scrolling
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.title()).toBe('首页 - 思政云课堂');
  });

  it('/authorDes?id=1 lands on /m/authorDes?id=1 with the lecturer', async () => {
    await page.goto(`${platform.baseUrl}/authorDes?id=${ids.lecturer.id}`);
    await page.waitForURL(/\/m\/authorDes\?id=1$/);
    expect(pathAndQuery()).toBe(`/m/authorDes?id=${ids.lecturer.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: ids.lecturer.name, exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    const courses = page.getByRole('list', { name: '讲师课程' }).getByRole('link');
    if ((await courses.count()) > 0) expect(await courses.first().getAttribute('href')).toMatch(/^\/m\/play\?/);
  });

  it('/special/des?id=1 lands on /m/special/des?speciaId=1 with the topic', async () => {
    await page.goto(`${platform.baseUrl}/special/des?id=${ids.topic.id}`);
    await page.waitForURL(/\/m\/special\/des\?speciaId=1$/);
    await expect
      .poll(() => page.getByRole('heading', { name: ids.topic.title, exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
  });

  /** The <video> element's state, read in the page. */
  const videoState = () =>
    page.evaluate(() => {
      const v = document.querySelector('video');
      return v ? { currentTime: v.currentTime, paused: v.paused, readyState: v.readyState } : null;
    });

  it('/Play lands on /m/play: a visitor sees the course, its videos with the current one marked and the login prompt, no player', async () => {
    const { course } = ids;
    await page.goto(`${platform.baseUrl}/Play?courseId=${course.id}&catalogId=${course.catalogueId}&videoId=${course.videoId}`);
    await page.waitForURL(/\/m\/play\?/);
    expect(pathAndQuery()).toBe(`/m/play?catalogId=${course.catalogueId}&courseId=${course.id}&videoId=${course.videoId}`);
    await expect.poll(() => page.getByRole('heading', { name: course.name, exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    const prompt = page.getByRole('region', { name: '登录提示' });
    expect(await prompt.textContent()).toContain('登录后即可观看课程视频');
    expect(await prompt.getByRole('link', { name: '登录' }).isVisible()).toBe(true);
    const current = page.getByRole('list', { name: '课程目录' }).locator('a[aria-current="true"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toContain(course.videoName);
    expect(await page.locator('video').count()).toBe(0);
    // no login page popped up by itself
    expect(context.pages()).toHaveLength(1);
  });

  it('登录 opens the login page in this tab; signed in as the student it comes back to /m/play, where the lecture plays', async () => {
    const { course } = ids;
    const playPath = `/m/play?catalogId=${course.catalogueId}&courseId=${course.id}&videoId=${course.videoId}`;
    await page.getByRole('region', { name: '登录提示' }).getByRole('link', { name: '登录' }).tap();
    await page.waitForURL((url) => url.href.startsWith(platform.loginUrl));
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${platform.baseUrl}${playPath}`);
    await page.getByLabel('用户名').fill('student');
    await page.getByLabel('密码').fill('Student2026');
    await page.getByRole('button', { name: '登录' }).tap();
    await page.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/m/play');
    expect(pathAndQuery()).toBe(playPath);

    // the player, full width right under the top bar, then the course
    const player = page.getByRole('region', { name: '视频播放器' });
    await expect.poll(() => page.locator('video').count(), { timeout: 30_000 }).toBe(1);
    const box = (await player.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(390);
    expect(await page.getByRole('region', { name: '登录提示' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: course.name, exact: true }).isVisible()).toBe(true);

    await player.getByRole('button', { name: '播放' }).first().tap();
    await expect.poll(async () => (await videoState())?.currentTime ?? 0, { timeout: 30_000 }).toBeGreaterThan(1.5);
    expect((await videoState())?.paused).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('a keyframe tap seeks the lecture to its second', async () => {
    const frames = page.getByTestId('keyframe');
    await expect.poll(() => frames.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const frame = frames.last();
    const label = (await frame.getAttribute('aria-label')) ?? '';
    const [minutes, seconds] = label.split(' ')[0]!.split(':').map(Number) as [number, number];
    const at = minutes * 60 + seconds;
    await frame.tap();
    await expect.poll(async () => (await videoState())?.currentTime ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(at - 0.5);
    expect((await videoState())!.currentTime).toBeLessThan(at + 10);
  });

  it('a tap on another video replaces the URL with its videoId and the player shows it', async () => {
    const { course } = ids;
    const list = page.getByRole('list', { name: '课程目录' });
    const other = list.locator('a:not([aria-current="true"])').first();
    const href = (await other.getAttribute('href'))!;
    const videoId = new URL(href, platform.baseUrl).searchParams.get('videoId');
    const historyLength = await page.evaluate(() => window.history.length);
    await other.tap();
    await page.waitForURL((url) => url.searchParams.get('videoId') === videoId);
    expect(pathAndQuery()).toBe(`/m/play?catalogId=${course.catalogueId}&courseId=${course.id}&videoId=${videoId}`);
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength);
    await expect.poll(() => list.locator('a[aria-current="true"]').getAttribute('href')).toBe(href);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
    await expect.poll(async () => (await videoState())?.readyState ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  });

  it('searches 哲学 from the mobile search box: results with highlights, links inside /m/', async () => {
    await page.goto(`${platform.baseUrl}/m/home`);
    await page.getByRole('navigation', { name: '手机网页版导航' }).getByRole('link', { name: '搜索' }).tap();
    await page.waitForURL(/\/m\/search$/);
    const box = page.getByRole('searchbox', { name: '搜索关键词' });
    expect(await box.getAttribute('placeholder')).toBe('请输入内容');
    await box.tap();
    await box.fill('哲学');
    await box.press('Enter');
    await page.waitForURL(/\/m\/search\?key=%E5%93%B2%E5%AD%A6$/);
    const courses = page.getByRole('list', { name: '课程' });
    await expect.poll(() => courses.locator('li').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => courses.locator('mark').first().textContent()).toBe('哲学');
    expect(await courses.getByRole('link').first().getAttribute('href')).toMatch(/^\/m\/play\?/);

    // a course opens the mobile course page
    const name = (await courses.getByRole('link').first().getAttribute('aria-label')) ?? '';
    await courses.getByRole('link').first().tap();
    await page.waitForURL(/\/m\/play\?/);
    await expect.poll(() => page.getByRole('heading', { name, exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    // and back to the results, the history has 哲学
    await page.getByRole('button', { name: '返回' }).tap();
    await page.waitForURL(/\/m\/search\?key=/);
    await page.getByRole('navigation', { name: '手机网页版导航' }).getByRole('link', { name: '搜索' }).tap();
    await page.waitForURL(/\/m\/search$/);
    await expect.poll(() => page.getByRole('list', { name: '搜索历史' }).locator('li').first().textContent()).toBe('哲学');
  });

  it('loaded nothing from another site and logged no console errors', () => {
    expect(foreignRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
