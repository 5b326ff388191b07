/**
 * POST /beacon/play-log: the play page's last play log, sent with navigator.sendBeacon when the page
 * is left (product-spec §4 "Leaving the page sends a final play log", §7 "a beacon with the same
 * fields as form data"). The form carries ReportPlayInput's fields (logId, videoId, courseId,
 * catalogueId, lastPlayTime, duration, stayTime) as application/x-www-form-urlencoded,
 * multipart/form-data (a FormData) or text/plain (a string); the viewer is the `utoken` cookie's.
 *
 * A beacon is a "simple" request: another site could send one with the user's cookies. So only a
 * same-origin request is taken (else 403): when the browser sends Sec-Fetch-Site, its word decides
 * (same-origin; a page cannot set that header). An older browser without it must send an Origin
 * that is the request's own origin or the configured public one (PUBLIC_BASE_URL): behind a TLS
 * proxy that rewrites Host the request's origin is not what the browser saw. Nobody reads a beacon's
 * answer: it is 204 whatever became of the report (a visitor's is ignored, a failed one is logged);
 * errors in the request itself get their status, never a stack.
 *
 * The same route is the web player's periodic report (1 s after play starts, then every 5 s): a
 * fetch of the same form with `Accept: application/json`, answered in JSON so the player can carry
 * the log id to its next report. High-frequency telemetry stays off the GraphQL pipeline, which costs
 * the gateway about three times as much per report (tests/bench/README.md › Play); the reportPlay
 * mutation stays for other clients. Same checks as a beacon (same-origin, the cookie's viewer, every
 * field rule); the answers:
 *   200 {"id": "<log id>"}                          recorded; send the id with the next report
 *   401 {"code": "LOGIN_REQUIRED", "message": ...}  no utoken cookie, or one the login service refuses
 *   400 {"code": "INVALID", "field", "message"}     a field breaks a rule (also an unparsable body)
 *   404 / 422 {"code": "REFUSED", "message"}        the main API refused it: 4004 / -1, its own sentence
 *   503 {"code": "UNAVAILABLE", "message"}          the main API or the login service could not answer
 *   403, 405, 413, 415 {"code": ..., "message"}     the request itself (cross-site, method, size, type)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayConfig } from '../config';
import type { Logger } from '../logger';
import type { PlayLogBatcher } from '../play/playLogBatch';
import { reportPlayFor, type PlayReport, type PlayReportOutcome } from '../play/playLog';
import type { PlayVideoNames } from '../play/videoNames';
import { CODE_NOT_FOUND } from '../upstream/envelope';
import type { MainApi } from '../upstream/mainApi';
import { LOGIN_REQUIRED_MESSAGE, UPSTREAM_UNAVAILABLE_MESSAGE, type UserErrorResult } from '../userErrors';
import { isLoggedIn, type ViewerSession } from '../viewer';
import { TOKEN_COOKIE, parseCookies } from './cookies';
import { platformOrigin } from './origin';
import { sendText } from './send';

export const PLAY_LOG_BEACON_PATH = '/beacon/play-log';
/** seven short fields; a multipart body of them is about 1 KB */
export const MAX_BEACON_BYTES = 8 * 1024;

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/**
 * Same-origin by the browser's own word: Sec-Fetch-Site same-origin when it is sent; without it, an
 * Origin equal to one of the site's origins (the request's, the configured public one).
 */
export function isSameOriginBeacon(req: IncomingMessage, siteOrigins: readonly (string | null)[]): boolean {
  const fetchSite = headerOf(req, 'sec-fetch-site')?.toLowerCase();
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const origin = headerOf(req, 'origin')?.toLowerCase();
  return origin !== undefined && origin !== 'null' && siteOrigins.some((site) => site !== null && site === origin);
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first.trim();
}

/** The body, or null once it grows past the limit (the rest is not read). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** The beacon's fields: a FormData (multipart) or a parsed query string (urlencoded, text/plain). */
type FormFields = Pick<FormData, 'get'> | Pick<URLSearchParams, 'get'>;

/**
 * A number field as JavaScript's String(number) writes it ("12", "12.345678901234", "1e-7"), else
 * NaN (refused by the report's rules): a player's currentTime has many decimals.
 */
function numberField(form: FormFields, name: string): number {
  const value = form.get(name);
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length > 32 || !/^\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) return Number.NaN;
  return Number(text);
}

function textField(form: FormFields, name: string): string | null {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : null;
}

export function reportOfForm(form: FormFields): PlayReport {
  const catalogue = textField(form, 'catalogueId');
  return {
    logId: textField(form, 'logId'),
    videoId: numberField(form, 'videoId'),
    courseId: numberField(form, 'courseId'),
    catalogueId: catalogue === null || catalogue === '' ? 0 : numberField(form, 'catalogueId'),
    lastPlayTime: numberField(form, 'lastPlayTime'),
    duration: numberField(form, 'duration'),
    stayTime: numberField(form, 'stayTime'),
  };
}

/** The player's fetch asks for JSON; a beacon (Accept: *\/*) does not. */
export function wantsJson(req: IncomingMessage): boolean {
  const accept = req.headers.accept;
  return typeof accept === 'string' && /(^|,)\s*application\/json\s*(;|,|$)/i.test(accept);
}

export interface PlayReportAnswer {
  status: number;
  body: { id: string } | { code: string; message: string; field?: string };
}

