/**
 * A person uses the three ways in (product-spec §1, §2, §4) in real Chromium against the platform
 * started as by `npm start`: signs in through the login service's page (opened in a new tab by 登录)
 * and lands back signed in, opens every tab of /center, changes the profile and still sees it after
 * a reload, deletes a clip after the confirmation, signs out and is sent home; a reader on the
 * library's network is recognised without signing in; a no-login link signs the organisation in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openStore } from '../../upstream/src/store';
import { browserAvailable, launchBrowser, reactHasTakenOver } from '../support/browser';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';
import { DESKTOP, openWatchedContext, type PageWatch } from '../support/watch-pages';

describe.skipIf(!browserAvailable())('signing in and the personal centre in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  /** every context's pages, in one list */
  const watch: PageWatch = { errors: [], foreignRequests: [] };

  beforeAll(async () => {
    platform = await startSeededPlatform();
    ({ browser, close: closeBrowser } = await launchBrowser());
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  async function newContext(headers?: Record<string, string>, { guideSeen = true } = {}): Promise<BrowserContext> {
    const options = headers ? { ...DESKTOP, extraHTTPHeaders: headers } : DESKTOP;
    const { context } = await openWatchedContext(browser, options, { into: watch, guideSeen });
    return context;
  }

  const header = (page: Page) => page.locator('header').filter({ visible: true }).first();
  const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true }).first();

  describe('a personal account', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newContext();
    });
    afterAll(async () => {
      await context?.close();
    });

    it('is not let into /center before signing in', async () => {
      page = await context.newPage();
      await page.goto(`${platform.baseUrl}/center?position=0`);
      await page.waitForURL(/\/home$/);
      await expect
        .poll(() => header(page).getByRole('button', { name: '登录' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
    });

    it('signs in on the login page opened in a new tab and lands back signed in', async () => {
      const [loginTab] = await Promise.all([
        context.waitForEvent('page'),
        header(page).getByRole('button', { name: '登录' }).click(),
      ]);
      await loginTab.waitForLoadState();
      expect(loginTab.url()).toContain('/login?redirect=');
      // a wrong password first: the form says so and keeps the user name
      await loginTab.getByLabel('用户名').fill('student');
      await loginTab.getByLabel('密码').fill('wrong-password-1');
      await loginTab.getByRole('button', { name: '登录' }).click();
      await expect.poll(() => loginTab.getByText('用户名或密码错误').isVisible()).toBe(true);
      expect(await loginTab.getByLabel('用户名').inputValue()).toBe('student');

      await loginTab.getByLabel('密码').fill('Student2026');
      await loginTab.getByRole('button', { name: '登录' }).click();
      await loginTab.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/home');
      await expect
        .poll(() => loginTab.getByRole('button', { name: 'student的账户菜单' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      // /home came painted by the server: its menu button opens once React has taken the page over
      // (a click before that is lost, as it is for a person clicking while the JavaScript arrives)
      await reactHasTakenOver(loginTab, 'header [data-scope="menu"][data-part="trigger"]');
      await page.close();
      page = loginTab;
    });

    it('opens the personal centre from the user dropdown and every one of its tabs', async () => {
      await page.getByRole('button', { name: 'student的账户菜单' }).click();
      await page.getByRole('menuitem', { name: '个人中心' }).click();
      await page.waitForURL(/\/center\?position=0$/);
      await expect.poll(() => page.title()).toMatch(/个人中心/);

      // 我的课程: the demo student's favourite courses
      await expect
        .poll(() => page.locator('a[href^="/Play"]').filter({ visible: true }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      // contact details are shown read-only
      await expect.poll(() => visible(page, 'student@example.edu.cn').isVisible()).toBe(true);

      const tab = (name: string) => page.getByRole('tab', { name });
      await tab('我的笔记').click();
      await page.waitForURL(/position=1/);
      await expect.poll(() => visible(page, '收录的笔记').isVisible()).toBe(true);

      await tab('历史记录').click();
      await page.waitForURL(/position=2/);
      await expect.poll(() => visible(page, '今天').isVisible()).toBe(true);
      await expect.poll(() => visible(page, '更早').isVisible()).toBe(true);
      await expect.poll(() => visible(page, /看到 \d\d:\d\d/).isVisible()).toBe(true);

      await tab('消息').click();
      await page.waitForURL(/position=3/);
      await expect.poll(() => visible(page, '系统通知').isVisible()).toBe(true);
      await expect.poll(() => visible(page, '安全提醒').isVisible()).toBe(true);

      await tab('个人资料').click();
      await page.waitForURL(/position=4/);
      await expect.poll(() => page.getByRole('form', { name: '个人资料' }).isVisible()).toBe(true);
      // one person, one letter: the header's avatar, the centre's summary and the profile's avatar
      const fallback = '[data-scope="avatar"][data-part="fallback"]';
      const headerLetter = await page
        .getByRole('button', { name: 'student的账户菜单' })
        .evaluate((el, selector) => el.querySelector(selector)?.textContent ?? '', fallback);
      expect(headerLetter).not.toBe('');
      const centerLetters = await page
        .locator(`main ${fallback}`)
        .evaluateAll((els) => els.map((el) => el.textContent ?? ''));
      expect(centerLetters.length).toBeGreaterThanOrEqual(2);
      expect(new Set(centerLetters)).toEqual(new Set([headerLetter]));

      await tab('账户设置').click();
      await page.waitForURL(/position=5/);
      await expect.poll(() => visible(page, '已绑定').isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('button', { name: '解绑' }).filter({ visible: true }).count()).toBe(1);

      await tab('截取片段').click();
      await page.waitForURL(/position=6/);
      await expect.poll(() => visible(page, '暂无截取片段').isVisible()).toBe(true);
    });

    it('changes the profile and still sees the change after a reload', async () => {
      await page.getByRole('tab', { name: '个人资料' }).click();
      const form = page.getByRole('form', { name: '个人资料' });
      await form.getByLabel('学校').fill('示范大学马克思主义学院');
      // the intro is limited to 400 characters: the form says so and keeps the text
      await form.getByLabel('个人简介').fill('学'.repeat(401));
      await form.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => visible(page, '个人简介不能超过400字').isVisible()).toBe(true);
      await form.getByLabel('个人简介').fill('热爱思政课的学生');
      await form.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => visible(page, '个人资料已保存').isVisible()).toBe(true);

      await page.reload();
      const reloaded = page.getByRole('form', { name: '个人资料' });
      await expect
        .poll(() => reloaded.getByLabel('学校').inputValue(), { timeout: 20_000 })
        .toBe('示范大学马克思主义学院');
      expect(await reloaded.getByLabel('个人简介').inputValue()).toBe('热爱思政课的学生');
    });

    it('deletes a fragment after the confirmation and can download a downloadable one', async () => {
      const store = openStore(platform.dataDir);
      try {
        const student = (await store.users.getByName('student'))!;
        const video = (await store.videos.listByCourse(1))[0]!;
        const fragment = await store.fragments.insert(
          {
            userId: student.userId,
            videoId: video.id,
            fragmentName: '第一讲-片段1',
            startTime: 10,
            endTime: 70,
            download: 1,
            videoAddress: '/media/fragments/e2e-1.mp4',
          },
          Date.now(),
        );
        expect(fragment).not.toBeNull();
      } finally {
        await store.close();
      }
      await page.goto(`${platform.baseUrl}/center?position=6`);
      await expect.poll(() => visible(page, '第一讲-片段1').isVisible(), { timeout: 20_000 }).toBe(true);
      const download = page.getByRole('link', { name: '下载' }).filter({ visible: true });
      expect(await download.getAttribute('href')).toBe('/media/fragments/e2e-1.mp4');
      expect(await download.getAttribute('download')).not.toBeNull();

      await page.getByRole('button', { name: '删除' }).filter({ visible: true }).click();
      const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ visible: true });
      await expect.poll(() => dialog.textContent()).toContain('删除片段后不可恢复，确定删除吗？');
      await dialog.getByRole('button', { name: /确定/ }).click();
      await expect.poll(() => visible(page, '片段已删除').isVisible()).toBe(true);
      await expect.poll(() => visible(page, '暂无截取片段').isVisible()).toBe(true);
    });

    it('signs out from the dropdown and is sent home, anonymous', async () => {
      await page.getByRole('button', { name: 'student的账户菜单' }).click();
      await page.getByRole('menuitem', { name: '退出' }).click();
      await page.waitForURL(/\/home$/);
      await expect
        .poll(() => header(page).getByRole('button', { name: '登录' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      await page.reload();
      await expect
        .poll(() => header(page).getByRole('button', { name: '登录' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      await page.goto(`${platform.baseUrl}/center`);
      await page.waitForURL(/\/home$/);
    });
  });

  it('recognises a reader on the library network without signing in', async () => {
    // the platform's own gateway trusts loopback as a proxy, so this is how a proxy in front would
    // report a reader at 10.20.1.2, inside 示范大学图书馆's range
    const context = await newContext({ 'X-Forwarded-For': '10.20.1.2' });
    try {
      const page = await context.newPage();
      await page.goto(`${platform.baseUrl}/home`);
      await expect.poll(() => visible(page, '示范大学图书馆').isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await header(page).getByRole('button', { name: '登录' }).count()).toBe(0);
      const cookies = await context.cookies(platform.baseUrl);
      const utoken = cookies.find((cookie) => cookie.name === 'utoken');
      expect(utoken?.httpOnly).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('enters through the organisation’s no-login link: not greeted by the operation guide, and the centre says how they came in', async () => {
    // a first visit in this browser: the guide's greeting is for visitors, not for the signed-in
    const context = await newContext(undefined, { guideSeen: false });
    try {
      const page = await context.newPage();
      await page.goto(`${platform.baseUrl}/DissimilarLogin.aspx?gid=demo-library`);
      await page.waitForURL(/\/home$/);
      await expect.poll(() => visible(page, '示范大学图书馆').isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await header(page).getByRole('button', { name: '登录' }).count()).toBe(0);
      await expect.poll(() => page.getByRole('tab', { name: '全部' }).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await page.getByRole('note', { name: '操作指南提示' }).count()).toBe(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // nothing covers the page: a click on a subject tab is the tab's
      const subject = page.getByRole('tablist', { name: '学科' }).getByRole('tab').nth(1);
      await subject.click();
      await page.waitForURL(/scId=\d+/);
      await expect.poll(() => subject.getAttribute('aria-selected')).toBe('true');

      // 个人中心 · 个人资料 and 账户设置: the organisation's notice does not say it signed in by its network
      await header(page)
        .getByRole('button', { name: /的账户菜单$/ })
        .click();
      await page.getByRole('menuitem', { name: '个人中心' }).click();
      await page.waitForURL(/\/center\?position=0$/);
      for (const [name, position] of [
        ['个人资料', 4],
        ['账户设置', 5],
      ] as const) {
        await page.getByRole('tab', { name }).click();
        await page.waitForURL(new RegExp(`position=${position}`));
        const notice = page.getByRole('note').filter({ hasText: '机构' }).filter({ visible: true }).first();
        await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
        const words = (await notice.textContent()) ?? '';
        expect(words).toContain('免登录链接');
        expect(words).not.toMatch(/网络内自动登录/);
      }

      // an unknown link signs nobody in and still ends on /home
      const other = await newContext();
      const stranger = await other.newPage();
      await stranger.goto(`${platform.baseUrl}/DissimilarLogin.aspx?gid=no-such-link`);
      await stranger.waitForURL(/\/home$/);
      await expect
        .poll(() => header(stranger).getByRole('button', { name: '登录' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      await other.close();
    } finally {
      await context.close();
    }
  });

  it('raised no script errors on the way and loaded nothing from outside', () => {
    expect(watch.errors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
