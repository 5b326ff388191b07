/**
 * Headers on yoga's own responses. Every GraphQL answer (JSON, multipart, errors) depends on who asks
 * (the viewer comes from the cookie) and may hand out a token: no shared cache may keep it, and the
 * browser should not either (private, no-store). Event streams keep their own headers, which proxies
 * need; the GraphiQL page is the same for everyone and gets the HTML security headers.
 */
import type { Plugin } from 'graphql-yoga';
import { GRAPHIQL_CSP, htmlSecurityHeaders } from '../http/securityHeaders';

export const GRAPHQL_CACHE_CONTROL = 'private, no-store';

export function useResponseHeaders(): Plugin {
  return {
    onResponse({ response }) {
      const contentType = response.headers.get('content-type') ?? '';
      if (contentType.startsWith('text/event-stream')) {
        // proxies (nginx) must pass events at once, unbuffered and uncompressed (NOTES.md)
        response.headers.set('X-Accel-Buffering', 'no');
        response.headers.set('Cache-Control', 'no-cache, no-transform');
      } else if (contentType.startsWith('text/html')) {
        for (const [name, value] of Object.entries(htmlSecurityHeaders(GRAPHIQL_CSP)))
          response.headers.set(name, value);
      } else {
        response.headers.set('X-Content-Type-Options', 'nosniff');
        response.headers.set('Cache-Control', GRAPHQL_CACHE_CONTROL);
      }
    },
  };
}
