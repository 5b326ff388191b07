/** Headers on yoga's own responses: event streams and the GraphiQL page. */
import type { Plugin } from 'graphql-yoga';
import { GRAPHIQL_CSP, htmlSecurityHeaders } from '../http/securityHeaders';

export function useResponseHeaders(): Plugin {
  return {
    onResponse({ response }) {
      const contentType = response.headers.get('content-type') ?? '';
      if (contentType.startsWith('text/event-stream')) {
        // proxies (nginx) must pass events at once, unbuffered and uncompressed (NOTES.md)
        response.headers.set('X-Accel-Buffering', 'no');
        response.headers.set('Cache-Control', 'no-cache, no-transform');
      } else if (contentType.startsWith('text/html')) {
        for (const [name, value] of Object.entries(htmlSecurityHeaders(GRAPHIQL_CSP))) response.headers.set(name, value);
      } else {
        response.headers.set('X-Content-Type-Options', 'nosniff');
      }
    },
  };
}
