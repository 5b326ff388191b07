/**
 * Who may make the gateway buffer a multipart body (the avatar upload, up to MAX_MULTIPART_BODY_BYTES),
 * how many at once, and for how long. Yoga reads a multipart request whole before any resolver runs,
 * so the checks are made before that, before a byte of the body is read:
 *
 *   - no signed-in viewer behind the `utoken` cookie: refused with 请先登录 (401). A cookie of the
 *     wrong shape is refused from the headers alone; any other is checked with the login service
 *     (the viewer's start-up sequence of viewer/session.ts, cached as for every request), so a
 *     made-up token costs one check and never a slot.
 *   - MAX_CONCURRENT_UPLOADS multipart requests already being read or answered by this gateway
 *     process, or MAX_UPLOADS_PER_USER of this user's: refused at once with 图片上传失败，请稍后再试
 *     (or 上一张图片还在上传，请稍后再试) (503, Retry-After), rather than holding one more 11 MiB in
 *     memory, or letting one account hold every slot.
 *   - then the body is read here, within the upload deadline (config UPLOAD_READ_DEADLINE_MS) and the
 *     multipart size: a body still arriving at the deadline is answered 图片上传超时，请检查网络后重试
 *     (408) and the connection closed, so a trickling client holds its slot for that long at most.
 *     Yoga parses what was read (one more copy of the body while the upload is answered).
 *
 * Every refusal is a GraphQL error response with `Connection: close`, so the unread rest of the body is
 * not taken for the next request, as bodyLimits.ts's 413 does. The CSRF check (csrf.ts) runs before this
 * one. A slot is given back when the answer has been produced, when the request is answered early by
 * another plugin, or when the client goes away, whichever comes first.
 */
import type { Plugin } from 'graphql-yoga';
import { createRequestServices, type ContextDeps, type RequestEnv, type ServerContext } from '../context';
import { GUEST_COOKIE, TOKEN_COOKIE, parseCookies } from '../http/cookies';
import type { Logger } from '../logger';
import type { GatewayMetrics } from '../metrics';
import { LOGIN_REQUIRED_MESSAGE } from '../userErrors';
import { isLoggedIn, isPlausibleToken } from '../viewer';
import { isMultipart, MAX_MULTIPART_BODY_BYTES } from './bodyLimits';

/** Multipart requests one gateway process reads and answers at the same time. */
export const MAX_CONCURRENT_UPLOADS = 4;
/** Multipart requests of one user at the same time: one account cannot hold every slot. */
export const MAX_UPLOADS_PER_USER = 1;
export const UPLOAD_BUSY_MESSAGE = '图片上传失败，请稍后再试';
export const UPLOAD_IN_PROGRESS_MESSAGE = '上一张图片还在上传，请稍后再试';
export const UPLOAD_TIMEOUT_MESSAGE = '图片上传超时，请检查网络后重试';
/** Seconds a refused upload is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

const CLOSE = { connection: 'close' };

/** The refusals' codes as the metric's reasons (busy ones name their own: busy or per_user). */
const REFUSAL_REASONS: Record<string, string> = {
  REQUEST_ENTITY_TOO_LARGE: 'too_large',
  LOGIN_REQUIRED: 'login',
  UPLOAD_TIMEOUT: 'deadline',
  BAD_REQUEST: 'broken',
};

/** The signed-in user a request's `utoken` cookie names, else null. */
export type UploaderOf = (request: Request, serverContext: ServerContext) => Promise<number | null>;

export interface UploadGuardOptions {
  /** the GraphQL endpoint: the only path that accepts multipart (the SSE endpoint reads JSON only) */
  path: string;
  uploaderOf: UploaderOf;
  /** how long the whole body may take to arrive, from the moment the upload is admitted */
  readDeadlineMs: number;
  logger: Logger;
  maxConcurrent?: number;
  maxPerUser?: number;
  /** the operator's figures: slots in use, refusals by reason */
  metrics?: Pick<GatewayMetrics, 'uploadRefusals' | 'setUploadSlotsInUse'>;
}

/**
 * The uploader as the resolvers will see them: the viewer session's start-up sequence over the request's
 * cookies (a token refreshed on the way sets its cookie on this response, as it would in the resolver).
 */
export function signedInUploader(deps: ContextDeps): UploaderOf {
  return async (request, serverContext) => {
    const env: RequestEnv = serverContext.env ?? headerEnv(request);
    const { viewer, token } = await createRequestServices(deps, env).session.current();
    return token !== null && isLoggedIn(viewer) ? viewer.userId : null;
  };
}

/** A request that did not come through server.ts (yoga.fetch): its cookies only; cookies it would set are left to the resolver. */
function headerEnv(request: Request): RequestEnv {
  const cookies = parseCookies(request.headers.get('cookie') ?? undefined);
  return {
    clientAddress: null,
    guestId: cookies[GUEST_COOKIE] ?? '',
    cookies,
    secure: new URL(request.url).protocol === 'https:',
    setCookie: () => undefined,
  };
}

type BodyRead = { kind: 'read'; bytes: Buffer } | { kind: 'late' } | { kind: 'tooLarge' } | { kind: 'broken' };

