/**
 * How large a request body may be. An ordinary operation is a few KB (the token limit caps a query
 * near 30 KB), so it gets MAX_REQUEST_BODY_BYTES. Only a multipart request (the GraphQL multipart
 * request specification: the avatar upload) may be larger: the avatar may be 10 240 KB (product-spec
 * §5), plus the operation and the multipart framing. This plugin is the only limit (yoga's own,
 * maxRequestBodySize, is off: it piped every body through a second counting stream). A declared
 * Content-Length over the limit is refused before the body is read; one within it needs no counting
 * (Node's parser delivers no more than the declared bytes); a body without one (chunked) is counted
 * as it arrives.
 * Who may have a multipart body read at all, and how many at once: uploads.ts, which runs first.
 */
import { createGraphQLError, type Plugin } from 'graphql-yoga';

export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;
/** 10 240 KB of image and room for the rest: the login service cuts off at the same 11 MiB. */
export const MAX_MULTIPART_BODY_BYTES = 11 * 1024 * 1024;

/**
 * A refusal sent before the body was read leaves the rest of it on the connection: `Connection: close`
 * keeps the client from sending its next request after those bytes.
 */
const CLOSE = { connection: 'close' };

function tooLarge() {
  return createGraphQLError('请求内容过大', {
    extensions: { http: { status: 413, headers: CLOSE }, code: 'REQUEST_ENTITY_TOO_LARGE' },
  });
}

export function isMultipart(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'multipart/form-data';
}

export function limitFor(request: Request): number {
  return isMultipart(request) ? MAX_MULTIPART_BODY_BYTES : MAX_REQUEST_BODY_BYTES;
}

function badLength() {
  return createGraphQLError('Content-Length 无效', {
    extensions: { http: { status: 400, headers: CLOSE }, code: 'BAD_REQUEST' },
  });
}

export function useBodyLimits(): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      const limit = limitFor(request);
      const declared = request.headers.get('content-length');
      if (declared !== null) {
        if (!/^\d+$/.test(declared)) throw badLength();
        if (Number(declared) > limit) throw tooLarge();
        return;
      }
      if (!requestParser || !request.body) return;
      const parse = requestParser;
      setRequestParser((original) => {
        let received = 0;
        // as yoga does: the native stream pipes through the native TransformStream, a ponyfill one through the ponyfill's
        const Transform: typeof TransformStream =
          original.body instanceof ReadableStream ? TransformStream : fetchAPI.TransformStream;
        const counted = original.body!.pipeThrough(
          new Transform<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              received += chunk.byteLength;
              if (received > limit) controller.error(tooLarge());
              else controller.enqueue(chunk);
            },
          }),
        );
        return parse(
          new fetchAPI.Request(original.url, {
            method: original.method,
            headers: original.headers,
            signal: original.signal,
            body: counted,
            // @ts-expect-error a streamed body needs duplex in Node's fetch, which the DOM types lack
            duplex: 'half',
          }),
        );
      });
    },
  };
}

/**
 * The graphql-sse endpoint reads its body itself, past yoga's request parsers and their limits. Its
 * client (graphql-sse over fetch) always sends a JSON string, so a declared length is required and
 * held to the ordinary limit; Node reads no more than the declared length.
 */
export function useStreamBodyLimit(path: string): Plugin {
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (url.pathname !== path || request.method !== 'POST') return;
      const declared = request.headers.get('content-length');
      const refuse = (status: number, message: string, code: string) =>
        endResponse(
          fetchAPI.Response.json({ errors: [{ message, extensions: { code } }] }, { status, headers: CLOSE }),
        );
      if (declared === null) return refuse(411, '请求缺少 Content-Length', 'LENGTH_REQUIRED');
      if (!/^\d+$/.test(declared) || Number(declared) > MAX_REQUEST_BODY_BYTES)
        return refuse(413, '请求内容过大', 'REQUEST_ENTITY_TOO_LARGE');
    },
  };
}
