/**
 * Why an upstream call failed, in terms a resolver (and an operator reading the log) can act on.
 * The message never contains the secret, the sign or the query string's values.
 */
export type UpstreamFailure =
  | 'network' // connection refused, reset, DNS: the upstream is down or unreachable
  | 'timeout' // no complete answer within upstreamTimeoutMs
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
  ) {
    const facts = [status === null ? null : `HTTP ${status}`, code === null ? null : `code ${code}`].filter(Boolean);
    super(`upstream ${failure} on ${path}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}: ${detail}`);
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
