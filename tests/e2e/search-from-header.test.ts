/**
 * A person searches the platform started as by `npm start`, in real Chromium: from the header box
 * to /search, through its tabs with their counts and highlighted matches, the right panel's hot
 * searches and history, and into a knowledge point found only in a lecture's transcript, which
 * opens the player in a new tab at the second that passage is spoken.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, reactHasTakenOver } from '../support/browser';
import { DESKTOP, openWatchedContext, type PageWatch } from '../support/watch-pages';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

interface TranscriptPhrase {
  phrase: string;
  videoId: number;
  second: number;
}

/**
 * A phrase of 8 characters that occurs in exactly one transcript passage of the demo content
 * and nowhere else (not in names, keyframes, abstracts or course introductions), read from the
 * platform's own database.
 */
function transcriptOnlyPhrase(dataDir: string): TranscriptPhrase {
  const db = new Database(path.join(dataDir, 'sizheng.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const others = [
      'SELECT name AS t FROM courses UNION ALL SELECT info FROM courses',
      'SELECT name FROM videos UNION ALL SELECT abstract FROM videos UNION ALL SELECT proper_title FROM videos',
      'SELECT key_points FROM video_keyframes UNION ALL SELECT description FROM video_keyframes',
      'SELECT title FROM topics UNION ALL SELECT info FROM topics',
      'SELECT name FROM lecturers UNION ALL SELECT position FROM lecturers UNION ALL SELECT intro_html FROM lecturers',
    ]
      .flatMap((sql) => (db.prepare(sql).all() as { t: string }[]).map((row) => row.t))
      .join('\n');
    const passages = db
      .prepare(
        'SELECT video_id AS videoId, seq, text, start_ms AS startMs FROM video_transcripts ORDER BY video_id, seq',
      )
      .all() as { videoId: number; seq: number; text: string; startMs: number }[];
    const allText = passages.map((p) => p.text).join('\n');
    // a passage well into its video, so that landing at its second is not landing at the start
    for (const p of passages.filter((x) => x.startMs >= 60_000)) {
      const chars = [...p.text];
      // start inside the sentence, away from the templates' common openings
      for (let start = 6; start + 8 <= chars.length; start += 3) {
        const phrase = chars.slice(start, start + 8).join('');
        if (/[，。、；：？！“”《》（）\s]/.test(phrase)) continue;
        if (others.includes(phrase)) continue;
        if (allText.indexOf(phrase) !== allText.lastIndexOf(phrase)) continue;
        return { phrase, videoId: p.videoId, second: Math.floor(p.startMs / 1000) };
      }
    }
    throw new Error('no transcript-only phrase in the demo content');
  } finally {
    db.close();
  }
}

