/**
 * CSRF prevention in the manner of yoga's and Apollo's: a browser can send a "simple" request
 * (GET, or POST with a form or text content type) from any site without a preflight, carrying
 * the user's cookies. Such a request must prove it was made by our own code by carrying one of
 * `requestHeaders` (custom headers force a CORS preflight, which another site fails).
 * The web client sends `x-graphql-yoga-csrf: 1` on every GraphQL request (fetch and graphql-sse);
 * GraphiQL is configured to add it too. A POST with `application/json` is not simple, so it
 * passes without the header. Multipart uploads (later issues) are simple and need the header.
 */
import type { Plugin } from 'graphql-yoga';

export interface CsrfPreventionOptions {
  requestHeaders: string[];
  /** paths this applies to: the GraphQL endpoint and its SSE endpoint */
  paths: string[];
  /** GET with Accept: text/html is GraphiQL's page, answered before any operation runs */
  graphiqlEnabled: boolean;
}

const SIMPLE_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

export function isPreflightFree(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  const contentType = request.headers.get('content-type');
  if (!contentType) return true;
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  return SIMPLE_CONTENT_TYPES.has(mime);
}

export function useCsrfPrevention(options: CsrfPreventionOptions): Plugin {
  const headers = options.requestHeaders.map((name) => name.toLowerCase());
  const message = `请求缺少防跨站请求伪造（CSRF）所需的请求头：${options.requestHeaders.join(', ')}`;
  return {
    // answered here rather than thrown: an error thrown this early (before yoga parses anything)
    // would become a bare 500, and the SSE endpoint never reaches yoga's later hooks
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (!options.paths.includes(url.pathname)) return;
      if (request.method === 'OPTIONS') return;
      if (
        options.graphiqlEnabled &&
        request.method === 'GET' &&
        (request.headers.get('accept') ?? '').includes('text/html')
      )
        return;
      if (!isPreflightFree(request)) return;
      if (headers.some((name) => request.headers.has(name))) return;
      endResponse(
        fetchAPI.Response.json({ errors: [{ message, extensions: { code: 'CSRF_REJECTED' } }] }, { status: 403 }),
      );
    },
  };
}
