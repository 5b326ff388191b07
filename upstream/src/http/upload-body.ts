/**
 * An upload's multipart body read in two steps, so that who sends it is known before it may cost
 * anything: first the ordinary fields that come before the file (the token, a few hundred bytes),
 * then, only once the caller has admitted the request (signature, viewer, an upload slot), the file
 * and the rest. The request is paused between the two, so a file nobody admitted is never buffered.
 *
 * The whole body must arrive within a deadline counted from the moment reading starts: a client
 * that trickles its body (a byte a second) is answered `timedOut` and cut off (body.ts
 * discardUnread), whether it is still sending the fields or the file, with a slot or without.
 *
 * Fields after the file are not seen by the first step; signed-params.ts checks the sign over the
 * fields of the first step and again over every field of the whole body, so an upload with fields
 * after its file is refused (the contract puts them first, as browsers and the gateway write them).
 */
import type { IncomingMessage } from 'node:http';
import { ApiError, badParameter, Code } from './envelope';
import {
  discardUnread,
  multipartBoundary,
  multipartPartCounter,
  MULTIPART_MESSAGES,
  parseMultipart,
  type MultipartBody,
  type MultipartLimits,
  type ParamPairs,
} from './body';

export interface UploadBodyOptions {
  /** the whole multipart body, fields and files */
  maxBytes: number;
  /** the answer to a larger body, given without reading it further */
  tooLarge: () => ApiError;
  /** parts, field sizes and files of the body */
  parts: MultipartLimits;
  /** how long the whole body may take to arrive, from the moment reading starts */
  deadlineMs: number;
  /** the answer to a body that did not arrive within deadlineMs */
  timedOut: () => ApiError;
}

