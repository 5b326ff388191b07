/**
 * The signed transport to a REST service: one undici Pool per service (the main API, the login
 * service, and the main API's media on a pool of its own) shared by every request of the process, signing every
 * call, forwarding the end user's address, bounding each call by its kind's timeout (a read a few
 * seconds, the AI answer and clip cutting the spec's 85 s), refusing calls at once while the service
 * does not answer (guard.ts: circuit breaker, bounded wait, one more try of a read on a reset
 * connection) and turning every kind of failure into an UpstreamError. It speaks REST; resolvers
 * never see it directly (see ../loaders, mainApi.ts, loginApi.ts). Nothing it logs or throws carries a parameter value: the
 * login service's parameters are tokens and passwords.
 */
import { Readable } from 'node:stream';
import { Pool, errors as undiciErrors } from 'undici';
import type { Dispatcher } from 'undici';
import type { SignAlgorithm } from '../config';
import { REQUEST_ID_HEADER, currentRequestId, type Logger } from '../logger';
import { isEnvelope, type Envelope } from './envelope';
import { UpstreamBudgetExceeded, UpstreamError } from './errors';
import { UpstreamGuard, type BreakerState } from './guard';
import { multipartBody, type MultipartFile } from './multipart';
import {
  AUDIENCE_PARAM,
  NONCE_PARAM,
  signedHeaders,
  toWireParams,
  withNonce,
  type ParamValue,
  type SignAudience,
  type SignedParams,
} from './sign';

export type UpstreamMethod = 'GET' | 'POST';

/**
 * How a call ended, for the operator's figures: ok (an answer the caller can use: an envelope, a
 * stream, a media response), error (an answer it cannot use, or none), timeout, breaker_open
 * (refused at once: the circuit is open), overloaded (refused at once: too many calls waiting).
 */
export type UpstreamCallOutcome = 'ok' | 'error' | 'timeout' | 'breaker_open' | 'overloaded';

/** Told of every call and of the circuit's state (server.ts hands the metrics in; the transport knows no metrics). */
export interface UpstreamObserver {
  /** a call ended; `seconds` is how long it took when it was sent (null when refused unsent) */
  called(outcome: UpstreamCallOutcome, seconds: number | null): void;
  breakerState(state: BreakerState): void;
}

/**
 * How long a call may take and whether it may be sent twice:
 *   read   changes nothing (a page's data, the viewer): readTimeoutMs, sent once more when its
 *          connection was reset under it
 *   write  changes something (the default): writeTimeoutMs, sent once only
 *   long   waits on long work of the service (cutting a clip): timeoutMs, the spec's 85 s; sent once
 * The AI answer (stream()) is bounded by timeoutMs as well.
 */
export type CallKind = 'read' | 'write' | 'long';

/** What one GraphQL operation knows about its upstream traffic. */
export interface RequestScope {
  /** the end user's address, sent as X-Forwarded-For */
  clientAddress: string | null;
  /** incremented for every request actually sent (after DataLoader de-duplication) */
  upstreamRequests: number;
  /**
   * The most requests this operation may send (UPSTREAM_BUDGET_PER_OPERATION); calls beyond it
   * fail with UpstreamBudgetExceeded instead of being sent. No budget when absent.
   */
  upstreamBudget?: number;
  /** calls refused because the budget was spent */
  upstreamRefused?: number;
}

/** A file sent in a multipart call (the avatar of UploadHeader): streamed, never copied (multipart.ts). */
export type UpstreamFile = MultipartFile;

