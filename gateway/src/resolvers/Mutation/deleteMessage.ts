import type { Field, MutationResolvers } from '../../graphql/resolverTypes';
import { actOnOwnRecord } from './ownRecord';

/** 个人中心 · 消息: DeleteMessage with the viewer's user id. */
export const deleteMessage: Field<MutationResolvers, 'deleteMessage'> = async (_parent, { input }, ctx) => {
  const outcome = await actOnOwnRecord(ctx, {
    globalId: input.messageId,
    type: 'Message',
    field: 'messageId',
    unknownMessage: '消息不存在',
    failureMessage: '操作失败',
    path: '/api/operate/DeleteMessage',
    call: (messageId, userId) => ctx.api.center.deleteMessage(messageId, userId),
  });
  return { deletedMessageId: outcome.id, errors: outcome.errors };
};
