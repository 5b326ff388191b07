/**
 * /home's first screen comes with the HTML, in real Chromium on the platform started
 * as by `npm start`:
 * - with JavaScript off, a visitor still sees the course cards, the lecturers and the subject tabs;
 * - with JavaScript on, the browser hydrates that very HTML (the server's elements stay in the page)
 *   from the records in it: no query is asked again, no hydration error or page error, and the page
 *   works (a subject tab opens its listing).
 * /author, /search, /Play (a visitor's and a student's) and the phone's /m/home, /m/play, /m/search,
 * /m/author and /m/authorDes (on an iPhone) come the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, skipOperationGuide } from '../support/browser';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';
import { recommendedCourses } from '../support/demo-courses';
import { PHONE } from '../support/watch-pages';

const VIEWPORT = { width: 1350, height: 940 };

/**
 * What a page logs as errors or warnings (a hydration mismatch is one) and the GraphQL queries it
 * asks, by operation name: a page hydrated from its records asks none of its own again.
 */
function watchHydration(page: Page): { problems: string[]; queries: string[] } {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  const queries: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().includes('/graphql') && /"query":"query /.test(body))
      queries.push(/"operationName":"(\w+)"/.exec(body)?.[1] ?? body.slice(0, 60));
  });
  return { problems, queries };
}

/** Keeps the first element matching `selector` as the server sent it, before the app's script runs. */
async function keepServerElement(page: Page, selector: string): Promise<void> {
  await page.addInitScript((css) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { serverElement: Element | null }).serverElement = document.querySelector(css);
    });
  }, selector);
}

/** React has taken over the kept server element (its fiber is on it) rather than drawn another. */
function serverElementHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const kept = (window as unknown as { serverElement: Element | null }).serverElement;
    return kept !== null && document.contains(kept) && Object.keys(kept).some((key) => key.startsWith('__reactFiber'));
  });
}

/** A recommended demo course with two videos or more, the first of them with its lecture made. */
async function aPlayableCourse(baseUrl: string): Promise<{ courseId: number; videoIds: number[] }> {
  const course = (await recommendedCourses(baseUrl)).find(
    (node) => node.videos.length > 1 && node.videos[0]!.mediaState === 'READY',
  );
  if (!course) throw new Error('no recommended demo course has two videos, the first with its lecture made');
  return { courseId: course.courseId, videoIds: course.videos.map((video) => video.videoId) };
}

