/**
 * What every end-to-end file checks besides its own story: no page threw, (where asked) nothing was
 * logged as a console error, and nothing was loaded from outside this machine. One watcher a browser
 * context, so each file opens its people the same way and ends on the same two assertions.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { isLocalRequest, skipOperationGuide } from './browser';

/** An iPhone's Safari, as the mobile site's guard recognises phones. */
export const IPHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A desktop browser window in Chinese. */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' };

/** A phone in Chinese (iPhone-sized, touch). */
export const PHONE: BrowserContextOptions = {
  userAgent: IPHONE_USER_AGENT,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
};

export interface PageWatch {
  /** Uncaught script errors (and console errors when watched), each with its page and first stack frames. */
  readonly errors: string[];
  /** Addresses requested outside this machine (nothing may load from the internet at run time). */
  readonly foreignRequests: string[];
}

export interface WatchOptions {
  /** Count console.error lines as errors too (the pages log none in normal use). */
  readonly consoleErrors?: boolean;
  /** Add to this watch (one list for several people of a test) instead of a new one. */
  readonly into?: PageWatch;
}

function describeError(error: Error, page: Page): string {
  // the first frames name the chunk and position (map them with a --sourcemap build of the same commit)
  const frames = (error.stack ?? '')
    .split('\n')
    .slice(1, 4)
    .map((line) => line.trim())
    .join(' | ');
  return `${error.message} @ ${page.url()}${frames ? ` :: ${frames}` : ''}`;
}

/** Watches every page of `context`, the ones open already and those opened later (popups, new tabs). */
export function watchPages(context: BrowserContext, { consoleErrors = false, into }: WatchOptions = {}): PageWatch {
  const watch: PageWatch = into ?? { errors: [], foreignRequests: [] };
  const watchPage = (page: Page) => {
    page.on('pageerror', (error) => watch.errors.push(describeError(error, page)));
    page.on('request', (request) => {
      if (!isLocalRequest(request.url())) watch.foreignRequests.push(request.url());
    });
    if (consoleErrors) {
      page.on('console', (message) => {
        if (message.type() === 'error') watch.errors.push(`console: ${message.text()} @ ${page.url()}`);
      });
    }
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  return watch;
}

export interface OpenOptions extends WatchOptions {
  /** The person has seen the home page's operation guide (true unless the test is about it). */
  readonly guideSeen?: boolean;
}

/** A new context (DESKTOP unless told) whose pages are watched. */
export async function openWatchedContext(
  browser: Browser,
  contextOptions: BrowserContextOptions = DESKTOP,
  { guideSeen = true, ...watchOptions }: OpenOptions = {},
): Promise<{ context: BrowserContext; watch: PageWatch }> {
  const context = await browser.newContext(contextOptions);
  if (guideSeen) await skipOperationGuide(context);
  return { context, watch: watchPages(context, watchOptions) };
}
