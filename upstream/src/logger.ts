/**
 * JSON lines (pino): one object per event with level, time, service, pid, msg, the id of the request
 * being served (reqId: the gateway's X-Request-Id, see withRequestId) and err for a failure (its stack
 * only on error lines). Errors and warnings on stderr, the rest on stdout. Callers pass only what is
 * safe to print (never the secret, the sign or request headers); the keys that could hold one are
 * redacted anyway, should a field ever carry them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { LogLevel } from './config';

/** Structured fields of a line, beside its message. */
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, error?: unknown): void;
}

// ---- the request scope -----------------------------------------------------------------------------

/** The header the gateway sends a request's id in. */
export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED_ID = /^[A-Za-z0-9._-]{1,64}$/;
const scope = new AsyncLocalStorage<{ requestId: string }>();

/** The caller's id when it is short and plain ([A-Za-z0-9._-], at most 64), else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && WELL_FORMED_ID.test(given) ? given : randomUUID();
}

/** Runs `work` as part of the request `requestId`: every line logged inside carries it. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return scope.run({ requestId }, work);
}

export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

// ---- lines -------------------------------------------------------------------------------------------

const SECRET_KEYS = ['token', 'utoken', 'sign', 'cookie', 'secret', 'password', 'authorization', 'apiSecret'];

interface SerialisedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerialisedError;
}

function serialiseError(error: Error, depth = 0): SerialisedError {
  const out: SerialisedError = { type: error.name, message: error.message };
  if (error.stack) out.stack = error.stack;
  if (error.cause instanceof Error && depth < 3) out.cause = serialiseError(error.cause, depth + 1);
  return out;
}

/** Where lines go: stdout and stderr unless a test keeps them. */
export type LogSink = (line: string, isProblem: boolean) => void;
const processSink: LogSink = (line, isProblem) => (isProblem ? process.stderr : process.stdout).write(line);

export function createLogger(level: LogLevel, name: string, sink: LogSink = processSink): Logger {
  const base = pino(
    {
      level,
      base: { service: name, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
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
  return {
    debug: (message, fields) => base.debug(fields ?? {}, message),
    info: (message, fields) => base.info(fields ?? {}, message),
    warn: (message, fields) => base.warn(fields ?? {}, message),
    error(message, error) {
      if (error === undefined) base.error(message);
      else if (error instanceof Error)
        base.error({ err: serialiseError(error) }, `${message}: ${error.name}: ${error.message}`);
      else base.error({ err: { type: typeof error, message: String(error) } }, `${message}: ${String(error)}`);
    },
  };
}
