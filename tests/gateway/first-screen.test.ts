/**
 * The first screen of /home rendered by the gateway, read as HTML without any
 * JavaScript: the seeded demo's courses and lecturers are in the page, with the Relay records the
 * browser hydrates from; a signed-in person's page is theirs and no shared cache may keep it; a
 * render that runs over its budget sends the SPA shell instead, never an error page.
 *
 * Needs the web app built (`vite build --config web/vite.config.mts`: web/dist and web/dist-server),
 * as `npm test` does before the projects run.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config';
import { sharedPageKey } from '../../gateway/src/http/pageRender';
import { startPlatform, type Platform, type TestGateway } from './harness';

const WEB = path.resolve(__dirname, '..', '..', 'web');
const RECORDS = /<script type="application\/json" id="relay-records">([\s\S]*?)<\/script>/;
/** A phone's browser: the mobile site's pages are asked as one. */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let platform: Platform;
let gateway: TestGateway;

beforeAll(async () => {
  for (const built of ['dist/index.html', 'dist/.vite/manifest.json', 'dist-server/entry-server.mjs']) {
    if (!existsSync(path.join(WEB, built)))
      throw new Error(`web/${built} is missing: run vite build --config web/vite.config.mts first`);
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

/** The page as a browser naming `headers.host` gets it (fetch may not set Host), as text. */
function pageAs(on: TestGateway, pathname: string, headers: Record<string, string>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const asking = request(`${on.url}${pathname}`, { headers: { accept: 'text/html', ...headers } }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => resolve(body));
    });
    asking.on('error', reject);
    asking.end();
  });
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

  it('links a visitor to the login page on the host the browser asked, as the browser’s own query would', async () => {
    const asked = await gateway.graphql<{ site: { loginUrl: string } }>('{ site { loginUrl } }');
    const loginUrl = asked.body.data!.site.loginUrl;
    expect(new URL(loginUrl).hostname).toBe(new URL(gateway.url).hostname);

    const { html } = await page('/home');
    const records = JSON.parse(RECORDS.exec(html)![1]!) as Record<string, Record<string, unknown>>;
    const urls = Object.values(records).flatMap((record) =>
      typeof record.loginUrl === 'string' ? [record.loginUrl] : [],
    );
    expect(urls).toEqual([loginUrl]);
    // and another name for the same gateway gets the login page under that name
    const other = new URL(gateway.url);
    other.hostname = 'localhost';
    // (fetch sends its own Host header: ask as a browser that used another name would, over plain HTTP)
    const named = await pageAs(gateway, '/home', { host: other.host });
    const namedUrls = Object.values(
      JSON.parse(RECORDS.exec(named)![1]!) as Record<string, Record<string, unknown>>,
    ).flatMap((record) => (typeof record.loginUrl === 'string' ? [record.loginUrl] : []));
    expect(namedUrls.map((url) => new URL(url).hostname)).toEqual(['localhost']);
  });

  it('preloads the home page’s own chunks from Vite’s manifest, so hydration need not wait for the router to ask', async () => {
    const manifest = JSON.parse(readFileSync(path.join(WEB, 'dist/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const homePage = manifest['src/routes/Home/HomePage.tsx'];
    expect(homePage).toBeTruthy();
    const { html } = await page('/home');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${homePage!.file}">`);
    // each chunk once, whether the shell loads or preloads it already or the page adds it
    for (const key of homePage!.imports ?? []) {
      const file = manifest[key]!.file;
      expect(head.split(`="/${file}"`).length - 1).toBe(1);
    }
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

  it('asks for its scripts after what the first screen shows: they only hydrate a page that is already there', async () => {
    const { html } = await page('/home');
    const head = html.slice(0, html.indexOf('</head>'));
    const scripts = head.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toContain('fetchpriority="low"');
    // the shell's stylesheet is what the page is drawn with: asked as usual
    expect(head).toMatch(/<link rel="stylesheet" crossorigin href="[^"]+">/);

    // the SPA shell paints nothing before its script: asked first, as Vite wrote it
    const shell = await page('/catalog');
    expect(shell.html).toContain('<script type="module" crossorigin src="/assets/');
    expect(shell.html).not.toContain('fetchpriority');
  });

  it('is the SPA shell for a page the server does not render', async () => {
    const { response, html } = await page('/catalog');
    expect(response.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toMatch(RECORDS);
  });
});

describe('GET /author with its first screen', () => {
  it('has the lecturers, their page chunk preloaded and the records they were rendered from', async () => {
    const authors = await gateway.graphql<{ recommendedAuthors: Array<{ name: string }> }>(
      '{ recommendedAuthors { name } }',
    );
    const names = authors.body.data!.recommendedAuthors.map((author) => author.name);
    expect(names.length).toBeGreaterThan(0);
    const { response, html } = await page('/author');
    expect(response.status).toBe(200);
    expect(html).toContain('<title>名校名师 - 思政云课堂</title>');
    expect(html).toMatch(RECORDS);
    expect(rootOf(html)).not.toContain('加载中');
    expect(names.some((name) => rootOf(html).includes(name))).toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(WEB, 'dist/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    expect(html).toContain(
      `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest['src/routes/Lecturer/LecturerPage.tsx']!.file}">`,
    );
  });
});

describe('GET /m/home (the phone’s home) with its first screen', () => {
  it('has the lecturers and topics in the mobile shell, its two chunks preloaded and the records they were rendered from', async () => {
    const asked = await gateway.graphql<{
      recommendedAuthors: Array<{ name: string }>;
      featuredTopics: Array<{ title: string }>;
    }>('{ recommendedAuthors(batch: 0, size: 6) { name } featuredTopics(limit: 6) { title } }');
    const authors = asked.body.data!.recommendedAuthors.map((author) => author.name);
    const topics = asked.body.data!.featuredTopics.map((topic) => topic.title);
    expect(authors.length).toBeGreaterThan(0);

    const { response, html } = await page('/m/home', { 'user-agent': IPHONE });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>首页 - 思政云课堂</title>');
    const root = rootOf(html);
    expect(root).toContain('data-mobile-site');
    expect(root).toContain('手机网页版导航');
    expect(root).not.toContain('加载中');
    for (const name of authors) expect(root).toContain(name);
    for (const name of topics) expect(root).toContain(name);

    const records = JSON.parse(RECORDS.exec(html)![1]!) as Record<string, Record<string, unknown>>;
    expect(records['client:root']).toBeTruthy();
    const names = Object.values(records).map((record) => record.name);
    for (const name of authors) expect(names).toContain(name);

    const manifest = JSON.parse(readFileSync(path.join(WEB, 'dist/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const head = html.slice(0, html.indexOf('</head>'));
    for (const module of ['src/routes/Mobile/MobileHomePage.tsx', 'src/routes/Mobile/MobileShell.tsx']) {
      expect(head).toContain(
        `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest[module]!.file}">`,
      );
    }
  });
});

describe('GET /search?key= with its first screen', () => {
  it('has the results of every tab the page shows first, and the records they were rendered from', async () => {
    const keyword = '马克思主义';
    const asked = await gateway.graphql<{
      search: { overview: { authors: Array<{ author: { name: string } }> } };
    }>(`{ search(keyword: "${keyword}") { overview { authors { author { name } } } } }`);
    const lecturers = asked.body.data!.search.overview.authors.map((hit) => hit.author.name);
    expect(lecturers.length).toBeGreaterThan(0);

    const { response, html } = await page(`/search?key=${encodeURIComponent(keyword)}`);
    expect(response.status).toBe(200);
    expect(html).toContain('<title>搜索 - 思政云课堂</title>');
    const root = rootOf(html);
    expect(root).not.toContain('加载中');
    expect(root).toContain(`“${keyword}”的搜索结果`);
    for (const name of lecturers) expect(root).toContain(name);
    const records = JSON.parse(RECORDS.exec(html)![1]!) as Record<string, Record<string, unknown>>;
    const names = Object.values(records).map((record) => record.name);
    for (const name of lecturers) expect(names).toContain(name);
  });

  it('asks for a keyword without one, from the server too', async () => {
    const { html } = await page('/search');
    expect(rootOf(html)).toContain('请输入搜索关键词');
  });
});

describe('GET /Play with its first screen', () => {
  /** A demo course with videos, its first video's name and the video after it, asked as the page asks. */
  async function aCourse(cookie?: string) {
    const home = await gateway.graphql<{ courses: { edges: Array<{ node: { courseId: number } }> } }>(
      '{ courses(catalogueId: 0, first: 1) { edges { node { courseId } } } }',
    );
    const courseId = home.body.data!.courses.edges[0]!.node.courseId;
    const asked = await gateway.graphql<{
      playPage: { course: { name: string }; video: { name: string }; videos: Array<{ videoId: number; name: string }> };
    }>(
      `{ playPage(courseId: ${courseId}, videoId: 0, catalogueId: 0) { course { name } video { name } videos { videoId name } } }`,
      {},
      cookie ? { cookie } : {},
    );
    return { courseId, ...asked.body.data!.playPage };
  }

  it('has the course, the video playing, its outline and the player’s poster, titled after the video', async () => {
    const { courseId, course, video, videos } = await aCourse();
    expect(videos.length).toBeGreaterThan(1);

    const { response, html } = await page(`/Play?courseId=${courseId}`);
    expect(response.status).toBe(200);
    expect(html).toContain(`<title>${video.name} - ${course.name} - 思政云课堂</title>`);
    const root = rootOf(html);
    expect(root).not.toContain('加载中');
    expect(root).toContain(course.name);
    for (const { name } of videos) expect(root).toContain(name);
    // a visitor: the poster and 登录后观看 where the player will be
    expect(root).toContain('视频播放器');
    expect(root).toContain('登录后观看');
    const records = JSON.parse(RECORDS.exec(html)![1]!) as Record<string, Record<string, unknown>>;
    expect(Object.values(records).map((record) => record.name)).toContain(course.name);

    const manifest = JSON.parse(readFileSync(path.join(WEB, 'dist/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest['src/routes/Play/PlayPage.tsx']!.file}">`,
    );
    // the player's own chunk comes after the first paint, never with the document
    expect(head).not.toContain(manifest['src/components/Player/VideoPlayer.tsx']!.file);
  });

  it('is the signed-in person’s own page: the player’s place waits for the player, no login prompt', async () => {
    const { token } = await platform.signIn('student', 'Student2026');
    const cookie = `utoken=${token}`;
    const { courseId, videos } = await aCourse(cookie);
    const second = videos[1]!;

    const { response, html } = await page(`/Play?courseId=${courseId}&videoId=${second.videoId}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const root = rootOf(html);
    expect(html).toContain(`<title>${second.name} - `);
    expect(root).toContain('视频播放器');
    expect(root).not.toContain('登录后观看');
  });

  it('shows the course error for an unknown course, from the server too', async () => {
    const { html } = await page('/Play?courseId=99999999');
    expect(rootOf(html)).toContain('课程出错啦~看一下其他课程吧');
  });
});

describe('GET /m/play (the phone’s play page) with its first screen', () => {
  it('has the course, its videos and the login prompt in the mobile shell, titled after the video, its chunks preloaded', async () => {
    const listed = await gateway.graphql<{ courses: { edges: Array<{ node: { courseId: number } }> } }>(
      '{ courses(catalogueId: 0, first: 1) { edges { node { courseId } } } }',
    );
    const courseId = listed.body.data!.courses.edges[0]!.node.courseId;
    const asked = await gateway.graphql<{
      playPage: { course: { name: string }; video: { name: string }; videos: Array<{ name: string }> };
    }>(
      `{ playPage(courseId: ${courseId}, videoId: 0, catalogueId: 0) { course { name } video { name } videos { name } } }`,
    );
    const { course, video, videos } = asked.body.data!.playPage;

    const { response, html } = await page(`/m/play?courseId=${courseId}`, { 'user-agent': IPHONE });
    expect(response.status).toBe(200);
    expect(html).toContain(`<title>${video.name} - ${course.name} - 思政云课堂</title>`);
    const root = rootOf(html);
    expect(root).toContain('data-mobile-site');
    expect(root).not.toContain('加载中');
    expect(root).toContain(course.name);
    for (const { name } of videos) expect(root).toContain(name);
    expect(root).toContain('登录提示');
    // the login prompt comes back to this page on the host the browser asked
    expect(root).toContain(encodeURIComponent(`${gateway.url}/m/play?courseId=${courseId}`));
    expect(RECORDS.test(html)).toBe(true);

    const manifest = JSON.parse(readFileSync(path.join(WEB, 'dist/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const head = html.slice(0, html.indexOf('</head>'));
    for (const module of ['src/routes/Mobile/MobilePlayPage.tsx', 'src/routes/Mobile/MobileShell.tsx']) {
      expect(head).toContain(
        `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest[module]!.file}">`,
      );
    }
    expect(head).not.toContain(manifest['src/components/Player/VideoPlayer.tsx']!.file);
  });
});

describe('GET /m/search?key= (the phone’s search) with its first screen', () => {
  it('has the hits of 综合 in the mobile shell, its chunks preloaded and the records they were rendered from', async () => {
    const keyword = '马克思主义';
    const asked = await gateway.graphql<{
      search: { counts: { courseCount: number }; overview: { authors: Array<{ author: { name: string } }> } };
    }>(`{ search(keyword: "${keyword}") { counts { courseCount } overview { authors { author { name } } } } }`);
    const { counts, overview } = asked.body.data!.search;
    const lecturers = overview.authors.map((hit) => hit.author.name);
    expect(lecturers.length).toBeGreaterThan(0);
    expect(counts.courseCount).toBeGreaterThan(0);

    const { response, html } = await page(`/m/search?key=${encodeURIComponent(keyword)}`, { 'user-agent': IPHONE });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>搜索 - 思政云课堂</title>');
    const root = rootOf(html);
    expect(root).toContain('data-mobile-site');
    expect(root).not.toContain('加载中');
    expect(root).toContain(`value="${keyword}"`);
    expect(root).toContain(`课程（${counts.courseCount}）`);
    expect(root).toContain('href="/m/play?');
    for (const name of lecturers) expect(root).toContain(name);
    // (the phone's rows name the lecturer in a field of its own, highlighted: the text, not a `name`)
    const records = RECORDS.exec(html)![1]!;
    for (const name of lecturers) expect(records).toContain(name);

    const manifest = JSON.parse(readFileSync(path.join(WEB, 'dist/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const head = html.slice(0, html.indexOf('</head>'));
    for (const module of ['src/routes/Mobile/MobileSearchPage.tsx', 'src/routes/Mobile/MobileShell.tsx']) {
      expect(head).toContain(
        `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest[module]!.file}">`,
      );
    }
  });

  it('says so for a keyword nothing matches, and asks for one without it, from the server too', async () => {
    const nothing = await page(`/m/search?key=${encodeURIComponent('无此关键词zqxj')}`, { 'user-agent': IPHONE });
    expect(nothing.response.status).toBe(200);
    expect(rootOf(nothing.html)).toContain('暂无结果');
    expect(nothing.html).toMatch(RECORDS);

    const none = await page('/m/search', { 'user-agent': IPHONE });
    expect(none.response.status).toBe(200);
    expect(rootOf(none.html)).toContain('data-mobile-site');
    expect(rootOf(none.html)).toContain('请输入搜索关键词');
  });
});

describe('GET /m/author (the phone’s 名校名师) with its first screen', () => {
  it('has the first lecturers and the categories in the mobile shell, its chunks preloaded', async () => {
    const asked = await gateway.graphql<{
      authors: { totalCount: number; edges: Array<{ node: { name: string; authorId: number } }> };
      authorCatalogues: Array<{ name: string }>;
    }>(
      '{ authors(catalogueId: 0, first: 18) { totalCount edges { node { name authorId } } } authorCatalogues { name } }',
    );
    const { authors, authorCatalogues } = asked.body.data!;
    expect(authors.edges.length).toBeGreaterThan(0);

    const { response, html } = await page('/m/author', { 'user-agent': IPHONE });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>名校名师 - 思政云课堂</title>');
    const root = rootOf(html);
    expect(root).toContain('data-mobile-site');
    expect(root).not.toContain('加载中');
    expect(root).toContain(`当前共 ${authors.totalCount} 位老师`);
    for (const { node } of authors.edges) {
      expect(root).toContain(node.name);
      expect(root).toContain(`href="/m/authorDes?id=${node.authorId}"`);
    }
    for (const { name } of authorCatalogues) expect(root).toContain(name);
    expect(html).toMatch(RECORDS);

    const manifest = JSON.parse(readFileSync(path.join(WEB, 'dist/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const head = html.slice(0, html.indexOf('</head>'));
    for (const module of ['src/routes/Mobile/MobileLecturerListPage.tsx', 'src/routes/Mobile/MobileShell.tsx']) {
      expect(head).toContain(
        `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest[module]!.file}">`,
      );
    }
  });
});

describe('GET /m/authorDes?id= (the phone’s lecturer) with its first screen', () => {
  it('has the lecturer and their courses in the mobile shell, titled after them', async () => {
    const asked = await gateway.graphql<{
      authors: { edges: Array<{ node: { name: string; authorId: number; courseCount: number } }> };
    }>('{ authors(catalogueId: 0, first: 18) { edges { node { name authorId courseCount } } } }');
    const author = asked.body.data!.authors.edges.map((edge) => edge.node).find((node) => node.courseCount > 0);
    expect(author).toBeTruthy();

    const { response, html } = await page(`/m/authorDes?id=${author!.authorId}`, { 'user-agent': IPHONE });
    expect(response.status).toBe(200);
    expect(html).toContain(`<title>${author!.name} - 思政云课堂</title>`);
    const root = rootOf(html);
    expect(root).toContain('data-mobile-site');
    expect(root).not.toContain('加载中');
    expect(root).toContain(author!.name);
    expect(root).toContain('href="/m/play?');
    expect(html).toMatch(RECORDS);
  });

  it('says the lecturer does not exist for an unknown id, from the server too', async () => {
    const { response, html } = await page('/m/authorDes?id=987654321', { 'user-agent': IPHONE });
    expect(response.status).toBe(200);
    expect(rootOf(html)).toContain('讲师不存在');
  });
});

describe('the styles a first screen is drawn with', () => {
  /** The Emotion classes on the page's elements that no <style> of the page defines. */
  function classesWithoutRules(html: string): string[] {
    const classes = new Set<string>();
    for (const [, list] of html.matchAll(/class="([^"]*)"/g)) {
      for (const name of list!.split(/\s+/)) if (/^css-[a-z0-9]+$/.test(name)) classes.add(name);
    }
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
    return [...classes].filter((name) => !styles.includes(`.${name}`));
  }

  // a part of the tree that waited for data is rendered again: the styles of its first try go with
  // it, and the page would be drawn without them until the JavaScript came (its sections moved)
  it.each([
    ['/home', {}],
    ['/home?scId=1', {}],
    ['/author', {}],
    ['/Play?courseId=1', {}],
    ['/m/home', { 'user-agent': IPHONE }],
    ['/m/play?courseId=1', { 'user-agent': IPHONE }],
    [`/m/search?key=${encodeURIComponent('马克思主义')}`, { 'user-agent': IPHONE }],
    ['/m/author', { 'user-agent': IPHONE }],
    ['/m/authorDes?id=1', { 'user-agent': IPHONE }],
  ])('%s defines every class its elements have, rendered again and again', async (pathname, headers) => {
    for (let round = 0; round < 2; round += 1) {
      const { response, html } = await page(pathname, { ...headers, 'cache-control': 'no-cache' });
      expect(response.status).toBe(200);
      expect(rootOf(html)).toContain('data-emotion');
      expect(classesWithoutRules(html)).toEqual([]);
    }
  });
});

describe('the origin a first screen links back to', () => {
  let direct: TestGateway;

  beforeAll(async () => {
    // only 192.0.2.1 is a proxy here: loopback, where the test asks from, is a browser like any other
    direct = await platform.gateway({ FIRST_SCREEN_BUDGET_MS: '20000', TRUSTED_PROXIES: '192.0.2.1' });
  });

  /** The addresses a visitor's course links come back to after the login page. */
  const comebacks = (html: string) =>
    [...rootOf(html).matchAll(/redirect=([^"&]+)/g)].map((match) => decodeURIComponent(match[1]!));

  it('is https when a trusted proxy says the browser used https', async () => {
    const html = await pageAs(gateway, '/home', { host: 'ketang.example.edu.cn', 'x-forwarded-proto': 'https' });
    expect(comebacks(html).length).toBeGreaterThan(0);
    for (const address of comebacks(html)) expect(address).toMatch(/^https:\/\/ketang\.example\.edu\.cn\/Play\?/);
  });

  it('believes X-Forwarded-Proto from no one else', async () => {
    const html = await pageAs(direct, '/home', { host: 'ketang.example.edu.cn', 'x-forwarded-proto': 'https' });
    expect(comebacks(html).length).toBeGreaterThan(0);
    for (const address of comebacks(html)) expect(address).toMatch(/^http:\/\/ketang\.example\.edu\.cn\/Play\?/);
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
    expect(hurried.logs.some((line) => line.includes('first screen of /home') && line.includes('SPA shell'))).toBe(
      true,
    );
  });
});

describe('visitors’ first screens kept for a moment (FIRST_SCREEN_CACHE_MS)', () => {
  let keeping: TestGateway;
  const renders = () =>
    keeping.logs.filter((line) => line.includes('first screen of /home') && line.includes('rendered in')).length;

  beforeAll(async () => {
    keeping = await platform.gateway(
      { FIRST_SCREEN_BUDGET_MS: '20000', FIRST_SCREEN_CACHE_MS: '60000' },
      { captureLogs: true },
    );
  });

  it('renders a page once for a class of visitors arriving together, and shows the signed-in and organisation networks their own', async () => {
    const course = platform.db
      .prepare('SELECT id, name FROM courses WHERE recommend_position IS NOT NULL ORDER BY recommend_position LIMIT 1')
      .get() as { id: number; name: string };
    const before = renders();
    const together = await Promise.all(Array.from({ length: 5 }, () => page('/home', {}, keeping)));
    for (const { response, html } of together) {
      expect(response.status).toBe(200);
      expect(rootOf(html)).toContain(course.name);
      // still no shared cache outside the gateway keeps it: the browser's own copy is revalidated
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
    }
    expect(renders() - before).toBe(1);

    const renamed = `${course.name}（新版）`;
    platform.db.prepare('UPDATE courses SET name = ? WHERE id = ?').run(renamed, course.id);
    try {
      // the next visitor gets the page kept
      const visitor = await page('/home', {}, keeping);
      expect(rootOf(visitor.html)).toContain(course.name);
      expect(rootOf(visitor.html)).not.toContain(renamed);
      expect(renders() - before).toBe(1);

      // a signed-in person's page is rendered for them, and not kept for visitors either
      const { token } = await platform.signIn('student', 'Student2026');
      const own = await page('/home', { cookie: `utoken=${token}` }, keeping);
      expect(rootOf(own.html)).toContain(renamed);

      // a visitor whom an organisation's network signs in sees the organisation's page, made for them
      const network = await page('/home', { 'x-forwarded-for': '10.20.1.2' }, keeping);
      expect(rootOf(network.html)).toContain(renamed);
      expect(renders() - before).toBe(3);

      const again = await page('/home', {}, keeping);
      expect(rootOf(again.html)).not.toContain(renamed);
    } finally {
      platform.db.prepare('UPDATE courses SET name = ? WHERE id = ?').run(course.name, course.id);
    }
  });

  it('renders a search for each visitor: a search counts its searcher among the hot keywords’ people', async () => {
    const searches = () =>
      keeping.logs.filter((line) => line.includes('first screen of /search') && line.includes('rendered in')).length;
    const before = searches();
    for (const visitor of ['10.99.0.1', '10.99.0.2']) {
      const { html } = await page(`/search?key=${encodeURIComponent('实践')}`, { 'x-forwarded-for': visitor }, keeping);
      expect(rootOf(html)).toContain('“实践”的搜索结果');
    }
    expect(searches() - before).toBe(2);
  });

  it('renders a phone’s search for each visitor too', async () => {
    const searches = () =>
      keeping.logs.filter((line) => line.includes('first screen of /m/search') && line.includes('rendered in')).length;
    const before = searches();
    for (const visitor of ['10.99.0.3', '10.99.0.4']) {
      const { html } = await page(
        `/m/search?key=${encodeURIComponent('实践')}`,
        { 'x-forwarded-for': visitor, 'user-agent': IPHONE },
        keeping,
      );
      expect(rootOf(html)).toContain(`value="实践"`);
    }
    expect(searches() - before).toBe(2);
  });

  it('sends a kept page to every visitor gzipped as it was once, with the page', async () => {
    const gzips = () => keeping.logs.filter((line) => line.includes('first screen of /author gzipped')).length;
    const before = gzips();
    /** the answer's bytes as they came over the wire (fetch would unpack them) */
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        const asking = request(
          `${keeping.url}/author`,
          { headers: { accept: 'text/html', 'accept-encoding': encoding } },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () =>
              resolve({ encoding: answer.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
          },
        );
        asking.on('error', reject);
        asking.end();
      });
    const together = await Promise.all(Array.from({ length: 4 }, () => raw('gzip, deflate, br')));
    const later = await raw('gzip');
    const plain = await raw('identity');

    expect(plain.encoding).toBeUndefined();
    expect(rootOf(plain.body.toString('utf8'))).not.toBe('');
    for (const answer of [...together, later]) {
      expect(answer.encoding).toBe('gzip');
      expect(answer.body.equals(together[0]!.body)).toBe(true);
      expect(gunzipSync(answer.body).equals(plain.body)).toBe(true);
    }
    // one render, one gzip, whoever asked afterwards
    expect(
      keeping.logs.filter((line) => line.includes('first screen of /author') && line.includes('rendered in')).length,
    ).toBe(1);
    expect(gzips() - before).toBe(1);
  });

  it('keeps pages 3 s by default (0: none), one per origin and path, whatever the order of the query', () => {
    expect(loadGatewayConfig({}).firstScreenCacheMs).toBe(3_000);
    expect(loadGatewayConfig({ FIRST_SCREEN_CACHE_MS: '0' }).firstScreenCacheMs).toBe(0);
    const key = (origin: string, url: string) => sharedPageKey(origin, new URL(url, 'http://gateway.invalid'));
    expect(key('http://a.test', '/search?key=x&page=2')).toBe(key('http://a.test', '/search?page=2&key=x'));
    expect(key('http://a.test', '/home?')).toBe(key('http://a.test', '/home'));
    expect(key('http://a.test', '/home')).not.toBe(key('https://a.test', '/home'));
    expect(key('http://a.test', '/search?key=x')).not.toBe(key('http://a.test', '/search?key=y'));
  });
});
