/**
 * Reads a POST body with a size limit and turns it into the request's parameters: JSON objects
 * of scalar fields and urlencoded forms both become string pairs, which is what the signature
 * covers and what the parameter validation reads.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError, badParameter, Code, MESSAGES } from './envelope';

export const MAX_BODY_BYTES = 64 * 1024;

export type ParamPairs = [string, string][];

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume(); // drain so the connection can answer
      reject(new ApiError(413, Code.badParameter, MESSAGES.bodyTooLarge));
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
        reject(new ApiError(413, Code.badParameter, MESSAGES.bodyTooLarge));
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
