/**
 * Coming back to the kept-alive home ("back to /home flashes an empty page, scroll 0
 * and no cards, for 0.3–1.5 s"), in real Chromium on the desktop site (1440×900) and with an
 * iPhone's user agent (390×844, touch, /m/home). A person scrolls the home down, opens another page
 * from the navigation, then comes back by the browser's back button and by the 首页 link. A
 * requestAnimationFrame loop in the page records every frame: from the first frame at the home's
 * URL (the back button changes it at once) or without the page being left, each one shows the home
 * with its cards, at the scroll position it was left at, while every GraphQL query is held: the page
 * comes back from what it kept, it does not load again. (Router updates as React transitions kept
 * the page left on screen under /home for 0.1–1.8 s: web/src/app/App.tsx.) No page error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, reactHasTakenOver } from '../support/browser';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';
import { DESKTOP, openWatchedContext, PHONE, type PageWatch } from '../support/watch-pages';

/** What one frame showed. */
interface Frame {
  path: string;
  scrollY: number;
  /** home cards the frame shows */
  cards: number;
  /** the page being left is still on screen */
  leaving: boolean;
}

/**
 * Starts recording every frame in the page: the path, the scroll position, how many of the home's
 * cards (`cardSelector`) are visible, and whether an element of the page being left (one whose
 * whole text matches `leavingText`) is. Stops after `framesAfterLeaving` frames without it.
 */
async function startFrameSampler(
  page: Page,
  cardSelector: string,
  leavingText: string,
  framesAfterLeaving = 45,
): Promise<void> {
  await page.evaluate(
    ({ cardSelector, leavingText, framesAfterLeaving }) => {
      const leaving = new RegExp(leavingText);
      const frames: Frame[] = [];
      (window as unknown as { __frames: Frame[] }).__frames = frames;
      let after = 0;
      const sample = () => {
        const cards = [...document.querySelectorAll(cardSelector)].filter((el) => el.checkVisibility()).length;
        let shown = false;
        for (const el of document.querySelectorAll('main *')) {
          if (el.childElementCount === 0 && leaving.test(el.textContent ?? '') && el.checkVisibility()) {
            shown = true;
            break;
          }
        }
        frames.push({ path: location.pathname, scrollY: Math.round(window.scrollY), cards, leaving: shown });
        if (!shown) after += 1;
        if (after < framesAfterLeaving && frames.length < 3000) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    },
    { cardSelector, leavingText, framesAfterLeaving },
  );
}

/**
 * The frames recorded since the navigation (waits until the sampler stopped): from the first frame
 * at `homePath` (the browser's back changes the URL at once) or the first without the page left.
 */
async function framesAfterLeaving(page: Page, homePath: string, framesAfterLeaving = 45): Promise<Frame[]> {
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames.filter((f) => !f.leaving).length),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThanOrEqual(framesAfterLeaving);
  const frames = await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);
  // from the first frame at the home's URL (back changes the URL first), or without the page left
  const first = frames.findIndex((f) => f.path === homePath || !f.leaving);
  return frames.slice(first);
}

/**
 * Holds every GraphQL query the page sends from now on until the returned function is called
 * (mutations such as the visit log pass): a kept-alive page must come back from what it has, not
 * wait for the network. Returns the names of the held queries too.
 */
async function holdQueries(page: Page): Promise<{ held: string[]; release: () => Promise<void> }> {
  const held: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: import('playwright-core').Route) => {
    const body = route.request().postData() ?? '';
    const name = /"operationName":"(\w+)"/.exec(body)?.[1] ?? '?';
    if (!body.includes('"query":"mutation')) {
      held.push(name);
      await released;
    }
    await route.continue().catch(() => undefined);
  };
  await page.route('**/graphql', handler);
  return {
    held,
    release: async () => {
      release();
      await page.unroute('**/graphql', handler);
    },
  };
}

/** Each frame as the person saw it, for a readable failure. */
const summary = (frames: Frame[]) => frames.map((f) => `${f.path} y=${f.scrollY} cards=${f.cards}`);