export interface UploadBody {
  /** the ordinary fields sent before the file (every field when the body has no file) */
  fieldsBeforeFile(): Promise<ParamPairs>;
  /** the whole body, parsed: reading goes on from where fieldsBeforeFile stopped */
  whole(): Promise<MultipartBody>;
  /** stops reading: what is left is discarded (an answer is about to be sent) */
  abandon(): void;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const FILE_PART = /;\s*filename\*?\s*=/i;

/**
 * The most bytes the fields before the file can take within the part limits (each part: its
 * delimiter line, its header block, its value); a body whose file has not begun by then is not a
 * well-formed upload.
 */
export function fieldsPrefixLimit(boundary: string, limits: MultipartLimits): number {
  const delimiterLine = 2 + 2 + boundary.length + 2;
  return (
    (limits.maxParts - 1) * (delimiterLine + limits.maxHeaderBytes + 4 + limits.maxFieldBytes + 2) +
    delimiterLine +
    limits.maxHeaderBytes +
    4
  );
}

/** Starts reading `req`'s multipart body (its Content-Type's boundary is checked first: 415 / 4000). */
export function readUploadBody(
  req: IncomingMessage,
  contentType: string | undefined,
  options: UploadBodyOptions,
): UploadBody {
  let boundary: string;
  try {
    boundary = multipartBoundary(contentType);
  } catch (error) {
    discardUnread(req);
    throw error;
  }
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const inspect = multipartPartCounter(boundary, options.parts);

  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  let failure: ApiError | Error | null = null;

  // the fields before the file: their bytes are copied here until the file's header block is seen
  const prefix = Buffer.alloc(fieldsPrefixLimit(boundary, options.parts));
  let prefixLength = 0;
  /** where the next delimiter is looked for */
  let searchFrom = 0;
  /** the delimiter whose header block has not fully arrived yet */
  let pendingDelimiter = -1;
  /** where the file part's delimiter starts in the body, once seen */
  let fileAt: number | null = null;

  let fieldsWaiter: { resolve: () => void; reject: (error: unknown) => void } | null = null;
  let wholeWaiter: { resolve: () => void; reject: (error: unknown) => void } | null = null;

  const timer = setTimeout(() => fail(options.timedOut()), options.deadlineMs);
  timer.unref();

  function fail(error: ApiError | Error): void {
    if (failure || ended) return;
    failure = error;
    clearTimeout(timer);
    chunks.length = 0;
    discardUnread(req);
    fieldsWaiter?.reject(error);
    wholeWaiter?.reject(error);
    fieldsWaiter = wholeWaiter = null;
  }

  /** looks for the file part's delimiter in what arrived of the prefix; false when the prefix is malformed */
  function scan(): boolean {
    for (;;) {
      let at = pendingDelimiter;
      if (at === -1) {
        at = prefix.subarray(0, prefixLength).indexOf(delimiter, searchFrom);
        if (at === -1) {
          // keep what could still begin a delimiter
          searchFrom = Math.max(searchFrom, prefixLength - (delimiter.length - 1));
          return true;
        }
      }
      const lineEnd = at + delimiter.length;
      if (prefixLength < lineEnd + 2) {
        pendingDelimiter = at;
        return true;
      }
      // `--boundary--` closes a body without a file: the end of the body settles it
      if (prefix[lineEnd] === 0x2d && prefix[lineEnd + 1] === 0x2d) {
        pendingDelimiter = -1;
        searchFrom = prefixLength;
        return true;
      }
      const headerEnd = prefix.subarray(0, prefixLength).indexOf(HEADER_END, lineEnd);
      if (headerEnd === -1) {
        if (prefixLength - lineEnd > options.parts.maxHeaderBytes + 4) return false;
        pendingDelimiter = at;
        return true;
      }
      pendingDelimiter = -1;
      searchFrom = headerEnd + HEADER_END.length;
      if (FILE_PART.test(prefix.toString('latin1', lineEnd, headerEnd))) {
        fileAt = at;
        return true;
      }
    }
  }

  function take(chunk: Buffer): void {
    if (fileAt !== null) return;
    const room = prefix.length - prefixLength;
    chunk.copy(prefix, prefixLength, 0, Math.min(room, chunk.length));
    prefixLength += Math.min(room, chunk.length);
    if (!scan()) {
      fail(badParameter(MULTIPART_MESSAGES.invalid));
      return;
    }
    if (fileAt !== null) {
      // admitted or not, nothing of the file is read before the caller asks for it
      req.pause();
      fieldsWaiter?.resolve();
      fieldsWaiter = null;
      return;
    }
    if (prefixLength >= prefix.length) fail(badParameter(MULTIPART_MESSAGES.invalid));
  }

  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    fail(options.tooLarge());
  } else {
    req.on('data', (chunk: Buffer) => {
      if (failure || ended) return;
      size += chunk.length;
      if (size > options.maxBytes) {
        fail(options.tooLarge());
        return;
      }
      const refusal = inspect(chunk);
      if (refusal) {
        fail(refusal);
        return;
      }
      chunks.push(chunk);
      take(chunk);
    });
    req.on('end', () => {
      if (failure || ended) return;
      ended = true;
      clearTimeout(timer);
      fieldsWaiter?.resolve();
      wholeWaiter?.resolve();
      fieldsWaiter = wholeWaiter = null;
    });
    req.on('error', (error) => fail(error));
    // a client that goes away mid-body: settle, so that whatever waited on the body (an upload slot) is freed
    req.on('close', () => fail(new ApiError(400, Code.badParameter, '请求体不完整')));
  }

  const wait = (which: 'fields' | 'whole'): Promise<void> =>
    new Promise((resolve, reject) => {
      if (failure) reject(failure);
      else if (ended || (which === 'fields' && fileAt !== null)) resolve();
      else if (which === 'fields') fieldsWaiter = { resolve, reject };
      else wholeWaiter = { resolve, reject };
    });

  return {
    async fieldsBeforeFile() {
      await wait('fields');
      const end = fileAt ?? size;
      const fieldsOnly =
        fileAt === null
          ? Buffer.concat(chunks)
          : Buffer.concat([prefix.subarray(0, end), Buffer.from(`--${boundary}--\r\n`, 'latin1')]);
      return (await parseMultipart(contentType, fieldsOnly, options.parts)).pairs;
    },
    async whole() {
      req.resume();
      await wait('whole');
      const raw = Buffer.concat(chunks);
      chunks.length = 0;
      return parseMultipart(contentType, raw, options.parts);
    },
    abandon() {
      if (ended || failure) return;
      failure = new ApiError(400, Code.badParameter, '请求体不完整');
      clearTimeout(timer);
      chunks.length = 0;
      discardUnread(req);
    },
  };
}
