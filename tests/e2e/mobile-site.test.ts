/**
 * A phone opens the platform's desktop addresses in real Chromium (iPhone user agent, 390×844,
 * touch): the navigation guard sends it to the mobile site under /m/, whose pages show the same
 * platform's courses, lecturers, topics and search, in their own shell; on /m/play a visitor gets
 * the login prompt, signs in through the login page as the demo student, comes back and the
 * lecture plays in the full-width player. The lists: /m/author (Z finds the 曾-surnamed, scrolling
 * reaches 没有更多了), /m/special scrolled to its end, and a search tab loading its second page.
 * /m/home's lecturer cards and 更多 are anchors whose addresses open in a tab of their own; the
 * organisation's no-login link ends on a 我的 that names it and does not speak of network login.
 * Nothing is loaded from another site, no console errors.
 */

/** The pinyin initial of a person's surname (NOTES.md: pinyin-pro's surname mode, 曾 → Z). */
function surnameInitial(name: string): string {
  const first = pinyin(name, { pattern: 'first', toneType: 'none', surname: 'head', type: 'array' })[0] ?? '';
  return first.toUpperCase();
}
import Database from 'better-sqlite3';
import path from 'node:path';
import { pinyin } from 'pinyin-pro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../support/browser';
import { openWatchedContext, PHONE, watchPages, type PageWatch } from '../support/watch-pages';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

interface DemoIds {
  lecturer: { id: number; name: string };
  topic: { id: number; title: string };
  course: { id: number; catalogueId: number; name: string; videoId: number; videoName: string };
  lecturers: number;
  topics: number;
  /** lecturers whose surname is 曾 (Zeng: filed under Z) */
  zengs: string[];
}

