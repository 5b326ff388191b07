/**
 * Security headers, per kind of response. Nothing the product loads comes from another origin
 * (vidstack's hls.js is self-hosted, media is proxied under /media), so the policies name 'self'
 * only.
 */

/** The web app. Chakra UI / emotion inject <style> elements, hence style-src 'unsafe-inline'; hls.js starts its worker from a blob: URL. */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * GraphiQL (self-hosted under /graphiql/): Monaco injects inline styles and fonts as data: URLs;
 * its workers are same-origin files. Still no inline script and no external origin.
 */
export const GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Features the product never uses; fullscreen and picture-in-picture stay allowed for the player. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()';

export function htmlSecurityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/** For assets and API answers: nosniff is what matters there. */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * Every /media answer (proxied files, 304s, refusals), set by the gateway itself so that the
 * browser sees them on the site's origin whatever the upstream or CDN sends: media is never a
 * document we want scripts in. An SVG or HTML file opened on its own (uploads arrive later) runs no
 * script, loads nothing and gets an opaque origin (sandbox): it cannot read the site's cookies or
 * storage. Images, video and HLS segments loaded by the page are unaffected (a CSP applies to
 * documents). The upstream sends the same (upstream/src/media/serve-media.ts).
 */
export const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export const MEDIA_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': MEDIA_CSP,
  'X-Content-Type-Options': 'nosniff',
};
