/**
 * Leaving /Play or /m/play before the player's hls.js has arrived: the player is taken down while
 * vidstack still waits for the library, and nothing throws when it arrives (vidstack would tell a
 * player that is gone: "Cannot read properties of null (reading 'dispatch')"). The hls.js chunk is
 * held back by the test until the page was left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../support/browser';
import { DESKTOP, openWatchedContext, PHONE } from '../support/watch-pages';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

describe.skipIf(!browserAvailable())('leaving the play page before hls.js has loaded', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let playUrl = '';

  beforeAll(async () => {
    platform = await startSeededPlatform();
    ({ browser, close: closeBrowser } = await launchBrowser());
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  /** A context signed in as the student, with its page errors collected. */
  async function signedIn(
    options: BrowserContextOptions,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const { context, watch } = await openWatchedContext(browser, options);
    const page = await context.newPage();
    await page.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}/home`)}`);
    await page.getByLabel('用户名').fill('student');
    await page.getByLabel('密码').fill('Student2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => url.origin === platform.baseUrl);
    return { context, page, errors: watch.errors };
  }

  /**
   * Opens `url` with the hls.js chunk held back; once the player asked for it, `leave` navigates
   * away (in the app), then the chunk is let through and the page given time to run what waited.
   */
  async function openAndLeaveEarly(
    context: BrowserContext,
    page: Page,
    url: string,
    leave: () => Promise<void>,
  ): Promise<void> {
    let asked!: (address: string) => void;
    const hlsAsked = new Promise<string>((resolve) => (asked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/hls-[^/]*\.js$/, async (route) => {
      asked(route.request().url());
      await released;
      await route.continue();
    });

    await page.goto(url);
    const hlsUrl = await hlsAsked;
    expect(await page.locator('video').count()).toBe(1);
    await leave();
    await expect.poll(() => page.locator('video').count(), { timeout: 15_000 }).toBe(0);

    release();
    // the same module, imported here too: once it resolves, the player's import has resolved and
    // what vidstack chained on it has run (a task later). A string: vitest would rewrite an import()
    await page.evaluate(
      `import(${JSON.stringify(hlsUrl)}).then(() => new Promise((resolve) => setTimeout(resolve, 0)))`,
    );
    await context.unroute(/\/assets\/hls-[^/]*\.js$/);
  }

  it('/Play, left by its breadcrumb for 首页 before hls.js arrived: no page error', async () => {
    const { context, page, errors } = await signedIn(DESKTOP);
    const card = page.locator('main a[href^="/Play"]').first();
    await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
    playUrl = new URL((await card.getAttribute('href'))!, platform.baseUrl).toString();

    await openAndLeaveEarly(context, page, playUrl, () =>
      page.getByRole('navigation', { name: '当前位置' }).getByRole('link', { name: '首页' }).click(),
    );
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/m/play on a phone, left by 返回 before hls.js arrived: no page error', async () => {
    expect(playUrl).not.toBe('');
    const { context, page, errors } = await signedIn(PHONE);
    // a phone asking for /Play is sent to /m/play by the gateway
    await openAndLeaveEarly(context, page, playUrl, async () => {
      expect(new URL(page.url()).pathname).toBe('/m/play');
      await page.getByRole('button', { name: '返回' }).tap();
    });
    expect(new URL(page.url()).pathname).not.toBe('/m/play');
    expect(errors).toEqual([]);
    await context.close();
  });
});
