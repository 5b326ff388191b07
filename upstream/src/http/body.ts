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

/**
 * How long the rest of a refused body is still read and thrown away. Closing the socket while the
 * client is still sending would reset the connection, and a reset can destroy the answer before
 * the client reads it; so the server lingers briefly, as web servers do, then cuts the connection.
 */
export const REFUSED_BODY_LINGER_MS = 2000;

function discardRest(req: IncomingMessage): void {
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
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES, tooLarge: () => ApiError = bodyTooLarge): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      discardRest(req);
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        discardRest(req);
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
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

export const isMultipart = (contentType: string | undefined): boolean =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'multipart/form-data';

/** Splits a multipart/form-data body (read whole, within its limit) with the platform's own parser. */
export async function parseMultipart(contentType: string | undefined, body: Buffer): Promise<MultipartBody> {
  if (!isMultipart(contentType)) throw new ApiError(415, Code.badParameter, '请使用 multipart/form-data 上传文件');
  let form: FormData;
  try {
    // a Buffer read from a socket always sits on a plain ArrayBuffer
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType! } }).formData();
  } catch {
    throw badParameter('请求体不是有效的 multipart/form-data');
  }
  const pairs: ParamPairs = [];
  const files: UploadedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') pairs.push([field, value]);
    else files.push({ field, fileName: value.name, declaredType: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return { pairs, files };
}
