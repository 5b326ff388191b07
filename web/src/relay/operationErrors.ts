/**
 * What a failed operation's GraphQL errors say. An answer with errors and no data (the gateway's
 * rate limit 请求过于频繁，请稍后再试, a visitor's LOGIN_REQUIRED, a refusal before anything ran) reaches
 * a mutation's or a subscription's `onError`; Relay keeps the answer's errors on `error.source.errors`.
 */
interface GraphQLErrorLike {
  readonly message?: unknown;
  readonly extensions?: { readonly code?: unknown } | null;
}

function errorsOf(error: unknown): readonly GraphQLErrorLike[] {
  const errors = (error as { source?: { errors?: unknown } } | null)?.source?.errors;
  return Array.isArray(errors) ? (errors as GraphQLErrorLike[]) : [];
}

/** The first `extensions.code` among the errors (LOGIN_REQUIRED, RATE_LIMITED, INVALID…), if any. */
export function operationErrorCode(error: unknown): string | null {
  const code = errorsOf(error).find((e) => typeof e?.extensions?.code === 'string')?.extensions?.code;
  return typeof code === 'string' ? code : null;
}

const CHINESE = /[\u4e00-\u9fff]/;

/**
 * The server's own words for the person, or null: the first error message in Chinese. The gateway
 * speaks to people in Chinese; anything else (a masked internal error, a browser's network failure)
 * says nothing to them, and the caller shows its own sentence instead.
 */
export function operationErrorMessage(error: unknown): string | null {
  const message = errorsOf(error).find((e) => typeof e?.message === 'string' && CHINESE.test(e.message))?.message;
  return typeof message === 'string' ? message.trim() : null;
}
