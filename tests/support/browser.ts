/**
 * Real Chromium for the end-to-end tests (Debian's /usr/bin/chromium driven by playwright-core).
 * In CI a missing browser is a failure; on a developer machine the tests say loudly that they skip.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function browserAvailable(): boolean {
  if (existsSync(chromiumPath)) return true;
  if (process.env.CI) throw new Error(`Chromium is required in CI but ${chromiumPath} is missing (.ci/run installs it)`);
  console.warn(`\n!!! ${chromiumPath} not found: end-to-end tests are SKIPPED on this machine (apt-get install chromium)\n`);
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
