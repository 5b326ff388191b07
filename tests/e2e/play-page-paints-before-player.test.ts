/**
 * /Play paints the course before it fetches the player (speed issue, part 2): a signed-in student
 * opens a course's play page in real Chromium on the platform started as by `npm start`. The course
 * title and the outline (课程目录) are painted, as the browser's own element timing records it,
 * before the first script of the player (its chunk, vidstack, hls.js) is even requested; the poster
 * holds the player's place meanwhile, and the player then comes and plays. Nothing loads from
 * outside the site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, isLocalRequest, launchBrowser, skipOperationGuide } from '../support/browser';
import { startPlatform, type RunningPlatform } from '../support/platform';

/** the player's scripts as the build names them: its own chunk, vidstack's and hls.js's */
const PLAYER_SCRIPT = /\/assets\/(VideoPlayer|vidstack|hls|player)[-.][^/]*\.js$/;

describe.skipIf(!browserAvailable())('the play page paints before the player loads, in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let playPath = '';
  const foreignRequests: string[] = [];

  beforeAll(async () => {
    platform = await startPlatform();
    ({ browser, close: closeBrowser } = await launchBrowser());
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await skipOperationGuide(context);
    context.on('request', (request) => {
      if (!isLocalRequest(request.url())) foreignRequests.push(request.url());
    });
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  it('signs in as a student; a recommended course has a video whose lecture is there', async () => {
    const login = await context.newPage();
    await login.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}/home`)}`);
    await login.getByLabel('用户名').fill('student');
    await login.getByLabel('密码').fill('Student2026');
    await login.getByRole('button', { name: '登录' }).click();
    await login.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/home');
    await expect.poll(() => login.getByRole('button', { name: 'student的账户菜单' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await login.close();
    // a video whose lecture is already made (the committed demo lectures; others are made when first
    // opened, and the player's place then waits for that instead); asked as a visitor, which starts nothing
    const answer = await fetch(`${platform.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ recommendedCourses(first: 14) { edges { node { courseId videos { videoId mediaState } } } } }' }),
    });
    const { data } = (await answer.json()) as {
      data: { recommendedCourses: { edges: { node: { courseId: number; videos: { videoId: number; mediaState: string }[] } }[] } };
    };
    const course = data.recommendedCourses.edges.map((e) => e.node).find((c) => c.videos.some((v) => v.mediaState === 'READY'));
    if (!course) throw new Error('no recommended demo course has a video with its lecture made');
    playPath = `/Play?courseId=${course.courseId}&videoId=${course.videos.find((v) => v.mediaState === 'READY')!.videoId}`;
  });

  it('opening /Play: the title and the outline paint before any script of the player is requested, then the player comes', async () => {
    const page: Page = await context.newPage();
    await page.goto(`${platform.baseUrl}${playPath}`);

    const title = page.getByRole('heading', { level: 1 });
    await expect.poll(() => title.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(((await title.textContent()) ?? '').trim().length).toBeGreaterThan(0);
    expect(await page.getByRole('navigation', { name: '视频列表' }).getByText('课程目录').isVisible()).toBe(true);
    // the player comes after, in the place its poster held
    await expect.poll(() => page.locator('video').count(), { timeout: 30_000 }).toBe(1);

    // when the browser painted the title and the outline (PerformanceElementTiming, the elements
    // marked elementtiming), and when each player script's request started (Resource Timing)
    const timeline = await page.evaluate(async (pattern) => {
      const painted = await new Promise<Record<string, number>>((resolve) => {
        const seen: Record<string, number> = {};
        new PerformanceObserver((list, observer) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number; loadTime: number })[]) {
            seen[entry.identifier] ??= entry.renderTime || entry.loadTime;
          }
          observer.disconnect();
          resolve(seen);
        }).observe({ type: 'element', buffered: true });
      });
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new RegExp(pattern).test(new URL(entry.name).pathname))
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime }));
      return { painted, scripts };
    }, PLAYER_SCRIPT.source);

    const titlePainted = timeline.painted['play-course-title'];
    const outlinePainted = timeline.painted['play-outline'];
    expect(titlePainted).toBeGreaterThan(0);
    expect(outlinePainted).toBeGreaterThan(0);
    // the player's own chunk was fetched on this load (not from an earlier page)
    expect(timeline.scripts.some((s) => /\/(VideoPlayer|player)[-.]/.test(s.path))).toBe(true);
    for (const script of timeline.scripts) {
      expect({ script: script.path, requestedAfterTitlePaint: script.startTime > titlePainted! }).toEqual({ script: script.path, requestedAfterTitlePaint: true });
      expect({ script: script.path, requestedAfterOutlinePaint: script.startTime > outlinePainted! }).toEqual({ script: script.path, requestedAfterOutlinePaint: true });
    }
    expect(foreignRequests).toEqual([]);
  });
});