describe.skipIf(!browserAvailable())('coming back to the kept-alive home, frame by frame, in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const watch: PageWatch = { errors: [], foreignRequests: [] };

  beforeAll(async () => {
    platform = await startSeededPlatform();
    ({ browser, close: closeBrowser } = await launchBrowser());
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  async function newPage(
    options: Parameters<Browser['newContext']>[0],
  ): Promise<{ context: BrowserContext; page: Page }> {
    const { context } = await openWatchedContext(browser, options, { into: watch });
    return { context, page: await context.newPage() };
  }

  describe('on the desktop site', () => {
    let context: BrowserContext;
    let page: Page;
    const SCROLLED = 1200;
    /** the 推荐课程 cards (links to the player, in the section under that heading) */
    const CARDS = 'main section a[href*="Play"]';
    const LECTURERS = '^当前共 \\d+ 位老师$';

    beforeAll(async () => {
      ({ context, page } = await newPage(DESKTOP));
    });

    afterAll(async () => {
      await context?.close();
    });

    it('/home shows its recommended courses', async () => {
      await page.goto(`${platform.baseUrl}/home`);
      await expect.poll(() => page.locator(CARDS).count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(14);
      // the server painted it: what follows is about the app's own way back, once the app is there
      await reactHasTakenOver(page, 'nav[aria-label="主导航"]');
    });

    async function scrollHomeAndOpenLecturers(): Promise<number> {
      await page.evaluate((top) => window.scrollTo(0, top), SCROLLED);
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(SCROLLED);
      const cards = await page.locator(CARDS).evaluateAll((els) => els.filter((el) => el.checkVisibility()).length);
      await page.getByRole('navigation', { name: '主导航' }).getByText('名校名师').click();
      await page.waitForURL((url) => url.pathname === '/author');
      await expect.poll(() => page.getByText(new RegExp(LECTURERS)).isVisible(), { timeout: 30_000 }).toBe(true);
      return cards;
    }

    it("the browser's back button shows the home at once: its cards, where it was scrolled to", async () => {
      const cards = await scrollHomeAndOpenLecturers();
      await startFrameSampler(page, CARDS, LECTURERS);
      const network = await holdQueries(page);
      await page.goBack();
      const frames = await framesAfterLeaving(page, '/home');
      await network.release();
      expect(network.held.filter((name) => /Home/.test(name))).toEqual([]);
      expect(summary(frames)).toEqual(
        summary(frames.map(() => ({ path: '/home', scrollY: SCROLLED, cards, leaving: false }))),
      );
    });

    it('the sidebar link 首页 shows the home at once too', async () => {
      const cards = await scrollHomeAndOpenLecturers();
      await startFrameSampler(page, CARDS, LECTURERS);
      const network = await holdQueries(page);
      await page.getByRole('navigation', { name: '主导航' }).getByText('首页').click();
      const frames = await framesAfterLeaving(page, '/home');
      await network.release();
      expect(network.held.filter((name) => /Home/.test(name))).toEqual([]);
      expect(summary(frames)).toEqual(
        summary(frames.map(() => ({ path: '/home', scrollY: SCROLLED, cards, leaving: false }))),
      );
    });

    it('signed in (the home then has 继续学习, asked again when it comes back), back still shows it at once', async () => {
      await page.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}/home`)}`);
      await page.getByLabel('用户名').fill('student');
      await page.getByLabel('密码').fill('Student2026');
      await page.getByRole('button', { name: '登录' }).click();
      await page.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/home');
      await expect
        .poll(() => page.getByRole('region', { name: '继续学习' }).isVisible(), { timeout: 30_000 })
        .toBe(true);
      await expect.poll(() => page.locator(CARDS).count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(14);
      const cards = await scrollHomeAndOpenLecturers();
      await startFrameSampler(page, CARDS, LECTURERS);
      const network = await holdQueries(page);
      await page.goBack();
      const frames = await framesAfterLeaving(page, '/home');
      await network.release();
      expect(network.held.filter((name) => /Home/.test(name))).toEqual([]);
      expect(summary(frames)).toEqual(
        summary(frames.map(() => ({ path: '/home', scrollY: SCROLLED, cards, leaving: false }))),
      );
    });
  });

  describe('with an iPhone', () => {
    let context: BrowserContext;
    let page: Page;
    const SCROLLED = 900;
    const CARDS = 'main a[href*="/m/play"]';
    const LECTURERS = '^当前共 \\d+ 位老师$';

    beforeAll(async () => {
      ({ context, page } = await newPage(PHONE));
    });

    afterAll(async () => {
      await context?.close();
    });

    const tabs = () => page.getByRole('navigation', { name: '手机网页版导航' });

    it('/m/home shows its courses', async () => {
      await page.goto(`${platform.baseUrl}/m/home`);
      await expect.poll(() => page.locator(CARDS).count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
      // the server painted it: what follows is about the app's own way back, once the app is there
      await reactHasTakenOver(page, 'nav[aria-label="手机网页版导航"]');
    });

    async function scrollHomeAndOpenLecturers(): Promise<number> {
      await page.evaluate((top) => window.scrollTo(0, top), SCROLLED);
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(SCROLLED);
      const cards = await page.locator(CARDS).evaluateAll((els) => els.filter((el) => el.checkVisibility()).length);
      await tabs().getByText('名师').tap();
      await page.waitForURL((url) => url.pathname === '/m/author');
      await expect.poll(() => page.getByText(new RegExp(LECTURERS)).isVisible(), { timeout: 30_000 }).toBe(true);
      return cards;
    }

    it("the browser's back button shows /m/home at once: its cards, where it was scrolled to", async () => {
      const cards = await scrollHomeAndOpenLecturers();
      await startFrameSampler(page, CARDS, LECTURERS);
      const network = await holdQueries(page);
      await page.goBack();
      const frames = await framesAfterLeaving(page, '/m/home');
      await network.release();
      expect(network.held.filter((name) => /Home/.test(name))).toEqual([]);
      expect(summary(frames)).toEqual(
        summary(frames.map(() => ({ path: '/m/home', scrollY: SCROLLED, cards, leaving: false }))),
      );
    });

    it('the tab 首页 shows /m/home at once too', async () => {
      const cards = await scrollHomeAndOpenLecturers();
      await startFrameSampler(page, CARDS, LECTURERS);
      const network = await holdQueries(page);
      await tabs().getByText('首页').tap();
      const frames = await framesAfterLeaving(page, '/m/home');
      await network.release();
      expect(network.held.filter((name) => /Home/.test(name))).toEqual([]);
      expect(summary(frames)).toEqual(
        summary(frames.map(() => ({ path: '/m/home', scrollY: SCROLLED, cards, leaving: false }))),
      );
    });
  });

  it('logged no page error', () => {
    expect(watch.errors).toEqual([]);
  });
});
