/**
 * The JavaScript a browser downloads to show /home: every script response Chromium receives
 * while loading the page (until the network is idle), gzipped at level 9 as a server would send it.
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../support/browser';

export interface FirstLoadReport {
  scripts: { url: string; bytes: number; gzipBytes: number }[];
  totalBytes: number;
  totalGzipBytes: number;
}

export async function measureFirstLoad(pageUrl: string): Promise<FirstLoadReport> {
  const { browser, close } = await launchBrowser();
  try {
    const page = await browser.newPage();
    const pending: Promise<{ url: string; bytes: number; gzipBytes: number }>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script') return;
      pending.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(pending);
    return {
      scripts,
      totalBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
      totalGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
    };
  } finally {
    await close();
  }
}
