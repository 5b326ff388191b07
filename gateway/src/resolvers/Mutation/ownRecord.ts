/**
 * The personal centre's operations on one of the viewer's own records (delete a message, a fragment,
 * a note; stop collecting a note): signed in, a global id of the right type, one upstream call with
 * the viewer's user id. The upstream answers a record that is not the viewer's exactly like an
 * unknown one (-1 with its sentence), so nobody learns which ids exist.
 */
import type { GatewayContext } from '../../context';
import { idOfType, toGlobalId, type NodeType } from '../../graphql/globalId';
import { fromRefusal, invalid, loginRequired, orUnavailable, signedIn, type UserErrorResult } from '../../userErrors';
import type { OperationResult } from '../../upstream/operations';

export interface OwnRecordOperation {
  /** the global id from the input */
  globalId: string;
  type: Extract<NodeType, 'Message' | 'Fragment' | 'Note'>;
  /** the input field, for INVALID */
  field: string;
  /** what an id of another type or shape means to the user (the upstream's own sentence for an unknown id) */
  unknownMessage: string;
  /** shown when a refusal comes without a sentence (product-spec §8: 操作失败) */
  failureMessage: string;
  path: string;
  call: (id: number, userId: number) => Promise<OperationResult<unknown>>;
}

export interface OwnRecordOutcome {
  /** the record's global id when the operation succeeded */
  id: string | null;
  /** the upstream's sentence on success */
  message: string | null;
  errors: UserErrorResult[];
}

export async function actOnOwnRecord(ctx: GatewayContext, operation: OwnRecordOperation): Promise<OwnRecordOutcome> {
  const failed = (error: UserErrorResult): OwnRecordOutcome => ({ id: null, message: null, errors: [error] });
  const me = await signedIn(ctx);
  if (!me) return failed(loginRequired());
  const id = idOfType(operation.globalId, operation.type);
  if (id === null) return failed(invalid(operation.field, operation.unknownMessage));
  return orUnavailable(async () => {
    const result = await operation.call(id, me.viewer.userId);
    if (!result.ok) return failed(fromRefusal(result, operation.failureMessage, ctx.logger, operation.path));
    return { id: toGlobalId(operation.type, id), message: result.message || null, errors: [] };
  }, failed);
}
