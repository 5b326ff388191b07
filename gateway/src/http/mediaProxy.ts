/**
 * /media/* streamed from the upstream's /media/* (in production a CDN serves media instead), so
 * the browser sees one origin. Range and conditional headers go through unchanged in both
 * directions: the player seeks with Range, caches revalidate with ETag / Last-Modified. Every
 * answer carries MEDIA_SECURITY_HEADERS, set here rather than trusted from the upstream.
 *
 * A fragment's cut file (/media/fragments/<userId>/...) is its owner's only: it goes to the viewer
 * whose user id is in the path (the utoken cookie's), privately cached; anyone else gets the answer
 * of a file that does not exist, without the upstream being asked.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../logger';
import type { UpstreamClient } from '../upstream/client';
import { MEDIA_SECURITY_HEADERS } from './securityHeaders';
import { sendText } from './send';

const FORWARDED_REQUEST_HEADERS = [
  'range',
  'if-range',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
  'accept',
  'accept-encoding',
] as const;

const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'content-encoding',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
  'expires',
  'vary',
  'content-disposition',
] as const;

/** Where fragments' cut files are served from: /media/fragments/<userId>/<file>. */
const FRAGMENT_PREFIX = '/media/fragments/';

/** The owner's user id of a fragment file's path, null for a path that is not one (or not well formed). */
export function fragmentOwnerOf(decodedPath: string): number | null | 'not-a-fragment' {
  if (!decodedPath.startsWith(FRAGMENT_PREFIX)) return 'not-a-fragment';
  const owner = decodedPath.slice(FRAGMENT_PREFIX.length).split('/')[0] ?? '';
  return /^[1-9]\d{0,15}$/.test(owner) && Number.isSafeInteger(Number(owner)) ? Number(owner) : null;
}

/** What the upstream answers for a media file it does not have (upstream/src/media/serve-media.ts). */
function sendUnknownFile(res: ServerResponse, method: string | undefined): void {
  const body = JSON.stringify({ code: 4004, message: '文件不存在', items: null });
  res.writeHead(404, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(method === 'HEAD' ? undefined : body);
}

/** A fragment's file may be cached by the owner's browser only, and revalidated (it can be deleted). */
export const FRAGMENT_CACHE_CONTROL = 'private, no-cache';

/** The signed-in viewer's user id of the request (the utoken cookie's), or null. */
export type MediaViewerOf = (
  req: IncomingMessage,
  res: ServerResponse,
  clientAddress: string | null,
) => Promise<number | null>;

export function createMediaProxy(client: UpstreamClient, logger: Logger, viewerOf: MediaViewerOf) {
  return async function proxyMedia(
    req: IncomingMessage,
    res: ServerResponse,
    pathAndQuery: string,
    clientAddress: string | null,
  ): Promise<void> {
    // first, so that the refusals below carry them too
    for (const [name, value] of Object.entries(MEDIA_SECURITY_HEADERS)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, '不支持的请求方法', undefined, { Allow: 'GET, HEAD' });
      return;
    }
    const pathOnly = pathAndQuery.split('?')[0] ?? '';
    let decodedPath: string;
    try {
      decodedPath = decodeURIComponent(pathOnly);
    } catch {
      sendText(res, 400, '请求地址无效');
      return;
    }
    // the upstream guards its media directory too; refusing traversal here keeps it off the wire
    if (
      decodedPath.split('/').some((segment) => segment === '..') ||
      decodedPath.includes('\0') ||
      decodedPath.includes('\\')
    ) {
      sendText(res, 400, '请求地址无效');
      return;
    }

    // normalised as the upstream resolves it (a doubled slash must not slip past the owner check)
    const owner = fragmentOwnerOf(decodedPath.replace(/\/{2,}/g, '/'));
    if (owner !== 'not-a-fragment') {
      res.setHeader('Vary', 'Cookie');
      let viewerId: number | null;
      try {
        viewerId = owner === null ? null : await viewerOf(req, res, clientAddress);
      } catch (error) {
        logger.warn(`media proxy could not tell the viewer of ${pathOnly}: ${(error as Error).message}`);
        viewerId = null;
      }
      if (owner === null || viewerId !== owner) {
        sendUnknownFile(res, req.method);
        return;
      }
    }

    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }

    const abort = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) abort.abort();
    };
    res.once('close', onClose);

    let upstream;
    try {
      upstream = await client.media(pathAndQuery, { method: req.method, headers, clientAddress, signal: abort.signal });
    } catch (error) {
      res.off('close', onClose);
      if (abort.signal.aborted) return;
      logger.warn(`media proxy failed for ${pathOnly}: ${(error as Error).message}`);
      sendText(res, 502, '媒体服务暂时不可用');
      return;
    }

    res.statusCode = upstream.statusCode;
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstream.headers[name];
      if (value !== undefined) res.setHeader(name, value);
    }
    if (owner !== 'not-a-fragment') {
      res.setHeader('Cache-Control', FRAGMENT_CACHE_CONTROL);
      res.setHeader('Vary', 'Cookie');
    }
    try {
      if (req.method === 'HEAD') {
        upstream.body.resume();
        res.end();
      } else {
        await pipeline(upstream.body, res);
      }
    } catch (error) {
      // the browser went away mid-stream (seeking does this constantly): not worth a warning
      if (!abort.signal.aborted) logger.debug(`media stream ended early for ${pathOnly}: ${(error as Error).message}`);
      upstream.body.destroy();
    } finally {
      res.off('close', onClose);
    }
  };
}
