/**
 * Account administration shared by the admin command line and the demo seed: creating users
 * (with their welcome message) and organisations with every input checked, listing, enabling,
 * disabling and password resets.
 * Records leave here through the presenters below, which never include a password hash.
 */
import type { OrganisationRecord, Store, UserRecord, UserType } from '../../store';
import { MESSAGE_TYPE } from '../../store/messages';
import { parseCidr } from '../../http/cidr';
import { hashPassword, passwordWeakness } from './passwords';

export class AccountError extends Error {
  override name = 'AccountError';
}

/** the 系统通知 every new account finds in 消息 (organisation network identities get none: they are shared) */
export const WELCOME_MESSAGE =
  '欢迎加入思政云课堂！在“个人中心 › 个人资料”完善你的信息、上传头像，在“账户设置”修改密码和联系方式。祝学习愉快！';

export const USER_NAME_RULE = /^[\p{L}\p{N}_.@-]{2,32}$/u;
/** reserved for the per-organisation network identities (org<comId>) */
const ORG_IDENTITY_NAME = /^org[0-9]+$/i;
const GID_RULE = /^[A-Za-z0-9_-]{4,64}$/;

export interface NewUser {
  userName: string;
  password: string;
  userType: UserType;
  comId?: number | null;
  realName?: string;
}

export interface NewOrganisation {
  name: string;
  ipRanges: string[];
  gid?: string;
  comCode?: string;
}

export interface UserJson {
  userId: number;
  userName: string;
  userType: UserType;
  comId: number | null;
  comName: string | null;
  realName: string;
  enabled: boolean;
  passwordLogin: boolean;
  networkIdentityOf: number | null;
  createdAt: string;
}

export interface OrganisationJson {
  comId: number;
  name: string;
  comCode: string;
  gid: string;
  enabled: boolean;
  ipRanges: string[];
  createdAt: string;
}

