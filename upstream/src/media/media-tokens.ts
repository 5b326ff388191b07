/**
 * Who may fetch a video's playable media. Playing a video needs login (product-spec §6), so its
 * playlists, segments, subtitles and manuscript (everything under /media/videos/<code>/ that is not
 * an image) are served only through a signed address; posters and keyframe thumbnails stay public,
 * lists show them to visitors.
 *
 * The signed address carries the grant in its path, so the relative URIs inside an HLS playlist
 * (720p/index.m3u8, seg_000.ts) resolve to addresses that carry it too:
 *
 *   /media/t/<expires>.<userId>.<depth>.<mac>/videos/<code>/master.m3u8
 *
 * grants the directory made of the first <depth> segments after the token (videos/<code>) until
 * <expires> (unix seconds). mac = base64url(HMAC-SHA256(key, "<expires>.<userId>.<depth>./media/<dir>"))
 * cut to 22 characters (128 bits), key = HMAC-SHA256(API_SECRET, "media-url-v1"). The gateway mints
 * these for signed-in viewers (gateway/src/upstream/mediaUrls.ts, the same formula: the parts share
 * no code); a CDN in front of the media checks the same formula (upstream/API.md, "Media").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError, Code } from '../http/envelope';
import { MEDIA_PREFIX } from './serve-media';

export const MEDIA_TOKEN_PREFIX = `${MEDIA_PREFIX}t/`;
/** how long a signed address plays: longer than a lecture left paused; the play page asks for a new one */
export const MEDIA_URL_LIFETIME_SECONDS = 12 * 3600;
/** what the mac is cut to (base64url characters): 128 bits */
const MAC_LENGTH = 22;
const PUBLIC_IMAGE = /\.(?:jpe?g|png|webp|gif|svg)$/i;

export const MEDIA_MESSAGES = {
  loginRequired: '登录后即可观看',
  expired: '播放地址已过期，请刷新页面',
  invalid: '播放地址无效',
} as const;

export function mediaTokenKey(apiSecret: string): Buffer {
  return createHmac('sha256', apiSecret).update('media-url-v1').digest();
}

function macOf(key: Buffer, expires: number, userId: number, depth: number, dir: string): string {
  return createHmac('sha256', key)
    .update(`${expires}.${userId}.${depth}.${dir}`)
    .digest('base64url')
    .slice(0, MAC_LENGTH);
}

/** True for a site path under /media/videos/ that only a signed address may fetch. */
export function isPrivateMediaPath(sitePath: string): boolean {
  return sitePath.startsWith(`${MEDIA_PREFIX}videos/`) && !PUBLIC_IMAGE.test(sitePath);
}

/**
 * The signed address of a file of a video's media folder (its site path, /media/videos/<code>/...),
 * good for the whole folder until `expires`. Tests and the bench use it as the gateway does.
 */
export function signedMediaPath(sitePath: string, userId: number, expires: number, key: Buffer): string {
  const rest = sitePath.slice(MEDIA_PREFIX.length).split('/');
  const depth = 2; // videos/<code>
  const dir = `${MEDIA_PREFIX}${rest.slice(0, depth).join('/')}`;
  return `${MEDIA_TOKEN_PREFIX}${expires}.${userId}.${depth}.${macOf(key, expires, userId, depth, dir)}/${rest.join('/')}`;
}

export interface MediaAccess {
  /** the site path of the file to serve */
  sitePath: string;
  /** served through a grant: cached by the viewer's browser only */
  granted: boolean;
}

/**
 * Judges a raw /media/ path: a signed address becomes the path of its file when the grant is good
 * and covers it; a private file asked for without one is refused (403, 登录后即可观看); anything
 * else is served as asked. Path segments are checked for traversal later, by serveMedia.
 */
export function authorizeMediaPath(rawPath: string, key: Buffer, nowSeconds: number): MediaAccess {
  if (!rawPath.startsWith(MEDIA_TOKEN_PREFIX)) {
    if (isPrivateMediaPath(rawPath)) throw new ApiError(403, Code.refused, MEDIA_MESSAGES.loginRequired);
    return { sitePath: rawPath, granted: false };
  }
  const rest = rawPath.slice(MEDIA_TOKEN_PREFIX.length);
  const slash = rest.indexOf('/');
  const invalid = () => new ApiError(403, Code.refused, MEDIA_MESSAGES.invalid);
  if (slash < 0) throw invalid();
  const match = /^(\d{1,12})\.(\d{1,16})\.([1-9])\.([A-Za-z0-9_-]{22})$/.exec(rest.slice(0, slash));
  if (!match) throw invalid();
  const [, expiresText, userText, depthText, mac] = match as unknown as [string, string, string, string, string];
  const expires = Number(expiresText);
  const userId = Number(userText);
  const depth = Number(depthText);
  const segments = rest.slice(slash + 1).split('/');
  // the grant's directory and at least one segment below it
  if (segments.length <= depth || segments.slice(0, depth).some((s) => s === '' || s === '.' || s === '..'))
    throw invalid();
  const dir = `${MEDIA_PREFIX}${segments.slice(0, depth).join('/')}`;
  const expected = Buffer.from(macOf(key, expires, userId, depth, dir));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  if (expires < nowSeconds) throw new ApiError(403, Code.refused, MEDIA_MESSAGES.expired);
  return { sitePath: `${MEDIA_PREFIX}${segments.join('/')}`, granted: true };
}

/** authorizeMediaPath with the key of API_SECRET and the wall clock (the grant's expiry is real time) */
export function createMediaGate(apiSecret: string, nowMs: () => number = Date.now): (rawPath: string) => MediaAccess {
  const key = mediaTokenKey(apiSecret);
  return (rawPath) => authorizeMediaPath(rawPath, key, Math.floor(nowMs() / 1000));
}
