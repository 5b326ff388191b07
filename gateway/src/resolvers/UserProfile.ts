/** 个人资料 and 账户设置: the login service's profile, in the schema's names. */
import type { Gender, OAuthProvider, UserProfileParent } from '../graphql/types';
import { OAUTH_LABELS, OAUTH_TYPES } from './centre';
import { loginServicePageUrl } from './Query/site';

const GENDERS: Record<number, Gender> = { 1: 'MALE', 0: 'FEMALE', 2: 'UNKNOWN' };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One of the login service's account pages, with a 返回 link to the platform's personal centre. */
function accountPage(parent: UserProfileParent, page: string, query: Record<string, string> = {}): string {
  return loginServicePageUrl(parent.loginPageUrl, page, { ...query, redirect: parent.centreUrl });
}

export interface AccountBindingResult {
  provider: OAuthProvider;
  label: string;
  bound: boolean;
  bindUrl: string;
}

function bindings(parent: UserProfileParent): AccountBindingResult[] {
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
  userId: ({ profile }: UserProfileParent) => profile.userId,
  userName: ({ profile }: UserProfileParent) => text(profile.UserName),
  realName: ({ profile }: UserProfileParent) => text(profile.RealName),
  gender: ({ profile }: UserProfileParent): Gender => GENDERS[Number(profile.Gender)] ?? 'UNKNOWN',
  address: ({ profile }: UserProfileParent) => text(profile.Address),
  birthday: ({ profile }: UserProfileParent) => text(profile.Birthday),
  school: ({ profile }: UserProfileParent) => text(profile.School),
  major: ({ profile }: UserProfileParent) => text(profile.Major),
  className: ({ profile }: UserProfileParent) => text(profile.ClassName),
  studentId: ({ profile }: UserProfileParent) => text(profile.StudentID),
  info: ({ profile }: UserProfileParent) => text(profile.Info),
  headPicture: ({ profile }: UserProfileParent) => text(profile.HeadPicture),
  phoneNumber: ({ profile }: UserProfileParent) => text(profile.PhoneNumber),
  email: ({ profile }: UserProfileParent) => text(profile.Email),
  bindings,
  // a login service that does not say is taken to allow it; it refuses the change itself if not
  canChangePassword: ({ profile }: UserProfileParent) => profile.CanChangePassword !== false,
  changeEmailUrl: (parent: UserProfileParent) => accountPage(parent, 'email'),
  changePhoneUrl: (parent: UserProfileParent) => accountPage(parent, 'phone'),
  findPasswordUrl: (parent: UserProfileParent) => accountPage(parent, 'find-password'),
};
