/**
 * The parameters of a signed call, after the checks both upstream servers make on every
 * /api and /UserCenterApi request: the sign over the query (GET) or body fields (POST) within
 * the time window (else 401/4001, logged without the sign), then the productId header.
 */
import type { IncomingMessage } from 'node:http';
import type { UpstreamConfig } from '../config';
import type { Logger } from '../logger';
import { parseBody, readBody, type ParamPairs } from './body';
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
  return pairs;
}
