/**
 * The unread-message badge in real Chromium: signed in as the demo student, the
 * header's account button carries the count of messages not yet seen, and so does 消息 in its
 * menu; opening 消息 reads them and the badge goes; a new message brings it back with 1. On an
 * iPhone (another device: its own record of what was read) the bottom bar's 我的 and 我的's 消息
 * row carry the count until 消息 is opened there. No page errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openStore } from '../../upstream/src/store';
import { browserAvailable, launchBrowser, skipOperationGuide } from '../support/browser';
import { DESKTOP, PHONE, watchPages, type PageWatch } from '../support/watch-pages';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

describe.skipIf(!browserAvailable())('the unread-message badge in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let studentId: number;
  let messageCount: number;
  const watches: PageWatch[] = [];

  beforeAll(async () => {
    platform = await startSeededPlatform();
    const store = openStore(platform.dataDir);
    try {
      studentId = (await store.users.getByName('student'))!.userId;
      messageCount = await store.messages.countByUser(studentId);
    } finally {
      await store.close();
    }
    ({ browser, close: closeBrowser } = await launchBrowser());
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  async function signIn(context: BrowserContext, back: string): Promise<Page> {
    await skipOperationGuide(context);
    watches.push(watchPages(context));
    const page = await context.newPage();
    await page.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}${back}`)}`);
    await page.getByLabel('用户名').fill('student');
    await page.getByLabel('密码').fill('Student2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === back);
    return page;
  }

  const shownCount = (n: number) => (n > 99 ? '99+' : String(n));

  describe('on the desktop', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await browser.newContext(DESKTOP);
      page = await signIn(context, '/home');
    });
    afterAll(async () => {
      await context?.close();
    });

    const account = () => page.getByRole('button', { name: 'student的账户菜单' });

    it('the account button shows how many messages are unread, and so does 消息 in its menu', async () => {
      expect(messageCount).toBeGreaterThan(0);
      const badge = account().getByTestId('unread-messages');
      await expect.poll(() => badge.textContent(), { timeout: 20_000 }).toBe(shownCount(messageCount));
      expect(await badge.getAttribute('aria-label')).toBe(`${messageCount}条未读消息`);
      await account().click();
      const item = page.getByRole('menuitem', { name: /消息/ });
      await expect.poll(() => item.getByTestId('unread-messages').textContent()).toBe(shownCount(messageCount));
    });

    it('opening 消息 reads them: the badge goes, also after a reload', async () => {
      await page.getByRole('menuitem', { name: /消息/ }).click();
      await page.waitForURL(/\/center\?position=3$/);
      await expect.poll(() => page.getByTestId('message').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => account().getByTestId('unread-messages').count()).toBe(0);
      // the count is asked again on a new page load: /home comes with it from the server (its first
      // screen, hydrated from the records in the page), another page asks for it. Once the page is
      // hydrated (the AI button is the browser's alone) and the count is there, nothing is unread.
      const asked = page
        .waitForResponse((r) => (r.request().postData() ?? '').includes('UnreadMessagesQuery'))
        .catch(() => null);
      const response = await page.goto(`${platform.baseUrl}/home`);
      const html = (await response?.text()) ?? '';
      await page.getByTestId('ai-button').waitFor({ timeout: 20_000 });
      if (!html.includes('id="relay-records"')) await asked;
      await expect.poll(() => account().isVisible(), { timeout: 20_000 }).toBe(true);
      await account().click();
      await expect.poll(() => page.getByRole('menuitem', { name: /消息/ }).isVisible()).toBe(true);
      expect(await page.getByTestId('unread-messages').count()).toBe(0);
      await page.keyboard.press('Escape');
    });

    it('a new message brings the badge back with 1', async () => {
      const store = openStore(platform.dataDir);
      try {
        await store.messages.add({ userId: studentId, type: 1, message: '新课程上线：请查收' }, Date.now());
      } finally {
        await store.close();
      }
      await page.reload();
      await expect.poll(() => account().getByTestId('unread-messages').textContent(), { timeout: 20_000 }).toBe('1');
      messageCount += 1;
    });
  });

  describe('on a phone', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await browser.newContext(PHONE);
      page = await signIn(context, '/m/home');
    });
    afterAll(async () => {
      await context?.close();
    });

    const mine = () => page.getByRole('navigation', { name: '手机网页版导航' }).getByRole('link', { name: /我的/ });

    it('我的 in the bottom bar and 我的’s 消息 row carry the count of this phone’s unread messages', async () => {
      await expect
        .poll(() => mine().getByTestId('unread-messages').textContent(), { timeout: 20_000 })
        .toBe(shownCount(messageCount));
      await mine().tap();
      await page.waitForURL(/\/m\/center$/);
      const row = page.getByRole('navigation', { name: '我的' }).getByRole('link', { name: /消息/ });
      await expect
        .poll(() => row.getByTestId('unread-messages').textContent(), { timeout: 20_000 })
        .toBe(shownCount(messageCount));
    });

    it('opening 消息 on the phone reads them: both badges go', async () => {
      await page.getByRole('navigation', { name: '我的' }).getByRole('link', { name: /消息/ }).tap();
      await page.waitForURL(/\/m\/center\/messages$/);
      await expect.poll(() => page.getByTestId('message').count(), { timeout: 20_000 }).toBe(messageCount);
      await expect.poll(() => mine().getByTestId('unread-messages').count()).toBe(0);
      await page.getByRole('button', { name: '返回' }).tap();
      await page.waitForURL(/\/m\/center$/);
      await expect
        .poll(() => page.getByRole('navigation', { name: '我的' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      expect(await page.getByTestId('unread-messages').count()).toBe(0);
    });
  });

  it('raised no page errors', () => {
    expect(watches.flatMap((watch) => watch.errors)).toEqual([]);
  });
});
