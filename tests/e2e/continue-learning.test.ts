/**
 * 继续学习 and the search suggestions on the desktop site and on a phone, in
 * real Chromium on one platform started as by `npm start` (each site in its own browser context).
 *
 * Desktop, 1440×900: a visitor's /home has no 继续学习 row and sends no query for it; typing in the
 * header's search box opens a listbox of suggestions (hot keywords, courses, lecturers) that ↑/↓,
 * Enter and Esc work. The demo student, who watched the first lecture of a course to its end and
 * stopped in the second, finds the course on /home as 已学 1/N 讲, and its card opens /Play in a new
 * tab at that second, where the 课程目录 marks 已看完 and 已看 N%. Watched on to the end of that
 * lecture, the kept-alive /Play shows it 已看完 when it comes back, and the home's card, once its tab
 * is in front again, opens the next lecture from its beginning (下一讲).
 *
 * Phone (an iPhone's user agent, 390×844, touch), the student's learning set back to the same start:
 * a visitor's /m/home has no 继续学习 row; on /m/search typing a course's name suggests it, and
 * tapping the suggestion opens its /m/play. Signed in, /m/home shows the course as 已学 1/N 讲, and a
 * tap resumes /m/play at that video and second, the outline marked; that lecture watched to its end,
 * the card opens the next one from its beginning. Nothing scrolls sideways.
 *
 * Neither site logs a page error or loads anything from outside this machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../support/browser';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';
import { DESKTOP, openWatchedContext, PHONE, type PageWatch } from '../support/watch-pages';
import { finishSecondVideo, seedWatchedCourse, type WatchedCourse } from './continue-learning-fixture';

describe.skipIf(!browserAvailable())('继续学习 and search suggestions, in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    platform = await startSeededPlatform();
    ({ browser, close: closeBrowser } = await launchBrowser());
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  describe('on the desktop site', () => {
    let context: BrowserContext;
    let watch: PageWatch;
    let page: Page;
    let watched: WatchedCourse;
    /** the /Play tab the 继续学习 card opened */
    let openedPlayer: Page | null = null;
    /** the GraphQL operations the pages sent, by the text they carry */
    const operations: string[] = [];

    beforeAll(async () => {
      watched = await seedWatchedCourse(platform.dataDir);
      ({ context, watch } = await openWatchedContext(browser, DESKTOP));
      context.on('request', (request) => {
        if (new URL(request.url()).pathname === '/graphql') operations.push(request.postData() ?? '');
      });
      page = await context.newPage();
    });

    afterAll(async () => {
      await context?.close();
    });

    const row = () => page.getByRole('region', { name: '继续学习' });
    const box = () => page.getByRole('combobox', { name: '搜索关键词' });
    const suggestions = () => page.getByRole('listbox', { name: '搜索建议' });

    it("a visitor's home has no 继续学习 row", async () => {
      await page.goto(`${platform.baseUrl}/home`);
      await expect
        .poll(() => page.getByRole('heading', { name: '推荐课程' }).first().isVisible(), { timeout: 30_000 })
        .toBe(true);
      // the row is asked after the first paint: give it the time it would take
      await page.waitForLoadState('networkidle');
      expect(await row().count()).toBe(0);
      // a visitor does not even ask for it (the home may ask nothing at all, its first screen
      // from the server: the next case shows that the pages' queries are heard)
      expect(operations.filter((body) => body.includes('ContinueLearningQuery'))).toEqual([]);
    });

    it('the header box suggests hot keywords on focus, and names as one types; ↑/↓ move, Esc closes, Enter picks', async () => {
      await box().click();
      await expect.poll(() => suggestions().getByRole('option').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await box().getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => suggestions().getByRole('group', { name: '热门搜索' }).isVisible()).toBe(true);

      await box().pressSequentially(watched.courseName, { delay: 15 });
      const course = suggestions().getByRole('group', { name: '课程' }).getByRole('option').first();
      await expect.poll(() => course.textContent(), { timeout: 15_000 }).toContain(watched.courseName);
      // the typed name was asked of the server, and still nothing for 继续学习 on the visitor's page
      expect(operations.some((body) => body.includes('useSearchSuggestionsQuery'))).toBe(true);
      expect(operations.filter((body) => body.includes('ContinueLearningQuery'))).toEqual([]);
      await box().press('ArrowDown');
      const activeId = await box().getAttribute('aria-activedescendant');
      expect(activeId).toBeTruthy();
      expect(await page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');
      await box().press('Escape');
      expect(await box().getAttribute('aria-expanded')).toBe('false');
      expect(await suggestions().isVisible()).toBe(false);

      // a lecturer by name: Enter on their option opens their page
      await box().fill('');
      await box().pressSequentially(watched.lecturerName, { delay: 15 });
      const lecturer = suggestions()
        .getByRole('group', { name: '讲师' })
        .getByRole('option', { name: watched.lecturerName });
      await expect.poll(() => lecturer.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const options = await suggestions()
        .getByRole('option')
        .evaluateAll((els) => els.map((el) => el.id));
      const target = await lecturer.first().getAttribute('id');
      for (let i = 0; i <= options.indexOf(target!); i++) await box().press('ArrowDown');
      expect(await box().getAttribute('aria-activedescendant')).toBe(target);
      await box().press('Enter');
      await page.waitForURL(
        (url) => url.pathname === '/authorDes' && url.searchParams.get('id') === String(watched.lecturerId),
      );
    });

    it('signed in, /home shows the course as 已学 1/N 讲, and its card resumes on /Play at the second, the outline marked', async () => {
      await page.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}/home`)}`);
      await page.getByLabel('用户名').fill('student');
      await page.getByLabel('密码').fill('Student2026');
      await page.getByRole('button', { name: '登录' }).click();
      await page.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/home');

      const card = row().getByRole('link', { name: watched.courseName });
      await expect.poll(() => card.isVisible(), { timeout: 30_000 }).toBe(true);
      expect(operations.filter((body) => body.includes('ContinueLearningQuery')).length).toBeGreaterThan(0);
      const text = (await card.textContent()) ?? '';
      expect(text).toContain(`已学 1/${watched.videoCount} 讲`);
      expect(text).toContain(`上次学到 第2讲 ${watched.stoppedAtShown}`);
      // the drawn bar: as long as the share learned (the line above says it in words)
      const drawn = await card
        .getByTestId('learned-share')
        .evaluate(
          (bar) => (100 * bar.getBoundingClientRect().width) / bar.parentElement!.getBoundingClientRect().width,
        );
      expect(drawn).toBeCloseTo(Math.round(100 / watched.videoCount), 0);
      expect(await card.getAttribute('target')).toBe('_blank');

      const [player] = await Promise.all([context.waitForEvent('page'), card.click()]);
      await player.waitForLoadState('domcontentloaded');
      const opened = new URL(player.url());
      expect(opened.pathname).toBe('/Play');
      expect(opened.searchParams.get('videoId')).toBe(String(watched.secondVideoId));
      expect(opened.searchParams.get('vtime')).toBe(String(watched.stoppedAt));
      const outline = player.getByRole('navigation', { name: '视频列表' });
      const items = outline.getByRole('listitem');
      await expect.poll(() => items.first().textContent(), { timeout: 30_000 }).toContain('已看完');
      expect(await items.nth(1).textContent()).toContain(`已看 ${watched.percent}%`);
      if (watched.videoCount > 2) expect(await items.nth(2).locator('[data-testid="video-progress"]').count()).toBe(0);
      if (watched.ready) {
        // the player starts where the student stopped
        await expect
          .poll(() => player.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 45_000 })
          .toBeGreaterThanOrEqual(watched.stoppedAt - 1);
      }
      openedPlayer = player;
    });

    it('watched on meanwhile, the kept-alive /Play shows its outline marked anew, and 继续学习 opens the next lecture', async () => {
      const player = openedPlayer!;
      const outline = player.getByRole('navigation', { name: '视频列表' });
      // from /Play to the home in that tab (the player reports where it stopped as it goes)...
      await player.getByRole('navigation', { name: '当前位置' }).getByRole('link', { name: '首页' }).click();
      await player.waitForURL((url) => url.pathname === '/home');
      await player.waitForLoadState('networkidle');
      // ...the second lecture watched to its end meanwhile, then back to the kept-alive /Play
      let next = await finishSecondVideo(platform.dataDir, watched);
      await player.goBack();
      await player.waitForURL((url) => url.pathname === '/Play');
      await expect
        .poll(() => outline.getByRole('listitem').nth(1).textContent(), { timeout: 15_000 })
        .toContain('已看完');
      // leave /Play before closing the tab (nothing is reported from the home), and make sure of the record
      await player.getByRole('navigation', { name: '当前位置' }).getByRole('link', { name: '首页' }).click();
      await player.waitForURL((url) => url.pathname === '/home');
      await player.waitForLoadState('networkidle');
      await player.close();
      next = await finishSecondVideo(platform.dataDir, watched);

      // the first tab comes to the front: its 继续学习 now opens the next lecture from its beginning
      await page.bringToFront();
      await page.evaluate(() => {
        document.dispatchEvent(new Event('visibilitychange'));
        window.dispatchEvent(new Event('focus'));
      });
      const card = row().getByRole('link', { name: watched.courseName });
      const expectedVideo = next?.videoId ?? watched.secondVideoId;
      await expect
        .poll(
          async () => new URL((await card.getAttribute('href')) ?? '', platform.baseUrl).searchParams.get('videoId'),
          { timeout: 15_000 },
        )
        .toBe(String(expectedVideo));
      const href = new URL((await card.getAttribute('href')) ?? '', platform.baseUrl);
      expect(href.searchParams.has('vtime')).toBe(false);
      const text = (await card.textContent()) ?? '';
      expect(text).toContain(`已学 2/${watched.videoCount} 讲`);
      expect(text).toContain(next ? `第2讲 已看完 · 下一讲 ${next.numberShow}` : '第2讲 已看完');
    });

    it('logged no page error and loaded nothing from outside', () => {
      expect(watch.errors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    });
  });

  describe('on a phone', () => {
    let context: BrowserContext;
    let watch: PageWatch;
    let page: Page;
    let watched: WatchedCourse;

    beforeAll(async () => {
      // the same start as the desktop's: its records are written anew (the second lecture at 40 %
      // again, just now), and the desktop's context is closed, so its player reports nothing more
      watched = await seedWatchedCourse(platform.dataDir);
      ({ context, watch } = await openWatchedContext(browser, PHONE));
      page = await context.newPage();
    });

    afterAll(async () => {
      await context?.close();
    });

    const row = () => page.getByRole('region', { name: '继续学习' });
    const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    it("a visitor's /m/home has no 继续学习 row", async () => {
      await page.goto(`${platform.baseUrl}/m/home`);
      await expect
        .poll(() => page.getByRole('heading', { name: '推荐专题' }).first().isVisible(), { timeout: 30_000 })
        .toBe(true);
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
      await page.waitForURL(
        (url) => url.pathname === '/m/play' && url.searchParams.get('courseId') === String(watched.courseId),
      );
    });

    it('signed in, /m/home shows the course as 已学 1/N 讲, and a tap resumes /m/play at the second, the outline marked', async () => {
      await page.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}/m/home`)}`);
      await page.getByLabel('用户名').fill('student');
      await page.getByLabel('密码').fill('Student2026');
      await page.getByRole('button', { name: '登录' }).tap();
      await page.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/m/home');

      const card = row().getByRole('link', { name: watched.courseName });
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
      const card = row().getByRole('link', { name: watched.courseName });
      await expect
        .poll(
          async () => new URL((await card.getAttribute('href')) ?? '', platform.baseUrl).searchParams.get('videoId'),
          { timeout: 15_000 },
        )
        .toBe(String(next?.videoId ?? watched.secondVideoId));
      expect(new URL((await card.getAttribute('href')) ?? '', platform.baseUrl).searchParams.has('vtime')).toBe(false);
      const text = (await card.textContent()) ?? '';
      expect(text).toContain(`已学 2/${watched.videoCount} 讲`);
      expect(text).toContain(next ? `第2讲 已看完 · 下一讲 ${next.numberShow}` : '第2讲 已看完');
      expect(await noSideways()).toBe(true);

      // the card opens it; the outline marks the second lecture 已看完
      await card.tap();
      await page.waitForURL(
        (url) =>
          url.pathname === '/m/play' &&
          url.searchParams.get('videoId') === String(next?.videoId ?? watched.secondVideoId),
      );
      const items = page.getByRole('list', { name: '课程目录' }).getByRole('listitem');
      await expect.poll(() => items.nth(1).textContent(), { timeout: 30_000 }).toContain('已看完');
    });

    it('logged no page error and loaded nothing from outside', () => {
      expect(watch.errors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    });
  });
});
