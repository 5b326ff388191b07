/**
 * Signed addresses of a video's playable media (playlists, segments, subtitles, manuscript), minted
 * for a signed-in viewer: the main API (or a CDN checking the same formula) refuses those files
 * without one, since playing needs login (product-spec §6). Posters and keyframe thumbnails stay
 * public. The grant sits in the path, so the HLS playlists' relative URIs carry it to every segment:
 *
 *   /media/t/<expires>.<userId>.<depth>.<mac>/videos/<code>/master.m3u8
 *
 * grants videos/<code> (depth 2) until <expires> (unix seconds); mac = base64url(HMAC-SHA256(key,
 * "<expires>.<userId>.<depth>./media/videos/<code>")) cut to 22 characters, key =
 * HMAC-SHA256(API_SECRET, "media-url-v1"). The upstream's side is upstream/src/media/media-tokens.ts.
 */
import { createHmac } from 'node:crypto';

const MEDIA_PREFIX = '/media/';
const VIDEOS_PREFIX = '/media/videos/';
const PUBLIC_IMAGE = /\.(?:jpe?g|png|webp|gif|svg)$/i;
/** how long an address plays (the upstream's MEDIA_URL_LIFETIME_SECONDS) */
export const MEDIA_URL_LIFETIME_SECONDS = 12 * 3600;
/** expiries are rounded up to the hour, so one viewer's addresses stay the same for an hour (browser caches) */
const EXPIRY_STEP_SECONDS = 3600;
const GRANT_DEPTH = 2;

export type MediaUrlSigner = (address: string, userId: number) => string;

export function createMediaUrlSigner(apiSecret: string, nowMs: () => number = Date.now): MediaUrlSigner {
  const key = createHmac('sha256', apiSecret).update('media-url-v1').digest();
  return (address, userId) => {
    // only this site's private media: a CDN's absolute URL or an image goes out as it is
    if (!address.startsWith(VIDEOS_PREFIX) || PUBLIC_IMAGE.test(address.split('?')[0] ?? '')) return address;
    const rest = address.slice(MEDIA_PREFIX.length).split('/');
    if (rest.length <= GRANT_DEPTH) return address;
    const dir = MEDIA_PREFIX + rest.slice(0, GRANT_DEPTH).join('/');
    const now = Math.floor(nowMs() / 1000);
    const expires = Math.ceil((now + MEDIA_URL_LIFETIME_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const mac = createHmac('sha256', key)
      .update(`${expires}.${userId}.${GRANT_DEPTH}.${dir}`)
      .digest('base64url')
      .slice(0, 22);
    return `${MEDIA_PREFIX}t/${expires}.${userId}.${GRANT_DEPTH}.${mac}/${rest.join('/')}`;
  };
}

const signers = new Map<string, MediaUrlSigner>();

/** one signer per secret for the process (the key is derived once) */
export function mediaUrlSignerFor(apiSecret: string): MediaUrlSigner {
  let signer = signers.get(apiSecret);
  if (!signer) {
    signer = createMediaUrlSigner(apiSecret);
    signers.set(apiSecret, signer);
  }
  return signer;
}
