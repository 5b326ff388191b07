import type { Field, MutationResolvers } from '../../graphql/resolverTypes';
import { fromRefusal, loginRequired, orUnavailable, signedIn } from '../../userErrors';
import { profileParent } from '../Viewer';
import { checkProfile } from './profileRules';

/** 个人中心 · 个人资料: the input checked as the login service would, then UpdateUserExtraInfo. */
export const updateProfile: Field<MutationResolvers, 'updateProfile'> = async (_parent, { input }, ctx) => {
  const me = await signedIn(ctx);
  if (!me || !me.token) return { profile: null, viewer: await ctx.session.viewer(), errors: [loginRequired()] };
  const checked = checkProfile(input);
  if ('errors' in checked) return { profile: null, viewer: me.viewer, errors: checked.errors };
  const token = me.token;
  return orUnavailable(
    async () => {
      const result = await ctx.login.updateProfile(token, me.viewer.userId, checked.fields);
      if (!result.ok) {
        return {
          profile: null,
          viewer: me.viewer,
          errors: [fromRefusal(result, '保存失败', ctx.logger, '/UserCenterApi/UpdateUserExtraInfo')],
        };
      }
      const { viewer } = await ctx.session.refresh();
      const saved =
        result.items && typeof result.items === 'object' ? result.items : await ctx.login.userProfile(token);
      return { profile: saved ? profileParent(ctx, saved) : null, viewer, errors: [] };
    },
    (error) => ({ profile: null, viewer: me.viewer, errors: [error] }),
  );
};
