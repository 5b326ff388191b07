import type { Field, MutationResolvers } from '../../graphql/resolverTypes';
import { fromRefusal, loginRequired, orUnavailable, signedIn } from '../../userErrors';
import { OAUTH_TYPES } from '../center';
import { profileParent } from '../Viewer';

/** 个人中心 · 账户设置: UnBindOautAccount (1 QQ, 2 微信, 3 微博); the answer is the profile as it now is. */
export const unbindAccount: Field<MutationResolvers, 'unbindAccount'> = async (_parent, { input }, ctx) => {
  const me = await signedIn(ctx);
  if (!me || !me.token) return { profile: null, errors: [loginRequired()] };
  const token = me.token;
  return orUnavailable(
    async () => {
      const result = await ctx.login.unbind(token, OAUTH_TYPES[input.provider]);
      if (!result.ok)
        return {
          profile: null,
          errors: [fromRefusal(result, '解绑失败', ctx.logger, '/UserCenterApi/UnBindOautAccount')],
        };
      const profile =
        result.items && typeof result.items === 'object' ? result.items : await ctx.login.userProfile(token);
      return { profile: profile ? profileParent(ctx, profile) : null, errors: [] };
    },
    (error) => ({ profile: null, errors: [error] }),
  );
};
