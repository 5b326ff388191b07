/**
 * The mobile site's own paths, under /m/. The router (first-load code) reads its home and 我的
 * through routes/Mobile/mobileParams: keep this module to constants; the links to the mobile
 * pages are built in mobileLinks, which only the mobile chunks import.
 */
export const MOBILE_ROOT = '/m';
export const MOBILE_HOME = `${MOBILE_ROOT}/home`;

/** The pages under 我的 (/m/center/<section>), the phone's counterparts of the centre's tabs. */
export const MOBILE_CENTER_SECTIONS = ['history', 'favourites', 'notes', 'fragments', 'messages'] as const;
export type MobileCenterSection = (typeof MOBILE_CENTER_SECTIONS)[number];
export const MOBILE_CENTER = `${MOBILE_ROOT}/center`;
