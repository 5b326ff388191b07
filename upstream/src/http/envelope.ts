/**
 * The envelope every upstream answer is wrapped in, its codes (upstream/API.md "Envelope and
 * codes"), and the error type that routes and services throw to produce a non-success envelope.
 */
import type { ServerResponse } from 'node:http';

export const Code = {
  ok: 2000,
  done: 2001,
  refused: -1,
  badParameter: 4000,
  badSignature: 4001,
  notFound: 4004,
  internal: 5000,
} as const;

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  items: T;
}

export const MESSAGES = {
  ok: '成功',
  done: '操作成功',
  badSignature: '签名校验失败',
  unknownPath: '接口不存在',
  internal: '服务器内部错误',
  bodyTooLarge: '请求体过大',
} as const;

/** An expected failure: its status, code and Chinese message go to the client as they are. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const badParameter = (message: string) => new ApiError(400, Code.badParameter, message);
export const notFound = (message: string) => new ApiError(404, Code.notFound, message);
export const badSignature = () => new ApiError(401, Code.badSignature, MESSAGES.badSignature);
export const refused = (message: string) => new ApiError(200, Code.refused, message);

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : payload);
}

export function sendEnvelope(res: ServerResponse, status: number, envelope: Envelope): void {
  sendJson(res, status, envelope);
}

export function sendError(res: ServerResponse, error: ApiError): void {
  sendEnvelope(res, error.status, { code: error.code, message: error.message, items: null });
}