export async function userJson(store: Store, user: UserRecord): Promise<UserJson> {
  return {
    userId: user.userId,
    userName: user.userName,
    userType: user.userType,
    comId: user.comId,
    comName: user.comId === null ? null : ((await store.organisations.get(user.comId))?.name ?? null),
    realName: user.realName,
    enabled: user.enabled,
    passwordLogin: user.hasPassword,
    networkIdentityOf: user.orgIdentityOf,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

export function organisationJson(org: OrganisationRecord): OrganisationJson {
  return {
    comId: org.comId,
    name: org.name,
    comCode: org.comCode,
    gid: org.gid,
    enabled: org.enabled,
    ipRanges: org.ipRanges,
    createdAt: new Date(org.createdAt).toISOString(),
  };
}

export function checkUserName(userName: string): string {
  const name = userName.trim();
  if (!USER_NAME_RULE.test(name)) {
    throw new AccountError('用户名须为 2 到 32 个字符，只能包含字母、数字、汉字和 _ . @ -');
  }
  if (ORG_IDENTITY_NAME.test(name)) throw new AccountError(`用户名 ${name} 为机构网络身份保留，请换一个`);
  return name;
}

function checkPassword(password: string): void {
  const weakness = passwordWeakness(password);
  if (weakness) throw new AccountError(weakness);
}

export async function createUser(store: Store, input: NewUser, now: number): Promise<UserRecord> {
  const userName = checkUserName(input.userName);
  checkPassword(input.password);
  if (input.userType !== 1 && input.userType !== 2) throw new AccountError('用户类型只能是 1（个人）或 2（机构成员）');
  const comId = input.comId ?? null;
  if (input.userType === 2 && comId === null) throw new AccountError('机构成员（类型 2）必须指定所属机构');
  if (input.userType === 1 && comId !== null) throw new AccountError('个人用户（类型 1）不能指定所属机构');
  if (comId !== null && !(await store.organisations.get(comId))) throw new AccountError(`机构 ${comId} 不存在`);
  if (await store.users.getByName(userName)) throw new AccountError(`用户名 ${userName} 已存在`);
  const passwordHash = await hashPassword(input.password);
  // checked again at insert time: another process may have taken the name meanwhile
  if (await store.users.getByName(userName)) throw new AccountError(`用户名 ${userName} 已存在`);
  return store.transaction(async () => {
    const user = await store.users.insert(
      { userName, passwordHash, userType: input.userType, comId, realName: input.realName ?? '' },
      now,
    );
    await store.messages.add({ userId: user.userId, type: MESSAGE_TYPE.system, message: WELCOME_MESSAGE }, now);
    return user;
  });
}

async function userByName(store: Store, userName: string): Promise<UserRecord> {
  const user = await store.users.getByName(userName.trim());
  if (!user) throw new AccountError(`用户 ${userName.trim()} 不存在`);
  return user;
}

export async function setUserEnabled(store: Store, userName: string, enabled: boolean): Promise<UserRecord> {
  const user = await userByName(store, userName);
  await store.transaction(async () => {
    await store.users.setEnabled(user.userId, enabled);
    // a disabled account must lose its sessions at once, not when they expire
    if (!enabled) await store.tokens.revokeAllOf(user.userId);
  });
  return (await store.users.get(user.userId))!;
}

export async function resetPassword(store: Store, userName: string, password: string): Promise<UserRecord> {
  const user = await userByName(store, userName);
  if (user.orgIdentityOf !== null) throw new AccountError('机构网络身份不能设置密码');
  checkPassword(password);
  const hash = await hashPassword(password);
  await store.transaction(async () => {
    await store.users.setPasswordHash(user.userId, hash);
    // whoever knew the old password must not stay signed in
    await store.tokens.revokeAllOf(user.userId);
    await store.messages.add(
      {
        userId: user.userId,
        type: MESSAGE_TYPE.security,
        message: '你的登录密码已由管理员重置，所有设备上的登录已退出。如非本人申请，请联系管理员。',
      },
      Date.now(),
    );
  });
  return (await store.users.get(user.userId))!;
}

export function parseIpRanges(ranges: string[]): string[] {
  const canonical: string[] = [];
  for (const range of ranges) {
    const text = parseCidr(range).text; // throws CidrError with a Chinese message
    if (!canonical.includes(text)) canonical.push(text);
  }
  return canonical;
}

export async function createOrganisation(
  store: Store,
  input: NewOrganisation,
  now: number,
): Promise<OrganisationRecord> {
  const name = input.name.trim();
  if (name === '' || [...name].length > 100) throw new AccountError('机构名称不能为空，且不超过 100 个字符');
  const ipRanges = parseIpRanges(input.ipRanges);
  const gid = input.gid?.trim();
  if (gid !== undefined && !GID_RULE.test(gid)) {
    throw new AccountError('免登录链接 gid 须为 4 到 64 个字母、数字、_ 或 -');
  }
  if (gid !== undefined && (await store.organisations.getByGid(gid)))
    throw new AccountError(`免登录链接 gid ${gid} 已被使用`);
  const comCode = (input.comCode ?? '').trim();
  if ([...comCode].length > 50) throw new AccountError('机构代码不能超过 50 个字符');
  return store.organisations.insert({ name, comCode, gid, enabled: true, ipRanges }, now);
}

export async function setOrganisationEnabled(
  store: Store,
  comId: number,
  enabled: boolean,
): Promise<OrganisationRecord> {
  if (!(await store.organisations.setEnabled(comId, enabled))) throw new AccountError(`机构 ${comId} 不存在`);
  return (await store.organisations.get(comId))!;
}

/** The network identity of an organisation (userType 2, no password), created on first use. */
export function organisationIdentity(store: Store, org: OrganisationRecord, now: number): Promise<UserRecord> {
  return store.transaction(
    async () =>
      (await store.users.orgIdentity(org.comId)) ??
      (await store.users.insert(
        {
          userName: `org${org.comId}`,
          passwordHash: null,
          userType: 2,
          comId: org.comId,
          realName: org.name,
          orgIdentityOf: org.comId,
        },
        now,
      )),
  );
}
