/**
 * The parameters of a signed call, after the checks both upstream servers make on every
 * /api and /UserCenterApi request: the sign over the query (GET) or body fields (POST) within
 * the time window (else 401/4001, logged without the sign), then the productId header, then that
 * the sign is not meant for another service (its `aud` parameter, 401/4001) and was never accepted
 * before (a replay is 401/4001 too). All of it happens before a route
 * sees the parameters, so a refused request has no effect.
 * Uploads (multipart) go through openSignedUpload: same checks, files left out of the sign, the
 * fields before the file judged before the file is read (upload-body.ts).
 *
 * What the headers alone can tell is judged before a byte of the body is read (precheckSigned):
 * a missing or malformed sign, a timespan outside the window, a wrong productId. Such a request is
 * answered at once and its body thrown away unread (body.ts discardUnread), so nobody without a
 * plausible signature makes the server buffer and parse an upload.
 */
import type { IncomingMessage } from 'node:http';
import type { UpstreamConfig } from '../config';
import type { Logger } from '../logger';
import { discardUnread, parseBody, readBody, type MultipartBody, type MultipartLimits, type ParamPairs } from './body';
import { ApiError, badSignature, Code } from './envelope';
import type { ReplayCache } from './replay-cache';
import {
  meantForAnother,
  signatureHeadersPlausible,
  signLifetimeSeconds,
  spentSignKey,
  verifySignature,
  type SignAudience,
} from './signature';
import { readUploadBody } from './upload-body';

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
  replay: ReplayCache,
  audience: SignAudience,
): Promise<ParamPairs> {
  if (method === 'POST') precheckSigned(req, url, config, logger);
  const pairs: ParamPairs =
    method === 'POST' ? parseBody(header(req, 'content-type'), await readBody(req)) : [...url.searchParams.entries()];
  await checkSigned(req, url, pairs, config, logger, replay, audience);
  return pairs;
}

export interface UploadLimits {
  /** the whole multipart body, fields and files */
  maxBytes: number;
  /** the answer to a larger body, given without reading it further */
  tooLarge: () => ApiError;
  /** parts, field sizes and files of the body */
  parts: MultipartLimits;
  /** the answer while the process already handles as many uploads as it takes at once (or as the sender may) */
  busy: () => ApiError;
  /** the answer to a body that did not arrive within the upload deadline */
  timedOut: () => ApiError;
}

/**
 * The checks that need no body, made before any of it is read: a sign of the algorithm's shape and
 * a timespan within the window (else 401/4001), the productId header (else 400/4000). A refused
 * request's body is discarded unread. A request passing here still has its sign verified over its
 * parameters once they are read.
 */
export function precheckSigned(req: IncomingMessage, url: URL, config: UpstreamConfig, logger: Logger): void {
  const plausible = signatureHeadersPlausible({
    timespan: header(req, 'timespan'),
    sign: header(req, 'sign'),
    algorithm: config.signAlgorithm,
    windowSeconds: config.signWindowSeconds,
    nowMs: Date.now(),
  });
  let refusal: ApiError | null = null;
  if (!plausible) {
    logger.warn(`refused unsigned or stale request ${req.method} ${url.pathname} (before reading its body)`);
    refusal = badSignature();
  } else if (!productIdMatches(req, config)) {
    refusal = wrongProductId(config);
  }
  if (refusal) {
    discardUnread(req);
    throw refusal;
  }
}

/** An upload being read: its signed fields first, then the whole body (upload-body.ts). */
export interface SignedUpload {
  /**
   * The ordinary fields sent before the file, their sign verified and spent (else 401/4001): who
   * sends the upload can be judged before the file is read.
   */
  signedFields(): Promise<ParamPairs>;
  /** the whole body, the sign verified again over every field (a field after the file breaks it) */
  whole(): Promise<MultipartBody>;
  /** stops reading: what is left of the body is discarded */
  abandon(): void;
}

/**
 * A signed multipart/form-data POST (an upload): the same checks, with the sign over the
 * ordinary fields only, never the files (upstream/API.md "Transport"). The headers are judged
 * before any of the body is read, the sign over the fields before the file is read, and the whole
 * body must arrive within `deadlineMs`.
 */
