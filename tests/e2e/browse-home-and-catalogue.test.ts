/**
 * A person opens the platform started as by `npm start`, in real Chromium, and browses:
 * /home with its recommendations and infinite scroll, a subject tab, the sidebar tree with
 * 展开/收起, a /catalog listing to its end, and back home to find the page as they left it.
 * Throughout: Chinese content, no console errors, nothing loaded from outside the site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../support/browser';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';
import { formatCount } from '../../web/src/lib/formatCount';

const CHINESE = /[\u4e00-\u9fa5]{2,}/;

describe.skipIf(!browserAvailable())('browsing /home and /catalog in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let page: Page;
  const consoleErrors: string[] = [];
  const foreignRequests: string[] = [];

  beforeAll(async () => {
    platform = await startSeededPlatform();
    ({ browser, close: closeBrowser } = await launchBrowser());
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(platform.baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) {
        foreignRequests.push(url);
      }
    });
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  /** The course cards of the 推荐课程 section. */
  const recommendedCards = () =>
    page
      .locator('section')
      .filter({ has: page.getByText('推荐课程', { exact: true }) })
      .locator('a[href*="Play"]');

  it('redirects / to /home, shows the guide once and Chinese course cards', async () => {
    await page.goto(`${platform.baseUrl}/`);
    await page.waitForURL(/\/home$/);
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('首页 - 思政云课堂');

    // a first visit: a hint under 操作指南 shows with the header, at once, and covers nothing modal
    await page.getByRole('button', { name: /操作指南/ }).waitFor({ timeout: 15_000 });
    const hint = page.getByRole('note', { name: '操作指南提示' });
    expect(await hint.isVisible()).toBe(true);
    const guide = page.getByRole('dialog');
    expect(await guide.count()).toBe(0);
    // its 查看指南 opens the guide on the three access modes
    await hint.getByRole('button', { name: '查看指南' }).click();
    await expect.poll(() => guide.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await guide.textContent()).toContain('三种访问方式');
    await page.getByRole('button', { name: '我知道了' }).click();
    await expect.poll(() => guide.isVisible()).toBe(false);
    expect(await hint.count()).toBe(0);

    await expect.poll(() => recommendedCards().count(), { timeout: 15_000 }).toBe(14);
    const firstCard = (await recommendedCards().first().textContent()) ?? '';
    expect(firstCard).toMatch(CHINESE);
    // the header, the banner and the sidebar are there too
    await expect.poll(() => page.getByRole('tab', { name: '全部' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '登录' }).first().isVisible()).toBe(true);
  });

  it("the sidebar's 资源统计 shows its counts as every other count is shown (1 097 videos: 1.1千, not 1千)", async () => {
    const stats = page.getByRole('region', { name: '资源统计' }).locator('[title]');
    await expect.poll(() => stats.count(), { timeout: 15_000 }).toBe(2);
    for (const stat of await stats.all()) {
      const title = (await stat.getAttribute('title')) ?? '';
      const [, raw, unit] = /^(\d+)(\D+)$/.exec(title) ?? [];
      expect(raw, title).toBeDefined();
      expect(await stat.textContent()).toBe(`${formatCount(Number(raw))}${unit}`);
      // from a thousand on, one decimal unless it is .0 (the issue saw 1 097 as 1千)
      if (Number(raw) >= 1_000 && Number(raw) < 9_950) {
        expect(await stat.textContent()).toBe(`${Math.round(Number(raw) / 100) / 10}千${unit}`);
      }
    }
  });

  it("a visitor's click on a course opens one tab, the login page, which will come back to that /Play", async () => {
    const card = recommendedCards().first();
    const href = (await card.getAttribute('href')) ?? '';
    const back = new URL(new URL(href).searchParams.get('redirect') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${platform.baseUrl}/Play`);
    expect(back.searchParams.get('courseId')).toMatch(/^\d+$/);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), card.click()]);
    await tab.waitForURL((url) => url.href.startsWith(platform.loginUrl));
    await expect.poll(() => tab.getByLabel('用户名').isVisible(), { timeout: 15_000 }).toBe(true);
    // the login page only: no /Play tab besides it
    expect(page.context().pages()).toHaveLength(2);
    await tab.close();
  });

  it('loads the next 12 recommended courses when scrolled to the bottom', async () => {
    await page.mouse.wheel(0, 100_000);
    await expect.poll(() => recommendedCards().count(), { timeout: 15_000 }).toBe(26);
  });

  it('keeps /home alive: its loaded cards and scroll position survive a visit elsewhere', async () => {
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);
    await page.getByRole('navigation', { name: '主导航' }).getByText('名校名师').click();
    await page.waitForURL(/\/author$/);
    // a person looks at the lecturer page before going back (the URL changes before it is shown)
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('名校名师 - 思政云课堂');
    await expect.poll(() => page.getByText(/^当前共 \d+ 位老师$/).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.goBack();
    await page.waitForURL(/\/home$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 15_000 }).toBe(1200);
    expect(await recommendedCards().count()).toBe(26);
  });

  /** Scrolls until `cards` holds every course the visible 共找到 line announces, then sees 没有更多了. */
  async function scrollListingToTheEnd(): Promise<number> {
    const summary = page.getByText(/共找到 \d+ 门课程/).filter({ visible: true });
    await expect.poll(() => summary.isVisible(), { timeout: 15_000 }).toBe(true);
    const total = Number(/共找到 (\d+) 门课程/.exec((await summary.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(0);
    const cards = page.locator('main a[href*="Play"]:visible');
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 100_000);
          return cards.count();
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe(total);
    await expect.poll(() => page.getByText('没有更多了').filter({ visible: true }).isVisible()).toBe(true);
    expect((await cards.first().textContent()) ?? '').toMatch(CHINESE);
    return total;
  }

  it('switches to a subject tab and scrolls its catalogue listing, 20 a page, to 没有更多了', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const tab = page.getByRole('tab').nth(1); // the first subject, 思政, has the most courses
    const subjectName = ((await tab.textContent()) ?? '').trim();
    expect(subjectName).toBe('思政');
    await tab.click();
    await page.waitForURL(/\/home\?scId=\d+/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe(subjectName);
    expect(await page.getByRole('tab', { name: subjectName }).getAttribute('aria-selected')).toBe('true');
    const total = await scrollListingToTheEnd();
    expect(total).toBeGreaterThan(40); // so the listing really paged: 20 + 20 + more
  });

  it('expands and collapses a sidebar subject beyond its first 5 categories', async () => {
    const sidebar = page.getByRole('complementary', { name: '侧边导航' });
    // pin the first subject that has more than 5 categories by its name (the toggle's text changes)
    const subjectName = await sidebar
      .locator('section')
      .filter({ has: page.getByRole('button', { name: /展开/ }) })
      .first()
      .getAttribute('aria-label');
    expect(subjectName).toMatch(CHINESE);
    const subject = sidebar.getByRole('region', { name: subjectName!, exact: true });
    const categories = subject.locator('li');
    expect(await categories.count()).toBe(5);
    await subject.getByRole('button', { name: /展开/ }).click();
    await expect.poll(() => categories.count()).toBeGreaterThan(5);
    await subject.getByRole('button', { name: /收起/ }).click();
    await expect.poll(() => categories.count()).toBe(5);
  });

  it('opens /catalog from the sidebar tree and scrolls its listing to 没有更多了', async () => {
    const sidebar = page.getByLabel('侧边导航');
    const category = sidebar.locator('section li button').first();
    const categoryName = ((await category.textContent()) ?? '').trim();
    await category.click();
    await page.waitForURL(/\/catalog\?scId=\d+/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe(categoryName);
    await expect.poll(() => page.title()).toMatch(/ - 思政云课堂$/);
    await scrollListingToTheEnd();
  });

  it('logged no console error and requested nothing from outside the site', () => {
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
