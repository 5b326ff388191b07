/**
 * The first screen of /home rendered by the gateway (issue 18 item 1), read as HTML without any
 * JavaScript: the seeded demo's courses and lecturers are in the page, with the Relay records the
 * browser hydrates from; a signed-in person's page is theirs and no shared cache may keep it; a
 * render that runs over its budget sends the SPA shell instead, never an error page.
 *
 * Needs the web app built (`vite build --config web/vite.config.mts`: web/dist and web/dist-server),
 * as `npm test` does before the projects run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type Platform, type TestGateway } from './harness';

const WEB = path.resolve(__dirname, '..', '..', 'web');
const RECORDS = /<script type="application\/json" id="relay-records">([\s\S]*?)<\/script>/;

let platform: Platform;
let gateway: TestGateway;

beforeAll(async () => {
  for (const built of ['dist/index.html', 'dist-server/entry-server.mjs']) {
    if (!existsSync(path.join(WEB, built))) throw new Error(`web/${built} is missing: run vite build --config web/vite.config.mts first`);
  }
  platform = await startPlatform();
  // the machine runs other tests meanwhile: the budget is not what this file is about
  gateway = await platform.gateway({ FIRST_SCREEN_BUDGET_MS: '20000' });
});

afterAll(async () => {
  await platform?.stop();
});

async function page(pathname: string, headers: Record<string, string> = {}, on: TestGateway = gateway) {
  const response = await fetch(`${on.url}${pathname}`, { headers: { accept: 'text/html', ...headers } });
  return { response, html: await response.text() };
}

/** The element with `id="root"`'s inside, as the server sent it. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="relay-records">');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

describe('GET /home with its first screen', () => {
  it('has the recommended courses, their lecturers and the records they were rendered from', async () => {
    const recommended = await gateway.graphql<{
      recommendedCourses: { edges: Array<{ node: { name: string; authorName: string } }> };
      recommendedAuthors: Array<{ name: string }>;
    }>('{ recommendedCourses(first: 4) { edges { node { name authorName } } } }');
    const courses = recommended.body.data!.recommendedCourses.edges.map((edge) => edge.node);
    expect(courses.length).toBeGreaterThan(0);

    const { response, html } = await page('/home');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const root = rootOf(html);
    for (const course of courses) {
      expect(root).toContain(course.name);
      expect(root).toContain(course.authorName);
    }
    // not the splash: the shell's tabs and the styles they were drawn with are there
    expect(root).not.toContain('加载中');
    expect(root).toContain('data-emotion');
    expect(html).toContain('<title>首页 - 思政云课堂</title>');

    const records = JSON.parse(RECORDS.exec(html)![1]!) as Record<string, Record<string, unknown>>;
    expect(records['client:root']).toBeTruthy();
    const names = Object.values(records).map((record) => record.name);
    for (const course of courses) expect(names).toContain(course.name);
    // no inline script may run (script-src 'self'): only the app's module and the JSON data
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.every((tag) => /type="module"[^>]*src=|type="application\/json"/.test(tag))).toBe(true);
  });

  it('is the signed-in person’s own page, kept by no shared cache', async () => {
    const { token } = await platform.signIn('student', 'Student2026');
    const cookie = `utoken=${token}`;
    const me = await gateway.graphql<{ viewer: { name: string } }>('{ viewer { name } }', {}, { cookie });
    const name = me.body.data!.viewer.name;
    expect(name).toBeTruthy();

    const own = await page('/home', { cookie });
    expect(rootOf(own.html)).toContain(name);
    expect(own.response.headers.get('cache-control')).toBe('private, no-cache');
    expect(own.response.headers.get('vary')).toMatch(/Cookie/);

    const visitor = await page('/home');
    expect(rootOf(visitor.html)).not.toContain(name);
    expect(rootOf(visitor.html)).toContain('登录');
    expect(visitor.response.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('is the SPA shell for a page the server does not render', async () => {
    const { response, html } = await page('/author');
    expect(response.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toMatch(RECORDS);
  });
});

describe('a first screen over its budget', () => {
  let hurried: TestGateway;

  beforeAll(async () => {
    hurried = await platform.gateway({ FIRST_SCREEN_BUDGET_MS: '1' }, { captureLogs: true });
  });

  it('sends the SPA shell and logs why', async () => {
    const { response, html } = await page('/home', {}, hurried);
    expect(response.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toMatch(RECORDS);
    expect(hurried.logs.some((line) => line.includes('first screen of /home') && line.includes('SPA shell'))).toBe(true);
  });
});
