/**
 * §2 navigation guard, first rule, on the server: a phone or tablet asking for a desktop page is
 * sent to the mobile site before any desktop JavaScript is sent (one 302 instead of the desktop
 * app loading only to `location.replace` itself). The web app runs the same rule in the browser
 * (web/src/routing/mobileRedirect.ts) for navigations inside it; the two talk over HTTP only, so the
 * mapping is written twice and tests/gateway/mobile-redirect.test.ts holds them to the same answers.
 */

/** The devices §2 names: Android, iPhone, SymbianOS/Symbian, Windows Phone, iPad, iPod. */
const MOBILE_USER_AGENT = /Android|iPhone|SymbianOS|Symbian|Windows Phone|iPad|iPod/i;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return MOBILE_USER_AGENT.test(userAgent ?? '');
}

/** The desktop centre's tabs (web/src/constants.ts CENTER_POSITION) and the 我的 pages that show them on a phone. */
const MOBILE_CENTER_SECTIONS: Readonly<Record<string, string>> = {
  '0': 'center/favourites',
  '1': 'center/notes',
  '2': 'center/history',
  '3': 'center/messages',
  '6': 'center/fragments',
};

/**
 * Where a desktop page is on the mobile site, relative to its base: /Play → play (catalogId, courseId,
 * videoId, vtime), /authorDes → authorDes?id=, /special/des → special/des?speciaId=, /search → search
 * (key, menuIndex), /special, /author, /center?position= → the 我的 page of that tab, /catalog?scId=[&tcId=]
 * and /home?scId= → catalog?scId=; anything else → home.
 * Paths match case-insensitively, as the desktop routes do.
 */
export function mobilePathFor(url: Pick<URL, 'pathname' | 'searchParams'>): string {
  const path = url.pathname.replace(/\/+$/, '').toLowerCase();
  const q = (name: string) => url.searchParams.get(name) ?? '';
  switch (path) {
    case '/play':
      return `play?${query({ catalogId: q('catalogId'), courseId: q('courseId'), videoId: q('videoId'), ...(q('vtime') ? { vtime: q('vtime') } : {}) })}`;
    case '/authordes':
      return `authorDes?${query({ id: q('id') })}`;
    case '/special/des':
      return `special/des?${query({ speciaId: q('id') })}`;
    case '/search': {
      const key = q('key');
      if (!key) return 'search';
      return `search?${query({ key, ...(q('menuIndex') ? { menuIndex: q('menuIndex') } : {}) })}`;
    }
    case '/special':
      return 'special';
    case '/author':
      return 'author';
    case '/center':
      return MOBILE_CENTER_SECTIONS[q('position').trim()] ?? 'center';
    // a part of the catalogue: /catalog?scId=[&tcId=] (the sub-category when narrowed), a subject tab /home?scId=
    case '/catalog':
    case '/home': {
      const id = [q('tcId'), q('scId')].find((value) => /^[1-9]\d{0,9}$/.test(value.trim()));
      return id ? `catalog?${query({ scId: id.trim() })}` : 'home';
    }
    default:
      return 'home';
  }
}

/** The mobile site's own paths (under /m/, or under the configured base on this host): never sent anywhere. */
function isMobileSitePath(url: URL, base: string): boolean {
  const path = (url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`).toLowerCase();
  if (path.startsWith('/m/')) return true;
  const mobile = new URL(withTrailingSlash(base), url.origin);
  return mobile.origin === url.origin && path.startsWith(mobile.pathname.toLowerCase());
}

/** The organisation's no-login link with a gid: the company login runs in the browser first, then the phone goes on. */
function isCompanyLoginLink(url: URL): boolean {
  return (
    url.pathname.replace(/\/+$/, '').toLowerCase() === '/dissimilarlogin.aspx' &&
    (url.searchParams.get('gid') ?? '').trim() !== ''
  );
}

/** The mobile URL a page request goes to, or null (a desktop browser, a mobile-site path, a company login link). */
export function mobileRedirectTarget(url: URL, userAgent: string | null | undefined, base: string): string | null {
  if (!isMobileUserAgent(userAgent) || isMobileSitePath(url, base) || isCompanyLoginLink(url)) return null;
  return new URL(mobilePathFor(url), new URL(withTrailingSlash(base), url.origin)).toString();
}

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
