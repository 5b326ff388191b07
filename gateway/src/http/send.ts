/**
 * Writing static answers: conditional requests, HEAD, compression when the client accepts it. A file
 * of the web app's build comes with .br and .gz siblings compressed at build time (web/vite.config.mts):
 * the best one the client accepts is sent as it is; gzip on the fly only for a file without them.
 */
import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { isCompressible } from './contentTypes';

/** Below this, gzip costs more than it saves. */
const GZIP_MIN_BYTES = 1024;

export function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b/.test(header);
}

/** the validator without W/ and without the encoding a precompressed sibling adds (-br, -gzip) */
const plainTag = (tag: string): string => tag.replace(/^W\//, '').replace(/-(?:br|gzip)"$/, '"');

function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || plainTag(tag) === plainTag(etag);
  });
}

export interface StaticAnswer {
  contentType: string;
  cacheControl: string;
  etag: string;
  headers?: Record<string, string>;
}

type Encoding = 'br' | 'gzip';
const SIBLING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** the precompressed sibling of `file` the client prefers among those that exist, or null */
async function precompressed(
  req: IncomingMessage,
  file: string,
): Promise<{ encoding: Encoding; file: string; stats: Stats } | null> {
  const accepted = new Negotiator(req).encodings(['br', 'gzip']) as Encoding[];
  for (const encoding of accepted) {
    if (encoding !== 'br' && encoding !== 'gzip') continue;
    const sibling = `${file}${SIBLING_SUFFIX[encoding]}`;
    try {
      const stats = await stat(sibling);
      if (stats.isFile()) return { encoding, file: sibling, stats };
    } catch {
      // none of this encoding: try the next one the client accepts
    }
  }
  return null;
}

/** Adds a request header the answer depends on to Vary, keeping those named already. */
export function appendVary(res: ServerResponse, header: string): void {
  const current = res.getHeader('Vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (!names.some((name) => name.toLowerCase() === header.toLowerCase())) names.push(header);
  res.setHeader('Vary', names.join(', '));
}

function writeHeadersAndStatus(
  res: ServerResponse,
  status: number,
  answer: StaticAnswer,
  gzip: boolean | Encoding,
  length?: number,
) {
  res.statusCode = status;
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Content-Type', answer.contentType);
  res.setHeader('Cache-Control', answer.cacheControl);
  res.setHeader('ETag', answer.etag);
  if (isCompressible(answer.contentType)) appendVary(res, 'Accept-Encoding');
  if (gzip) res.setHeader('Content-Encoding', gzip === true ? 'gzip' : gzip);
  if (length !== undefined) res.setHeader('Content-Length', length);
}

export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  stats: Stats,
  answer: Omit<StaticAnswer, 'etag'>,
): Promise<void> {
  const full: StaticAnswer = {
    ...answer,
    etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
  };
  if (notModified(req, full.etag)) {
    writeHeadersAndStatus(res, 304, full, false);
    res.end();
    return;
  }
  const ready = isCompressible(full.contentType) ? await precompressed(req, file) : null;
  if (ready) {
    // each encoding is its own representation: its own validator
    writeHeadersAndStatus(
      res,
      200,
      { ...full, etag: full.etag.replace(/"$/, `-${ready.encoding}"`) },
      ready.encoding,
      ready.stats.size,
    );
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await pipeline(createReadStream(ready.file), res);
    return;
  }
  const gzip = stats.size >= GZIP_MIN_BYTES && isCompressible(full.contentType) && acceptsGzip(req);
  writeHeadersAndStatus(res, 200, full, gzip, gzip ? undefined : stats.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const source = createReadStream(file);
  await (gzip ? pipeline(source, createGzip(), res) : pipeline(source, res));
}

/** An in-memory body (GraphiQL's bundle), gzipped once and kept. */
export class MemoryAsset {
  private readonly raw: Buffer;
  private gzipped?: Buffer;
  readonly etag: string;

  constructor(
    content: string | Buffer,
    readonly contentType: string,
    readonly cacheControl: string,
    version: string,
  ) {
    this.raw = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    this.etag = `W/"${version}-${this.raw.length.toString(16)}"`;
  }

  send(req: IncomingMessage, res: ServerResponse, headers?: Record<string, string>): void {
    const answer: StaticAnswer = {
      contentType: this.contentType,
      cacheControl: this.cacheControl,
      etag: this.etag,
      headers,
    };
    if (notModified(req, this.etag)) {
      writeHeadersAndStatus(res, 304, answer, false);
      res.end();
      return;
    }
    const gzip = this.raw.length >= GZIP_MIN_BYTES && isCompressible(this.contentType) && acceptsGzip(req);
    let body = this.raw;
    if (gzip) {
      this.gzipped ??= gzipSync(this.raw);
      body = this.gzipped;
    }
    writeHeadersAndStatus(res, 200, answer, gzip, body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType = 'text/plain; charset=utf-8',
  headers: Record<string, string> = {},
): void {
  const body = Buffer.from(text, 'utf8');
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', 'no-store');
  res.end(res.req?.method === 'HEAD' ? undefined : body);
}
