/**
 * Compressed GraphQL answers (on /home 13 of 18.5 KB were saveable). A query's or a
 * mutation's answer, JSON or the one-result event stream graphql-sse's distinct connections make of
 * it, is gzipped when the browser accepts gzip: it is written at once when execution ends, so nothing
 * waits on the compressor. A subscription (askAI's answer, streamed piece by piece) is never
 * compressed: a compressor holds small pieces back until it has enough, and the reader would see the
 * answer late and in lumps. Bodies that arrive compressed are not accepted (yoga reads them plain).
 */
import type { Plugin } from 'graphql-yoga';

/** The requests whose operation was executed (a query or a mutation), not subscribed to. */
const executed = new WeakSet<Request>();

function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export function useAnswerCompression(): Plugin<{ request: Request }> {
  return {
    onExecute({ args }) {
      const request = (args.contextValue as { request?: Request } | undefined)?.request;
      if (request) executed.add(request);
    },
    onResponse({ request, response, setResponse, fetchAPI }) {
      // yoga marks its event streams `Content-Encoding: none` (no proxy should compress them)
      const encoding = response.headers.get('content-encoding')?.trim().toLowerCase() ?? 'identity';
      if (!executed.has(request) || !response.body || (encoding !== 'identity' && encoding !== 'none')) return;
      if (!acceptsGzip(request.headers.get('accept-encoding'))) return;
      const contentType = response.headers.get('content-type') ?? '';
      if (
        !contentType.startsWith('application/json') &&
        !contentType.startsWith('application/graphql-response+json') &&
        !contentType.startsWith('text/event-stream')
      )
        return;
      const headers = new fetchAPI.Headers(response.headers);
      headers.set('Content-Encoding', 'gzip');
      headers.delete('Content-Length');
      const vary = headers.get('Vary');
      if (!vary?.toLowerCase().includes('accept-encoding'))
        headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      const body = response.body.pipeThrough(new fetchAPI.CompressionStream('gzip'));
      setResponse(new fetchAPI.Response(body, { status: response.status, statusText: response.statusText, headers }));
    },
  };
}