describe.skipIf(!browserAvailable())('/home painted by the server, then hydrated', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    // the machine runs other tests meanwhile: the budget is not what this file is about
    platform = await startSeededPlatform({ FIRST_SCREEN_BUDGET_MS: '20000' });
    ({ browser, close: closeBrowser } = await launchBrowser());
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  it('shows course cards and lecturers with JavaScript turned off', async () => {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${platform.baseUrl}/home`);
      const recommended = page
        .locator('section')
        .filter({ has: page.getByText('推荐课程', { exact: true }) })
        .locator('a[href*="Play"]');
      expect(await recommended.count()).toBe(14);
      expect((await recommended.first().textContent()) ?? '').toMatch(/[\u4e00-\u9fa5]{2,}/);
      expect(await page.getByText('名师推荐', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(/\d+ 门课程/).count()).toBeGreaterThan(0);
      expect(await page.getByRole('tab', { name: '全部' }).isVisible()).toBe(true);
      expect(await page.getByText('加载中').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('hydrates the server’s HTML from its records, without errors, and the tabs work', async () => {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      const { problems, queries } = watchHydration(page);
      // the server's elements, taken before the app's script runs
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          (window as unknown as { serverSection: Element | null }).serverSection =
            document.querySelector('#root section');
        });
      });
      await page.goto(`${platform.baseUrl}/home`);
      // the AI button is the browser's alone: once it is there, React has hydrated the page
      await page.getByTestId('ai-button').waitFor({ timeout: 15_000 });
      expect(
        await page.evaluate(() => {
          const kept = (window as unknown as { serverSection: Element | null }).serverSection;
          return kept !== null && document.contains(kept);
        }),
      ).toBe(true);
      expect(queries).toEqual([]);

      const tab = page.getByRole('tab').nth(1);
      const subject = ((await tab.textContent()) ?? '').trim();
      await tab.click();
      await page.waitForURL(/\/home\?scId=\d+/);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(subject);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('paints /author (名校名师) the same way: hydrated from its records, no query asked again, no error', async () => {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      const { problems, queries } = watchHydration(page);
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          (window as unknown as { serverLink: Element | null }).serverLink =
            document.querySelector('#root main a[href]');
        });
      });
      await page.goto(`${platform.baseUrl}/author`);
      await page.getByTestId('ai-button').waitFor({ timeout: 15_000 });
      expect(
        await page.evaluate(() => {
          const kept = (window as unknown as { serverLink: Element | null }).serverLink;
          return kept !== null && document.contains(kept);
        }),
      ).toBe(true);
      // the page's own query is not asked again (a second page of lecturers may follow: the first one
      // need not fill a tall window, and the list then asks for more, as after a scroll)
      expect(queries.filter((name) => name !== 'LecturerListPaginationQuery')).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('paints /search?key= the same way: a search asked once, by the server; its tabs then work', async () => {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      const { problems, queries } = watchHydration(page);
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          (window as unknown as { serverHeading: Element | null }).serverHeading =
            document.querySelector('#root main h1, #root main h2');
        });
      });
      await page.goto(`${platform.baseUrl}/search?key=${encodeURIComponent('马克思主义')}`);
      await page.getByTestId('ai-button').waitFor({ timeout: 15_000 });
      expect(
        await page.evaluate(() => {
          const kept = (window as unknown as { serverHeading: Element | null }).serverHeading;
          return kept !== null && document.contains(kept);
        }),
      ).toBe(true);
      expect(await page.getByText('“马克思主义”的搜索结果').isVisible()).toBe(true);
      // the search the page shows was made once, by the server: hydrating asked nothing again
      expect(queries).toEqual([]);
      await page.getByRole('tab', { name: /^课程/ }).click();
      await expect.poll(() => page.locator('main a[href*="Play"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('paints /Play for a visitor the same way: the course hydrated from its records, another lecture then opens', async () => {
    const { courseId, videoIds } = await aPlayableCourse(platform.baseUrl);
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      const { problems, queries } = watchHydration(page);
      await keepServerElement(page, '#root section[aria-label="视频播放器"]');
      await page.goto(`${platform.baseUrl}/Play?courseId=${courseId}`);
      await expect.poll(() => serverElementHydrated(page), { timeout: 15_000 }).toBe(true);
      expect(await page.getByText('登录后观看').first().isVisible()).toBe(true);
      expect(queries).toEqual([]);

      // the outline works: the second lecture replaces the first in the address
      await page.getByRole('navigation', { name: '视频列表' }).getByRole('button').nth(1).click();
      await page.waitForURL(new RegExp(`videoId=${videoIds[1]}`));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('paints a student’s /Play from their own records, and the player comes in the poster’s place', async () => {
    const { courseId, videoIds } = await aPlayableCourse(platform.baseUrl);
    const playPath = `/Play?courseId=${courseId}&videoId=${videoIds[0]}`;
    let context: BrowserContext | undefined;
    try {
      context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
      await skipOperationGuide(context);
      const login = await context.newPage();
      await login.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}/home`)}`);
      await login.getByLabel('用户名').fill('student');
      await login.getByLabel('密码').fill('Student2026');
      await login.getByRole('button', { name: '登录' }).click();
      await login.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/home');
      await login.close();

      const page = await context.newPage();
      const { problems, queries } = watchHydration(page);
      await keepServerElement(page, '#root section[aria-label="视频播放器"]');
      await page.goto(`${platform.baseUrl}${playPath}`);
      await expect.poll(() => serverElementHydrated(page), { timeout: 15_000 }).toBe(true);
      await page.locator('section[aria-label="视频播放器"] video').waitFor({ state: 'attached', timeout: 20_000 });
      expect(await page.getByText('登录后观看').count()).toBe(0);
      expect(queries).not.toContain('PlayQuery');
      expect(problems).toEqual([]);
    } finally {
      await context?.close();
    }
  });

  it('paints a phone’s /m/play from its records: the course and its videos, then a tap plays another', async () => {
    const { courseId, videoIds } = await aPlayableCourse(platform.baseUrl);
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      const { problems, queries } = watchHydration(page);
      await keepServerElement(page, '#root ol[aria-label="课程目录"]');
      await page.goto(`${platform.baseUrl}/m/play?courseId=${courseId}`);
      await expect.poll(() => serverElementHydrated(page), { timeout: 15_000 }).toBe(true);
      // a visitor: the login prompt in the player's place, its link back to this page
      const prompt = page.getByRole('region', { name: '登录提示' });
      expect(await prompt.getByRole('link', { name: '登录' }).getAttribute('href')).toContain(
        encodeURIComponent(`${platform.baseUrl}/m/play?courseId=${courseId}`),
      );
      expect(queries).not.toContain('MobilePlayQuery');

      await page.getByRole('list', { name: '课程目录' }).getByRole('link').nth(1).click();
      await page.waitForURL(new RegExp(`/m/play\\?.*videoId=${videoIds[1]}`));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('paints a phone’s /m/search?key= from its records: the search asked once, by the server; a hit then opens /m/play', async () => {
    const keyword = '马克思主义';
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      const { problems, queries } = watchHydration(page);
      await keepServerElement(page, '#root ul[aria-label="课程"]');
      await page.goto(`${platform.baseUrl}/m/search?key=${encodeURIComponent(keyword)}`);
      await expect.poll(() => serverElementHydrated(page), { timeout: 15_000 }).toBe(true);
      expect(await page.getByLabel('搜索关键词').inputValue()).toBe(keyword);
      // the search the page shows was made once, by the server: hydrating asked nothing again
      expect(queries).not.toContain('MobileSearchQuery');

      await page.getByRole('list', { name: '课程' }).getByRole('link').first().click();
      await page.waitForURL(/\/m\/play\?.*courseId=\d+/);
      await page.getByRole('list', { name: '课程目录' }).waitFor({ timeout: 15_000 });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('paints a phone’s /m/author (名校名师) from its records, and a lecturer then opens /m/authorDes', async () => {
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      const { problems, queries } = watchHydration(page);
      await keepServerElement(page, '#root ul[aria-label="老师列表"]');
      await page.goto(`${platform.baseUrl}/m/author`);
      await expect.poll(() => serverElementHydrated(page), { timeout: 15_000 }).toBe(true);
      // the page's own query is not asked again (the list may ask for its next page, as after a scroll)
      expect(queries).not.toContain('MobileLecturerListQuery');

      const card = page.getByRole('list', { name: '老师列表' }).getByRole('link').first();
      const href = (await card.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/m\/authorDes\?id=\d+$/);
      await card.click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
      await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 15_000 });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('paints a phone’s /m/authorDes from its records: the lecturer and their courses, then a course opens /m/play', async () => {
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      const { problems, queries } = watchHydration(page);
      await keepServerElement(page, '#root h2');
      await page.goto(`${platform.baseUrl}/m/authorDes?id=1`);
      await expect.poll(() => serverElementHydrated(page), { timeout: 15_000 }).toBe(true);
      expect(queries).not.toContain('MobileLecturerQuery');

      await page.locator('#root a[href^="/m/play?"]').first().click();
      await page.waitForURL(/\/m\/play\?.*courseId=\d+/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a phone /m/home’s lecturers, topics and tab bar with JavaScript turned off', async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${platform.baseUrl}/m/home`);
      expect(await page.getByRole('navigation', { name: '手机网页版导航' }).isVisible()).toBe(true);
      const authors = page.getByRole('list', { name: '名校名师' }).locator('li');
      expect(await authors.count()).toBeGreaterThan(0);
      expect((await authors.first().textContent()) ?? '').toMatch(/[\u4e00-\u9fa5]{2,}/);
      expect(await page.getByText('推荐专题', { exact: true }).first().isVisible()).toBe(true);
      expect(await page.locator('a[href*="/m/play"]').count()).toBeGreaterThan(0);
      expect(await page.getByText('加载中').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('hydrates a phone’s /m/home from its records without asking MobileHomeQuery again, and its tabs work', async () => {
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      const { problems, queries } = watchHydration(page);
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          (window as unknown as { serverNav: Element | null }).serverNav = document.querySelector('#root nav');
        });
      });
      await page.goto(`${platform.baseUrl}/m/home`);
      // hydrated: React has taken over the server's own element (its fiber is on it), not drawn another
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const kept = (window as unknown as { serverNav: Element | null }).serverNav;
              return (
                kept !== null &&
                document.contains(kept) &&
                Object.keys(kept).some((key) => key.startsWith('__reactFiber'))
              );
            }),
          { timeout: 15_000 },
        )
        .toBe(true);
      expect(queries).not.toContain('MobileHomeQuery');

      await page.getByRole('navigation', { name: '手机网页版导航' }).getByRole('link', { name: '专题' }).click();
      await page.waitForURL(/\/m\/special$/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
