import type { MutationArgs, Resolver, UserErrorResult, ViewerParent } from '../../graphql/types';
import { fromRefusal, loginRequired, orUnavailable, signedIn } from '../../userErrors';

interface ClearHistoryPayload {
  message: string | null;
  viewer: ViewerParent;
  errors: UserErrorResult[];
}

/** 个人中心 · 历史记录: ClearViewLog; the server's sentence is the success toast (product-spec §8). */
export const clearHistory: Resolver<unknown, MutationArgs['clearHistory'], ClearHistoryPayload> = async (_parent, _args, ctx) => {
  const me = await signedIn(ctx);
  const viewer = await ctx.session.viewer();
  if (!me) return { message: null, viewer, errors: [loginRequired()] };
  return orUnavailable(
    async () => {
      const result = await ctx.api.centre.clearViewLog(me.viewer.userId);
      if (!result.ok) return { message: null, viewer, errors: [fromRefusal(result, '操作失败', ctx.logger, '/api/usercenter/ClearViewLog')] };
      return { message: result.message || null, viewer, errors: [] };
    },
    (error) => ({ message: null, viewer, errors: [error] }),
  );
};
