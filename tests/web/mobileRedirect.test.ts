/** §2 navigation guard, first rule: which devices go to the mobile site, and where each page lands there. */
import { describe, expect, it, vi } from 'vitest';
import {
  isMobileSitePath,
  isMobileUserAgent,
  MOBILE_SITE_BASE,
  mobilePathFor,
  mobileSiteHomeFor,
  mobileRedirectTarget,
  redirectMobileVisitor,
} from '../../web/src/routing/mobileRedirect';

const ORIGIN = 'http://ketang.example.edu.cn';
const url = (path: string) => new URL(path, ORIGIN);

const MOBILE_AGENTS: Record<string, string> = {
  Android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  SymbianOS:
    'Mozilla/5.0 (SymbianOS/9.4; Series60/5.0 NokiaN97-1/12.0.024) AppleWebKit/525 (KHTML, like Gecko) BrowserNG/7.1.18124',
  Symbian:
    'Mozilla/5.0 (Symbian/3; Series60/5.2 NokiaN8-00/012.002) AppleWebKit/533.4 (KHTML, like Gecko) NokiaBrowser/7.3.0 Mobile Safari/533.4',
  'Windows Phone':
    'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0; ARM; Touch; NOKIA; Lumia 920)',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
};

const DESKTOP_AGENTS: Record<string, string> = {
  'Chrome on Windows':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Safari on macOS':
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Firefox on Linux': 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  '360 browser (Windows)':
    'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0 Safari/537.36 QIHU 360SE',
};

describe('which user agents are mobile', () => {
  it.each(Object.entries(MOBILE_AGENTS))('%s is sent to the mobile site', (_name, agent) => {
    expect(isMobileUserAgent(agent)).toBe(true);
    expect(mobileRedirectTarget(url('/home'), agent)).toBe(`${ORIGIN}/m/home`);
  });

  it.each(Object.entries(DESKTOP_AGENTS))('%s stays on the desktop site', (_name, agent) => {
    expect(isMobileUserAgent(agent)).toBe(false);
    expect(mobileRedirectTarget(url('/Play?courseId=1&catalogId=2'), agent)).toBeNull();
  });

  it('no user agent is a desktop', () => {
    expect(isMobileUserAgent('')).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
  });
});