export interface UpstreamCall {
  method: UpstreamMethod;
  path: string;
  params?: Record<string, ParamValue>;
  /**
   * POST only: send multipart/form-data with these files beside the params. The sign covers the
   * params only, never files (upstream/API.md "Transport").
   */
  files?: Record<string, UpstreamFile>;
  /** 'write' when absent (see CallKind) */
  kind?: CallKind;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  secret: string;
  algorithm: SignAlgorithm;
  productId: number;
  /** the longest any call may take (UPSTREAM_TIMEOUT_MS, the spec's 85 s): long calls and the AI answer */
  timeoutMs: number;
  /** a read's limit (UPSTREAM_READ_TIMEOUT_MS); timeoutMs when absent */
  readTimeoutMs?: number;
  /** a write's limit (UPSTREAM_WRITE_TIMEOUT_MS); timeoutMs when absent */
  writeTimeoutMs?: number;
  /** calls in a row without an answer that open the circuit (guard.ts); 5 by default */
  failuresToOpen?: number;
  /** how long an open circuit refuses calls before one is tried again; 2 000 ms by default */
  openMs?: number;
  /** calls that may wait for a connection beyond those running; more are refused at once. 512 by default */
  maxWaiting?: number;
  logger: Logger;
  /** connections kept to the upstream; the embedded default is on loopback */
  connections?: number;
  /** connections of the streaming calls' own pool (stream()); 1 024 by default */
  streamConnections?: number;
  /**
   * The service behind baseUrl, signed into every request as `aud` so that no other service
   * accepts its sign (upstream/API.md "Transport"). Every client of the gateway names one; a
   * backend of the spec ignores the parameter.
   */
  audience?: SignAudience;
  /** told of every call's outcome and of the circuit breaker's state */
  observer?: UpstreamObserver;
}

/**
 * What a streaming call (the AI answer) got: the upstream refused before streaming, with a plain
 * envelope, or it answered an event stream, whose bytes are read as they come.
 */
export type StreamAnswer =
  { kind: 'envelope'; envelope: Envelope } | { kind: 'stream'; body: AsyncIterable<Uint8Array> };

export interface MediaResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

/**
 * The most a streaming call's answer may hold when it is not a stream (a refusal envelope is a few
 * hundred bytes): more is not read, the request is cancelled and the call fails.
 */
export const REFUSAL_BODY_LIMIT = 64 * 1024;

class BodyTooLong extends Error {
  override name = 'BodyTooLong';
}

/**
 * The body as UTF-8 text, read only up to `limit` bytes: a longer body (announced by its
 * content-length or found while reading) is destroyed, which cancels the request, and BodyTooLong
 * is thrown.
 */
async function boundedText(response: Dispatcher.ResponseData, limit: number): Promise<string> {
  const tooLong = () => {
    response.body.destroy();
    return new BodyTooLong(`the answer is not an event stream and is longer than ${limit} bytes`);
  };
  const announced = Number(response.headers['content-length']);
  if (Number.isFinite(announced) && announced > limit) throw tooLong();
  const pieces: Buffer[] = [];
  let length = 0;
  for await (const piece of response.body) {
    const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    length += bytes.length;
    if (length > limit) throw tooLong();
    pieces.push(bytes);
  }
  // as body.text() decodes it (a leading BOM dropped)
  return new TextDecoder('utf-8').decode(Buffer.concat(pieces, length));
}

function isTimeout(error: unknown): boolean {
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) return true;
  if (error instanceof undiciErrors.ConnectTimeoutError) return true;
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError';
}

export class UpstreamClient {
  private readonly pool: Pool;
  /** made on the first streaming call (only the main API streams) */
  private streamPool?: Pool;
  private readonly origin: string;
  private readonly pathPrefix: string;
  private readonly timeouts: Record<CallKind, number>;
  private readonly guard: UpstreamGuard;

