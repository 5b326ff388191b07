/**
 * Reads a POST body with a size limit and turns it into the request's parameters: JSON objects
 * of scalar fields and urlencoded forms both become string pairs, which is what the signature
 * covers and what the parameter validation reads. multipart/form-data (uploads) splits into the
 * same string pairs for its ordinary fields plus the files, which are never signed.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError, badParameter, Code, MESSAGES } from './envelope';

export const MAX_BODY_BYTES = 64 * 1024;

export type ParamPairs = [string, string][];

const bodyTooLarge = () => new ApiError(413, Code.badParameter, MESSAGES.bodyTooLarge);

/** looks at each chunk as it arrives; an ApiError refuses the request there, without reading on */
export type BodyInspector = (chunk: Buffer) => ApiError | null;

/**
 * How long the rest of a refused body is still read and thrown away. Closing the socket while the
 * client is still sending would reset the connection, and a reset can destroy the answer before
 * the client reads it; so the server lingers briefly, as web servers do, then cuts the connection.
 */
export const REFUSED_BODY_LINGER_MS = 2000;

/**
 * Throws away what is left of a refused request's body: read (and dropped) for
 * REFUSED_BODY_LINGER_MS so the client can read the answer, then the connection is cut. Every
 * refusal made before or while reading a body goes through here, never through Node's own dump,
 * which would read an unbounded body to its end.
 */
export function discardUnread(req: IncomingMessage): void {
  if (req.complete) return;
  const timer = setTimeout(() => {
    if (!req.complete) req.socket.destroy();
  }, REFUSED_BODY_LINGER_MS);
  timer.unref();
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/**
 * The whole body, at most `limit` bytes. A body declared or found to be larger is not kept: the
 * answer (`tooLarge`, 413 请求体过大 by default) goes out at once, what still arrives is thrown
 * away for REFUSED_BODY_LINGER_MS, then the connection is cut, so a client can neither make the
 * server hold an arbitrarily large upload nor read one to its end.
 */
export function readBody(
  req: IncomingMessage,
  limit = MAX_BODY_BYTES,
  tooLarge: () => ApiError = bodyTooLarge,
  inspect?: BodyInspector,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      discardUnread(req);
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const refuse = (error: ApiError) => {
      settled = true;
      chunks.length = 0;
      discardUnread(req);
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        refuse(tooLarge());
        return;
      }
      const refusal = inspect?.(chunk) ?? null;
      if (refusal) {
        refuse(refusal);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
    // a client that goes away mid-body: settle, so that whatever waited on the body (an upload slot) is freed
    req.on('close', () => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      reject(new ApiError(400, Code.badParameter, '请求体不完整'));
    });
  });
}

/** The JSON rule of the contract: numbers as String(n), booleans as true/false. */
function scalarToString(key: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw badParameter(`参数 ${key} 必须是字符串、数字或布尔值`);
}

export function parseBody(contentType: string | undefined, body: Buffer): ParamPairs {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const text = body.toString('utf8');
  if (body.length === 0) return [];
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badParameter('请求体不是有效的 JSON');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw badParameter('请求体必须是 JSON 对象');
    }
    return Object.entries(parsed).map(([key, value]) => [key, scalarToString(key, value)]);
  }
  if (mediaType === 'application/x-www-form-urlencoded' || mediaType === '') {
    // The unload beacon sends URLSearchParams, i.e. a form; a body without a type is read the same way.
    return [...new URLSearchParams(text).entries()];
  }
  throw new ApiError(415, Code.badParameter, '不支持的请求体类型，请使用 JSON 或表单');
}

/** A file of a multipart body. Its name and declared type are the sender's claims, nothing more. */
export interface UploadedFile {
  field: string;
  fileName: string;
  declaredType: string;
  bytes: Buffer;
}

export interface MultipartBody {
  /** the ordinary fields: what the signature covers and the parameters are read from */
  pairs: ParamPairs;
  files: UploadedFile[];
}

/** How much structure one multipart body may have; beyond it the request is a 4000, parsed no further. */
export interface MultipartLimits {
  /** parts of any kind (fields and files) */
  maxParts: number;
  /** bytes of one ordinary field's value */
  maxFieldBytes: number;
  /** bytes of one part's header block */
  maxHeaderBytes: number;
  /** file parts */
  maxFiles: number;
}

/** an upload: a few short fields (token, userId) and one file */
export const UPLOAD_PART_LIMITS: MultipartLimits = {
  maxParts: 8,
  maxFieldBytes: 1024,
  maxHeaderBytes: 1024,
  maxFiles: 1,
};

export const MULTIPART_MESSAGES = {
  invalid: '请求体不是有效的 multipart/form-data',
  tooManyParts: (max: number) => `请求体的字段过多（最多 ${max} 个）`,
  fieldTooLong: (max: number) => `请求体的字段过长（每个字段最多 ${max} 字节）`,
  tooManyFiles: (max: number) => `请求体的文件过多（最多 ${max} 个）`,
} as const;

export const isMultipart = (contentType: string | undefined): boolean =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'multipart/form-data';

/**
 * The boundary of a multipart/form-data Content-Type: RFC 2046 characters, 1 to 70 of them,
 * quoted or not. 415 for another type, 4000 for a missing or malformed boundary.
 */
