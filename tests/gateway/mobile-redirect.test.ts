/**
 * Phones asking for a desktop page are sent to the mobile site by the gateway itself, before any
 * desktop JavaScript (no second page load after `location.replace`), by the same rule the
 * web app's guard runs in the browser: the two copies (gateway/src/http/mobileRedirect.ts and
 * web/src/app/mobileRedirect.ts) answer alike for every kind of page.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileRedirectTarget as gatewayTarget } from '../../gateway/src/http/mobileRedirect';
import { createWebApp } from '../../gateway/src/http/webApp';
import { mobileRedirectTarget as browserTarget } from '../../web/src/routing/mobileRedirect';
import { makeWebDist } from './harness';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const PAGES = [
  '/home',
  '/',
  '/Play?courseId=11&catalogId=7&videoId=501&vtime=42',
  '/play?courseId=11&catalogId=7',
  '/authorDes?id=906',
  '/special/des?id=3',
  '/search?key=%E9%A9%AC%E5%85%8B%E6%80%9D&menuIndex=2',
  '/search',
  '/special',
  '/author',
  '/center?position=1',
  '/center?position=6',
  '/center?position=4',
  '/center',
  '/catalog?scId=7',
  '/catalog?scId=7&tcId=71',
  '/home?scId=2',
  '/catalog?scId=x',
  '/DissimilarLogin.aspx',
  '/DissimilarLogin.aspx?gid=demo-library',
  '/m/home',
  '/m/play?courseId=11&catalogId=7&videoId=501',
];

let server: Server;
let base = '';
const dist = makeWebDist();

beforeAll(async () => {
  const serve = createWebApp(dist.dir);
  server = createServer((req, res) => {
    void serve(req, res, new URL(req.url ?? '/', 'http://gateway.invalid'), () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  dist.remove();
});

function get(
  pathname: string,
  userAgent: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(base);
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: pathname, headers: { 'user-agent': userAgent } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('a phone asking for a desktop page', () => {
  it('is sent to the mobile page by a 302, without the desktop app, and the answer varies by browser', async () => {
    for (const userAgent of [IPHONE, ANDROID]) {
      const answer = await get('/Play?courseId=11&catalogId=7&videoId=501&vtime=42', userAgent);
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('/m/play?catalogId=7&courseId=11&videoId=501&vtime=42');
      expect(answer.headers.vary).toBe('User-Agent');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).not.toContain('<script');
    }
    expect((await get('/search?key=%E9%A9%AC', IPHONE)).headers.location).toBe('/m/search?key=%E9%A9%AC');
    expect((await get('/catalog?scId=7', IPHONE)).headers.location).toBe('/m/catalog?scId=7');
  });

  it('keeps the organisation link (the company login runs first in the browser), the mobile pages and the files', async () => {
    for (const pathname of ['/DissimilarLogin.aspx?gid=demo-library', '/m/home', '/m/play?courseId=11']) {
      const answer = await get(pathname, IPHONE);
      expect(answer.status, pathname).toBe(200);
      expect(answer.body, pathname).toContain('<div id="root">');
    }
    const script = await get('/assets/index-abc123.js', IPHONE);
    expect(script.status).toBe(200);
    expect(script.headers.location).toBeUndefined();
  });

  it('is the same rule as the web app guard, for every kind of page', () => {
    for (const page of PAGES) {
      for (const userAgent of [IPHONE, ANDROID, DESKTOP]) {
        const url = new URL(page, 'http://school.example');
        expect(gatewayTarget(url, userAgent, '/m/'), `${page} ${userAgent.slice(0, 30)}`).toBe(
          browserTarget(url, userAgent, '/m/'),
        );
      }
    }
  });
});

describe('a desktop browser', () => {
  it('gets the page itself', async () => {
    const answer = await get('/Play?courseId=11&catalogId=7', DESKTOP);
    expect(answer.status).toBe(200);
    expect(answer.headers.vary).toBe('User-Agent, Accept-Encoding');
    expect(answer.body).toContain('<div id="root">');
  });
});
