/**
 * The parameters of a signed call, after the checks both upstream servers make on every
 * /api and /UserCenterApi request: the sign over the query (GET) or body fields (POST) within
 * the time window (else 401/4001, logged without the sign), then the productId header.
 * Uploads (multipart) go through readSignedUpload: same checks, files left out of the sign.
 */
import type { IncomingMessage } from 'node:http';
import type { UpstreamConfig } from '../config';
import type { Logger } from '../logger';
import { isMultipart, parseBody, parseMultipart, readBody, type MultipartBody, type ParamPairs } from './body';
import { ApiError, badSignature, Code } from './envelope';
import { verifySignature } from './signature';

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function readSignedParams(
  req: IncomingMessage,
  url: URL,
  method: string,
  config: UpstreamConfig,
  logger: Logger,
): Promise<ParamPairs> {
  const pairs: ParamPairs =
    method === 'POST' ? parseBody(header(req, 'content-type'), await readBody(req)) : [...url.searchParams.entries()];
  checkSigned(req, url, pairs, config, logger);
  return pairs;
}

export interface UploadLimits {
  /** the whole multipart body, fields and files */
  maxBytes: number;
  /** the answer to a larger body, given without reading it further */
  tooLarge: () => ApiError;
}

/**
 * A signed multipart/form-data POST (an upload): the same checks, with the sign over the
 * ordinary fields only, never the files (upstream/API.md "Transport").
 */
export async function readSignedUpload(
  req: IncomingMessage,
  url: URL,
  config: UpstreamConfig,
  logger: Logger,
  limits: UploadLimits,
): Promise<MultipartBody> {
  const contentType = header(req, 'content-type');
  if (!isMultipart(contentType)) throw new ApiError(415, Code.badParameter, '请使用 multipart/form-data 上传文件');
  const body = await parseMultipart(contentType, await readBody(req, limits.maxBytes, limits.tooLarge));
  checkSigned(req, url, body.pairs, config, logger);
  return body;
}

function checkSigned(req: IncomingMessage, url: URL, pairs: ParamPairs, config: UpstreamConfig, logger: Logger): void {
  const signed = verifySignature({
    pairs,
    timespan: header(req, 'timespan'),
    sign: header(req, 'sign'),
    secret: config.apiSecret,
    algorithm: config.signAlgorithm,
    windowSeconds: config.signWindowSeconds,
    nowMs: Date.now(),
  });
  if (!signed) {
    logger.warn(`refused unsigned or stale request ${req.method} ${url.pathname}`);
    throw badSignature();
  }
  if (header(req, 'productid')?.trim() !== String(config.productId)) {
    throw new ApiError(400, Code.badParameter, `请求头 productId 必须是 ${config.productId}`);
  }
}
