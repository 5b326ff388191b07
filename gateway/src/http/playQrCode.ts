/**
 * GET /qr/play.png?catalogId=&courseId=&videoId=&size=: the play page's 手机扫码 QR code, a PNG of the
 * video's /m/play address made by the upstream (GET /api/play/MakePng, signed, not an envelope) and
 * streamed through. It names no user (uid 0), so the same image serves everyone and caches publicly.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../logger';
import type { UpstreamClient } from '../upstream/client';
import { CODE_NOT_FOUND, isEnvelope } from '../upstream/envelope';
import { sendText } from './send';

export const PLAY_QR_PATH = '/qr/play.png';
export const QR_DEFAULT_SIZE = 200;
export const QR_MIN_SIZE = 64;
export const QR_MAX_SIZE = 1024;
const CACHE_CONTROL = 'public, max-age=86400';

/** A non-negative decimal integer parameter (absent: `fallback`), or null when malformed or out of range. */
function intParam(url: URL, name: string, fallback: number | null, min: number, max: number): number | null {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

function envelopeCode(text: string): number | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return isEnvelope(parsed) ? parsed.code : null;
  } catch {
    return null;
  }
}

export function createPlayQrCode(client: UpstreamClient, logger: Logger) {
  return async function servePlayQrCode(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    clientAddress: string | null,
  ): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, '不支持的请求方法', undefined, { Allow: 'GET, HEAD' });
      return;
    }
    const courseId = intParam(url, 'courseId', null, 1, 999_999_999);
    const catalogId = intParam(url, 'catalogId', 0, 0, 999_999_999);
    const videoId = intParam(url, 'videoId', 0, 0, 999_999_999);
    const size = intParam(url, 'size', QR_DEFAULT_SIZE, QR_MIN_SIZE, QR_MAX_SIZE);
    if (courseId === null || catalogId === null || videoId === null || size === null) {
      sendText(res, 400, `二维码参数无效：courseId 必填，size 须在 ${QR_MIN_SIZE} 到 ${QR_MAX_SIZE} 之间`);
      return;
    }
    const query = new URLSearchParams({
      catalogId: String(catalogId),
      cid: String(courseId),
      uid: '0',
      vid: String(videoId),
      width: String(size),
      high: String(size),
    });
    const abort = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) abort.abort();
    };
    res.once('close', onClose);
    try {
      let upstream;
      try {
        upstream = await client.media(`/api/play/MakePng?${query}`, {
          method: 'GET',
          headers: { accept: 'image/png' },
          clientAddress,
          signal: abort.signal,
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        logger.warn(`QR code: ${(error as Error).message}`);
        sendText(res, 502, '二维码暂时无法生成');
        return;
      }
      const type = String(upstream.headers['content-type'] ?? '');
      if (upstream.statusCode !== 200 || !type.startsWith('image/png')) {
        // a refusal is an envelope: an unknown course, catalogue or video (4004) is this request's fault
        const code = type.includes('json')
          ? envelopeCode(await upstream.body.text().catch(() => ''))
          : (upstream.body.resume(), null);
        if (code === CODE_NOT_FOUND) {
          sendText(res, 404, '课程或视频不存在');
          return;
        }
        logger.warn(
          `QR code: MakePng answered HTTP ${upstream.statusCode}${code === null ? '' : `, code ${code}`} (${type || 'no content type'})`,
        );
        sendText(res, 502, '二维码暂时无法生成');
        return;
      }
      res.statusCode = 200;
      res.setHeader('Content-Type', 'image/png');
      res.setHeader('Cache-Control', CACHE_CONTROL);
      const length = upstream.headers['content-length'];
      if (typeof length === 'string') res.setHeader('Content-Length', length);
      if (req.method === 'HEAD') {
        upstream.body.resume();
        res.end();
        return;
      }
      try {
        await pipeline(upstream.body, res);
      } catch (error) {
        if (!abort.signal.aborted) logger.debug(`QR code stream ended early: ${(error as Error).message}`);
        upstream.body.destroy();
      }
    } finally {
      res.off('close', onClose);
    }
  };
}
