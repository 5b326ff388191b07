/** Operation calls (2001 on success, -1 with the user's sentence on refusal), shared by both services. */
import {
  CODE_BAD_PARAMETER,
  CODE_NOT_FOUND,
  CODE_OPERATION_OK,
  CODE_READ_OK,
  CODE_REFUSED,
  type Envelope,
} from './envelope';
import { UpstreamError } from './errors';

/** Outcome of an operation call: success, or the upstream's code and sentence for the user. */
export type OperationResult<T> = { ok: true; items: T; message: string } | { ok: false; code: number; message: string };

/**
 * 2000/2001 succeed; -1 (refused), 4000 (bad parameter) and 4004 (unknown id or path) are answers
 * the caller turns into user errors; any other code is not an answer this contract has, so it is
 * an UpstreamError like a 5xx.
 */
export function operationResult<T>(path: string, envelope: Envelope<T>): OperationResult<T> {
  if (envelope.code === CODE_OPERATION_OK || envelope.code === CODE_READ_OK) {
    return { ok: true, items: envelope.items, message: envelope.message ?? '' };
  }
  if (envelope.code === CODE_REFUSED || envelope.code === CODE_BAD_PARAMETER || envelope.code === CODE_NOT_FOUND) {
    return { ok: false, code: envelope.code, message: envelope.message ?? '' };
  }
  throw new UpstreamError('rejected', path, null, envelope.code, 'unexpected code for an operation');
}
