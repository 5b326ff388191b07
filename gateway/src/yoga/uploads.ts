/**
 * Who may make the gateway buffer a multipart body (the avatar upload, up to MAX_MULTIPART_BODY_BYTES),
 * and how many at once. Yoga reads a multipart request whole before any resolver runs, so the checks
 * are made before that, from the headers alone:
 *
 *   - no plausible `utoken` cookie: refused with 请先登录 (401). Only a signed-in viewer may upload
 *     (uploadAvatar), and whether the token is still good is for the resolver to find out; this only
 *     spares reading 11 MiB for a request that cannot be one.
 *   - MAX_CONCURRENT_UPLOADS multipart requests already being read or answered by this gateway
 *     process: refused at once with 图片上传失败，请稍后再试 (503, Retry-After), rather than holding
 *     a fifth 11 MiB in memory.
 *
 * Both refusals come before the body is read, as bodyLimits.ts's 413 does: a GraphQL error response with
 * `Connection: close`, so the unread rest of the body is not taken for the next request. The CSRF check
 * (csrf.ts) runs before this one. A slot is given back when the answer has been produced, when the
 * request is answered early by another plugin, or when the client goes away, whichever comes first.
 */
import type { Plugin } from 'graphql-yoga';
import { TOKEN_COOKIE, parseCookies } from '../http/cookies';
import { LOGIN_REQUIRED_MESSAGE } from '../userErrors';
import { isPlausibleToken } from '../viewer';
import { isMultipart } from './bodyLimits';

/** Multipart requests one gateway process reads and answers at the same time. */
export const MAX_CONCURRENT_UPLOADS = 4;
export const UPLOAD_BUSY_MESSAGE = '图片上传失败，请稍后再试';
/** Seconds a refused upload is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

const CLOSE = { connection: 'close' };

export interface UploadGuardOptions {
  /** the GraphQL endpoint: the only path that accepts multipart (the SSE endpoint reads JSON only) */
  path: string;
  maxConcurrent?: number;
}

export function useUploadGuard({ path, maxConcurrent = MAX_CONCURRENT_UPLOADS }: UploadGuardOptions): Plugin {
  let active = 0;
  /** the release of each admitted request, for onResponse (the request object may be replaced on the way) */
  const releases = new WeakMap<Request, () => void>();

  return {
    onRequest({ request, url, endResponse, fetchAPI, requestHandler, setRequestHandler }) {
      if (url.pathname !== path || !isMultipart(request)) return;
      const refuse = (status: number, message: string, code: string, headers: Record<string, string> = {}) =>
        endResponse(fetchAPI.Response.json({ errors: [{ message, extensions: { code } }] }, { status, headers: { ...CLOSE, ...headers } }));

      const token = parseCookies(request.headers.get('cookie') ?? undefined)[TOKEN_COOKIE];
      if (token === undefined || !isPlausibleToken(token)) return refuse(401, LOGIN_REQUIRED_MESSAGE, 'LOGIN_REQUIRED');
      if (active >= maxConcurrent) {
        return refuse(503, UPLOAD_BUSY_MESSAGE, 'UPLOAD_BUSY', { 'retry-after': String(RETRY_AFTER_SECONDS) });
      }

      active += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        active -= 1;
        request.signal?.removeEventListener('abort', release);
      };
      releases.set(request, release);
      // the client went away: whatever yoga still does with the half-read body, the slot is free
      request.signal?.addEventListener('abort', release, { once: true });
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