describe.skipIf(!browserAvailable())('searching in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    // a page the server renders over its budget is sent as the SPA shell, which has no search box
    // without JavaScript; this machine runs other files meanwhile: the budget is not what this file is about
    platform = await startSeededPlatform({ FIRST_SCREEN_BUDGET_MS: '20000' });
    ({ browser, close: closeBrowser } = await launchBrowser());
    ({ context, watch } = await openWatchedContext(browser, DESKTOP, { consoleErrors: true }));
    page = await context.newPage();
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
  const searchBox = () => page.getByRole('combobox', { name: '搜索关键词' });
  const marks = (scope: ReturnType<Page['locator']>) => scope.locator('mark');

  async function closeGuideIfShown(): Promise<void> {
    const button = page.getByRole('button', { name: '我知道了' });
    if (await button.isVisible().catch(() => false)) await button.click();
  }

  it('before the JavaScript has come, a search sent from the header of a rendered page still searches', async () => {
    // a person who types and presses Enter while the scripts are still on their way: here they never come
    const noScript = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    try {
      const early = await noScript.newPage();
      await early.goto(`${platform.baseUrl}/home`);
      await early.getByRole('combobox', { name: '搜索关键词' }).fill('哲学');
      await early.getByRole('combobox', { name: '搜索关键词' }).press('Enter');
      await early.waitForURL(/\/search\?key=%E5%93%B2%E5%AD%A6$/);
      const courses = early.getByRole('list', { name: '课程' });
      await expect.poll(() => courses.locator('li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect((await courses.locator('li').first().textContent()) ?? '').toContain('哲学');
    } finally {
      await noScript.close();
    }
    // the same on a phone's /m/search (rendered by the server too)
    const phone = await browser.newContext({
      javaScriptEnabled: false,
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    try {
      const early = await phone.newPage();
      await early.goto(`${platform.baseUrl}/m/search`);
      await early.getByRole('combobox', { name: '搜索关键词' }).fill('哲学');
      await early.getByRole('combobox', { name: '搜索关键词' }).press('Enter');
      await early.waitForURL(/\/m\/search\?key=%E5%93%B2%E5%AD%A6$/);
      const courses = early.getByRole('list', { name: '课程' });
      await expect.poll(() => courses.locator('li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    } finally {
      await phone.close();
    }
  });

  it('searches 哲学 from the header and shows every group with counts and highlighted matches', async () => {
    await page.goto(`${platform.baseUrl}/home`);
    await closeGuideIfShown();
    await searchBox().fill('哲学');
    await searchBox().press('Enter');
    await page.waitForURL(/\/search\?key=%E5%93%B2%E5%AD%A6/);
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/^搜索/);

    // five tabs, 综合 selected, every count a number; courses with 哲学 in the name exist in the demo
    for (const name of ['综合', '课程', '知识点', '专题', '讲师'])
      await expect.poll(() => tab(name).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await tab('综合').getAttribute('aria-selected')).toBe('true');
    const courseTabText = (await tab('课程').textContent()) ?? '';
    const courseCount = Number(/(\d+)/.exec(courseTabText)?.[1] ?? NaN);
    expect(courseCount).toBeGreaterThan(0);

    // the all-tab previews: courses and knowledge points, matches in <mark>
    const courses = page.getByRole('list', { name: '课程' });
    await expect.poll(() => courses.locator('li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await courses.locator('li').count()).toBeLessThanOrEqual(21);
    await expect.poll(() => marks(courses).first().textContent()).toBe('哲学');
    const firstCourse = (await courses.locator('li').first().textContent()) ?? '';
    expect(firstCourse).toContain('哲学');
    const points = page.getByRole('list', { name: '知识点' });
    expect(await points.locator('li').count()).toBeLessThanOrEqual(10);
    // no right panel on the all-tab
    expect(await page.getByRole('complementary', { name: '搜索推荐' }).count()).toBe(0);
  });

  it('switches to the 课程 tab: the route says so, results page by 21, the right panel appears', async () => {
    await tab('课程').click();
    await page.waitForURL(/menuIndex=1/);
    await expect.poll(() => tab('课程').getAttribute('aria-selected')).toBe('true');
    const list = page.getByRole('tabpanel').getByRole('list', { name: '课程' });
    await expect.poll(() => list.locator('li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const panel = page.getByRole('complementary', { name: '搜索推荐' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    // hot searches come from real (demo) searches; the history has this search first
    const hot = panel.getByRole('list', { name: '热门搜索' });
    await expect.poll(() => hot.locator('li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await hot.locator('li').count()).toBeLessThanOrEqual(8);
    const history = panel.getByRole('list', { name: '搜索历史' });
    await expect.poll(() => history.locator('li').first().textContent()).toBe('哲学');
  });

  it('a hot keyword replaces the route, keeps the tab and goes to the top of the history', async () => {
    const panel = page.getByRole('complementary', { name: '搜索推荐' });
    const hot = panel.getByRole('list', { name: '热门搜索' });
    // a hot keyword other than the current one
    const items = await hot.locator('li').allTextContents();
    const index = items.findIndex((text) => !text.includes('哲学'));
    expect(index).toBeGreaterThanOrEqual(0);
    const entry = hot.locator('li').nth(index);
    const keyword = ((await entry.locator('button, a').first().textContent()) ?? '').replace(/^\d+/, '').trim();
    const historyLength = await page.evaluate(() => window.history.length);
    await entry.locator('button, a').first().click();
    await page.waitForURL((url) => url.searchParams.get('key') === keyword);
    expect(new URL(page.url()).searchParams.get('menuIndex')).toBe('1');
    // replaced, not pushed
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength);
    const history = panel.getByRole('list', { name: '搜索历史' });
    await expect.poll(() => history.locator('li').first().textContent()).toBe(keyword);
    await expect.poll(() => searchBox().inputValue()).toBe(keyword);
  });

  it('finds a phrase spoken only in a lecture and opens the player at that second', async () => {
    const target = transcriptOnlyPhrase(platform.dataDir);
    await searchBox().fill(target.phrase);
    await searchBox().press('Enter');
    await page.waitForURL((url) => url.searchParams.get('key') === target.phrase);
    await tab('知识点').click();
    await page.waitForURL(/menuIndex=2/);
    const list = page.getByRole('tabpanel').getByRole('list', { name: '知识点' });
    await expect.poll(() => list.locator('li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const first = list.locator('li').first();
    // the previous keyword's results stay on screen (faded) until this search answers: wait for it
    await expect
      .poll(async () => ((await first.textContent()) ?? '').replace(/\s/g, ''), { timeout: 15_000 })
      .toContain(target.phrase);
    // a transcript passage (字幕), its text with the phrase highlighted word by word
    expect(await first.textContent()).toContain('字幕');
    expect((await marks(first).allTextContents()).join('')).not.toBe('');
    // the first card stays that passage's (the list has settled) before it is opened
    const link = list.locator(`a[href*="videoId=${target.videoId}&vtime=${target.second}"]`).first();
    await expect
      .poll(() => first.locator('a[href^="/Play"]').first().getAttribute('href'))
      .toBe(await link.getAttribute('href'));
    const href = (await link.getAttribute('href')) ?? '';
    const params = new URL(href, platform.baseUrl).searchParams;
    expect(params.get('videoId')).toBe(String(target.videoId));
    expect(params.get('vtime')).toBe(String(target.second));
    expect(await link.getAttribute('target')).toBe('_blank');

    const [player] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await player.waitForLoadState('domcontentloaded');
    const opened = new URL(player.url());
    expect(opened.pathname).toBe('/Play');
    expect(opened.searchParams.get('videoId')).toBe(String(target.videoId));
    expect(opened.searchParams.get('vtime')).toBe(String(target.second));
    await player.close();
  });

  it('filters by catalogue, and says 暂无结果 or 请输入搜索关键词 where there is nothing to show', async () => {
    await page.goto(`${platform.baseUrl}/search?key=${encodeURIComponent('哲学')}&menuIndex=1`);
    const filter = page.getByRole('combobox', { name: '分类筛选' });
    await expect.poll(() => filter.isVisible(), { timeout: 15_000 }).toBe(true);
    // /search comes painted by the server: the filter answers once React has taken the page over
    await reactHasTakenOver(page, 'select[aria-label="分类筛选"]');
    const options = await filter
      .locator('option')
      .evaluateAll((nodes) =>
        nodes.map((n) => ({ value: (n as HTMLOptionElement).value, label: n.textContent ?? '' })),
      );
    const philosophy = options.find((o) => o.label.trim() === '哲学（全部）');
    expect(philosophy).toBeDefined();
    await filter.selectOption(philosophy!.value);
    await page.waitForURL((url) => url.searchParams.get('catalogId') === philosophy!.value);
    const list = page.getByRole('tabpanel').getByRole('list', { name: '课程' });
    await expect.poll(() => list.locator('li').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await page.goto(`${platform.baseUrl}/search?key=${encodeURIComponent('量子色动力学渐近自由')}`);
    await expect.poll(() => page.getByText('暂无结果').first().isVisible(), { timeout: 15_000 }).toBe(true);

    await page.goto(`${platform.baseUrl}/search`);
    await expect.poll(() => page.getByText('请输入搜索关键词').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await reactHasTakenOver(page, 'header');

    // the header box refuses an empty search with 请输入内容
    await searchBox().fill('   ');
    await searchBox().press('Enter');
    await expect.poll(() => page.getByText('请输入内容').first().isVisible()).toBe(true);
  });

  it('logged no console errors and loaded nothing from outside the site', () => {
    expect(watch.errors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