const REFUSAL_STATUS: Record<string, number> = { LOGIN_REQUIRED: 401, INVALID: 400, REFUSED: 422, UNAVAILABLE: 503 };

/** A report's outcome as the JSON route answers it (the status follows the error's code, 4004 is 404). */
export function playReportAnswer(outcome: PlayReportOutcome): PlayReportAnswer {
  const error: UserErrorResult | undefined = outcome.errors[0];
  if (!error) {
    if (outcome.logId === null)
      return { status: 503, body: { code: 'UNAVAILABLE', message: UPSTREAM_UNAVAILABLE_MESSAGE } };
    return { status: 200, body: { id: outcome.logId } };
  }
  const status =
    error.code === 'REFUSED' && outcome.upstreamCode === CODE_NOT_FOUND ? 404 : (REFUSAL_STATUS[error.code] ?? 400);
  return {
    status,
    body: error.field
      ? { code: error.code, field: error.field, message: error.message }
      : { code: error.code, message: error.message },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendText(res, status, JSON.stringify(body), 'application/json; charset=utf-8', headers);
}

export interface PlayLogBeaconDeps {
  config: GatewayConfig;
  logger: Logger;
  /** the names of videos play logs carry, shared by the process */
  playVideos: PlayVideoNames;
  /** absent: each report is its own AddPlayLog call */
  playLogs?: PlayLogBatcher;
  /**
   * The viewer session and the main API of this request, as a GraphQL operation would have them
   * (server.ts builds them: the client address, the cookies, a cookie writer for a refreshed token).
   */
  services: (req: IncomingMessage, res: ServerResponse) => { session: ViewerSession; api: MainApi };
}

export function createPlayLogBeacon(deps: PlayLogBeaconDeps) {
  const { logger } = deps;
  return async function receivePlayLogBeacon(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const json = wantsJson(req);
    // the request itself is wrong: the player's fetch reads JSON, a beacon's answer is read by nobody
    const refuse = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
      json ? sendJson(res, status, { code, message }, headers) : sendText(res, status, message, undefined, headers);
    if (req.method !== 'POST') {
      refuse(405, 'METHOD_NOT_ALLOWED', '不支持的请求方法', { Allow: 'POST' });
      return;
    }
    if (!isSameOriginBeacon(req, [platformOrigin(deps.config, { req }), deps.config.publicOrigin])) {
      refuse(403, 'CROSS_SITE', '拒绝跨站请求', { Connection: 'close' });
      return;
    }
    const contentType = headerOf(req, 'content-type') ?? '';
    if (!FORM_TYPES.has(contentType.split(';')[0]!.trim().toLowerCase())) {
      refuse(415, 'UNSUPPORTED_MEDIA_TYPE', '请以表单格式提交播放记录', { Connection: 'close' });
      return;
    }
    const body = await readBody(req, MAX_BEACON_BYTES);
    if (body === null) {
      refuse(413, 'TOO_LARGE', `播放记录不能超过 ${MAX_BEACON_BYTES} 字节`, { Connection: 'close' });
      return;
    }
    // the viewer is the cookie's: without one there is nobody to log for (no network login for a beacon)
    if (!parseCookies(req.headers.cookie)[TOKEN_COOKIE]) {
      if (json) sendJson(res, 401, { code: 'LOGIN_REQUIRED', message: LOGIN_REQUIRED_MESSAGE });
      else res.writeHead(204).end();
      return;
    }
    let form: FormFields;
    try {
      // text/plain is read as a query string, which is what a string beacon of these fields is; a query
      // string is parsed directly (a fetch Response's formData() costs more than the rest of the report)
      const mime = contentType.split(';')[0]!.trim().toLowerCase();
      form =
        mime === 'multipart/form-data'
          ? await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData()
          : new URLSearchParams(body.toString('utf8'));
    } catch {
      refuse(400, 'INVALID', '播放记录格式无效');
      return;
    }
    let answer: PlayReportAnswer;
    try {
      const services = deps.services(req, res);
      const { viewer, loginServiceDown } = await services.session.current();
      if (loginServiceDown) {
        // not a refusal of the token: the login service is away; the player tries again with its next report
        answer = { status: 503, body: { code: 'UNAVAILABLE', message: UPSTREAM_UNAVAILABLE_MESSAGE } };
      } else if (isLoggedIn(viewer)) {
        const outcome = await reportPlayFor(
          { api: services.api, playVideos: deps.playVideos, playLogs: deps.playLogs, logger },
          viewer,
          reportOfForm(form),
        );
        if (outcome.errors.length > 0)
          logger.debug(`play-log report not recorded: ${outcome.errors.map((error) => error.message).join('; ')}`);
        answer = playReportAnswer(outcome);
      } else {
        answer = { status: 401, body: { code: 'LOGIN_REQUIRED', message: LOGIN_REQUIRED_MESSAGE } };
      }
    } catch (error) {
      logger.warn(`play-log report failed: ${(error as Error)?.message ?? String(error)}`);
      answer = { status: 503, body: { code: 'UNAVAILABLE', message: UPSTREAM_UNAVAILABLE_MESSAGE } };
    }
    if (res.headersSent) return;
    if (json) sendJson(res, answer.status, answer.body);
    else res.writeHead(204).end();
  };
}
