/**
 * A student watches a demo lecture in real Chromium on the platform started as by `npm start`:
 * signs in, opens a course from the home page (a new tab), the video really plays from the
 * platform's own HLS renditions, switches quality, turns subtitles on (the AI notice), sends a
 * scrolling comment, writes a note and finds it in both notes tabs, likes the video, clips a
 * fragment and finds it in the personal centre, and, coming back later, resumes where they left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, isLocalRequest, launchBrowser, skipOperationGuide } from '../support/browser';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

describe.skipIf(!browserAvailable())('watching a lecture in Chromium', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let playUrl = '';
  const pageErrors: string[] = [];
  const foreignRequests: string[] = [];
  /** the player's periodic play reports (fetch to the play-log route) and GraphQL requests naming reportPlay */
  const playReports: Promise<{ status: number; accept: string; logId: string; answer: string }>[] = [];
  const reportPlayMutations: string[] = [];

  beforeAll(async () => {
    platform = await startSeededPlatform();
    ({ browser, close: closeBrowser } = await launchBrowser());
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await skipOperationGuide(context);
    context.on('page', (p) => {
      p.on('pageerror', (error) => pageErrors.push(error.message));
      p.on('request', (request) => {
        const url = new URL(request.url());
        if (!isLocalRequest(request.url())) foreignRequests.push(request.url());
        if (url.pathname === '/graphql' && (request.postData() ?? '').includes('reportPlay'))
          reportPlayMutations.push(request.postData()!);
      });
      p.on('response', (response) => {
        const request = response.request();
        if (new URL(response.url()).pathname !== '/beacon/play-log' || request.resourceType() !== 'fetch') return;
        playReports.push(
          response.text().then((answer) => ({
            status: response.status(),
            accept: request.headers()['accept'] ?? '',
            logId: new URLSearchParams(request.postData() ?? '').get('logId') ?? '',
            answer,
          })),
        );
      });
    });
  });

  afterAll(async () => {
    await closeBrowser?.();
    await platform?.stop();
  });

  /** The <video> element's state, read in the page. */
  const videoState = (p: Page) =>
    p.evaluate(() => {
      const v = document.querySelector('video');
      return v
        ? { currentTime: v.currentTime, paused: v.paused, height: v.videoHeight, readyState: v.readyState }
        : null;
    });

  it('a visitor who opens /Play by a link sees the course with 登录后观看 on the player; its click opens the login page in one tab, coming back there', async () => {
    const home = await context.newPage();
    await home.goto(`${platform.baseUrl}/home`);
    const card = home.locator('main a[href*="Play"]').first();
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    // a visitor's card goes to the login page first, coming back to the course's /Play
    const cardHref = new URL((await card.getAttribute('href'))!, platform.baseUrl);
    const visitorPlay = cardHref.searchParams.get('redirect') ?? cardHref.toString();
    expect(new URL(visitorPlay).pathname).toBe('/Play');
    await home.close();

    const visitor = await context.newPage();
    await visitor.goto(visitorPlay);
    await expect.poll(() => visitor.getByText('登录后即可观看课程视频').isVisible(), { timeout: 20_000 }).toBe(true);
    // the course is there: its title, its outline, the tab's name; no player
    const title = ((await visitor.getByRole('heading', { level: 1 }).first().textContent()) ?? '').trim();
    expect(title.length).toBeGreaterThan(0);
    expect(await visitor.getByRole('navigation', { name: '视频列表' }).getByRole('button').count()).toBeGreaterThan(0);
    await expect
      .poll(() => visitor.title(), { timeout: 15_000 })
      .toMatch(new RegExp(` - ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - 思政云课堂$`));
    expect(await visitor.locator('video').count()).toBe(0);
    const pagesBefore = context.pages().length;
    const [login] = await Promise.all([
      context.waitForEvent('page'),
      visitor.getByRole('button', { name: '登录后观看' }).click(),
    ]);
    await login.waitForLoadState();
    expect(context.pages().length).toBe(pagesBefore + 1);
    const loginAddress = new URL(login.url());
    expect(loginAddress.origin).toBe(new URL(platform.loginUrl).origin);
    expect(loginAddress.searchParams.get('redirect')).toBe(visitor.url());
    await login.close();
    await visitor.close();
  });

  it('signs in as a student and opens the first recommended course in a new tab', async () => {
    const login = await context.newPage();
    await login.goto(`${platform.loginUrl}/login?redirect=${encodeURIComponent(`${platform.baseUrl}/home`)}`);
    await login.getByLabel('用户名').fill('student');
    await login.getByLabel('密码').fill('Student2026');
    await login.getByRole('button', { name: '登录' }).click();
    await login.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/home');
    await expect
      .poll(() => login.getByRole('button', { name: 'student的账户菜单' }).isVisible(), { timeout: 20_000 })
      .toBe(true);

    const firstCard = login.locator('main a[href^="/Play"]').first();
    await expect.poll(() => firstCard.isVisible(), { timeout: 15_000 }).toBe(true);
    const [tab] = await Promise.all([context.waitForEvent('page'), firstCard.click()]);
    page = tab;
    await page.waitForURL((url) => url.pathname === '/Play' && url.searchParams.has('courseId'));
    playUrl = page.url();
    await expect.poll(() => page.locator('video').count(), { timeout: 30_000 }).toBe(1);
    // the tab names the video and the course: <video> - <course> - 思政云课堂
    const course = ((await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '').trim();
    expect(course.length).toBeGreaterThan(0);
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/^.+ - .+ - 思政云课堂$/);
    const tabTitle = await page.title();
    expect(tabTitle.endsWith(` - ${course} - 思政云课堂`)).toBe(true);
    // the first part is the video playing: the outline's current entry
    const video = tabTitle.slice(0, -` - ${course} - 思政云课堂`.length);
    const current = page.getByRole('navigation', { name: '视频列表' }).locator('button[aria-current="true"]');
    expect(await current.count()).toBe(1);
    expect(((await current.textContent()) ?? '').includes(video)).toBe(true);
  });

  it('plays the lecture: the current time advances', async () => {
    const player = page.getByRole('region', { name: '视频播放器' });
    await player.getByRole('button', { name: '播放' }).first().click();
    await expect.poll(async () => (await videoState(page))?.currentTime ?? 0, { timeout: 30_000 }).toBeGreaterThan(1.5);
    expect((await videoState(page))?.paused).toBe(false);
  });

  it('the mute button says what a press does: 静音, then 取消静音 while muted', async () => {
    const player = page.getByRole('region', { name: '视频播放器' });
    await player.hover();
    await player.getByRole('button', { name: '静音', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.querySelector('video')?.muted)).toBe(true);
    const unmute = player.getByRole('button', { name: '取消静音', exact: true });
    await expect.poll(() => unmute.count()).toBe(1);
    await unmute.click();
    await expect.poll(() => page.evaluate(() => document.querySelector('video')?.muted)).toBe(false);
    // the label follows the player's state a moment after the element's, as 取消静音 did above
    await expect.poll(() => player.getByRole('button', { name: '静音', exact: true }).count()).toBe(1);
  });

  it('switches to the lower quality: the picture becomes 360 lines high', async () => {
    const player = page.getByRole('region', { name: '视频播放器' });
    await player.hover();
    await player.getByRole('button', { name: '设置' }).click();
    await page.getByRole('menuitem', { name: /清晰度/ }).click();
    const lowSegments: string[] = [];
    page.on('request', (request) => {
      if (/\/360p\/seg_\d+\.ts$/.test(new URL(request.url()).pathname)) lowSegments.push(request.url());
    });
    await page.getByRole('menuitemradio', { name: /360p/ }).click();
    // the player fetches the 360p rendition and then shows it
    await expect.poll(() => lowSegments.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await videoState(page))?.height, { timeout: 30_000 }).toBe(360);
    await page.keyboard.press('Escape');
  });

  it('turns subtitles on: the AI notice shows, then the spoken sentences over the picture', async () => {
    const player = page.getByRole('region', { name: '视频播放器' });
    await player.hover();
    const toggle = player.getByRole('button', { name: /开启字幕|关闭字幕/ });
    if ((await toggle.getAttribute('aria-label')) === '关闭字幕') await toggle.click(); // shown by default: off first
    await player.getByRole('button', { name: '开启字幕' }).click();
    await expect.poll(() => page.getByText('AI字幕已开启！AI识别字幕，内容仅供参考').isVisible()).toBe(true);
    // the lecture's subtitles (what the narration says) show over the picture
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.vds-captions')?.textContent?.trim() ?? ''), {
        timeout: 20_000,
      })
      .toMatch(/[\u4e00-\u9fff]{2,}/);
  });

  it('sends a scrolling comment that runs across the picture', async () => {
    const input = page.getByLabel('弹幕内容');
    await input.fill('');
    await input.press('Enter');
    await expect.poll(() => page.getByText('请输入弹幕内容').first().isVisible()).toBe(true);
    await input.fill('讲得真清楚，赞一个');
    await input.press('Enter');
    await expect
      .poll(() => page.getByRole('region', { name: '视频播放器' }).getByText('讲得真清楚，赞一个').count())
      .toBeGreaterThan(0);
    expect(await input.inputValue()).toBe('');
  });

  it('writes a note at the current second: it shows in 全部笔记 and 我的笔记', async () => {
    const form = page.getByRole('form', { name: '记笔记' });
    // the note box fills its form across the card (it was a 178 px textarea of 20 columns)
    const [boxWidth, formWidth] = [
      (await form.getByLabel('笔记内容').boundingBox())!.width,
      (await form.boundingBox())!.width,
    ];
    expect(formWidth).toBeGreaterThan(500);
    expect(boxWidth).toBeCloseTo(formWidth, 0);
    await form.getByRole('button', { name: '保存笔记' }).click();
    await expect.poll(() => page.getByText('请输入笔记内容').first().isVisible()).toBe(true);
    await form.getByLabel('笔记内容').fill('实践是检验真理的唯一标准：记在这一刻');
    await form.getByRole('button', { name: '保存笔记' }).click();
    const notes = page.getByRole('region', { name: '笔记' });
    await expect.poll(() => notes.getByText('实践是检验真理的唯一标准：记在这一刻').isVisible()).toBe(true);
    await notes.getByRole('tab', { name: /我的笔记/ }).click();
    await expect.poll(() => notes.getByText('实践是检验真理的唯一标准：记在这一刻').isVisible()).toBe(true);
    await notes.getByRole('tab', { name: /全部笔记/ }).click();
  });

  it('likes the video: the button says 已点赞 and the count goes up', async () => {
    const like = page.getByRole('button', { name: /^点赞/ });
    const before = Number(await page.getByTestId('like-count').textContent());
    await like.click();
    await expect.poll(() => page.getByRole('button', { name: /^已点赞/ }).isVisible()).toBe(true);
    await expect.poll(async () => Number(await page.getByTestId('like-count').textContent())).toBe(before + 1);
  });

  it('clips a fragment: the player pauses and the fragment is in 个人中心 · 截取片段', async () => {
    await page.getByRole('button', { name: '截取片段' }).click();
    const dialog = page.getByRole('dialog', { name: '截取片段' });
    await dialog.getByLabel(/开始时间/).fill('2');
    await dialog.getByLabel(/结束时间/).fill('300');
    await dialog.getByRole('button', { name: '确定截取' }).click();
    // past the end or over 3 minutes: an error toast in the server's words (§8), nothing in the dialog
    // (the modal dialog hides the page from role queries: the toast is found by its element)
    const refusal = page.locator('[role="status"]').filter({ hasText: /结束时间超出视频时长|片段不能超过3分钟/ });
    await expect.poll(() => refusal.count()).toBeGreaterThan(0);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.getByLabel(/结束时间/).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel(/结束时间/).fill('8');
    const name = await dialog.getByLabel('片段名称').inputValue();
    expect(name).toMatch(/-片段1$/);
    await dialog.getByRole('button', { name: '确定截取' }).click();
    await expect.poll(() => page.getByText('片段截取成功').first().isVisible(), { timeout: 60_000 }).toBe(true);
    expect((await videoState(page))?.paused).toBe(true);

    const centre = await context.newPage();
    await centre.goto(`${platform.baseUrl}/center?position=6`);
    await expect.poll(() => centre.getByText(name).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await centre.close();
  });

  it('a bad start time and a third clip of the video are refused by an error toast in the server’s words, not in the dialog', async () => {
    await page.bringToFront();
    const dialog = page.getByRole('dialog', { name: '截取片段' });
    // the modal dialog hides the page from role queries: the toasts are found by their element
    const toast = (text: string) => page.locator('[role="status"]').filter({ hasText: text });
    await page.getByRole('button', { name: '截取片段' }).click();
    await dialog.getByLabel(/开始时间/).fill('99999');
    await dialog.getByLabel(/结束时间/).fill('100005');
    await dialog.getByRole('button', { name: '确定截取' }).click();
    await expect.poll(() => toast('开始时间无效').count()).toBeGreaterThan(0);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.getByText('开始时间无效').count()).toBe(0);
    expect(await dialog.getByLabel(/开始时间/).getAttribute('aria-invalid')).toBe('true');

    // the second clip of this video is made (the dialog closes), the third is refused
    await dialog.getByLabel(/开始时间/).fill('10');
    await dialog.getByLabel(/结束时间/).fill('14');
    expect(await dialog.getByLabel('片段名称').inputValue()).toMatch(/-片段2$/);
    await dialog.getByRole('button', { name: '确定截取' }).click();
    await expect.poll(() => dialog.count(), { timeout: 60_000 }).toBe(0);
    await page.getByRole('button', { name: '截取片段' }).click();
    await expect.poll(() => dialog.getByLabel('片段名称').inputValue()).toMatch(/-片段3$/);
    await dialog.getByLabel(/开始时间/).fill('20');
    await dialog.getByLabel(/结束时间/).fill('24');
    await dialog.getByRole('button', { name: '确定截取' }).click();
    await expect.poll(() => toast('每个视频最多截取2个片段').count()).toBeGreaterThan(0);
    expect(await dialog.getByText('每个视频最多截取2个片段').count()).toBe(0);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: '取消', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('resumes where the student left when they come back, the like and the note kept', async () => {
    await page.bringToFront();
    // watch from 20 s on for a few seconds, then leave the page (the final log goes by beacon)
    await page.evaluate(() => {
      const v = document.querySelector('video')!;
      v.currentTime = 20;
      void v.play();
    });
    await expect.poll(async () => (await videoState(page))?.currentTime ?? 0, { timeout: 20_000 }).toBeGreaterThan(22);
    const left = (await videoState(page))!.currentTime;
    await page.goto(`${platform.baseUrl}/home`);
    await expect.poll(() => page.locator('main a[href^="/Play"]').first().isVisible(), { timeout: 15_000 }).toBe(true);

    // back to the same video (without vtime): the player starts near where it was left
    await page.goto(playUrl);
    await expect.poll(async () => (await videoState(page))?.readyState ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => (await videoState(page))?.currentTime ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(left - 6);
    expect(await page.getByRole('button', { name: /^已点赞/ }).isVisible()).toBe(true);
    expect(
      await page.getByRole('region', { name: '笔记' }).getByText('实践是检验真理的唯一标准：记在这一刻').isVisible(),
    ).toBe(true);
  });

  it('scrolled down, the floating player shows its title above the picture and keeps clear of the AI drawer', async () => {
    await page.evaluate(() => window.scrollTo(0, 1200));
    const frame = page.locator('.szp-floating');
    await expect.poll(() => frame.count(), { timeout: 10_000 }).toBe(1);
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    const bar = await box('.szp-float-bar');
    const video = await box('.szp-floating video');
    // the title bar ends where the picture begins
    expect(bar.y + bar.height).toBeLessThanOrEqual(video.y + 1);
    await page.getByRole('button', { name: '打开AI问答' }).click();
    const drawer = page.getByRole('dialog', { name: 'AI问答' });
    await expect.poll(() => drawer.isVisible(), { timeout: 20_000 }).toBe(true);
    const drawerBox = (await drawer.boundingBox())!;
    await expect
      .poll(async () => (await box('.szp-floating')).x + (await box('.szp-floating')).width)
      .toBeLessThanOrEqual(drawerBox.x);
    // the whole window is in view, not under the drawer
    expect(await page.locator('.szp-float-close').isVisible()).toBe(true);
    await drawer.getByRole('button', { name: '关闭', exact: true }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it('sent the periodic play reports by fetch to /beacon/play-log, each answered {"id"} that the next carried; none through reportPlay', async () => {
    const reports = await Promise.all(playReports);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    for (const report of reports) {
      expect(report.status, report.answer).toBe(200);
      expect(report.accept).toBe('application/json');
    }
    const ids = reports.map((report) => (JSON.parse(report.answer) as { id: string }).id);
    expect(ids.every((id) => /^\d+$/.test(id))).toBe(true);
    // a report following an answered one carries its id (a new video or a new opening starts with none)
    const carried = reports.slice(1).filter((report, index) => report.logId === ids[index]);
    expect(carried.length).toBeGreaterThanOrEqual(1);
    expect(reportPlayMutations).toEqual([]);
  });

  it('threw no page error and requested nothing from outside the site', () => {
    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
