/**
 * The personal side on a phone, in real Chromium with an iPhone's user agent,
 * 390×844 and touch: a visitor who opens the desktop centre's address lands on the phone's 我的,
 * which asks them to log in; signed in as the demo student they find 历史记录, 我的收藏, 我的笔记,
 * 截取片段 and 消息 each on its own page (the clip deleted after the confirmation, a message
 * deleted); on /m/play they write a note, like and favourite the video and ask the AI in its
 * drawer, and find the note and the course under 我的; 退出登录 leaves them a visitor. Every
 * control they tap is at least 24 px high, nothing scrolls sideways, no page error. 我的's avatar
 * letter is the one the desktop header and personal centre show for the same session.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DATABASE_FILE, openStore } from '../../upstream/src/store';
import { browserAvailable, launchBrowser } from '../support/browser';
import { DESKTOP, openWatchedContext, PHONE, type PageWatch } from '../support/watch-pages';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

const NOTE = '手机上记的笔记：矛盾是事物发展的动力';
const CLIP = '手机片段-第一段';
const QUESTION = '物质的唯一特性是什么？';

interface DemoVideo {
  courseId: number;
  catalogueId: number;
  courseName: string;
  videoId: number;
  videoName: string;
}

/** A course with a video whose lecture is already there (the committed demo lectures), as the platform's database has it. */
function demoVideo(dataDir: string): DemoVideo {
  const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT c.id AS courseId, c.catalogue_id AS catalogueId, c.name AS courseName, v.id AS videoId, v.name AS videoName
           FROM courses c JOIN videos v ON v.course_id = c.id JOIN video_media m ON m.video_id = v.id AND m.master_path <> ''
          ORDER BY c.id DESC, v.sort LIMIT 1`,
      )
      .get() as DemoVideo | undefined;
    if (!row) throw new Error('the demo content has no course with a ready lecture');
    return row;
  } finally {
    db.close();
  }
}

describe.skipIf(!browserAvailable())('我的 and the personal side of /m/play on a phone, in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let video: DemoVideo;
  let watch: PageWatch;

  beforeAll(async () => {
    platform = await startSeededPlatform();
    video = demoVideo(platform.dataDir);
    // a clip of the student's, kept 30 days, as the player's 截取片段 makes them
    const store = openStore(platform.dataDir);
    try {
      const student = (await store.users.getByName('student'))!;
      const clip = await store.fragments.insert(
        {
          userId: student.userId,
          videoId: video.videoId,
          fragmentName: CLIP,
          startTime: 5,
          endTime: 35,
          download: 1,
          videoAddress: '/media/fragments/phone-1.mp4',
        },
        Date.now(),
      );
      expect(clip).not.toBeNull();
    } finally {
      await store.close();
    }
    ({ browser, close: closeBrowser } = await launchBrowser());
    ({ context, watch } = await openWatchedContext(browser, PHONE));
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
  const tabBar = () => page.getByRole('navigation', { name: '手机网页版导航' });
  const topBarTitle = () => page.locator('header h1');
  const shown = (text: string | RegExp) => page.getByText(text).filter({ visible: true }).first();

  /** Every visible link and button inside `scope` is at least 24 px high and wide (a finger's target). */
  async function expectTouchTargets(scope: Locator): Promise<void> {
    const sizes = await scope
      .locator('a, button')
      .filter({ visible: true })
      .evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return {
            label: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 20),
            width: r.width,
            height: r.height,
          };
        }),
      );
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.filter((s) => s.height < 24 || s.width < 24)).toEqual([]);
  }

  /**
   * The lecture on /m/play has loaded (its stream's first data is in the <video>): a person leaves
   * the player after watching a little, not in the instant before hls.js has arrived.
   */
  async function playerLoaded(): Promise<void> {
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.readyState ?? 0), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
  }

  async function openMine(row: string): Promise<void> {
    await tabBar().getByRole('link', { name: '我的' }).tap();
    await page.waitForURL(/\/m\/center$/);
    await page.getByRole('navigation', { name: '我的' }).getByRole('link', { name: row }).tap();
    await expect.poll(() => topBarTitle().textContent(), { timeout: 20_000 }).toBe(row);
  }

  it('a visitor opening the desktop centre’s history lands on 我的, which asks them to log in', async () => {
    await page.goto(`${platform.baseUrl}/center?position=2`);
    await page.waitForURL(/\/m\/center$/);
    const prompt = page.getByRole('region', { name: '登录提示' });
    await expect.poll(() => prompt.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await prompt.textContent()).toContain('登录后查看历史记录、收藏、笔记、片段和消息');
    // 我的 is the bottom bar's fifth tab, the current one
    expect(await tabBar().getByRole('link').nth(4).textContent()).toContain('我的');
    expect(await tabBar().getByRole('link', { name: '我的' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('button', { name: '退出登录' }).count()).toBe(0);
    await expectTouchTargets(page.locator('main'));
  });

  it('登录 opens the login page in this tab and comes back to 我的, signed in', async () => {
    await page.getByRole('region', { name: '登录提示' }).getByRole('link', { name: '登录' }).tap();
    await page.waitForURL((url) => url.href.startsWith(platform.loginUrl));
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${platform.baseUrl}/m/center`);
    await page.getByLabel('用户名').fill('student');
    await page.getByLabel('密码').fill('Student2026');
    await page.getByRole('button', { name: '登录' }).tap();
    await page.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/m/center');
    const me = page.getByRole('region', { name: '个人信息' });
    await expect.poll(() => me.getByRole('heading', { name: 'student' }).isVisible(), { timeout: 20_000 }).toBe(true);
    const rows = page.getByRole('navigation', { name: '我的' }).getByRole('link');
    // (消息 may carry the unread count: unread-messages.test.ts)
    expect((await rows.allTextContents()).map((text) => text.replace(/\d+\+?$/, ''))).toEqual([
      '历史记录',
      '我的收藏',
      '我的笔记',
      '截取片段',
      '消息',
    ]);
    expect(await page.getByRole('button', { name: '退出登录' }).isVisible()).toBe(true);
    await expectTouchTargets(page.locator('main'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.title()).toBe('我的 - 思政云课堂');
  });

  it('the avatar letter on 我的 is the one the desktop header and personal centre show for the same person', async () => {
    const fallback = '[data-scope="avatar"][data-part="fallback"]';
    const phoneLetter = (
      (await page.getByRole('region', { name: '个人信息' }).locator(fallback).textContent()) ?? ''
    ).trim();
    expect(phoneLetter).not.toBe('');
    // the same person at a desktop: the student's session in a desktop browser
    const { context: desk } = await openWatchedContext(browser, DESKTOP, { into: watch });
    try {
      await desk.addCookies(await context.cookies(platform.baseUrl));
      const screen = await desk.newPage();
      await screen.goto(`${platform.baseUrl}/center?position=4`);
      const menu = screen.getByRole('button', { name: 'student的账户菜单' });
      await expect.poll(() => menu.isVisible(), { timeout: 20_000 }).toBe(true);
      const headerLetter = await menu.evaluate(
        (el, selector) => el.querySelector(selector)?.textContent ?? '',
        fallback,
      );
      await expect
        .poll(() => screen.getByRole('form', { name: '个人资料' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      const centerLetters = await screen
        .locator(`main ${fallback}`)
        .evaluateAll((els) => els.map((el) => (el.textContent ?? '').trim()));
      expect(centerLetters.length).toBeGreaterThanOrEqual(2);
      expect(new Set([headerLetter.trim(), ...centerLetters])).toEqual(new Set([phoneLetter]));
    } finally {
      await desk.close();
    }
  });

  it('历史记录: the videos watched, grouped by day, each opening /m/play in this tab at its second', async () => {
    await openMine('历史记录');
    expect(pathAndQuery()).toBe('/m/center/history');
    await expect.poll(() => shown(/看到 \d\d:\d\d/).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => shown('更早').isVisible()).toBe(true);
    const entry = page
      .locator('main')
      .getByRole('link')
      .filter({ hasText: /看到 \d\d:\d\d/ })
      .first();
    const href = (await entry.getAttribute('href'))!;
    expect(href).toMatch(/^\/m\/play\?catalogId=\d+&courseId=\d+&videoId=\d+&vtime=\d+$/);
    expect(await entry.getAttribute('target')).toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectTouchTargets(page.locator('main'));

    await entry.tap();
    await page.waitForURL(/\/m\/play\?/);
    expect(pathAndQuery()).toBe(href);
    expect(context.pages()).toHaveLength(1);
    await playerLoaded();
  });

  it('我的收藏 and 我的笔记 show the student’s favourite courses and notes', async () => {
    await openMine('我的收藏');
    const courses = page.getByRole('list', { name: '收藏的课程' }).getByRole('link');
    await expect.poll(() => courses.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await courses.first().getAttribute('href')).toMatch(/^\/m\/play\?catalogId=\d+&courseId=\d+$/);

    await openMine('我的笔记');
    expect(pathAndQuery()).toBe('/m/center/notes');
    const kinds = page.getByRole('tablist', { name: '笔记类型' });
    await expect.poll(() => kinds.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await kinds.getByRole('tab', { name: '我的笔记' }).getAttribute('aria-selected')).toBe('true');
    await kinds.getByRole('tab', { name: '收录的笔记' }).tap();
    expect(await kinds.getByRole('tab', { name: '收录的笔记' }).getAttribute('aria-selected')).toBe('true');
    await expectTouchTargets(page.locator('main'));
  });

  it('截取片段: the clip with its download, deleted after 删除片段后不可恢复，确定删除吗？', async () => {
    await openMine('截取片段');
    await expect.poll(() => shown(CLIP).isVisible(), { timeout: 20_000 }).toBe(true);
    const download = page.getByRole('link', { name: '下载' }).filter({ visible: true });
    expect(await download.getAttribute('href')).toBe('/media/fragments/phone-1.mp4');
    await expectTouchTargets(page.locator('main'));

    await page.getByRole('button', { name: '删除' }).filter({ visible: true }).tap();
    const dialog = page.getByRole('alertdialog').filter({ visible: true });
    await expect.poll(() => dialog.textContent()).toContain('删除片段后不可恢复，确定删除吗？');
    // the dialog fits the phone
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: '确定' }).tap();
    await expect.poll(() => shown('片段已删除').isVisible()).toBe(true);
    await expect.poll(() => shown('暂无截取片段').isVisible()).toBe(true);
  });

  it('消息: the student’s messages, one deleted with 删除', async () => {
    await openMine('消息');
    const messages = page.getByTestId('message');
    await expect.poll(() => messages.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => shown('系统通知').isVisible()).toBe(true);
    const before = await messages.count();
    await expectTouchTargets(page.locator('main'));
    await messages.first().getByRole('button', { name: '删除' }).tap();
    await expect.poll(() => shown('消息已删除').isVisible()).toBe(true);
    await expect.poll(() => messages.count()).toBe(before - 1);
  });

  it('/m/play: writes a note (请输入笔记内容 when empty) that shows in 全部笔记 and 我的笔记', async () => {
    await page.goto(
      `${platform.baseUrl}/m/play?catalogId=${video.catalogueId}&courseId=${video.courseId}&videoId=${video.videoId}`,
    );
    const notes = page.getByRole('region', { name: '笔记' });
    await expect.poll(() => notes.isVisible(), { timeout: 30_000 }).toBe(true);
    await playerLoaded();
    const form = notes.getByRole('form', { name: '记笔记' });
    // the note box fills its card on the phone
    const [boxWidth, formWidth] = [
      (await form.getByLabel('笔记内容').boundingBox())!.width,
      (await form.boundingBox())!.width,
    ];
    expect(formWidth).toBeGreaterThan(300);
    expect(boxWidth).toBeCloseTo(formWidth, 0);
    await form.getByRole('button', { name: '保存笔记' }).tap();
    await expect.poll(() => shown('请输入笔记内容').isVisible()).toBe(true);
    await form.getByLabel('笔记内容').fill(NOTE);
    await form.getByRole('button', { name: '保存笔记' }).tap();
    await expect.poll(() => notes.getByText(NOTE).isVisible()).toBe(true);
    await notes.getByRole('tab', { name: /我的笔记/ }).tap();
    await expect.poll(() => notes.getByText(NOTE).isVisible()).toBe(true);
    await expectTouchTargets(notes);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('/m/play: 点赞 and 收藏 turn to 已点赞 and 已收藏 with their counts one up', async () => {
    const actions = page.getByRole('group', { name: '视频操作' });
    await expectTouchTargets(actions);
    for (const [kind, countId] of [
      ['点赞', 'like-count'],
      ['收藏', 'favourite-count'],
    ] as const) {
      const toggle = actions.getByRole('button', { name: new RegExp(`^(已)?${kind}`) });
      if ((await toggle.textContent())?.startsWith('已')) {
        // the demo student did it already: taking it back first is the same button
        await toggle.tap();
        await expect.poll(() => actions.getByRole('button', { name: new RegExp(`^${kind}`) }).isVisible()).toBe(true);
      }
      const before = Number(await actions.getByTestId(countId).textContent());
      await actions.getByRole('button', { name: new RegExp(`^${kind}`) }).tap();
      await expect.poll(() => actions.getByRole('button', { name: new RegExp(`^已${kind}`) }).isVisible()).toBe(true);
      await expect.poll(async () => Number(await actions.getByTestId(countId).textContent())).toBe(before + 1);
    }

    // after a reload the server's state is what shows
    await page.reload();
    const reloaded = page.getByRole('group', { name: '视频操作' });
    await expect
      .poll(() => reloaded.getByRole('button', { name: /^已点赞/ }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await reloaded.getByRole('button', { name: /^已收藏/ }).isVisible()).toBe(true);
    await playerLoaded();
  });

  it('/m/play: the AI button opens the AI问答 drawer across the phone, its question box across the drawer; a question is answered', async () => {
    await page.getByRole('button', { name: '打开AI问答' }).tap();
    const drawer = page.getByRole('dialog', { name: 'AI问答' });
    await expect.poll(() => drawer.isVisible(), { timeout: 20_000 }).toBe(true);
    // once it has slid in, the drawer covers the phone's width and no more
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box ? [Math.round(box.x), Math.round(box.width)] : null;
      })
      .toEqual([0, 390]);
    const input = drawer.getByRole('textbox', { name: '向AI提问' });
    // the question box fills its form across the drawer (it was a 157 px textarea of 20 columns)
    const [boxWidth, formWidth] = [
      (await input.boundingBox())!.width,
      (await drawer.getByRole('form', { name: '向AI提问' }).boundingBox())!.width,
    ];
    expect(formWidth).toBeGreaterThan(300);
    expect(boxWidth).toBeCloseTo(formWidth, 0);
    // the same rules as on the desktop: empty and over 200 characters are refused
    await drawer.getByRole('button', { name: '发送' }).tap();
    await expect.poll(() => shown('请输入内容').isVisible()).toBe(true);
    await input.fill(QUESTION);
    await drawer.getByRole('button', { name: '发送' }).tap();
    const exchange = drawer.getByRole('article', { name: `问：${QUESTION}` });
    await expect.poll(() => exchange.isVisible()).toBe(true);
    await expect.poll(() => exchange.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect(((await exchange.getByTestId('ai-answer').textContent()) ?? '').trim().length).toBeGreaterThan(0);
    await drawer.getByRole('button', { name: '关闭' }).tap();
    await expect.poll(() => drawer.isVisible()).toBe(false);
  });

  it('我的 then has the note in 我的笔记 and the course in 我的收藏', async () => {
    await openMine('我的笔记');
    await expect.poll(() => shown(NOTE).isVisible(), { timeout: 20_000 }).toBe(true);
    // the note's moment opens /m/play in this tab
    const moment = page.getByRole('link', { name: /^从 \d\d:\d\d 开始播放$/ }).first();
    expect(await moment.getAttribute('href')).toMatch(
      new RegExp(`^/m/play\\?catalogId=\\d+&courseId=${video.courseId}&videoId=${video.videoId}&vtime=\\d+$`),
    );

    await openMine('我的收藏');
    const courses = page.getByRole('list', { name: '收藏的课程' });
    await expect
      .poll(() => courses.getByText(video.courseName, { exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
  });

  it('退出登录 leaves a visitor: 我的 asks to log in again, also after a reload', async () => {
    await tabBar().getByRole('link', { name: '我的' }).tap();
    await page.waitForURL(/\/m\/center$/);
    await page.getByRole('button', { name: '退出登录' }).tap();
    const prompt = page.getByRole('region', { name: '登录提示' });
    await expect.poll(() => prompt.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('button', { name: '退出登录' }).count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByRole('region', { name: '登录提示' }).isVisible(), { timeout: 20_000 }).toBe(true);
    // a list's own address sends the visitor to 我的 as well
    await page.goto(`${platform.baseUrl}/m/center/notes`);
    await page.waitForURL(/\/m\/center$/);
    await expect.poll(() => page.getByRole('region', { name: '登录提示' }).isVisible(), { timeout: 20_000 }).toBe(true);
  });

  it('raised no page errors and loaded nothing from another site', () => {
    expect(watch.errors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
