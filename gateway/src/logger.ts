/**
 * JSON lines (pino): one object per event with level, time, service, pid, msg, the request id of the
 * request it belongs to (reqId, from the request scope below) and err for a failure (its stack only
 * on error lines). Warnings and errors go to stderr, the rest to stdout. Callers pass only what is
 * safe to print: never the API secret, a sign, a cookie or a token; the keys that could hold one are
 * redacted anyway, should a field ever carry them.
 * The same object is handed to yoga, which calls it with variadic arguments: strings and values are
 * joined into msg, the first Error becomes err, and logFields(...) adds its keys to the line.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { LogLevel } from './config';

export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  isDebug(): boolean;
}

/** Where finished lines go: stdout / stderr by default; tests keep them to read them back. */
export type LogSink = (line: string, isProblem: boolean) => void;

const processSink: LogSink = (line, isProblem) => (isProblem ? process.stderr : process.stdout).write(line);

/** Structured fields of a line (logger.info('request', logFields({ status: 200 }))). */
class LogFields {
  constructor(readonly fields: Record<string, unknown>) {}
}
export function logFields(fields: Record<string, unknown>): LogFields {
  return new LogFields(fields);
}

// ---- the request scope: which request a line belongs to ----------------------------------------

/** The header that carries a request's id from the client (optional) to the gateway and on to every upstream. */
export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED_ID = /^[A-Za-z0-9._-]{1,64}$/;

const scope = new AsyncLocalStorage<{ requestId: string }>();

/** The client's id when it is short and plain ([A-Za-z0-9._-], at most 64), else a new one. */
export function requestIdFrom(header: string | string[] | undefined | null): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && WELL_FORMED_ID.test(given) ? given : randomUUID();
}

/** Runs `work` as part of the request `requestId`: every line logged and every upstream call made inside carry it. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return scope.run({ requestId }, work);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

// ---- lines ---------------------------------------------------------------------------------------

/** Keys whose values are never printed, at the top of a line or one level down. */
const SECRET_KEYS = ['token', 'utoken', 'sign', 'cookie', 'secret', 'password', 'authorization', 'apiSecret'];

interface SerialisedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerialisedError;
}

function serialiseError(error: Error, withStack: boolean, depth = 0): SerialisedError {
  const out: SerialisedError = { type: error.name, message: error.message };
  if (withStack && error.stack) out.stack = error.stack;
  // GraphQL errors wrap the real failure; the cause is what an operator needs
  const cause = (error as { originalError?: unknown }).originalError ?? error.cause;
  if (cause instanceof Error && cause !== error && depth < 3) out.cause = serialiseError(cause, withStack, depth + 1);
  return out;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export function createLogger(level: LogLevel, name = 'gateway', sink: LogSink = processSink): Logger {
  const base = pino(
    {
      level: level === 'silent' ? 'silent' : level,
      base: { service: name, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // err is already made plain here (serialiseError), with its stack only on error lines
      serializers: { err: (value: unknown) => value },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { reqId: requestId } : {};
      },
      redact: { paths: [...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`)], censor: '[redacted]' },
    },
    pino.multistream(
      [
        { level: 'debug', stream: { write: (line: string) => sink(line, false) } },
        { level: 'warn', stream: { write: (line: string) => sink(line, true) } },
      ],
      { dedupe: true },
    ),
  );
  const write = (method: 'debug' | 'info' | 'warn' | 'error', args: unknown[]) => {
    if (!base.isLevelEnabled(method)) return;
    const fields: Record<string, unknown> = {};
    const words: string[] = [];
    for (const arg of args) {
      if (arg instanceof LogFields) Object.assign(fields, arg.fields);
      else if (arg instanceof Error && fields.err === undefined) {
        fields.err = serialiseError(arg, method === 'error');
        words.push(`${arg.name}: ${arg.message}`);
      } else words.push(describe(arg));
    }
    base[method](fields, words.join(' '));
  };
  return {
    debug: (...args) => write('debug', args),
    info: (...args) => write('info', args),
    warn: (...args) => write('warn', args),
    error: (...args) => write('error', args),
    isDebug: () => base.isLevelEnabled('debug'),
  };
}
