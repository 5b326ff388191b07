/**
 * The pages a visitor meets first pass axe-core's WCAG 2.2 A and AA rules in real Chromium, on a
 * desktop window and on an iPhone: contrast, names of links and buttons, touch-target sizes,
 * landmarks, labels (speed issue, part 5: accessibility ≥ 95 everywhere; Lighthouse scores with
 * these rules). The platform as by `npm start`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, skipOperationGuide } from '../support/browser';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe's violations of the page as it stands once its content has loaded */
async function violations(page: Page): Promise<string[]> {
  // evaluated through the DevTools protocol: the site's CSP (script-src 'self') rightly refuses an inline script
  await page.evaluate(axeSource);
  const found = (await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: unknown) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    // label-content-name-mismatch is axe's "experimental": Lighthouse's accessibility score counts it
    return (
      await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: { 'label-content-name-mismatch': { enabled: true } },
      })
    ).violations;
  }, TAGS)) as Violation[];
  return found.map(
    (v) =>
      `${v.id} (${v.help}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
  );
}

describe.skipIf(!browserAvailable())('accessibility of the first pages in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let desktop: BrowserContext;
  let phone: BrowserContext;

  beforeAll(async () => {
    platform = await startSeededPlatform();
    ({ browser, close: closeBrowser } = await launchBrowser());
    desktop = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      locale: 'zh-CN',
    });
    await Promise.all([skipOperationGuide(desktop), skipOperationGuide(phone)]);
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  const pages: [string, string, string][] = [
    ['/home', '推荐课程', 'desktop'],
    ['/search?key=马克思主义', '综合', 'desktop'],
    ['/author', '名师', 'desktop'],
    ['/special', '专题', 'desktop'],
    ['/m/home', '推荐', 'phone'],
    ['/Play?courseId=1', '关键帧', 'desktop'],
    ['/m/play?courseId=1', '关键帧', 'phone'],
  ];

  it('/home signed in on a desktop window has no WCAG A/AA violation (the account menu among them)', async () => {
    const member = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    try {
      await skipOperationGuide(member);
      const page = await member.newPage();
      await page.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}/home`)}`);
      await page.getByLabel('用户名').fill('student');
      await page.getByLabel('密码').fill('Student2026');
      await page.getByRole('button', { name: '登录' }).click();
      await page.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/home');
      const menu = page.getByRole('banner').getByRole('button', { name: 'student的账户菜单' });
      await menu.waitFor({ timeout: 20_000 });
      await page.getByText('推荐课程').filter({ visible: true }).first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
    } finally {
      await member.close();
    }
  });

  for (const [path, waitFor, form] of pages) {
    it(`${path} on ${form === 'desktop' ? 'a desktop window' : 'an iPhone'} has no WCAG A/AA violation`, async () => {
      const page = await (form === 'desktop' ? desktop : phone).newPage();
      try {
        await page.goto(`${platform.baseUrl}${encodeURI(path)}`);
        await page.getByText(waitFor).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
        // images and lazy parts settle
        await page.waitForLoadState('networkidle');
        expect(await violations(page)).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
