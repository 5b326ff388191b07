/**
 * The topic and lecturer pages of the platform started as by `npm start`, in real Chromium, on the
 * demo content: /special (total, 12 a page, infinite scroll), a topic's page (title, courses,
 * 6 more topics, no id goes back), /author (the A–Z bar by the surname's pinyin initial, so 曾
 * files under Z; the sort select; scrolling to 没有更多了) and a lecturer's page (sanitised intro,
 * 共 N 门课程, course cards), whose 返回列表 brings the kept-alive list back as it was left.
 */
import { pinyin } from 'pinyin-pro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../support/browser';
import { DESKTOP, openWatchedContext, type PageWatch } from '../support/watch-pages';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

/** The pinyin initial of a person's surname (NOTES.md: pinyin-pro's surname mode, 曾 → Z). */
function surnameInitial(name: string): string {
  const first = pinyin(name, { pattern: 'first', toneType: 'none', surname: 'head', type: 'array' })[0] ?? '';
  return first.toUpperCase();
}

describe.skipIf(!browserAvailable())('topics and lecturers in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    platform = await startSeededPlatform();
    ({ browser, close: closeBrowser } = await launchBrowser());
    ({ context, watch } = await openWatchedContext(browser, DESKTOP, { consoleErrors: true }));
    page = await context.newPage();
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  async function closeGuideIfShown(): Promise<void> {
    const button = page.getByRole('button', { name: '我知道了' });
    if (await button.isVisible().catch(() => false)) await button.click();
  }

  const footerSays = (text: string) =>
    page
      .getByText(text, { exact: true })
      .first()
      .isVisible()
      .catch(() => false);

  /** Scrolls to the bottom until 没有更多了 shows (each scroll loads the next page). */
  async function scrollToTheEnd(maxScrolls = 20): Promise<void> {
    for (let i = 0; i < maxScrolls && !(await footerSays('没有更多了')); i += 1) {
      await page.mouse.wheel(0, 20_000);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(400);
    }
    await expect.poll(() => footerSays('没有更多了'), { timeout: 15_000 }).toBe(true);
  }

  const topicCards = () => page.getByRole('list', { name: '推荐专题' }).locator('li');
  const lecturerCards = () => page.getByRole('list', { name: '老师列表' }).locator('li a');
  const lecturerNames = async () =>
    (await lecturerCards().evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''))) as string[];

  it('/special shows 推荐专题 with a total and 12 topics, and scrolling loads the rest until 没有更多了', async () => {
    await page.goto(`${platform.baseUrl}/special`);
    await closeGuideIfShown();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('推荐专题 - 思政云课堂');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: '推荐专题' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    const totalText = (await page.getByTestId('topic-total').textContent()) ?? '';
    const total = Number(/共 (\d+) 个专题/.exec(totalText)?.[1] ?? NaN);
    expect(total).toBeGreaterThan(0);
    await expect.poll(() => topicCards().count(), { timeout: 15_000 }).toBe(Math.min(12, total));
    await scrollToTheEnd();
    expect(await topicCards().count()).toBe(total);
  });

  let topicTitle = '';

  it('a topic opens /special/des with its title, courses and 6 more topics', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const first = topicCards().first().getByRole('link');
    topicTitle = (await first.getAttribute('title')) ?? '';
    const href = (await first.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/special\/des\?id=\d+$/);
    await first.click();
    await page.waitForURL((url) => url.pathname === '/special/des');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: topicTitle }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    // the tab names the topic
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(`${topicTitle} - 思政云课堂`);
    const courses = page.getByRole('region', { name: '专题课程' });
    await expect.poll(() => courses.locator('a[href*="Play"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const more = page.getByRole('region', { name: '更多专题' });
    await expect.poll(() => more.getByRole('link').count(), { timeout: 15_000 }).toBe(6);
    expect(await more.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')))).not.toContain(
      href,
    );
  });

  it('/special/des without an id goes back (opened directly: to the topic list)', async () => {
    await page.goto(`${platform.baseUrl}/special/des`);
    await page.waitForURL((url) => url.pathname === '/special', { timeout: 15_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: '推荐专题' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
  });

  it('/author: Z shows only lecturers whose surname starts with Z in pinyin, 曾国华 among them', async () => {
    await page.goto(`${platform.baseUrl}/home`);
    await closeGuideIfShown();
    // on the home page, 名师推荐's lecturers and 查看更多 are links (a middle click opens a new tab)
    const moreLink = page.getByRole('link', { name: '查看更多' });
    await expect.poll(() => moreLink.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await moreLink.getAttribute('href')).toBe('/author');
    await expect
      .poll(() => page.locator('main a[href^="/authorDes?id="]').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(9);
    await page.goto(`${platform.baseUrl}/author`);
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('名校名师 - 思政云课堂');
    await expect.poll(() => lecturerCards().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const countText = async () => (await page.getByText(/^当前共 \d+ 位老师$/).textContent()) ?? '';
    const all = Number(/(\d+)/.exec(await countText())?.[1] ?? NaN);
    expect(all).toBeGreaterThan(18);
    // the first page is 18 (the list end may already be in view and have asked for the next)
    expect((await lecturerCards().count()) % 18 === 0 || (await lecturerCards().count()) === all).toBe(true);

    await page
      .getByRole('group', { name: '按姓氏拼音首字母筛选' })
      .getByRole('button', { name: 'Z', exact: true })
      .click();
    await expect
      .poll(async () => Number(/(\d+)/.exec(await countText())?.[1] ?? NaN), { timeout: 15_000 })
      .toBeLessThan(all);
    await expect.poll(async () => (await lecturerNames()).includes('曾国华'), { timeout: 15_000 }).toBe(true);
    const names = await lecturerNames();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(surnameInitial(name), name).toBe('Z');
    const zCount = Number(/(\d+)/.exec(await countText())?.[1] ?? NaN);
    expect(names.length).toBe(Math.min(zCount, 18));
  });

  it('/author: the sort select changes the order, and scrolling reaches 没有更多了', async () => {
    await page
      .getByRole('group', { name: '按姓氏拼音首字母筛选' })
      .getByRole('button', { name: '全部', exact: true })
      .click();
    await expect.poll(async () => (await lecturerNames()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(18);
    const firstPage = async () => (await lecturerNames()).slice(0, 18).join();
    const before = await firstPage();
    await page.getByRole('combobox', { name: '排序' }).selectOption('NAME');
    await expect.poll(firstPage, { timeout: 15_000 }).not.toBe(before);
    // 姓名 A-Z: the surnames' initials never go backwards
    const initials = (await lecturerNames()).map(surnameInitial);
    expect([...initials].sort()).toEqual(initials);

    await scrollToTheEnd();
    const total = Number(/(\d+)/.exec((await page.getByText(/^当前共 \d+ 位老师$/).textContent()) ?? '')?.[1] ?? NaN);
    expect(await lecturerCards().count()).toBe(total);
  });

  it('a lecturer opens /authorDes: name, a script-free intro, 共 N 门课程, course cards; 返回列表 comes back as it was left', async () => {
    const card = lecturerCards().nth(20);
    const name = (await card.getAttribute('title')) ?? '';
    expect(await card.getAttribute('href')).toMatch(/^\/authorDes\?id=\d+$/);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    expect(scrollBefore).toBeGreaterThan(0);
    await card.click();
    await page.waitForURL((url) => url.pathname === '/authorDes' && /^\d+$/.test(url.searchParams.get('id') ?? ''));
    await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), { timeout: 15_000 }).toBe(true);
    // the tab names the lecturer
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(`${name} - 思政云课堂`);
    const intro = page.getByTestId('lecturer-intro');
    expect(((await intro.textContent()) ?? '').trim().length).toBeGreaterThan(0);
    expect(await intro.locator('script, iframe, object, embed').count()).toBe(0);
    expect(
      await intro.evaluate((el) =>
        [...el.querySelectorAll('*')].some((e) => [...e.attributes].some((a) => a.name.startsWith('on'))),
      ),
    ).toBe(false);
    const counts = (await page.getByText(/^共 \d+ 门课程，\d+ 个视频$/).textContent()) ?? '';
    const courseCount = Number(/共 (\d+) 门课程/.exec(counts)?.[1] ?? NaN);
    expect(courseCount).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { level: 2, name: '相关课程' }).isVisible()).toBe(true);
    const courses = page.getByRole('region', { name: '相关课程' }).locator('a[href*="Play"]');
    await expect.poll(() => courses.count(), { timeout: 15_000 }).toBe(Math.min(courseCount, 18));

    // another order of the same courses
    await page.getByRole('combobox', { name: '排序' }).selectOption('MOST_PLAYED');
    await expect.poll(() => page.getByRole('combobox', { name: '排序' }).inputValue()).toBe('MOST_PLAYED');
    await expect.poll(() => courses.count(), { timeout: 15_000 }).toBe(Math.min(courseCount, 18));

    await page.getByRole('button', { name: '返回列表' }).click();
    await page.waitForURL((url) => url.pathname === '/author');
    // kept alive: the sort, every loaded page and the scroll position are as they were
    await expect
      .poll(() => page.getByRole('combobox', { name: '排序' }).inputValue(), { timeout: 15_000 })
      .toBe('NAME');
    expect(await footerSays('没有更多了')).toBe(true);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(0);
    const total = Number(/(\d+)/.exec((await page.getByText(/^当前共 \d+ 位老师$/).textContent()) ?? '')?.[1] ?? NaN);
    expect(await lecturerCards().count()).toBe(total);
  });

  it('logged no console errors and loaded nothing from outside the site', () => {
    expect(watch.errors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
