/**
 * What a user is told when an action of theirs does not happen: the typed user errors of the
 * mutations' payloads (`errors`, schema.graphql's UserError) and of the plain HTTP routes that act
 * for the viewer (the play-log beacon's JSON answers). Nothing here is GraphQL:
 *   LOGIN_REQUIRED  nobody is signed in; no upstream call was made
 *   REFUSED         the service said no (code -1): `message` is its Chinese sentence, shown as is
 *   INVALID         the input breaks a rule checked before calling (or the service's 4000): `field` names it
 *   UNAVAILABLE     the service could not be reached or answered nonsense: 服务暂时不可用，请稍后再试;
 *                   it did not answer in time, or the gateway stopped calling it for a moment after
 *                   it stopped answering: 服务繁忙，请稍后再试
 * Anything else (a spent upstream budget, a bug) stays a GraphQL error, masked as usual.
 */
import type { Logger } from './logger';
import { CODE_BAD_PARAMETER, CODE_REFUSED } from './upstream/envelope';
import { UpstreamError } from './upstream/errors';
import type { OperationResult } from './upstream/operations';
import { isLoggedIn, type SignedInViewer, type ViewerSession, type ViewerState } from './viewer';

export type UserErrorCode = 'LOGIN_REQUIRED' | 'REFUSED' | 'INVALID' | 'UNAVAILABLE';

/** A user error as payloads carry it: `field` names the input at fault, if one is. */
export interface UserErrorResult {
  message: string;
  code: string;
  field: string | null;
}

export const LOGIN_REQUIRED_MESSAGE = '请先登录';

/** What the client sees instead of an upstream failure's details (those go to the log). */
export const UPSTREAM_UNAVAILABLE_MESSAGE = '服务暂时不可用，请稍后再试';

/**
 * What the client sees when the service is there but does not answer in time (a timeout), or the
 * gateway refuses calls for a moment because the last ones got no answer (an open circuit, too many
 * waiting): trying again in a few seconds is likely to work.
 */
export const UPSTREAM_BUSY_MESSAGE = '服务繁忙，请稍后再试';

/** The sentence for an upstream failure: busy (try again shortly) or unavailable. */
export function upstreamFailureMessage(error: UpstreamError): string {
  return error.failure === 'timeout' || error.failure === 'unavailable'
    ? UPSTREAM_BUSY_MESSAGE
    : UPSTREAM_UNAVAILABLE_MESSAGE;
}

export function userError(code: UserErrorCode, message: string, field: string | null = null): UserErrorResult {
  return { code, message, field };
}

export const loginRequired = (): UserErrorResult => userError('LOGIN_REQUIRED', LOGIN_REQUIRED_MESSAGE);
export const refused = (message: string): UserErrorResult => userError('REFUSED', message);
export const invalid = (field: string, message: string): UserErrorResult => userError('INVALID', message, field);
export const unavailable = (cause?: UpstreamError): UserErrorResult =>
  userError('UNAVAILABLE', cause ? upstreamFailureMessage(cause) : UPSTREAM_UNAVAILABLE_MESSAGE);

/**
 * A refusal of an operation call as the user's error. -1 carries the sentence to show; 4000 a
 * parameter the gateway should have caught; 4004 means the service does not know the call (a
 * gateway and a service of different versions), which the user can only wait out.
 */
export function fromRefusal(
  result: Extract<OperationResult<unknown>, { ok: false }>,
  fallback: string,
  logger: Logger,
  path: string,
): UserErrorResult {
  if (result.code === CODE_REFUSED) return refused(result.message || fallback);
  if (result.code === CODE_BAD_PARAMETER) return userError('INVALID', result.message || fallback);
  logger.warn(`${path}: the service answered code ${result.code}`);
  return unavailable();
}

/** The signed-in viewer of the operation, or null (the mutation answers LOGIN_REQUIRED without calling anything). */
export async function signedIn(ctx: {
  session: ViewerSession;
}): Promise<{ viewer: SignedInViewer; token: string | null } | null> {
  const state: ViewerState = await ctx.session.current();
  return isLoggedIn(state.viewer) ? { viewer: state.viewer, token: state.token } : null;
}

/**
 * Runs a mutation's upstream work and turns an unreachable service into UNAVAILABLE; the payload's
 * other fields are then whatever `onUnavailable` gives.
 */
export async function orUnavailable<T>(
  work: () => Promise<T>,
  onUnavailable: (error: UserErrorResult) => T | Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UpstreamError) return onUnavailable(unavailable(error));
    throw error;
  }
}
