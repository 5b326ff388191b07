/**
 * /media/* streamed from the upstream's /media/* (in production a CDN serves media instead), so
 * the browser sees one origin. Range and conditional headers go through unchanged in both
 * directions: the player seeks with Range, caches revalidate with ETag / Last-Modified. Every
 * answer carries MEDIA_SECURITY_HEADERS, set here rather than trusted from the upstream.
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

export function createMediaProxy(client: UpstreamClient, logger: Logger) {
  return async function proxyMedia(req: IncomingMessage, res: ServerResponse, pathAndQuery: string, clientAddress: string | null): Promise<void> {
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
    if (decodedPath.split('/').some((segment) => segment === '..') || decodedPath.includes('\0') || decodedPath.includes('\\')) {
      sendText(res, 400, '请求地址无效');
      return;
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
