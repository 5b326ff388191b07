import type { ChangePasswordInput, Field, MutationResolvers } from '../../graphql/resolverTypes';
import { fromRefusal, invalid, loginRequired, orUnavailable, signedIn, type UserErrorResult } from '../../userErrors';

/** The login service's password rules (upstream/API.md ModifyPassword), in its words. */
const PASSWORD_MAX = 128;
const PASSWORD_MIN = 8;

/** lengths in code points, as the service counts them */
const length = (value: string) => [...value].length;

function checkPasswords(input: ChangePasswordInput): UserErrorResult[] {
  const errors: UserErrorResult[] = [];
  if (input.oldPassword === '') errors.push(invalid('oldPassword', '请输入原密码'));
  if (input.newPassword !== input.confirmPassword) {
    errors.push(invalid('confirmPassword', '两次输入的新密码不一致'));
  } else if (length(input.newPassword) > PASSWORD_MAX) {
    errors.push(invalid('newPassword', `新密码不能超过${PASSWORD_MAX}位`));
  } else if (
    length(input.newPassword) < PASSWORD_MIN ||
    !/[A-Za-z]/.test(input.newPassword) ||
    !/[0-9]/.test(input.newPassword)
  ) {
    errors.push(invalid('newPassword', '新密码至少8位，且须同时包含字母和数字'));
  } else if (input.oldPassword !== '' && input.newPassword === input.oldPassword) {
    errors.push(invalid('newPassword', '新密码不能与原密码相同'));
  }
  return errors;
}

/**
 * 个人中心 · 账户设置: ModifyPassword. Whether the old password is right only the login service knows
 * (it counts wrong ones like failed sign-ins). On success it revokes the user's other tokens: the
 * gateway forgets every cached verdict about the user at once, so those sessions end here now.
 */
export const changePassword: Field<MutationResolvers, 'changePassword'> = async (_parent, { input }, ctx) => {
  const me = await signedIn(ctx);
  if (!me || !me.token) return { message: null, errors: [loginRequired()] };
  const errors = checkPasswords(input);
  if (errors.length > 0) return { message: null, errors };
  const token = me.token;
  return orUnavailable(
    async () => {
      const result = await ctx.login.changePassword(
        token,
        me.viewer.userId,
        input.oldPassword,
        input.newPassword,
        input.confirmPassword,
      );
      if (!result.ok)
        return {
          message: null,
          errors: [fromRefusal(result, '密码修改失败', ctx.logger, '/UserCenterApi/ModifyPassword')],
        };
      await ctx.session.refresh();
      return { message: result.message || '密码修改成功', errors: [] };
    },
    (error) => ({ message: null, errors: [error] }),
  );
};