/** Lecturer 1, topic 1 and a course with videos, as the platform's own database has them. */
function demoIds(dataDir: string): DemoIds {
  const db = new Database(path.join(dataDir, 'sizheng.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const lecturer = db.prepare('SELECT id, name FROM lecturers WHERE id = 1').get() as DemoIds['lecturer'];
    const topic = db.prepare('SELECT id, title FROM topics WHERE id = 1').get() as DemoIds['topic'];
    const row = db
      .prepare(
        // a video whose lecture is already there (the committed demo lectures): others are made on first open
        `SELECT c.id, c.catalogue_id AS catalogueId, c.name, v.id AS videoId, v.name AS videoName
           FROM courses c JOIN videos v ON v.course_id = c.id JOIN video_media m ON m.video_id = v.id AND m.master_path <> ''
          ORDER BY c.id, v.sort DESC LIMIT 1`,
      )
      .get() as DemoIds['course'];
    if (!lecturer || !topic || !row)
      throw new Error('the demo content lacks lecturer 1, topic 1 or a course with videos');
    const counts = db
      .prepare(`SELECT (SELECT COUNT(*) FROM lecturers) AS lecturers, (SELECT COUNT(*) FROM topics) AS topics`)
      .get() as { lecturers: number; topics: number };
    const zengs = (
      db.prepare(`SELECT name FROM lecturers WHERE name LIKE '曾%' ORDER BY id`).all() as Array<{ name: string }>
    ).map((r) => r.name);
    return { lecturer, topic, course: row, ...counts, zengs };
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
  let watch: PageWatch;

  beforeAll(async () => {
    platform = await startSeededPlatform();
    ids = demoIds(platform.dataDir);
    ({ browser, close: closeBrowser } = await launchBrowser());
    // the mobile site shows no operation guide: nothing to mark as seen
    ({ context, watch } = await openWatchedContext(browser, PHONE, { guideSeen: false, consoleErrors: true }));
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
    // the gateway sends the phone on before any script of the desktop page: one page load, not two
    const documents: string[] = [];
    const onRequest = (request: { resourceType(): string; url(): string }) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    };
    page.on('request', onRequest);
    const answer = await page.goto(`${platform.baseUrl}/home`);
    page.off('request', onRequest);
    expect(answer?.request().redirectedFrom()?.url()).toBe(`${platform.baseUrl}/home`);
    expect(documents).toEqual(['/home', '/m/home']);
    await page.waitForURL(/\/m\/home$/);
    const courses = page.getByRole('list', { name: '推荐课程' });
    await expect.poll(() => courses.getByRole('link').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const first = await courses.getByRole('link').first().getAttribute('href');
    expect(first).toMatch(/^\/m\/play\?catalogId=\d+&courseId=\d+$/);
    expect(await page.getByRole('navigation', { name: '手机网页版导航' }).isVisible()).toBe(true);
    // the desktop shell is not there: no sidebar, no header search box
    expect(await page.getByRole('complementary').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: '搜索关键词' }).count()).toBe(0);
    // touch-first: one column of phone width, no horizontal scrolling
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.title()).toBe('首页 - 思政云课堂');
  });

  it('on /m/home every 名校名师 card and its 更多 are links (<a href>), so a lecturer also opens in a new tab', async () => {
    await page.goto(`${platform.baseUrl}/m/home`);
    const section = page.getByRole('region', { name: '名校名师' });
    const cards = section.getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // each card is an anchor with the lecturer's address, not a clickable box
    const hrefs = await cards.evaluateAll((items) =>
      items.map((item) => item.querySelector('a[href]')?.getAttribute('href') ?? null),
    );
    for (const href of hrefs) expect(href ?? '(no link)').toMatch(/^\/m\/authorDes\?id=\d+$/);
    const more = section.getByRole('link', { name: '更多名校名师' });
    expect(await more.evaluate((el) => el.tagName)).toBe('A');
    expect(await more.getAttribute('href')).toBe('/m/author');
    // what 在新标签页中打开 does: the card's address in a tab of its own shows that lecturer
    const name = ((await cards.first().locator('p').first().textContent()) ?? '').trim();
    expect(name).not.toBe('');
    const tab = await context.newPage();
    try {
      await tab.goto(new URL(hrefs[0]!, platform.baseUrl).href);
      await expect
        .poll(() => tab.getByRole('heading', { name, exact: true }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      // the 更多 address in a tab of its own is 名校名师
      await tab.goto(new URL('/m/author', platform.baseUrl).href);
      await expect.poll(() => tab.title(), { timeout: 20_000 }).toMatch(/^名校名师/);
    } finally {
      await tab.close();
    }
  });

  it('/catalog?scId= keeps its place on a phone: /m/catalog with the category, its courses and its sub-categories', async () => {
    const db = new Database(path.join(platform.dataDir, 'sizheng.sqlite'), { readonly: true, fileMustExist: true });
    const part = db
      .prepare(
        `SELECT p.id AS parentId, p.name AS parentName, c.id AS childId, c.name AS childName
           FROM catalogues c JOIN catalogues p ON p.id = c.parent_id
          WHERE c.level = 3 AND EXISTS (SELECT 1 FROM courses WHERE catalogue_id = c.id)
          ORDER BY c.id LIMIT 1`,
      )
      .get() as { parentId: number; parentName: string; childId: number; childName: string } | undefined;
    db.close();
    expect(part).toBeTruthy();
    const { parentId, parentName, childId, childName } = part!;
    await page.goto(`${platform.baseUrl}/catalog?scId=${parentId}`);
    await page.waitForURL(/\/m\/catalog\?/);
    expect(pathAndQuery()).toBe(`/m/catalog?scId=${parentId}`);
    await expect
      .poll(() => page.getByRole('heading', { name: parentName, exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe(`${parentName} - 思政云课堂`);
    const courses = page.getByRole('list', { name: '课程' }).getByRole('link');
    await expect.poll(() => courses.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await courses.first().getAttribute('href')).toMatch(/^\/m\/play\?/);
    // a sub-category is a link: its own courses, with the way back up
    await page.getByRole('list', { name: '子分类' }).getByRole('link', { name: childName, exact: true }).tap();
    await page.waitForURL((url) => url.pathname === '/m/catalog' && url.searchParams.get('scId') === String(childId));
    await expect
      .poll(() => page.getByRole('heading', { name: childName, exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await page.getByRole('link', { name: parentName, exact: true }).getAttribute('href')).toBe(
      `/m/catalog?scId=${parentId}`,
    );
    await expect.poll(() => courses.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // a desktop address narrowed to a sub-category, and an unknown one
    await page.goto(`${platform.baseUrl}/catalog?scId=${parentId}&tcId=${childId}`);
    await page.waitForURL((url) => url.pathname === '/m/catalog' && url.searchParams.get('scId') === String(childId));
    await page.goto(`${platform.baseUrl}/catalog?scId=999999`);
    await expect.poll(() => page.getByText('分类不存在').isVisible(), { timeout: 20_000 }).toBe(true);
  });

  it('/authorDes?id=1 lands on /m/authorDes?id=1 with the lecturer', async () => {
    await page.goto(`${platform.baseUrl}/authorDes?id=${ids.lecturer.id}`);
    await page.waitForURL(/\/m\/authorDes\?id=1$/);
    expect(pathAndQuery()).toBe(`/m/authorDes?id=${ids.lecturer.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: ids.lecturer.name, exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    // the tab names the lecturer
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe(`${ids.lecturer.name} - 思政云课堂`);
    const courses = page.getByRole('list', { name: '讲师课程' }).getByRole('link');
    if ((await courses.count()) > 0) expect(await courses.first().getAttribute('href')).toMatch(/^\/m\/play\?/);
  });

  it('/special/des?id=1 lands on /m/special/des?speciaId=1 with the topic', async () => {
    await page.goto(`${platform.baseUrl}/special/des?id=${ids.topic.id}`);
    await page.waitForURL(/\/m\/special\/des\?speciaId=1$/);
    await expect
      .poll(() => page.getByRole('heading', { name: ids.topic.title, exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe(`${ids.topic.title} - 思政云课堂`);
  });

  /** The <video> element's state, read in the page. */
  const videoState = () =>
    page.evaluate(() => {
      const v = document.querySelector('video');
      return v ? { currentTime: v.currentTime, paused: v.paused, readyState: v.readyState } : null;
    });

  it('/Play lands on /m/play: a visitor sees the course, its videos with the current one marked and the login prompt, no player', async () => {
    const { course } = ids;
    await page.goto(
      `${platform.baseUrl}/Play?courseId=${course.id}&catalogId=${course.catalogueId}&videoId=${course.videoId}`,
    );
    await page.waitForURL(/\/m\/play\?/);
    expect(pathAndQuery()).toBe(
      `/m/play?catalogId=${course.catalogueId}&courseId=${course.id}&videoId=${course.videoId}`,
    );
    await expect
      .poll(() => page.getByRole('heading', { name: course.name, exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    const prompt = page.getByRole('region', { name: '登录提示' });
    expect(await prompt.textContent()).toContain('登录后即可观看课程视频');
    expect(await prompt.getByRole('link', { name: '登录' }).isVisible()).toBe(true);
    const current = page.getByRole('list', { name: '课程目录' }).locator('a[aria-current="true"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toContain(course.videoName);
    // the tab names the video and the course
    await expect
      .poll(() => page.title(), { timeout: 20_000 })
      .toBe(`${course.videoName} - ${course.name} - 思政云课堂`);
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

  it('the mute button on a phone: none while the sound is on (the phone’s own buttons set it), 取消静音 while muted, and a tap brings the sound back', async () => {
    const player = page.getByRole('region', { name: '视频播放器' });
    const showControls = async () => {
      // a tap on the picture brings the controls back when they have faded
      await player.tap({ position: { x: 60, y: 60 } });
    };
    // vidstack leaves the mute button out on a touch screen while the sound is on
    expect(await page.evaluate(() => document.querySelector('video')?.muted)).toBe(false);
    expect(await player.getByRole('button', { name: '静音', exact: true }).count()).toBe(0);
    // muted as a phone may start a lecture (autoplay without sound): the button says what a tap does
    await page.evaluate(() => {
      document.querySelector('video')!.muted = true;
    });
    const unmute = player.getByRole('button', { name: '取消静音', exact: true });
    await expect.poll(() => unmute.count()).toBe(1);
    if (!(await unmute.isVisible())) await showControls();
    await expect.poll(() => unmute.isVisible(), { timeout: 10_000 }).toBe(true);
    await unmute.tap();
    await expect.poll(() => page.evaluate(() => document.querySelector('video')?.muted)).toBe(false);
    await expect.poll(() => unmute.count()).toBe(0);
  });

  it('on a phone the comment box shows its whole placeholder, and the player never floats when the page scrolls', async () => {
    const fit = await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[aria-label="弹幕内容"]');
      if (!input) return null;
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room };
    });
    expect(fit).not.toBeNull();
    expect(fit!.text).toBeLessThanOrEqual(fit!.room);

    // past 600 px of scroll the desktop player floats (§4); on /m/play it stays at the top
    await page.evaluate(() => {
      document.body.style.paddingBottom = '2000px';
      window.scrollTo(0, 1500);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(600);
    expect(await page.locator('[data-floating]').count()).toBe(0);
    const frame = (await page.getByRole('region', { name: '视频播放器' }).boundingBox())!;
    expect(frame.y).toBeLessThan(0);
    await page.evaluate(() => {
      document.body.style.paddingBottom = '';
      window.scrollTo(0, 0);
    });
  });

  it('a keyframe tap seeks the lecture to its second', async () => {
    const frames = page.getByTestId('keyframe');
    await expect.poll(() => frames.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const frame = frames.last();
    // the second as the button shows it first (05:12)
    const shown = (await frame.textContent()) ?? '';
    const at = /^\d+(?::\d{2}){1,2}/
      .exec(shown)![0]
      .split(':')
      .reduce((sum, part) => sum * 60 + Number(part), 0);
    await frame.tap();
    await expect
      .poll(async () => (await videoState())?.currentTime ?? 0, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(at - 0.5);
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
    const box = page.getByRole('combobox', { name: '搜索关键词' });
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
    // a card is named by all it shows; its title is its first line
    const name =
      (await courses
        .getByRole('link')
        .first()
        .evaluate((card) => card.querySelector('p')?.textContent)) ?? '';
    await courses.getByRole('link').first().tap();
    await page.waitForURL(/\/m\/play\?/);
    await expect
      .poll(() => page.getByRole('heading', { name, exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    // and back to the results, the history has 哲学
    await page.getByRole('button', { name: '返回' }).tap();
    await page.waitForURL(/\/m\/search\?key=/);
    await page.getByRole('navigation', { name: '手机网页版导航' }).getByRole('link', { name: '搜索' }).tap();
    await page.waitForURL(/\/m\/search$/);
    await expect
      .poll(() => page.getByRole('list', { name: '搜索历史' }).locator('li').first().textContent())
      .toBe('哲学');
  });

  it('a desktop search link /search?key=哲学 lands on /m/search?key=哲学 with its results, and 综合 shows its count', async () => {
    await page.goto(`${platform.baseUrl}/search?key=${encodeURIComponent('哲学')}`);
    await page.waitForURL(/\/m\/search\?key=%E5%93%B2%E5%AD%A6$/);
    const courses = page.getByRole('list', { name: '课程' });
    await expect.poll(() => courses.locator('li').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const tabs = page.getByRole('tablist', { name: '搜索结果分类' }).getByRole('tab');
    const names = await tabs.allTextContents();
    expect(names[0]).toMatch(/^综合 \S+$/);
    expect(names[0]).not.toBe('综合 0');
  });

  const footerSays = (text: string) =>
    page
      .getByText(text, { exact: true })
      .first()
      .isVisible()
      .catch(() => false);

  /** Scrolls to the bottom, page after page (each scroll loads the next), until 没有更多了 shows. */
  async function scrollToTheEnd(items: Locator, maxPages = 20): Promise<void> {
    for (let i = 0; i < maxPages; i += 1) {
      if (await footerSays('没有更多了')) return;
      const before = await items.count();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(async () => (await footerSays('没有更多了')) || (await items.count()) > before, { timeout: 15_000 })
        .toBe(true);
    }
    expect(await footerSays('没有更多了')).toBe(true);
  }

  it('/author lands on /m/author; 名校名师 scrolls 18 at a time to 没有更多了; Z shows the 曾-surnamed lecturers', async () => {
    await page.goto(`${platform.baseUrl}/author`);
    await page.waitForURL(/\/m\/author$/);
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('名校名师 - 思政云课堂');
    const cards = page.getByRole('list', { name: '老师列表' }).getByRole('link');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByText(`当前共 ${ids.lecturers} 位老师`, { exact: true }).isVisible()).toBe(true);
    expect(ids.lecturers).toBeGreaterThan(18);
    // the first page is 18 (the list end may already be in view and have asked for the next)
    const firstCount = await cards.count();
    expect(firstCount % 18 === 0 || firstCount === ids.lecturers).toBe(true);
    // touch-first: two columns of cards at 390 px, each a big target, no sideways scrolling of the page
    const box = (await cards.first().boundingBox())!;
    expect(box.width).toBeGreaterThan(150);
    expect(box.width).toBeLessThan(195);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await scrollToTheEnd(cards);
    expect(await cards.count()).toBe(ids.lecturers);
    expect(await cards.first().getAttribute('href')).toMatch(/^\/m\/authorDes\?id=\d+$/);

    // Z: from the top of the page again, the bar scrolls sideways to it
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(ids.zengs.length).toBeGreaterThan(0);
    const z = page.getByRole('group', { name: '按姓氏拼音首字母筛选' }).getByRole('button', { name: 'Z', exact: true });
    const letterBox = (await z.boundingBox())!;
    expect(letterBox.height).toBeGreaterThanOrEqual(44);
    await z.tap();
    await expect.poll(() => z.getAttribute('aria-pressed'), { timeout: 5_000 }).toBe('true');
    const names = async () =>
      (await cards.evaluateAll((els) => els.map((e) => e.querySelector('p')?.textContent ?? ''))) as string[];
    await expect
      .poll(async () => (await names()).every((name) => surnameInitial(name) === 'Z'), { timeout: 15_000 })
      .toBe(true);
    for (const name of await names()) expect(surnameInitial(name), name).toBe('Z');
    await scrollToTheEnd(cards);
    for (const name of ids.zengs) expect(await names()).toContain(name);
    const zCount = Number(/(\d+)/.exec((await page.getByText(/^当前共 \d+ 位老师$/).textContent()) ?? '')?.[1] ?? NaN);
    expect(zCount).toBeLessThan(ids.lecturers);
    expect(await cards.count()).toBe(zCount);

    // a card opens the lecturer's mobile page
    const zeng = ids.zengs[0]!;
    await cards.filter({ hasText: zeng }).first().tap();
    await page.waitForURL(/\/m\/authorDes\?id=\d+$/);
    await expect
      .poll(() => page.getByRole('heading', { name: zeng, exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
  });

  it('/special lands on /m/special: 推荐专题 with the total, scrolled to 没有更多了; reachable from the bottom tabs', async () => {
    await page.goto(`${platform.baseUrl}/special`);
    await page.waitForURL(/\/m\/special$/);
    const cards = page.getByRole('list', { name: '推荐专题' }).getByRole('link');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByText(`共 ${ids.topics} 个专题`, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('推荐专题 - 思政云课堂');
    await scrollToTheEnd(cards);
    expect(await cards.count()).toBe(ids.topics);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // one column of full-width cards
    const box = (await cards.first().boundingBox())!;
    expect(box.width).toBeGreaterThan(340);

    await page.getByRole('navigation', { name: '手机网页版导航' }).getByRole('link', { name: '名师' }).tap();
    await page.waitForURL(/\/m\/author$/);
    await page.getByRole('navigation', { name: '手机网页版导航' }).getByRole('link', { name: '专题' }).tap();
    await page.waitForURL(/\/m\/special$/);
    await cards.filter({ hasText: ids.topic.title }).first().tap();
    await page.waitForURL(/\/m\/special\/des\?speciaId=\d+$/);
    await expect
      .poll(() => page.getByRole('heading', { name: ids.topic.title, exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
  });

  it('a search tab loads its second page of 21 when scrolled to the end', async () => {
    // a keyword with more than one page of courses in the demo content, as the gateway counts them
    const counts = async (keyword: string) => {
      const res = await fetch(`${platform.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'query($k: String!) { search(keyword: $k) { counts { courseCount } } }',
          variables: { k: keyword },
        }),
      });
      const body = (await res.json()) as { data?: { search: { counts: { courseCount: number } } } };
      return body.data?.search.counts.courseCount ?? 0;
    };
    let keyword = '';
    let total = 0;
    for (const candidate of ['哲学', '马克思主义', '中国', '思想', '社会']) {
      total = await counts(candidate);
      if (total > 21) {
        keyword = candidate;
        break;
      }
    }
    expect(keyword, 'a demo keyword with more than 21 courses').not.toBe('');

    await page.goto(`${platform.baseUrl}/m/search?key=${encodeURIComponent(keyword)}`);
    const tab = page.getByRole('tab', { name: `课程 ${total}` });
    await expect.poll(() => tab.isVisible(), { timeout: 20_000 }).toBe(true);
    await tab.tap();
    await page.waitForURL(
      (url) => url.searchParams.get('menuIndex') === '1' && url.searchParams.get('key') === keyword,
    );
    await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 20_000 }).toBe('true');
    const rows = page.getByRole('list', { name: '课程' }).getByRole('link');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(21);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(Math.min(total, 42));
    expect(await rows.first().getAttribute('href')).toMatch(/^\/m\/play\?/);
    if (total <= 42) await expect.poll(() => footerSays('没有更多了'), { timeout: 15_000 }).toBe(true);

    // opened on the last tab (讲师, past a phone's right edge in the strip), the strip shows it
    await page.goto(`${platform.baseUrl}/m/search?key=${encodeURIComponent(keyword)}&menuIndex=4`);
    const authorsTab = page.getByRole('tab', { name: /^讲师 \d+$/ });
    await expect.poll(() => authorsTab.getAttribute('aria-selected'), { timeout: 20_000 }).toBe('true');
    await expect
      .poll(
        async () => {
          const box = await authorsTab.boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= 390;
        },
        { timeout: 5_000 },
      )
      .toBe(true);
  });

  it("an organisation's no-login link on a phone: the company login first, then /m/home, /m/play shows the player and 我的 names the organisation without saying network login", async () => {
    // a phone that has signed in nowhere (its own cookies), as a library patron's
    const patron = await browser.newContext(PHONE);
    watchPages(patron, { into: watch });
    try {
      const phone = await patron.newPage();
      await phone.goto(`${platform.baseUrl}/DissimilarLogin.aspx?gid=demo-library`);
      await phone.waitForURL(/\/m\/home$/, { timeout: 20_000 });
      expect((await patron.cookies(platform.baseUrl)).some((cookie) => cookie.name === 'utoken')).toBe(true);
      const { course } = ids;
      await phone.goto(
        `${platform.baseUrl}/m/play?catalogId=${course.catalogueId}&courseId=${course.id}&videoId=${course.videoId}`,
      );
      await expect
        .poll(() => phone.getByRole('heading', { name: course.name, exact: true }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      expect(await phone.getByRole('region', { name: '登录提示' }).count()).toBe(0);
      await expect.poll(() => phone.getByRole('region', { name: '视频播放器' }).count(), { timeout: 30_000 }).toBe(1);

      // 我的 names the organisation and does not say it signed in by its network (it came by the link)
      await phone.getByRole('navigation', { name: '手机网页版导航' }).getByRole('link', { name: '我的' }).tap();
      await phone.waitForURL(/\/m\/center$/);
      const me = phone.getByRole('region', { name: '个人信息' });
      await expect.poll(() => me.getByText('示范大学图书馆').isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await phone.locator('main').textContent()).not.toMatch(/网络内自动登录|网络登录/);
    } finally {
      await patron.close();
    }
  });

  it('loaded nothing from another site and logged no console errors', () => {
    expect(watch.foreignRequests).toEqual([]);
    expect(watch.errors).toEqual([]);
  });
});
