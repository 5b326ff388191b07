/**
 * Real Chromium for the end-to-end tests (Debian's /usr/bin/chromium driven by playwright-core).
 * In CI a missing browser is a failure; on a developer machine the tests say loudly that they skip.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function browserAvailable(): boolean {
  if (existsSync(chromiumPath)) return true;
  if (process.env.CI)
    throw new Error(`Chromium is required in CI but ${chromiumPath} is missing (.ci/run installs it)`);
  console.warn(
    `\n!!! ${chromiumPath} not found: end-to-end tests are SKIPPED on this machine (apt-get install chromium)\n`,
  );
  return false;
}

export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  // playwright gives every launch a fresh temporary profile (it refuses --user-data-dir in args)
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
    },
  };
}

/**
 * Marks the operation guide (product-spec §2 home: it opens on a first visit and covers the page)
 * as seen in every page of the context: the people in these tests have seen it.
 */
export async function skipOperationGuide(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem('szykt.operationGuideSeen', '1');
    } catch {
      // about:blank and the login page's sandboxed CSP deny storage; only the platform needs it
    }
  });
}

/** Whether a request stays on this machine (nothing may load from the internet at run time). */
export function isLocalRequest(address: string): boolean {
  const url = new URL(address);
  return ['data:', 'blob:'].includes(url.protocol) || ['127.0.0.1', 'localhost'].includes(url.hostname);
}

/**
 * Waits until React has taken over `selector`'s element (its fiber is on it): a page the server
 * painted is hydrated there, a page the browser renders itself is drawn. Before that a tap on a link
 * of a server-painted page is the browser's own (a whole new page), as it would be for a person who
 * taps while the JavaScript is still arriving; a test about the app's own navigation waits for this.
 */
export async function reactHasTakenOver(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (css) => {
      const element = document.querySelector(css);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    },
    selector,
    { timeout: 30_000 },
  );
}
