/**
 * In real Chromium against the platform started as by `npm start`: the tab that opened the login
 * page shows the user signed in there as soon as it is back in front (and a sign-out in another
 * tab sends it home); 更换头像 in the three steps of product-spec §4 with the checks of §5 (not an
 * image, under 300x300), a crop with the zoom slider, the upload, and the new avatar in the header
 * and the profile, served by /media and still there after a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { browserAvailable, launchBrowser, reactHasTakenOver } from '../support/browser';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';
import { openWatchedContext, type PageWatch } from '../support/watch-pages';

const AVATAR_URL = /^\/media\/avatars\/\d+-[a-f0-9]+\.jpg$/;

/** A photo-like PNG: a gradient, so the crop and the zoom change what is uploaded. */
async function png(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((x / width) * 255);
      pixels[i + 1] = Math.round((y / height) * 255);
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe.skipIf(!browserAvailable())('the avatar upload and tabs catching up in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let watch: PageWatch;
  /** The tab the visitor started in: it opens the login page and is never reloaded by it. */
  let page: Page;

  beforeAll(async () => {
    platform = await startSeededPlatform();
    ({ browser, close: closeBrowser } = await launchBrowser());
    ({ context, watch } = await openWatchedContext(browser));
  });

  afterAll(async () => {
    await context?.close();
    await closeBrowser?.();
    await platform?.stop();
  });

  const header = (p: Page) => p.locator('header').filter({ visible: true }).first();
  const visible = (p: Page, text: string | RegExp) => p.getByText(text).filter({ visible: true }).first();
  const accountMenu = (p: Page) => header(p).getByRole('button', { name: 'student的账户菜单' });

  /**
   * The tab comes back to the front. Headless Chromium keeps every page visible and focused, so
   * the events a real switch of tabs fires are fired here as well.
   */
  async function bringBack(p: Page) {
    await p.bringToFront();
    await p.evaluate(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
  }

  it('shows the user signed in on the login page in another tab once the original tab is in front again', async () => {
    page = await context.newPage();
    await page.goto(`${platform.baseUrl}/home`);
    await expect
      .poll(() => header(page).getByRole('button', { name: '登录' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    // /home came painted by the server: 登录 opens the login page once React has taken the header over
    await reactHasTakenOver(page, 'header');

    const [loginTab] = await Promise.all([
      context.waitForEvent('page'),
      header(page).getByRole('button', { name: '登录' }).click(),
    ]);
    await loginTab.waitForLoadState();
    // the login service on the platform's host, so its cookie reaches the gateway
    expect(new URL(loginTab.url()).host).toBe(new URL(platform.loginUrl).host);
    expect(loginTab.url()).toContain('/login?redirect=');
    await loginTab.getByLabel('用户名').fill('student');
    await loginTab.getByLabel('密码').fill('Student2026');
    await loginTab.getByRole('button', { name: '登录' }).click();
    await loginTab.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/home');
    await expect.poll(() => accountMenu(loginTab).isVisible(), { timeout: 20_000 }).toBe(true);

    // the original tab still shows 登录 (nothing told it yet) until it is in front again
    expect(await header(page).getByRole('button', { name: '登录' }).isVisible()).toBe(true);
    await bringBack(page);
    await expect.poll(() => accountMenu(page).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await header(page).getByRole('button', { name: '登录' }).count()).toBe(0);
    await loginTab.close();

    // and it is let into the personal centre without a reload
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.waitForURL(/\/center\?position=0$/);
    await expect
      .poll(() => page.getByRole('tablist', { name: '个人中心' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
  });

  it('refuses a file that is not an image and an image under 300x300', async () => {
    await page.goto(`${platform.baseUrl}/center?position=0`);
    await page.getByRole('tab', { name: '个人资料' }).click();
    await page.waitForURL(/position=4/);
    await page.getByRole('button', { name: '更换头像' }).click();
    const dialog = page.getByRole('dialog', { name: '更换头像' });
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(true);
    const file = dialog.getByTestId('avatar-file');

    // named like a picture (so the browser calls it image/png), but text: the decoding says no
    await file.setInputFiles({
      name: 'a.png',
      mimeType: 'image/png',
      buffer: Buffer.from('这不是图片，只是一段文字。\n'),
    });
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('仅限图片格式');

    await file.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await png(200, 200) });
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('图片最低像素为（宽*高）：300*300');
    // still step 1
    expect(await dialog.getByRole('button', { name: '选择图片' }).isVisible()).toBe(true);
  });

  it('crops and zooms a 640x480 photo and uploads it: the header and the profile show it, also after a reload', async () => {
    const dialog = page.getByRole('dialog', { name: '更换头像' });
    await dialog
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await png(640, 480) });

    // step 2: the cropper and the 0..100 zoom slider
    const slider = dialog.getByLabel('缩放');
    await expect.poll(() => slider.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await slider.inputValue()).toBe('0');
    await slider.focus();
    for (let i = 0; i < 25; i += 1) await page.keyboard.press('ArrowRight');
    expect(await slider.inputValue()).toBe('25');
    await expect.poll(() => dialog.getByText('25', { exact: true }).isVisible()).toBe(true);
    // drag the picture a little to the left
    const box = (await dialog.locator('.reactEasyCrop_Container').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();

    const upload = dialog.getByRole('button', { name: '上传' });
    await expect.poll(() => upload.isEnabled()).toBe(true);
    await upload.click();
    await expect.poll(() => visible(page, '头像上传成功').isVisible(), { timeout: 20_000 }).toBe(true);
    await dialog.getByRole('button', { name: '完成' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const headerAvatar = header(page).locator('img').first();
    const profileAvatar = page.getByRole('img', { name: '头像', exact: true }).filter({ visible: true });
    const loaded = async (img: ReturnType<Page['locator']>) => {
      await expect.poll(() => img.getAttribute('src'), { timeout: 20_000 }).toMatch(AVATAR_URL);
      await expect
        .poll(
          () => img.evaluate((el) => ((el as HTMLImageElement).complete ? (el as HTMLImageElement).naturalWidth : 0)),
          { timeout: 20_000 },
        )
        .toBe(300);
      return img.getAttribute('src');
    };
    const src = await loaded(headerAvatar);
    expect(await loaded(profileAvatar)).toBe(src);
    const served = await page.request.get(`${platform.baseUrl}${src}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/jpeg');

    await page.reload();
    await expect.poll(() => page.getByRole('form', { name: '个人资料' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await loaded(header(page).locator('img').first())).toBe(src);
    expect(await loaded(page.getByRole('img', { name: '头像', exact: true }).filter({ visible: true }))).toBe(src);
  });

  it('a sign-out in another tab sends the original tab from the centre home once it is in front again', async () => {
    const other = await context.newPage();
    await other.goto(`${platform.baseUrl}/home`);
    await expect.poll(() => accountMenu(other).isVisible(), { timeout: 20_000 }).toBe(true);
    await accountMenu(other).click();
    await other.getByRole('menuitem', { name: '退出' }).click();
    await expect
      .poll(() => header(other).getByRole('button', { name: '登录' }).isVisible(), { timeout: 20_000 })
      .toBe(true);

    expect(new URL(page.url()).pathname).toBe('/center');
    await bringBack(page);
    await page.waitForURL(/\/home$/, { timeout: 20_000 });
    await expect
      .poll(() => header(page).getByRole('button', { name: '登录' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await page.getByRole('form', { name: '个人资料' }).filter({ visible: true }).count()).toBe(0);
    await other.close();
  });

  it('raised no script errors on the way and loaded nothing from outside', () => {
    expect(watch.errors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
