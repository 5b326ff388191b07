import type { Field, MutationResolvers } from '../../graphql/resolverTypes';
import { actOnOwnRecord } from './ownRecord';

/** 个人中心 · 截取片段 (after the client's confirmation, product-spec §2): the server's sentence is the toast. */
export const deleteFragment: Field<MutationResolvers, 'deleteFragment'> = async (_parent, { input }, ctx) => {
  const outcome = await actOnOwnRecord(ctx, {
    globalId: input.fragmentId,
    type: 'Fragment',
    field: 'fragmentId',
    unknownMessage: '片段不存在',
    failureMessage: '操作失败',
    path: '/api/usercenter/deleteInterceptFragments',
    call: (id, userId) => ctx.api.center.deleteFragment(id, userId),
  });
  return { deletedFragmentId: outcome.id, message: outcome.message, errors: outcome.errors };
};