/** The whole body, unless it goes past `maxBytes` or is still arriving after `deadlineMs`. */
async function readWithin(body: ReadableStream<Uint8Array>, deadlineMs: number, maxBytes: number): Promise<BodyRead> {
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const step = await Promise.race([reader.read(), late]);
      // the read still pending is left to the connection's end: cancelling it would destroy the
      // socket before the answer is written
      if (step === 'late') return { kind: 'late' };
      if (step.done) return { kind: 'read', bytes: Buffer.concat(chunks) };
      size += step.value.byteLength;
      if (size > maxBytes) return { kind: 'tooLarge' };
      chunks.push(step.value);
    }
  } catch {
    return { kind: 'broken' };
  } finally {
    clearTimeout(timer);
  }
}

export function useUploadGuard({
  path,
  uploaderOf,
  readDeadlineMs,
  logger,
  maxConcurrent = MAX_CONCURRENT_UPLOADS,
  maxPerUser = MAX_UPLOADS_PER_USER,
  metrics,
}: UploadGuardOptions): Plugin<Record<string, unknown>, ServerContext> {
  let active = 0;
  const perUser = new Map<number, number>();
  /** the release of each admitted request, for onResponse (the request object is replaced on the way) */
  const releases = new WeakMap<Request, () => void>();

  return {
    async onRequest({
      request,
      url,
      serverContext,
      endResponse,
      fetchAPI,
      requestHandler,
      setRequestHandler,
      setRequest,
    }) {
      if (url.pathname !== path || !isMultipart(request)) return;
      const refuse = (
        status: number,
        message: string,
        code: string,
        headers: Record<string, string> = {},
        reason = REFUSAL_REASONS[code],
      ) => {
        metrics?.uploadRefusals.inc({ reason: reason ?? 'other' });
        endResponse(
          fetchAPI.Response.json(
            { errors: [{ message, extensions: { code } }] },
            { status, headers: { ...CLOSE, ...headers } },
          ),
        );
      };
      const busy = (message: string, reason: string) =>
        refuse(503, message, 'UPLOAD_BUSY', { 'retry-after': String(RETRY_AFTER_SECONDS) }, reason);

      // a body declared too large is refused from the headers, as bodyLimits.ts would, before anything else
      const declared = request.headers.get('content-length');
      if (declared !== null && /^\d+$/.test(declared) && Number(declared) > MAX_MULTIPART_BODY_BYTES) {
        return refuse(413, '请求内容过大', 'REQUEST_ENTITY_TOO_LARGE');
      }
      const token = parseCookies(request.headers.get('cookie') ?? undefined)[TOKEN_COOKIE];
      if (token === undefined || !isPlausibleToken(token)) return refuse(401, LOGIN_REQUIRED_MESSAGE, 'LOGIN_REQUIRED');
      const userId = await uploaderOf(request, serverContext);
      if (userId === null) return refuse(401, LOGIN_REQUIRED_MESSAGE, 'LOGIN_REQUIRED');
      if (active >= maxConcurrent) return busy(UPLOAD_BUSY_MESSAGE, 'busy');
      if ((perUser.get(userId) ?? 0) >= maxPerUser) return busy(UPLOAD_IN_PROGRESS_MESSAGE, 'per_user');

      active += 1;
      metrics?.setUploadSlotsInUse(active);
      perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        active -= 1;
        metrics?.setUploadSlotsInUse(active);
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
        request.signal?.removeEventListener('abort', release);
      };
      releases.set(request, release);
      // the client went away: whatever is still being done with the half-read body, the slot is free
      request.signal?.addEventListener('abort', release, { once: true });

      const read = request.body
        ? await readWithin(request.body, readDeadlineMs, MAX_MULTIPART_BODY_BYTES)
        : { kind: 'read' as const, bytes: Buffer.alloc(0) };
      if (read.kind !== 'read') {
        release();
        if (read.kind === 'late') {
          logger.warn(`upload cut off: its body did not arrive within ${readDeadlineMs} ms`);
          return refuse(408, UPLOAD_TIMEOUT_MESSAGE, 'UPLOAD_TIMEOUT');
        }
        if (read.kind === 'tooLarge') return refuse(413, '请求内容过大', 'REQUEST_ENTITY_TOO_LARGE');
        return refuse(400, '请求内容不完整', 'BAD_REQUEST');
      }
      const headers = new fetchAPI.Headers(request.headers);
      headers.delete('transfer-encoding');
      headers.set('content-length', String(read.bytes.byteLength));
      // a Buffer joined from what the socket gave always sits on a plain ArrayBuffer
      const body = read.bytes as Uint8Array<ArrayBuffer>;
      const whole = new fetchAPI.Request(request.url, {
        method: request.method,
        headers,
        body,
        signal: request.signal,
      });
      releases.set(whole, release);
      setRequest(whole);
      setRequestHandler(async (...args: Parameters<typeof requestHandler>) => {
        try {
          return await requestHandler(...args);
        } finally {
          release();
        }
      });
    },
    onResponse({ request }) {
      releases.get(request)?.();
    },
  };
}