export function multipartBoundary(contentType: string | undefined): string {
  if (!isMultipart(contentType)) throw new ApiError(415, Code.badParameter, '请使用 multipart/form-data 上传文件');
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;"]*))/i.exec(contentType!);
  const boundary = match?.[1] ?? match?.[2] ?? '';
  if (!/^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary))
    throw badParameter(MULTIPART_MESSAGES.invalid);
  return boundary;
}

/**
 * Counts the boundary's occurrences while the body streams in (an occurrence split across two
 * chunks counts once) and refuses the request as soon as it could hold more than maxParts parts:
 * n parts take n + 1 occurrences (the last one closes the body). Every occurrence counts, wherever
 * it stands, so the count is an upper bound of what any parser finds.
 */
export function multipartPartCounter(boundary: string, limits: MultipartLimits): BodyInspector {
  const needle = Buffer.from(boundary, 'latin1');
  let carry = Buffer.alloc(0);
  let seen = 0;
  return (chunk) => {
    const buffer = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    let from = 0;
    for (let at = buffer.indexOf(needle, from); at !== -1; at = buffer.indexOf(needle, from)) {
      seen += 1;
      from = at + needle.length;
      if (seen > limits.maxParts + 1) return badParameter(MULTIPART_MESSAGES.tooManyParts(limits.maxParts));
    }
    // keep what could still begin an occurrence, never part of one already counted
    carry = Buffer.from(buffer.subarray(Math.max(from, buffer.length - (needle.length - 1))));
    return null;
  };
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * The structure of a whole multipart body, checked before anything parses it: at most maxParts
 * parts, each header block at most maxHeaderBytes, each ordinary field at most maxFieldBytes, at
 * most maxFiles parts with a file name. Throws the 4000 of the first rule broken.
 */
export function checkMultipartStructure(body: Buffer, boundary: string, limits: MultipartLimits): void {
  const needle = Buffer.from(boundary, 'latin1');
  const occurrences: number[] = [];
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) {
    occurrences.push(at);
    if (occurrences.length > limits.maxParts + 1) throw badParameter(MULTIPART_MESSAGES.tooManyParts(limits.maxParts));
  }
  let files = 0;
  for (let i = 0; i + 1 < occurrences.length; i += 1) {
    const lineEnd = occurrences[i]! + needle.length;
    // `--boundary--` closes the body: what follows is the epilogue
    if (body[lineEnd] === 0x2d && body[lineEnd + 1] === 0x2d) break;
    if (!body.subarray(lineEnd, lineEnd + 2).equals(CRLF)) throw badParameter(MULTIPART_MESSAGES.invalid);
    const next = occurrences[i + 1]!;
    const headerEnd = body.indexOf(HEADER_END, lineEnd);
    // the content ends before `\r\n--` and the next boundary
    const contentEnd = next - 4;
    if (headerEnd === -1 || headerEnd + 4 > contentEnd) throw badParameter(MULTIPART_MESSAGES.invalid);
    if (headerEnd - (lineEnd + 2) > limits.maxHeaderBytes) throw badParameter(MULTIPART_MESSAGES.invalid);
    const headers = body.toString('latin1', lineEnd + 2, Math.max(lineEnd + 2, headerEnd));
    if (/;\s*filename\*?\s*=/i.test(headers)) {
      files += 1;
      if (files > limits.maxFiles) throw badParameter(MULTIPART_MESSAGES.tooManyFiles(limits.maxFiles));
    } else if (contentEnd - (headerEnd + 4) > limits.maxFieldBytes) {
      throw badParameter(MULTIPART_MESSAGES.fieldTooLong(limits.maxFieldBytes));
    }
  }
}

/**
 * Splits a multipart/form-data body (read whole, within its limit, its parts counted while it
 * arrived) with the platform's own parser, once its structure has passed the limits above.
 *
 * Why not a streaming parser (busboy): the body is bounded (11 MiB) and must be whole before the
 * signature over its fields can be checked anyway, the platform parser is already here, and the
 * two checks (the count while reading, the structure before parsing) bound what the parser is
 * given. The boundary handed to the parser is the one the checks used, so both see the same parts.
 */
export async function parseMultipart(
  contentType: string | undefined,
  body: Buffer,
  limits: MultipartLimits = UPLOAD_PART_LIMITS,
): Promise<MultipartBody> {
  const boundary = multipartBoundary(contentType);
  checkMultipartStructure(body, boundary, limits);
  let form: FormData;
  try {
    // a Buffer read from a socket always sits on a plain ArrayBuffer
    form = await new Response(body as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': `multipart/form-data; boundary="${boundary}"` },
    }).formData();
  } catch {
    throw badParameter(MULTIPART_MESSAGES.invalid);
  }
  const pairs: ParamPairs = [];
  const files: UploadedFile[] = [];
  for (const [field, value] of form.entries()) {
    // the parser agrees with the checks above; should it ever not, the limits still hold
    if (pairs.length + files.length >= limits.maxParts)
      throw badParameter(MULTIPART_MESSAGES.tooManyParts(limits.maxParts));
    if (typeof value === 'string') {
      if (Buffer.byteLength(value) > limits.maxFieldBytes)
        throw badParameter(MULTIPART_MESSAGES.fieldTooLong(limits.maxFieldBytes));
      pairs.push([field, value]);
    } else {
      if (files.length >= limits.maxFiles) throw badParameter(MULTIPART_MESSAGES.tooManyFiles(limits.maxFiles));
      files.push({
        field,
        fileName: value.name,
        declaredType: value.type,
        bytes: Buffer.from(await value.arrayBuffer()),
      });
    }
  }
  return { pairs, files };
}