  constructor(private readonly options: UpstreamClientOptions) {
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.pathPrefix = url.pathname.replace(/\/+$/, '');
    const connections = options.connections ?? 64;
    this.timeouts = {
      read: Math.min(options.readTimeoutMs ?? options.timeoutMs, options.timeoutMs),
      write: Math.min(options.writeTimeoutMs ?? options.timeoutMs, options.timeoutMs),
      long: options.timeoutMs,
    };
    this.guard = new UpstreamGuard({
      service: url.origin + this.pathPrefix,
      logger: options.logger,
      failuresToOpen: options.failuresToOpen,
      openMs: options.openMs,
      maxOutstanding: connections + (options.maxWaiting ?? 512),
      onState: options.observer ? (state) => options.observer?.breakerState(state) : undefined,
    });
    this.pool = new Pool(url.origin, {
      connections,
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  /**
   * Sends one signed call and returns its envelope, whatever its code: deciding whether a code is
   * a success, a "not found" or a refusal is the caller's business. Throws UpstreamError when
   * there is no envelope to return (down, timeout, 5xx, 401, garbage), UpstreamBudgetExceeded
   * without sending anything once the operation's budget is spent.
   */
  async call<T = unknown>(call: UpstreamCall, scope: RequestScope): Promise<Envelope<T>> {
    if (scope.upstreamBudget !== undefined && scope.upstreamRequests >= scope.upstreamBudget) {
      scope.upstreamRefused = (scope.upstreamRefused ?? 0) + 1;
      throw new UpstreamBudgetExceeded(scope.upstreamBudget, call.path);
    }
    const kind = call.kind ?? 'write';
    const timeoutMs = this.timeouts[kind];
    const deadline = AbortSignal.timeout(timeoutMs);
    const started = Date.now();

    let statusCode: number;
    let text: string;
    try {
      ({ statusCode, text } = await this.guard.run(call.path, () => this.send(call, scope, timeoutMs, deadline), {
        resend: kind === 'read',
        signal: deadline,
      }));
    } catch (error) {
      this.observeFailure(error, started);
      // refused without being sent: the breaker's own log lines say why, once, not once per call
      if (error instanceof UpstreamError && error.failure === 'unavailable') this.options.logger.debug(error.message);
      else if (error instanceof UpstreamError) this.fail(error);
      throw error;
    }
    // an answer came: 'ok' once it proves to be an envelope, 'error' when any check below throws
    const answered = (Date.now() - started) / 1000;
    let envelope: Envelope<T>;
    try {
      envelope = this.envelopeOf<T>(call, statusCode, text);
    } catch (error) {
      this.options.observer?.called('error', answered);
      throw error;
    }
    this.options.observer?.called('ok', answered);
    this.options.logger.debug(
      `upstream ${call.method} ${call.path} → ${statusCode} code ${envelope.code} in ${Date.now() - started} ms`,
    );
    return envelope;
  }

  /** The envelope of an answer, or the UpstreamError saying why there is none (logged). */
  private envelopeOf<T>(call: UpstreamCall, statusCode: number, text: string): Envelope<T> {
    if (statusCode === 401) {
      throw this.fail(
        new UpstreamError(
          'unauthorized',
          call.path,
          statusCode,
          parseCode(text),
          'the upstream rejected the signature (check API_SECRET, SIGN_ALGORITHM and the clock; a sign is accepted once)',
        ),
      );
    }
    if (statusCode >= 500) {
      throw this.fail(new UpstreamError('server', call.path, statusCode, parseCode(text), 'server error'));
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw this.fail(new UpstreamError('bad-response', call.path, statusCode, null, 'the answer is not JSON'));
    }
    if (!isEnvelope(parsed)) {
      throw this.fail(new UpstreamError('bad-response', call.path, statusCode, null, 'the answer is not an envelope'));
    }
    return parsed as Envelope<T>;
  }

  /**
   * One try of a call: signed afresh (every sign is accepted once, so a second try needs its own),
   * sent and its answer read within `timeoutMs`, all of it before `deadline`. Throws UpstreamError
   * 'timeout' or 'network' (keeping what the HTTP client threw) when no answer came.
   */
  private async send(
    call: UpstreamCall,
    scope: RequestScope,
    timeoutMs: number,
    deadline: AbortSignal,
  ): Promise<{ statusCode: number; text: string }> {
    const wire = withNonce(toWireParams(call.params ?? {}), this.options.audience);
    const headers: Record<string, string> = {
      ...signedHeaders(wire, {
        secret: this.options.secret,
        algorithm: this.options.algorithm,
        productId: this.options.productId,
      }),
      accept: 'application/json',
    };
    if (scope.clientAddress) headers['x-forwarded-for'] = scope.clientAddress;
    withRequestId(headers);

    let path = this.pathPrefix + call.path;
    let body: string | Readable | undefined;
    if (call.method === 'GET') {
      const query = new URLSearchParams(wire).toString();
      if (query) path += `?${query}`;
    } else if (call.files) {
      const multipart = multipartBody(wire, call.files);
      headers['content-type'] = multipart.contentType;
      headers['content-length'] = String(multipart.length);
      body = Readable.from(multipart.body, { objectMode: false });
    } else {
      body = JSON.stringify(wire);
      headers['content-type'] = 'application/json';
    }

    scope.upstreamRequests += 1;
    try {
      const response = await this.pool.request({
        method: call.method,
        path,
        headers,
        body,
        signal: deadline,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      return { statusCode: response.statusCode, text: await response.body.text() };
    } catch (error) {
      const failure = isTimeout(error) || deadline.aborted ? 'timeout' : 'network';
      throw new UpstreamError(failure, call.path, null, null, (error as Error)?.message ?? String(error), error);
    }
  }

  /**
   * Streams a media file (HLS, VTT, images) for the /media proxy. Media is signed like any other
   * call (its query string is P) so that an upstream which protects it accepts the gateway.
   */
  async media(
    pathAndQuery: string,
    init: {
      method: 'GET' | 'HEAD';
      headers: Record<string, string>;
      clientAddress: string | null;
      signal?: AbortSignal;
    },
  ): Promise<MediaResponse> {
    const queryIndex = pathAndQuery.indexOf('?');
    const query = new URLSearchParams(queryIndex >= 0 ? pathAndQuery.slice(queryIndex + 1) : '');
    query.delete(NONCE_PARAM);
    query.delete(AUDIENCE_PARAM);
    const wire: SignedParams = withNonce(Object.fromEntries(query), this.options.audience);
    query.set(NONCE_PARAM, wire[NONCE_PARAM]!);
    if (wire[AUDIENCE_PARAM]) query.set(AUDIENCE_PARAM, wire[AUDIENCE_PARAM]);
    const headers: Record<string, string> = {
      ...init.headers,
      ...signedHeaders(wire, {
        secret: this.options.secret,
        algorithm: this.options.algorithm,
        productId: this.options.productId,
      }),
    };
    if (init.clientAddress) headers['x-forwarded-for'] = init.clientAddress;
    withRequestId(headers);
    const started = Date.now();
    try {
      const response = await this.pool.request({
        method: init.method,
        path: `${this.pathPrefix}${queryIndex >= 0 ? pathAndQuery.slice(0, queryIndex) : pathAndQuery}?${query}`,
        headers,
        signal: init.signal,
      });
      this.options.observer?.called(response.statusCode >= 500 ? 'error' : 'ok', (Date.now() - started) / 1000);
      return { statusCode: response.statusCode, headers: response.headers, body: response.body };
    } catch (error) {
      const path = queryIndex >= 0 ? pathAndQuery.slice(0, queryIndex) : pathAndQuery;
      this.options.observer?.called(isTimeout(error) ? 'timeout' : 'error', (Date.now() - started) / 1000);
      throw this.fail(
        new UpstreamError(
          isTimeout(error) ? 'timeout' : 'network',
          path,
          null,
          null,
          (error as Error)?.message ?? String(error),
        ),
      );
    }
  }

  /**
   * A signed GET answered by an event stream (GET /api/ai/flowQuestion). It counts against the
   * operation's budget like any call. Streams travel on a pool of their own: an answer holds its
   * connection for as long as it streams (up to the upstream's 85 s), and sharing the pool that
   * page reads wait on would let a few dozen askers stall every page. The pool's timeouts bound the
   * wait for the headers and each silence between chunks (UPSTREAM_TIMEOUT_MS), not the whole answer.
   * Aborting `signal` cancels the request and its body; so does leaving the body's iteration early.
   * Throws UpstreamError when there is neither a stream nor an envelope (down, 5xx, 401, garbage, or
   * an answer that is not a stream and longer than REFUSAL_BODY_LIMIT, whose request is cancelled).
   */
  async stream(
    call: { path: string; params?: Record<string, ParamValue> },
    scope: RequestScope,
    signal: AbortSignal,
  ): Promise<StreamAnswer> {
    if (scope.upstreamBudget !== undefined && scope.upstreamRequests >= scope.upstreamBudget) {
      scope.upstreamRefused = (scope.upstreamRefused ?? 0) + 1;
      throw new UpstreamBudgetExceeded(scope.upstreamBudget, call.path);
    }
    const wire = withNonce(toWireParams(call.params ?? {}), this.options.audience);
    const headers: Record<string, string> = {
      ...signedHeaders(wire, {
        secret: this.options.secret,
        algorithm: this.options.algorithm,
        productId: this.options.productId,
      }),
      accept: 'text/event-stream, application/json',
      // an intermediary must not hold the events back to compress them
      'accept-encoding': 'identity',
    };
    if (scope.clientAddress) headers['x-forwarded-for'] = scope.clientAddress;
    withRequestId(headers);
    const query = new URLSearchParams(wire).toString();
    const path = this.pathPrefix + call.path + (query ? `?${query}` : '');
    this.streamPool ??= new Pool(this.origin, {
      connections: this.options.streamConnections ?? 1024,
      keepAliveTimeout: 10_000,
      headersTimeout: this.options.timeoutMs,
      bodyTimeout: this.options.timeoutMs,
    });

    scope.upstreamRequests += 1;
    const streamPool = this.streamPool;
    const started = Date.now();
    let response: Dispatcher.ResponseData;
    try {
      // through the breaker until the answer's headers: an open circuit refuses the question at once
      response = await this.guard.run(
        call.path,
        async () => {
          try {
            return await streamPool.request({ method: 'GET', path, headers, signal });
          } catch (error) {
            // the asker left: not the service's failure, and no reason to open the circuit
            if (signal.aborted) throw error;
            throw new UpstreamError(
              isTimeout(error) ? 'timeout' : 'network',
              call.path,
              null,
              null,
              (error as Error)?.message ?? String(error),
              error,
            );
          }
        },
        { resend: false, signal },
      );
    } catch (error) {
      if (!signal.aborted) this.observeFailure(error, started);
      if (error instanceof UpstreamError && error.failure === 'unavailable') {
        this.options.logger.debug(error.message);
        throw error;
      }
      if (error instanceof UpstreamError) throw this.fail(error);
      throw this.fail(
        new UpstreamError('network', call.path, null, null, (error as Error)?.message ?? String(error), error),
      );
    }
    this.options.observer?.called(
      response.statusCode === 401 || response.statusCode >= 500 ? 'error' : 'ok',
      (Date.now() - started) / 1000,
    );
    const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
    if (response.statusCode === 200 && contentType.startsWith('text/event-stream')) {
      this.options.logger.debug(`upstream GET ${call.path} → 200, streaming`);
      return { kind: 'stream', body: response.body };
    }
    let text: string;
    try {
      text = await boundedText(response, REFUSAL_BODY_LIMIT);
    } catch (error) {
      if (error instanceof BodyTooLong)
        throw this.fail(new UpstreamError('bad-response', call.path, response.statusCode, null, error.message));
      throw this.fail(
        new UpstreamError(
          isTimeout(error) ? 'timeout' : 'network',
          call.path,
          response.statusCode,
          null,
          (error as Error)?.message ?? String(error),
        ),
      );
    }
    if (response.statusCode === 401) {
      throw this.fail(
        new UpstreamError(
          'unauthorized',
          call.path,
          401,
          parseCode(text),
          'the upstream rejected the signature (check API_SECRET, SIGN_ALGORITHM and the clock; a sign is accepted once)',
        ),
      );
    }
    if (response.statusCode >= 500)
      throw this.fail(new UpstreamError('server', call.path, response.statusCode, parseCode(text), 'server error'));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw this.fail(
        new UpstreamError(
          'bad-response',
          call.path,
          response.statusCode,
          null,
          'the answer is neither an event stream nor JSON',
        ),
      );
    }
    if (!isEnvelope(parsed))
      throw this.fail(
        new UpstreamError('bad-response', call.path, response.statusCode, null, 'the answer is not an envelope'),
      );
    this.options.logger.debug(`upstream GET ${call.path} → ${response.statusCode} code ${parsed.code} (not streamed)`);
    return { kind: 'envelope', envelope: parsed };
  }

  async close(): Promise<void> {
    // answers still streaming at shutdown are cut off rather than waited for (up to 85 s each)
    await Promise.all([this.pool.close(), this.streamPool?.destroy()]);
  }

  /** Tells the observer how a call that got no answer ended. */
  private observeFailure(error: unknown, started: number): void {
    const observer = this.options.observer;
    if (!observer) return;
    if (error instanceof UpstreamError && error.failure === 'unavailable') {
      observer.called(this.guard.refusing ? 'breaker_open' : 'overloaded', null);
      return;
    }
    observer.called(
      error instanceof UpstreamError && error.failure === 'timeout' ? 'timeout' : 'error',
      (Date.now() - started) / 1000,
    );
  }

  private fail(error: UpstreamError): UpstreamError {
    this.options.logger.warn(error.message);
    return error;
  }
}

/**
 * The id of the request being served, so that the upstream's log lines name the same request as
 * ours. Not signed (a header): it says which request, not who may do what.
 */
function withRequestId(headers: Record<string, string>): void {
  const requestId = currentRequestId();
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
}

function parseCode(text: string): number | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return isEnvelope(parsed) ? parsed.code : null;
  } catch {
    return null;
  }
}
