import { CENTER_POSITION } from '../constants';

/**
 * §2 navigation guard, first rule: phones and tablets go to the mobile site, with the
 * ids its pages take. The mobile site's base and its page paths live here and nowhere else.
 */

/** The mobile site: VITE_MOBILE_SITE_URL (also the 手机网页版 QR code's target), a path or an absolute URL. */
export const MOBILE_SITE_BASE = withTrailingSlash(configured(import.meta.env.VITE_MOBILE_SITE_URL, '/m/'));

/** The devices §2 names: Android, iPhone, SymbianOS/Symbian, Windows Phone, iPad, iPod. */
const MOBILE_USER_AGENT = /Android|iPhone|SymbianOS|Symbian|Windows Phone|iPad|iPod/i;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return MOBILE_USER_AGENT.test(userAgent ?? '');
}

/**
 * Where a desktop URL is on the mobile site (a path or absolute URL, resolved against `base`):
 * - /Play?courseId&catalogId&videoId[&vtime] → play?catalogId=&courseId=&videoId=[&vtime=]
 * - /authorDes?id → authorDes?id=
 * - /special/des?id → special/des?speciaId= (the mobile site's own spelling of the topic id)
 * - /search?key=&menuIndex= → search?key=&menuIndex= (the keyword and tab kept; no keyword: the search box)
 * - /special → special (推荐专题), /author → author (名校名师)
 * - /center?position= → the 我的 page of that tab (center/favourites, notes, history, messages,
 *   fragments); the profile, the account settings or no position → center (我的 itself)
 * - /catalog?scId=[&tcId=], /home?scId= → catalog?scId= (the sub-category when narrowed; a subject tab)
 * - anything else → home
 * Paths match case-insensitively, as the desktop routes do; a missing id is sent empty.
 */
export function mobilePathFor(url: Pick<URL, 'pathname' | 'searchParams'>): string {
  const path = url.pathname.replace(/\/+$/, '').toLowerCase();
  const q = (name: string) => url.searchParams.get(name) ?? '';
  switch (path) {
    case '/play':
      return `play?${query({
        catalogId: q('catalogId'),
        courseId: q('courseId'),
        videoId: q('videoId'),
        // a note's or knowledge point's link starts the phone at that second too
        ...(q('vtime') ? { vtime: q('vtime') } : {}),
      })}`;
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
      return mobileCenterPathFor(q('position'));
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

/** 我的 and its pages on the phone, by the desktop centre's tab (position). */
const MOBILE_CENTER_SECTIONS: Readonly<Record<string, string>> = {
  [CENTER_POSITION.courses]: 'center/favourites',
  [CENTER_POSITION.notes]: 'center/notes',
  [CENTER_POSITION.history]: 'center/history',
  [CENTER_POSITION.messages]: 'center/messages',
  [CENTER_POSITION.fragments]: 'center/fragments',
};

function mobileCenterPathFor(position: string): string {
  return MOBILE_CENTER_SECTIONS[position.trim()] ?? 'center';
}

/** The desktop app's own /m/ prefix: where the mobile site lives when it shares the platform's host. */
const MOBILE_PREFIX = '/m/';

/**
 * True for the mobile site's own paths (under /m/, or under the configured base when it is on this
 * host): the desktop app never sends them anywhere, so a mobile page it happens to receive cannot loop.
 */
export function isMobileSitePath(url: Pick<URL, 'pathname' | 'origin'>, base: string = MOBILE_SITE_BASE): boolean {
  const path = (url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`).toLowerCase();
  if (path.startsWith(MOBILE_PREFIX)) return true;
  const mobile = new URL(withTrailingSlash(base), url.origin);
  return mobile.origin === url.origin && path.startsWith(mobile.pathname.toLowerCase());
}

/**
 * The organisation's no-login link with its gid (§2 /DissimilarLogin.aspx?gid=): on a phone too the
 * company login must run first (its route's loader does it), or the phone arrives without the
 * organisation's token; the loader sends the phone on afterwards (mobileSiteHomeFor).
 */
export function isCompanyLoginLink(url: Pick<URL, 'pathname' | 'searchParams'>): boolean {
  return (
    url.pathname.replace(/\/+$/, '').toLowerCase() === '/dissimilarlogin.aspx' &&
    (url.searchParams.get('gid') ?? '').trim() !== ''
  );
}

/** The mobile URL to send this visit to, or null (a desktop browser, already a mobile-site path, or a company login link). */
export function mobileRedirectTarget(
  url: URL,
  userAgent: string | null | undefined,
  base: string = MOBILE_SITE_BASE,
): string | null {
  if (!isMobileUserAgent(userAgent) || isMobileSitePath(url, base) || isCompanyLoginLink(url)) return null;
  return new URL(mobilePathFor(url), new URL(withTrailingSlash(base), url.origin)).toString();
}

/** Where a phone goes after the company login: the mobile site's home; null on a desktop browser. */
export function mobileSiteHomeFor(
  url: URL,
  userAgent: string | null | undefined = window.navigator.userAgent,
  base: string = MOBILE_SITE_BASE,
): string | null {
  if (!isMobileUserAgent(userAgent)) return null;
  return new URL('home', new URL(withTrailingSlash(base), url.origin)).toString();
}

/**
 * Runs the rule for the page being opened: replaces the location (no history entry for the
 * desktop page) and returns true when the visitor was sent to the mobile site.
 */
export function redirectMobileVisitor(
  href?: string,
  userAgent?: string,
  go: (target: string) => void = (target) => window.location.replace(target),
): boolean {
  // the server's render of a first screen (entry-server.tsx): the gateway sent phones away before it
  if (typeof window === 'undefined' && userAgent === undefined) return false;
  href ??= window.location.href;
  userAgent ??= window.navigator.userAgent;
  const target = mobileRedirectTarget(new URL(href), userAgent);
  if (target === null) return false;
  go(target);
  return true;
}

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

function configured(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value.trim() : fallback;
}

function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
