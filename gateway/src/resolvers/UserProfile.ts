/** 个人资料 and 账户设置: the login service's profile, in the schema's names. */
import type { UserProfileParent } from '../graphql/models';
import type { AccountBinding, Gender, OAuthProvider, UserProfileResolvers } from '../graphql/resolverTypes';
import { OAUTH_LABELS, OAUTH_TYPES } from './center';
import { loginServicePageUrl } from './Query/site';

const GENDERS: Record<number, Gender> = { 1: 'MALE', 0: 'FEMALE', 2: 'UNKNOWN' };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One of the login service's account pages, with a 返回 link to the platform's personal centre. */
function accountPage(parent: UserProfileParent, page: string, query: Record<string, string> = {}): string {
  return loginServicePageUrl(parent.loginPageUrl, page, { ...query, redirect: parent.centerUrl });
}

function bindings(parent: UserProfileParent): AccountBinding[] {
  const states: Record<OAuthProvider, unknown> = {
    QQ: parent.profile.QQBindState,
    WECHAT: parent.profile.WeixinBindState,
    WEIBO: parent.profile.WeiboBindState,
  };
  return (Object.keys(OAUTH_TYPES) as OAuthProvider[]).map((provider) => ({
    provider,
    label: OAUTH_LABELS[provider],
    bound: Number(states[provider]) === 1,
    bindUrl: accountPage(parent, 'bind', { type: String(OAUTH_TYPES[provider]) }),
  }));
}

export const UserProfile = {
  userId: ({ profile }) => profile.userId,
  userName: ({ profile }) => text(profile.UserName),
  realName: ({ profile }) => text(profile.RealName),
  gender: ({ profile }): Gender => GENDERS[Number(profile.Gender)] ?? 'UNKNOWN',
  address: ({ profile }) => text(profile.Address),
  birthday: ({ profile }) => text(profile.Birthday),
  school: ({ profile }) => text(profile.School),
  major: ({ profile }) => text(profile.Major),
  className: ({ profile }) => text(profile.ClassName),
  studentId: ({ profile }) => text(profile.StudentID),
  info: ({ profile }) => text(profile.Info),
  headPicture: ({ profile }) => text(profile.HeadPicture),
  phoneNumber: ({ profile }) => text(profile.PhoneNumber),
  email: ({ profile }) => text(profile.Email),
  bindings,
  // a login service that does not say is taken to allow it; it refuses the change itself if not
  canChangePassword: ({ profile }) => profile.CanChangePassword !== false,
  changeEmailUrl: (parent) => accountPage(parent, 'email'),
  changePhoneUrl: (parent) => accountPage(parent, 'phone'),
  findPasswordUrl: (parent) => accountPage(parent, 'find-password'),
} satisfies UserProfileResolvers;
