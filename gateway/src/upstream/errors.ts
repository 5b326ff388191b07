import type { CODE_BAD_PARAMETER, CODE_NOT_FOUND } from './envelope';

/**
 * Why an upstream call failed, in terms a resolver (and an operator reading the log) can act on.
 * The message never contains the secret, the sign or the query string's values.
 */
export type UpstreamFailure =
  | 'network' // connection refused, reset, DNS: the upstream is down or unreachable
  | 'timeout' // no complete answer within the call's time (its kind's: a read, a write, a long call)
  | 'unavailable' // not sent: the upstream failed calls in a row just now (circuit open) or too many wait for it
  | 'server' // HTTP 5xx
  | 'unauthorized' // HTTP 401: wrong API_SECRET, SIGN_ALGORITHM or clock skew
  | 'bad-response' // not the JSON envelope
  | 'rejected'; // a well-formed envelope whose code means failure where the gateway expected success

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly failure: UpstreamFailure,
    readonly path: string,
    readonly status: number | null,
    readonly code: number | null,
    detail: string,
    /** what the HTTP client threw, when it threw (a reset connection is told apart by it) */
    cause?: unknown,
  ) {
    const facts = [status === null ? null : `HTTP ${status}`, code === null ? null : `code ${code}`].filter(Boolean);
    super(
      `upstream ${failure} on ${path}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}: ${detail}`,
      cause === undefined ? undefined : { cause },
    );
  }
}

/**
 * The operation has sent as many upstream requests as one operation may (RequestScope.upstreamBudget):
 * the call was not made. Not an upstream failure: the client asked for too much at once.
 */
export class UpstreamBudgetExceeded extends Error {
  override name = 'UpstreamBudgetExceeded';
  constructor(
    readonly budget: number,
    readonly path: string,
  ) {
    super(`upstream budget of ${budget} requests per operation spent; ${path} not called`);
  }
}

/** The codes with which the main API refuses a read itself rather than failing (upstream/API.md "Envelope and codes"). */
export type RefusalCode = typeof CODE_BAD_PARAMETER | typeof CODE_NOT_FOUND;

/**
 * The main API answered a read by refusing the request: 4000 (a parameter it does not accept) or
 * 4004 (nothing has that id), with its own sentence. Not an UpstreamError: the service is up and
 * has answered, so nothing that treats an UpstreamError as "unavailable, try again later" may take
 * it for one. Whoever answers the client tells it what it asked wrongly (graphql/errors.ts).
 */
export class UpstreamRefusal extends Error {
  override name = 'UpstreamRefusal';
  constructor(
    readonly path: string,
    readonly code: RefusalCode,
    /** the upstream's sentence for the user, '' when it gave none */
    readonly answer: string,
    /** the parameter of the call the refusal is about, when the transport can tell (the search keyword) */
    readonly parameter?: string,
  ) {
    super(`upstream refused ${path} (code ${code})${parameter ? ` about ${parameter}` : ''}`);
  }
}
