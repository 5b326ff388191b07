/**
 * The scaled topology as `npm run start:cluster` runs it (nginx in front of 2 gateways, 2 main APIs,
 * a login service and a job worker, on PostgreSQL and Redis): a person uses the platform through
 * the load balancer in Chromium (home, search, a lecture, a note, logout); a note written through
 * one main API is read through the other; and a main API killed while notes are being written
 * loses none that was acknowledged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openPostgresStore, type PostgresStore } from '../../upstream/src/store/postgres';
import { UpstreamClient } from '../upstream/client';
import { browserAvailable, launchBrowser } from '../support/browser';
import { openWatchedContext, type PageWatch } from '../support/watch-pages';
import { startCluster, type RunningCluster } from '../support/cluster';

const SECRET = 'sizheng-dev-secret';

describe.skipIf(!browserAvailable())('the cluster behind nginx, in Chromium', () => {
  let cluster: RunningCluster;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    cluster = await startCluster();
    ({ browser, close: closeBrowser } = await launchBrowser());
    ({ context, watch } = await openWatchedContext(browser));
  }, 480_000);

  afterAll(async () => {
    await closeBrowser?.();
    await cluster?.stop();
  });

  const mainApi = (i: number) =>
    new UpstreamClient({ baseUrl: cluster.mainApiUrls[i]!, secret: SECRET, algorithm: 'md5', audience: 'main-api' });

  it('home, search, a lecture, a note and logout, through the load balancer', async () => {
    page = await context.newPage();
    await page.goto(`${cluster.loginUrl}/login?redirect=${encodeURIComponent(`${cluster.baseUrl}/home`)}`);
    await page.getByLabel('用户名').fill('student');
    await page.getByLabel('密码').fill('Student2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => url.origin === cluster.baseUrl && url.pathname === '/home');
    await expect
      .poll(() => page.getByRole('button', { name: 'student的账户菜单' }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => page.locator('main a[href^="/Play"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);

    const searchBox = page.getByRole('combobox', { name: '搜索关键词' });
    await searchBox.fill('哲学');
    await searchBox.press('Enter');
    await expect.poll(() => page.title(), { timeout: 20_000 }).toMatch(/^搜索/);
    const courses = page.getByRole('list', { name: '课程' });
    await expect.poll(() => courses.locator('li').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const result = courses.locator('a[href*="/Play"]').first();

    const [tab] = await Promise.all([context.waitForEvent('page'), result.click()]);
    await tab.waitForURL((url) => url.pathname === '/Play' && url.searchParams.has('courseId'));
    await expect.poll(() => tab.locator('video').count(), { timeout: 30_000 }).toBe(1);
    const form = tab.getByRole('form', { name: '记笔记' });
    await form.getByLabel('笔记内容').fill('集群里记下的笔记');
    await form.getByRole('button', { name: '保存笔记' }).click();
    const notes = tab.getByRole('region', { name: '笔记' });
    await expect.poll(() => notes.getByText('集群里记下的笔记').isVisible(), { timeout: 20_000 }).toBe(true);
    // the note is there after a reload, whichever gateway and main API answer it
    await tab.reload();
    await expect
      .poll(() => tab.getByRole('region', { name: '笔记' }).getByText('集群里记下的笔记').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);

    await page.bringToFront();
    await page.getByRole('button', { name: 'student的账户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /登录/ }).first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    // signed out on every gateway at once: the token is refused by the other gateway too
    await tab.reload();
    await expect
      .poll(() => tab.getByRole('button', { name: 'student的账户菜单' }).count(), { timeout: 20_000 })
      .toBe(0);
    expect(watch.errors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });

  describe('the main APIs share one database', () => {
    let store: PostgresStore;
    let userId: number;
    let videoId: number;
    beforeAll(async () => {
      store = await openPostgresStore(cluster.databaseUrl, { dataDir: cluster.dataDir, poolSize: 2 });
      userId = (await store.users.getByName('student'))!.userId;
      const [course] = await store.courses.list({}, 'latest', 1, 0);
      videoId = (await store.videos.listByCourse(course!.id))[0]!.id;
    });
    afterAll(async () => {
      await store?.close();
    });

    const client = (baseUrl: string) =>
      new UpstreamClient({ baseUrl, secret: SECRET, algorithm: 'md5', audience: 'main-api' });
    const addNote = (baseUrl: string, content: string) =>
      client(baseUrl).postJson<{ id: number }>('/api/operate/AddNote', {
        userId: String(userId),
        videoId: String(videoId),
        content,
        type: '1',
      });
    const myNotes = async (baseUrl: string) =>
      (
        await client(baseUrl).get<{ dataList: { id: number; content: string }[] }>('/api/usercenter/GetNoteList', {
          userId: String(userId),
          noteType: '0',
          pageIndex: '1',
          pageSize: '1000',
        })
      ).body.items.dataList;

    it('a note written through one main API is read through the other', async () => {
      const written = await addNote(cluster.mainApiUrls[0]!, '一号主 API 写下的笔记');
      expect(written.body.code).toBe(2001);
      expect((await myNotes(cluster.mainApiUrls[1]!)).map((n) => n.id)).toContain(written.body.items.id);
    });

    it('a main API killed while notes are written through the load balancer loses none that was acknowledged', async () => {
      const pid = Number(/\[cluster\] main-api-1 started \(pid (\d+)\)/.exec(cluster.output())?.[1]);
      expect(pid).toBeGreaterThan(0);
      const acknowledged: number[] = [];
      let refused = 0;
      for (let i = 0; i < 60; i++) {
        if (i === 20) process.kill(pid, 'SIGKILL');
        const batch = await Promise.all(
          [0, 1, 2].map((j) => addNote(cluster.upstreamUrl, `负载下的笔记 ${i}-${j}`).catch(() => null)),
        );
        for (const answer of batch) {
          if (answer?.body.code === 2001) acknowledged.push(answer.body.items.id);
          else refused += 1;
        }
      }
      // most writes go through the surviving main API; every acknowledged one is kept
      expect(acknowledged.length).toBeGreaterThan(150);
      expect(refused).toBeLessThan(30);
      const kept = new Set((await myNotes(cluster.mainApiUrls[1]!)).map((n) => n.id));
      expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
    });
  });
});
