import { MOBILE_HOME, MOBILE_ROOT } from '../../components/Mobile/mobilePaths';
import { mobilePathFor } from '../../routing/mobileRedirect';

/**
 * Where a platform link (a banner's gotoUrl, a desktop path) goes from the mobile site: its own
 * /m/ paths as they are, a desktop page to its mobile counterpart (the navigation guard's rule),
 * another site's address as it is (null: not a page of this app).
 * It sits with the pages, not with mobileLinks in components/: it applies routing's redirect rule.
 */
export function mobileLinkFor(
  href: string,
  origin: string = window.location.origin,
): { internal: string } | { external: string } {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return { internal: MOBILE_HOME };
  }
  if (url.origin !== origin) return { external: url.toString() };
  if (/^\/m(\/|$)/i.test(url.pathname)) return { internal: `${url.pathname}${url.search}` };
  return { internal: `${MOBILE_ROOT}/${mobilePathFor(url)}` };
}
