import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VISIT_SETTLE_MS,
  VisitLogger,
  referrerPageUrl,
  type Visit,
  type VisitRecord,
} from '../../web/src/app/VisitLog';

describe('referrerPageUrl (the first visit’s previous page)', () => {
  const origin = 'http://ketang.example.edu.cn:4000';

  it('turns a same-origin referrer into its path and query', () => {
    expect(referrerPageUrl('http://ketang.example.edu.cn:4000/home', origin)).toBe('/home');
    expect(referrerPageUrl('http://ketang.example.edu.cn:4000/catalog?scId=14&tcId=74#top', origin)).toBe(
      '/catalog?scId=14&tcId=74',
    );
  });

  it('keeps another site’s referrer as a full URL and drops what is no page', () => {
    expect(referrerPageUrl('https://www.baidu.com/link?url=abc', origin)).toBe('https://www.baidu.com/link?url=abc');
    // same host, other port or scheme: another origin
    expect(referrerPageUrl('http://ketang.example.edu.cn:5200/login', origin)).toBe(
      'http://ketang.example.edu.cn:5200/login',
    );
    expect(referrerPageUrl('', origin)).toBeNull();
    expect(referrerPageUrl(null, origin)).toBeNull();
    expect(referrerPageUrl('android-app://com.example/', origin)).toBeNull();
    expect(referrerPageUrl('not a url', origin)).toBeNull();
  });
});

describe('VisitLogger', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  let key = 0;
  const visit = (pageUrl: string, replace = false, moduleName = '页面'): Visit => ({
    locationKey: `k${++key}`,
    pageUrl,
    moduleName,
    replace,
  });

  function logger(options: { referrer?: string | null; navigating?: () => boolean } = {}) {
    const sent: VisitRecord[] = [];
    const log = new VisitLogger((record) => sent.push(record), {
      referrer: () => options.referrer ?? null,
      isNavigating: options.navigating,
    });
    return { log, sent };
  }

  it('logs every route change once, with the previous page (the referrer for the first)', () => {
    const { log, sent } = logger({ referrer: 'https://www.baidu.com/s?wd=x' });
    const home = visit('/home', false, '首页');
    log.visit(home);
    log.visit(home); // StrictMode runs the effect twice
    vi.advanceTimersByTime(VISIT_SETTLE_MS);
    log.visit(visit('/author', false, '名校名师'));
    log.visit(visit('/home?scId=3', false, '首页')); // pushed before /author settled: both count
    vi.advanceTimersByTime(VISIT_SETTLE_MS);
    expect(sent).toEqual([
      { pageUrl: '/home', previousPageUrl: 'https://www.baidu.com/s?wd=x', moduleName: '首页' },
      { pageUrl: '/author', previousPageUrl: '/home', moduleName: '名校名师' },
      { pageUrl: '/home?scId=3', previousPageUrl: '/author', moduleName: '首页' },
    ]);
  });

  it('logs only the final URL of a navigation that is immediately replaced', () => {
    const { log, sent } = logger();
    log.visit(visit('/home'));
    vi.advanceTimersByTime(VISIT_SETTLE_MS);
    log.visit(visit('/catalog?scId=74'));
    vi.advanceTimersByTime(VISIT_SETTLE_MS / 2);
    log.visit(visit('/catalog?scId=14&tcId=74', true));
    vi.advanceTimersByTime(VISIT_SETTLE_MS);
    expect(sent.map((r) => [r.pageUrl, r.previousPageUrl])).toEqual([
      ['/home', null],
      ['/catalog?scId=14&tcId=74', '/home'],
    ]);
  });

  it('waits for a navigation in flight: its redirect replaces the waiting visit', () => {
    let navigating = false;
    const { log, sent } = logger({ navigating: () => navigating });
    log.visit(visit('/catalog?scId=74'));
    navigating = true; // the page rendered <Navigate replace>: the router loads the new URL
    vi.advanceTimersByTime(VISIT_SETTLE_MS * 5);
    expect(sent).toEqual([]);
    navigating = false;
    log.visit(visit('/catalog?scId=14&tcId=74', true));
    vi.advanceTimersByTime(VISIT_SETTLE_MS);
    expect(sent.map((r) => r.pageUrl)).toEqual(['/catalog?scId=14&tcId=74']);
  });

  it('logs a later replace (a filter changed by the user) as a visit of its own', () => {
    const { log, sent } = logger();
    log.visit(visit('/catalog?scId=14'));
    vi.advanceTimersByTime(VISIT_SETTLE_MS);
    log.visit(visit('/catalog?scId=14&tcId=74', true));
    log.flush(); // the page goes away
    expect(sent.map((r) => [r.pageUrl, r.previousPageUrl])).toEqual([
      ['/catalog?scId=14', null],
      ['/catalog?scId=14&tcId=74', '/catalog?scId=14'],
    ]);
  });
});
