/**
 * `npm run bench -- --web`: Lighthouse (the npm package, on Debian's Chromium) against the platform as
 * `npm start` runs it, 3 times per page and form factor, medians printed with the machine's load
 * (speed issue, part 6). Pages: /home, /search?key=…, /author and /Play (signed in as the demo
 * student) on desktop; /home, /search and /author as a phone opens them (they go to /m/…), /m/home
 * and /m/play on mobile. Simulated throttling, Lighthouse's defaults for each form factor.
 *
 * A benchmark, not a test: nothing fails on a score.
 */
import { loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signedHeaders, toWireParams, withNonce } from '../../gateway/src/upstream/sign';
import { chromiumPath } from '../support/browser';
import { startPlatform } from '../support/platform';
import type { Cleanup } from './cleanup';
import { describeMachine } from './machine';

const API_SECRET = process.env.API_SECRET || 'sizheng-dev-secret';
const RUNS = 3;
const SEARCH_KEY = '马克思主义';

type FormFactor = 'desktop' | 'mobile';

interface PageRun {
  performance: number;
  accessibility: number;
  /** first contentful paint, largest contentful paint, total blocking time (ms) */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** scripts the load fetched (same origin), those under 2 KB as sent, and requests to any other origin */
  scripts: number;
  smallScripts: number;
  offOrigin: number;
}

export interface WebPageResult {
  label: string;
  formFactor: FormFactor;
  url: string;
  median: PageRun;
  runs: PageRun[];
  /** what the largest contentful paint painted (largestPaintOf) */
  largestPaint: string;
}

export interface WebBenchResults {
  date: Date;
  machine: string;
  loadBefore: number;
  loadAfter: number;
  pages: WebPageResult[];
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** the demo student's token, signed in as the login page does (POST /UserCenterApi/Login) */
async function signIn(loginUrl: string): Promise<string> {
  const params = withNonce(toWireParams({ userName: 'student', password: 'Student2026' }), 'login-service');
  const response = await fetch(`${loginUrl}/UserCenterApi/Login`, {
    method: 'POST',
    headers: {
      ...signedHeaders(params, { secret: API_SECRET, algorithm: 'md5', productId: 1 }),
      'content-type': 'application/json',
    },
    body: JSON.stringify(params),
  });
  const body = (await response.json()) as { code: number; message: string; items: { token: string } };
  if (body.code !== 2000) throw new Error(`signing in the demo student failed: ${body.code} ${body.message}`);
  return body.items.token;
}

/**
 * A recommended course and a video of it whose lecture is made (the committed demo lectures: another
 * is made when a signed-in viewer first opens it, and the player's place waits for that), asked as a
 * visitor, which starts nothing.
 */
async function playableVideo(baseUrl: string): Promise<{ courseId: number; videoId: number }> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: '{ recommendedCourses(first: 14) { edges { node { courseId videos { videoId mediaState } } } } }',
    }),
  });
  const body = (await response.json()) as {
    data: {
      recommendedCourses: {
        edges: { node: { courseId: number; videos: { videoId: number; mediaState: string }[] } }[];
      };
    };
  };
  for (const { node } of body.data.recommendedCourses.edges) {
    const video = node.videos.find((v) => v.mediaState === 'READY');
    if (video) return { courseId: node.courseId, videoId: video.videoId };
  }
  throw new Error('no recommended demo course has a video with its lecture made');
}

/**
 * Signed in as the demo student for `run`: the utoken cookie in the profile Lighthouse drives (its
 * storage reset keeps cookies; a Cookie header among extraHeaders did not reach the page's own
 * requests, so /Play measured the visitor's login prompt before), removed afterwards.
 */
async function signedInDuring<T>(
  port: number,
  origin: string,
  token: string | null,
  run: () => Promise<T>,
): Promise<T> {
  if (!token) return run();
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const [profile] = browser.contexts();
  if (!profile) throw new Error('Chromium has no default profile to sign in');
  await profile.addCookies([{ name: 'utoken', value: token, url: origin, httpOnly: true }]);
  try {
    return await run();
  } finally {
    await profile.clearCookies();
    await browser.close();
  }
}

async function lighthouseRun(url: string, formFactor: FormFactor, port: number): Promise<PageRun> {
  const { default: lighthouse } = await import('lighthouse');
  const config =
    formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    },
    config,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  const origin = new URL(url).origin;
  const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(origin));
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    scripts: scripts.length,
    smallScripts: scripts.filter((r) => (r.transferSize ?? 0) < 2048).length,
    offOrigin: requests.filter((r) => !r.url.startsWith(origin) && !r.url.startsWith('data:')).length,
  };
}

/**
 * What the largest contentful paint painted, read by the page's own PerformanceObserver in one load
 * with the form factor's screen and user agent (Lighthouse 12's element audit fails on Debian's
 * Chromium 156: its TraceElements gatherer cannot read the trace). Unthrottled, so the element, not
 * the time, is what counts: an image as its file name, text as its tag and first characters.
 */
async function largestPaintOf(
  url: string,
  formFactor: FormFactor,
  port: number,
  token: string | null,
): Promise<string> {
  const { chromium } = await import('playwright-core');
  const { screenEmulationMetrics, userAgents } = await import('lighthouse/core/config/constants.js');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const screen = screenEmulationMetrics[formFactor];
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: screen.mobile,
    hasTouch: screen.mobile,
    userAgent: userAgents[formFactor],
  });
  if (token) await context.addCookies([{ name: 'utoken', value: token, url, httpOnly: true }]);
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __largestPaint?: string };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; url: string })[]) {
          const element = entry.element;
          w.__largestPaint = entry.url
            ? `img ${entry.url.split('/').pop()}`
            : element
              ? `${element.tagName.toLowerCase()}${element.getAttribute('aria-label') ? `[${element.getAttribute('aria-label')}]` : ''} "${(element.textContent ?? '').trim().slice(0, 16)}"`
              : '?';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // LCP stops at the first input; none comes, so the last entry is the page's largest paint
    return await page.evaluate(() => (window as unknown as { __largestPaint?: string }).__largestPaint ?? '?');
  } finally {
    await context.close();
    await browser.close();
  }
}

