import type { Field, MutationResolvers } from '../../graphql/resolverTypes';
import { fromRefusal, loginRequired, orUnavailable, signedIn } from '../../userErrors';

/** 个人中心 · 历史记录: ClearViewLog; the server's sentence is the success toast (product-spec §8). */
export const clearHistory: Field<MutationResolvers, 'clearHistory'> = async (_parent, _args, ctx) => {
  const me = await signedIn(ctx);
  const viewer = await ctx.session.viewer();
  if (!me) return { message: null, viewer, errors: [loginRequired()] };
  return orUnavailable(
    async () => {
      const result = await ctx.api.center.clearViewLog(me.viewer.userId);
      if (!result.ok)
        return {
          message: null,
          viewer,
          errors: [fromRefusal(result, '操作失败', ctx.logger, '/api/usercenter/ClearViewLog')],
        };
      return { message: result.message || null, viewer, errors: [] };
    },
    (error) => ({ message: null, viewer, errors: [error] }),
  );
};