export function openSignedUpload(
  req: IncomingMessage,
  url: URL,
  config: UpstreamConfig,
  logger: Logger,
  replay: ReplayCache,
  limits: UploadLimits,
  deadlineMs: number,
  audience: SignAudience,
): SignedUpload {
  precheckSigned(req, url, config, logger);
  // the parts are counted as they arrive: ten thousand tiny fields are refused once more than 8 parts could be there
  const body = readUploadBody(req, header(req, 'content-type'), { ...limits, deadlineMs });
  const refusing = async (check: () => void | Promise<void>): Promise<void> => {
    try {
      await check();
    } catch (error) {
      body.abandon();
      throw error;
    }
  };
  return {
    async signedFields() {
      const pairs = await body.fieldsBeforeFile();
      await refusing(() => checkSigned(req, url, pairs, config, logger, replay, audience));
      return pairs;
    },
    async whole() {
      const whole = await body.whole();
      // the sign was spent over the fields before the file: only verified again here
      await refusing(() => {
        verifySigned(req, url, whole.pairs, config, logger, audience);
      });
      return whole;
    },
    abandon: () => body.abandon(),
  };
}

const productIdMatches = (req: IncomingMessage, config: UpstreamConfig): boolean =>
  header(req, 'productid')?.trim() === String(config.productId);

const wrongProductId = (config: UpstreamConfig) =>
  new ApiError(400, Code.badParameter, `请求头 productId 必须是 ${config.productId}`);

/**
 * The sign over `pairs` within the window (else 401/4001), then the productId header (else
 * 400/4000), then that the sign is not meant for another service (`aud`, else 401/4001).
 */
function verifySigned(
  req: IncomingMessage,
  url: URL,
  pairs: ParamPairs,
  config: UpstreamConfig,
  logger: Logger,
  audience: SignAudience,
): { sign: string; timespan: string; nowMs: number } {
  const timespan = header(req, 'timespan');
  const sign = header(req, 'sign');
  const nowMs = Date.now();
  const signed = verifySignature({
    pairs,
    timespan,
    sign,
    secret: config.apiSecret,
    algorithm: config.signAlgorithm,
    windowSeconds: config.signWindowSeconds,
    nowMs,
  });
  if (!signed || !sign || !timespan) {
    logger.warn(`refused unsigned or stale request ${req.method} ${url.pathname}`);
    throw badSignature();
  }
  if (!productIdMatches(req, config)) throw wrongProductId(config);
  if (meantForAnother(pairs, audience)) {
    // the value is the caller's text: not logged
    logger.warn(`refused a request signed for another service ${req.method} ${url.pathname}`);
    throw badSignature();
  }
  return { sign, timespan, nowMs };
}

/** verifySigned (and meant for this service), then that the sign was never accepted before (a replay: 401/4001); the sign is spent. */
async function checkSigned(
  req: IncomingMessage,
  url: URL,
  pairs: ParamPairs,
  config: UpstreamConfig,
  logger: Logger,
  replay: ReplayCache,
  audience: SignAudience,
): Promise<void> {
  const { sign, timespan, nowMs } = verifySigned(req, url, pairs, config, logger, audience);
  if (!(await spendSign(sign, timespan, config, nowMs, replay))) {
    logger.warn(`refused a replayed request ${req.method} ${url.pathname}: its sign was accepted before`);
    throw badSignature();
  }
}

/**
 * Records a verified sign as used and tells whether this was its first use. Whatever path the
 * sign was first accepted on, it is spent for every path of this server (and of every server
 * sharing the cache).
 */
function spendSign(
  sign: string,
  timespan: string,
  config: UpstreamConfig,
  nowMs: number,
  replay: ReplayCache,
): Promise<boolean> {
  return replay.remember(spentSignKey(sign), signLifetimeSeconds(timespan, config.signWindowSeconds, nowMs));
}

/**
 * A request the server answers without a signature (its media) may still carry one: the gateway
 * signs media so that an upstream protecting them accepts it. Such a sign is verified and spent
 * like any other, without refusing anything, so that a captured media request cannot lend its
 * sign to a signed path.
 */
export async function spendSignIfAny(req: IncomingMessage, config: UpstreamConfig, replay: ReplayCache): Promise<void> {
  const timespan = header(req, 'timespan');
  const sign = header(req, 'sign');
  if (!sign || !timespan) return;
  const target = req.url ?? '';
  const query = target.includes('?') ? target.slice(target.indexOf('?') + 1) : '';
  const nowMs = Date.now();
  const signed = verifySignature({
    pairs: [...new URLSearchParams(query).entries()],
    timespan,
    sign,
    secret: config.apiSecret,
    algorithm: config.signAlgorithm,
    windowSeconds: config.signWindowSeconds,
    nowMs,
  });
  if (signed) await spendSign(sign, timespan, config, nowMs, replay);
}