/** the part of Lighthouse's network-requests rows read here */
interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

export async function runWebBench(options: {
  cleanup: Cleanup;
  step: (text: string) => void;
  runs?: number;
}): Promise<WebBenchResults> {
  const { cleanup, step } = options;
  const runs = options.runs ?? RUNS;
  const loadBefore = loadavg()[0]!;
  step('web: starting the platform (fresh DATA_DIR, demo data)');
  const platform = await startPlatform();
  cleanup.add('platform', () => platform.stop());
  const token = await signIn(platform.loginUrl);
  const { courseId, videoId } = await playableVideo(platform.baseUrl);
  const signedIn = token;
  const base = platform.baseUrl;
  // token: signed in as the demo student; the other pages are a visitor's first visit (the guide's note shows)
  const pages: { label: string; formFactor: FormFactor; url: string; token: string | null }[] = [
    { label: '/home', formFactor: 'desktop', url: `${base}/home`, token: null },
    {
      label: '/search',
      formFactor: 'desktop',
      url: `${base}/search?key=${encodeURIComponent(SEARCH_KEY)}`,
      token: null,
    },
    { label: '/author', formFactor: 'desktop', url: `${base}/author`, token: null },
    {
      label: '/Play (signed in)',
      formFactor: 'desktop',
      url: `${base}/Play?courseId=${courseId}&videoId=${videoId}`,
      token: signedIn,
    },
    { label: '/home', formFactor: 'mobile', url: `${base}/home`, token: null },
    {
      label: '/search',
      formFactor: 'mobile',
      url: `${base}/search?key=${encodeURIComponent(SEARCH_KEY)}`,
      token: null,
    },
    { label: '/author', formFactor: 'mobile', url: `${base}/author`, token: null },
    { label: '/m/home', formFactor: 'mobile', url: `${base}/m/home`, token: null },
    {
      label: '/m/play (signed in)',
      formFactor: 'mobile',
      url: `${base}/m/play?courseId=${courseId}&videoId=${videoId}`,
      token: signedIn,
    },
  ];

  const { launch } = await import('chrome-launcher');
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-lighthouse-'));
  const chrome = await launch({
    chromePath: chromiumPath,
    userDataDir,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  cleanup.add('chromium', async () => {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  });

  const results: WebPageResult[] = [];
  for (const page of pages) {
    const done: PageRun[] = [];
    // a warm-up load: the server's caches and the built files' page cache, as a visitor after others meets them
    await signedInDuring(chrome.port, base, page.token, async () => {
      await lighthouseRun(page.url, page.formFactor, chrome.port);
      for (let i = 0; i < runs; i += 1) done.push(await lighthouseRun(page.url, page.formFactor, chrome.port));
    });
    const result: WebPageResult = {
      label: page.label,
      formFactor: page.formFactor,
      url: page.url.slice(base.length),
      runs: done,
      largestPaint: await largestPaintOf(page.url, page.formFactor, chrome.port, page.token),
      median: {
        performance: median(done.map((r) => r.performance)),
        accessibility: median(done.map((r) => r.accessibility)),
        fcpMs: median(done.map((r) => r.fcpMs)),
        lcpMs: median(done.map((r) => r.lcpMs)),
        tbtMs: median(done.map((r) => r.tbtMs)),
        scripts: median(done.map((r) => r.scripts)),
        smallScripts: median(done.map((r) => r.smallScripts)),
        offOrigin: Math.max(...done.map((r) => r.offOrigin)),
      },
    };
    results.push(result);
    step(
      `web: ${page.formFactor} ${page.label}: performance ${result.median.performance}, accessibility ${result.median.accessibility}, ` +
        `FCP ${result.median.fcpMs.toFixed(0)} ms, LCP ${result.median.lcpMs.toFixed(0)} ms, TBT ${result.median.tbtMs.toFixed(0)} ms, ` +
        `scripts ${result.median.scripts} (${result.median.smallScripts} under 2 KB), other origins ${result.median.offOrigin}, ` +
        `largest paint: ${result.largestPaint}`,
    );
  }
  return { date: new Date(), machine: describeMachine(), loadBefore, loadAfter: loadavg()[0]!, pages: results };
}

export function webMarkdown(results: WebBenchResults): string {
  const rows = results.pages.map(
    (p) =>
      `| ${p.formFactor} | ${p.label} | ${p.median.performance} | ${p.median.accessibility} | ${p.median.fcpMs.toFixed(0)} | ${p.median.lcpMs.toFixed(0)} | ${p.median.tbtMs.toFixed(0)} | ${p.median.scripts} (${p.median.smallScripts}) | ${p.median.offOrigin} | ${p.largestPaint.replaceAll('|', '/')} |`,
  );
  return [
    `Lighthouse 12 (simulated throttling, each form factor's defaults), medians of ${results.pages[0]?.runs.length ?? RUNS} runs after a warm-up load, ` +
      `${results.date.toISOString().slice(0, 10)}, ${results.machine}; load average ${results.loadBefore.toFixed(2)} before, ${results.loadAfter.toFixed(2)} after.`,
    '',
    '| form factor | page | performance | accessibility | FCP ms | LCP ms | TBT ms | scripts (under 2 KB) | other origins | largest paint |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
