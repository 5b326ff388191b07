/**
 * Serves DATA_DIR/media under /media/ without a request signature: the browser loads posters, avatars
 * and video renditions directly (a video's playable files only through a signed address: media-tokens.ts). Paths are resolved segment by segment and must stay
 * inside the media directory, also after symlinks; answers are cacheable, support Range and carry
 * MEDIA_SECURITY_HEADERS.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { ApiError, Code, sendError } from '../http/envelope';
import { contentTypeOf } from './content-types';
import { parseRange } from './range';

export const MEDIA_PREFIX = '/media/';
const CACHE_CONTROL = 'public, max-age=86400';
/**
 * On every /media answer, whatever its type: media is never a document we want scripts in. An SVG
 * or an HTML file opened on its own (uploads arrive later) runs no script, loads nothing and gets
 * an opaque origin (sandbox), so it cannot reach the site's cookies or storage either; nosniff
 * keeps a browser from reading a file as something its Content-Type does not say.
 */
export const MEDIA_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
};

const notFound = () => new ApiError(404, Code.notFound, '文件不存在');
const badPath = () => new ApiError(400, Code.badParameter, '文件路径无效');

/** The segments of a /media/ path, decoded; refuses anything that could step outside the root. */
export function mediaSegments(pathname: string): string[] {
  const rest = pathname.slice(MEDIA_PREFIX.length);
  const segments = rest.split('/').map((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw badPath();
    }
    if (decoded === '' || decoded === '.' || decoded === '..' || /[\\/\0]/.test(decoded)) throw badPath();
    return decoded;
  });
  if (segments.length === 0) throw badPath();
  return segments;
}

function etagOf(size: number, mtimeMs: number): string {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

function notModified(req: IncomingMessage, etag: string, mtimeMs: number): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim();
      return t === '*' || t === etag || t === `W/${etag}`;
    });
  }
  const ifModifiedSince = req.headers['if-modified-since'];
  if (ifModifiedSince) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
  }
  return false;
}

/** If-Range: honour the Range only while the client's copy is still the current one. */
function rangeStillValid(req: IncomingMessage, etag: string, lastModified: string): boolean {
  const raw = req.headers['if-range'];
  const ifRange = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!ifRange) return true;
  return ifRange === etag || ifRange === lastModified;
}

async function resolveFile(
  mediaDir: string,
  pathname: string,
): Promise<{ file: string; size: number; mtimeMs: number }> {
  const root = path.resolve(mediaDir);
  const file = path.join(root, ...mediaSegments(pathname));
  if (!file.startsWith(root + path.sep)) throw badPath();
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
    if (!realFile.startsWith(realRoot + path.sep)) throw notFound();
    const info = await stat(realFile);
    if (!info.isFile()) throw notFound();
    return { file: realFile, size: info.size, mtimeMs: info.mtimeMs };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG') throw notFound();
    throw error;
  }
}

/** the Cache-Control of a file served through a signed address: the viewer's browser only */
export const GRANTED_CACHE_CONTROL = 'private, max-age=43200';

/**
 * A /media/ request as it arrived: judged by the gate (media-tokens.ts: a private file needs a signed
 * address) and then served; a refusal carries MEDIA_SECURITY_HEADERS like every media answer.
 */
export async function serveMediaRequest(
  req: IncomingMessage,
  res: ServerResponse,
  mediaDir: string,
  rawPath: string,
  gate: (rawPath: string) => { sitePath: string; granted: boolean },
): Promise<void> {
  let access;
  try {
    access = gate(rawPath);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    for (const [name, value] of Object.entries(MEDIA_SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader('Cache-Control', 'no-store');
    sendError(res, error);
    return;
  }
  await serveMedia(req, res, mediaDir, access.sitePath, access.granted ? GRANTED_CACHE_CONTROL : CACHE_CONTROL);
}

export async function serveMedia(
  req: IncomingMessage,
  res: ServerResponse,
  mediaDir: string,
  pathname: string,
  cacheControl: string = CACHE_CONTROL,
): Promise<void> {
  // set first, so that refusals (400, 404, 405, 416) and 304s carry them too
  for (const [name, value] of Object.entries(MEDIA_SECURITY_HEADERS)) res.setHeader(name, value);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendError(res, new ApiError(405, Code.badParameter, '请求方法不支持'));
    return;
  }
  let resolved;
  try {
    resolved = await resolveFile(mediaDir, pathname);
  } catch (error) {
    if (error instanceof ApiError) {
      sendError(res, error);
      return;
    }
    throw error;
  }
  const { file, size, mtimeMs } = resolved;
  const etag = etagOf(size, mtimeMs);
  const lastModified = new Date(mtimeMs).toUTCString();
  const contentType = contentTypeOf(file);
  res.setHeader('Content-Type', contentType);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', lastModified);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Accept-Ranges', 'bytes');

  if (notModified(req, etag, mtimeMs)) {
    res.writeHead(304);
    res.end();
    return;
  }

  const range = rangeStillValid(req, etag, lastModified)
    ? parseRange(req.headers.range, size)
    : { kind: 'none' as const };
  if (range.kind === 'unsatisfiable') {
    res.removeHeader('Content-Type');
    res.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Content-Length': 0 });
    res.end();
    return;
  }
  const start = range.kind === 'range' ? range.start : 0;
  const end = range.kind === 'range' ? range.end : size - 1;
  const length = size === 0 ? 0 : end - start + 1;
  if (range.kind === 'range') {
    res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': length });
  } else {
    res.writeHead(200, { 'Content-Length': length });
  }
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(file, { start, end });
    stream.on('error', () => {
      // Headers are gone already: all that is left is to cut the connection.
      res.destroy();
      resolve();
    });
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}