describe('where each page goes on the mobile site', () => {
  const phone = MOBILE_AGENTS.iPhone!;

  it('/Play → /m/play?catalogId=&courseId=&videoId= with the same ids', () => {
    expect(mobilePathFor(url('/Play?courseId=12&catalogId=34&videoId=56&vtime=90'))).toBe(
      'play?catalogId=34&courseId=12&videoId=56&vtime=90',
    );
    expect(mobileRedirectTarget(url('/Play?courseId=12&catalogId=34&videoId=56'), phone)).toBe(
      `${ORIGIN}/m/play?catalogId=34&courseId=12&videoId=56`,
    );
  });

  it('/Play without a video sends the key empty', () => {
    expect(mobilePathFor(url('/Play?courseId=12&catalogId=34'))).toBe('play?catalogId=34&courseId=12&videoId=');
  });

  it('/authorDes → /m/authorDes?id=', () => {
    expect(mobileRedirectTarget(url('/authorDes?id=77'), phone)).toBe(`${ORIGIN}/m/authorDes?id=77`);
  });

  it('/special/des → /m/special/des?speciaId= (the topic id)', () => {
    expect(mobileRedirectTarget(url('/special/des?id=9'), phone)).toBe(`${ORIGIN}/m/special/des?speciaId=9`);
  });

  it.each([
    ['/special', 'special'],
    ['/Special/', 'special'],
    ['/author', 'author'],
    ['/AUTHOR?x=1', 'author'],
  ])('%s → /m/%s (the mobile topic and lecturer lists)', (path, target) => {
    expect(mobileRedirectTarget(url(path), phone)).toBe(`${ORIGIN}/m/${target}`);
  });

  it('/search?key= → /m/search?key= with the same keyword and tab (a deep link into the results)', () => {
    expect(mobileRedirectTarget(url('/search?key=%E5%85%9A%E5%8F%B2'), phone)).toBe(
      `${ORIGIN}/m/search?key=%E5%85%9A%E5%8F%B2`,
    );
    expect(mobilePathFor(url('/Search?key=%E5%85%9A%E5%8F%B2&menuIndex=2'))).toBe(
      'search?key=%E5%85%9A%E5%8F%B2&menuIndex=2',
    );
    expect(mobilePathFor(url('/search?key=a%26b'))).toBe('search?key=a%26b');
    // no keyword: the phone's search box
    expect(mobileRedirectTarget(url('/search'), phone)).toBe(`${ORIGIN}/m/search`);
  });

  it('/DissimilarLogin.aspx?gid= is not sent on at once: the company login runs first, then the phone goes to /m/home', () => {
    expect(mobileRedirectTarget(url('/DissimilarLogin.aspx?gid=demo-library'), phone)).toBeNull();
    expect(mobileRedirectTarget(url('/dissimilarlogin.aspx/?gid=demo-library'), phone)).toBeNull();
    expect(mobileSiteHomeFor(url('/DissimilarLogin.aspx?gid=demo-library'), phone)).toBe(`${ORIGIN}/m/home`);
    // on a desktop browser the app stays
    expect(
      mobileSiteHomeFor(url('/DissimilarLogin.aspx?gid=demo-library'), 'Mozilla/5.0 (X11; Linux x86_64)'),
    ).toBeNull();
    // without a gid there is nothing to log in with: straight to the mobile home
    expect(mobileRedirectTarget(url('/DissimilarLogin.aspx'), phone)).toBe(`${ORIGIN}/m/home`);
  });

  // the personal centre's tabs: the matching page under 我的 (the profile and account settings: 我的 itself)
  it.each([
    ['/center?position=0', 'center/favourites'],
    ['/center?position=1', 'center/notes'],
    ['/Center?position=2', 'center/history'],
    ['/center?position=3', 'center/messages'],
    ['/center?position=6', 'center/fragments'],
    ['/center?position=4', 'center'],
    ['/center?position=5', 'center'],
    ['/center', 'center'],
    ['/center/?position=99', 'center'],
  ])('%s → /m/%s', (path, mobile) => {
    expect(mobileRedirectTarget(url(path), phone)).toBe(`${ORIGIN}/m/${mobile}`);
  });

  // a part of the catalogue keeps its deep link: the sub-category when narrowed, a subject tab too
  it.each([
    ['/catalog?scId=5', 'catalog?scId=5'],
    ['/catalog?scId=5&tcId=51', 'catalog?scId=51'],
    ['/Catalog/?tcId=&scId=5', 'catalog?scId=5'],
    ['/home?scId=3', 'catalog?scId=3'],
  ])('%s → /m/%s', (path, mobile) => {
    expect(mobileRedirectTarget(url(path), phone)).toBe(`${ORIGIN}/m/${mobile}`);
  });

  it.each(['/', '/home', '/home?scId=0', '/catalog', '/catalog?scId=abc', '/nothing-here'])('%s → /m/home', (path) => {
    expect(mobileRedirectTarget(url(path), phone)).toBe(`${ORIGIN}/m/home`);
  });

  it('matches paths as the desktop router does: any case, a trailing slash', () => {
    expect(mobilePathFor(url('/play/?courseId=1&catalogId=2&videoId=3'))).toBe('play?catalogId=2&courseId=1&videoId=3');
    expect(mobilePathFor(url('/AUTHORDES?id=4'))).toBe('authorDes?id=4');
    expect(mobilePathFor(url('/Special/Des/?id=5'))).toBe('special/des?speciaId=5');
  });

  it('encodes what it forwards', () => {
    expect(mobilePathFor(url('/authorDes?id=1%262'))).toBe('authorDes?id=1%262');
  });

  it('resolves a relative or an absolute mobile base', () => {
    expect(MOBILE_SITE_BASE).toBe('/m/');
    expect(mobileRedirectTarget(url('/authorDes?id=1'), phone, '/mobile')).toBe(`${ORIGIN}/mobile/authorDes?id=1`);
    expect(mobileRedirectTarget(url('/authorDes?id=1'), phone, 'https://m.example.edu.cn/')).toBe(
      'https://m.example.edu.cn/authorDes?id=1',
    );
  });
});

describe('no loop', () => {
  const phone = MOBILE_AGENTS.Android!;

  it.each(['/m', '/m/', '/m/home', '/m/play?courseId=1', '/M/authorDes?id=1'])(
    '%s is the mobile site: never redirected',
    (path) => {
      expect(isMobileSitePath(url(path))).toBe(true);
      expect(mobileRedirectTarget(url(path), phone)).toBeNull();
    },
  );

  it('a same-host base of its own is not redirected either; /mobile-news is not under /m/', () => {
    expect(mobileRedirectTarget(url('/mobile/home'), phone, '/mobile/')).toBeNull();
    expect(isMobileSitePath(url('/mobile-news'))).toBe(false);
    expect(isMobileSitePath(url('/media/x.jpg'))).toBe(false);
  });
});

describe('redirectMobileVisitor', () => {
  it('replaces the location for a phone and says so', () => {
    const go = vi.fn();
    expect(redirectMobileVisitor(`${ORIGIN}/special/des?id=3`, MOBILE_AGENTS.iPad!, go)).toBe(true);
    expect(go).toHaveBeenCalledWith(`${ORIGIN}/m/special/des?speciaId=3`);
  });

  it('does nothing for a desktop browser', () => {
    const go = vi.fn();
    expect(redirectMobileVisitor(`${ORIGIN}/home`, DESKTOP_AGENTS['Chrome on Windows']!, go)).toBe(false);
    expect(go).not.toHaveBeenCalled();
  });
});
