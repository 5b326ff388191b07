/**
 * What a signed-in user does to their own account (upstream/API.md "Profile, avatar, password,
 * third-party accounts" and "Account pages"): read and edit the profile, change the password or
 * the contact e-mail / phone (each confirmed with the current password under the brute-force
 * limits), unbind a third-party account, and the find-password request of someone who cannot
 * sign in. Security-relevant changes leave a 安全提醒 message. Logs carry user ids, never a
 * password, a token or a contact value.
 */
import { refused } from '../../http/envelope';
import type { ProfileJson } from '../contract';
import type { Logger } from '../../logger';
import type { OAuthProviderKey, Store, UserRecord } from '../../store';
import { MESSAGE_TYPE } from '../../store/messages';
import { AUTH_MESSAGES, type AuthService } from './auth-service';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';
import {
  chinaDate,
  chinaTime,
  checkProfile,
  CONTACT_MESSAGES,
  normaliseEmail,
  normalisePhone,
  type ProfileFields,
} from './profile-rules';

export const ACCOUNT_MESSAGES = {
  profileSaved: '个人资料已保存',
  passwordChanged: '密码修改成功',
  unbound: '解绑成功',
  notBound: '该账号未绑定',
  foreignUser: '无权修改其他用户的资料',
  networkIdentity: '机构网络账号不能修改个人信息',
  wrongOldPassword: '原密码错误',
  passwordMismatch: '两次输入的新密码不一致',
  passwordWeak: `新密码至少${PASSWORD_MIN_LENGTH}位，且须同时包含字母和数字`,
  passwordTooLong: `新密码不能超过${PASSWORD_MAX_LENGTH}位`,
  passwordUnchanged: '新密码不能与原密码相同',
  wrongCurrentPassword: '当前密码错误',
  sameContact: '与当前的相同，无需修改',
  resetReceived: '已收到找回密码申请，管理员核实后会与你联系',
} as const;

/** third-party accounts by the `type` of UnBindOautAccount and /bind */
export const OAUTH_PROVIDERS = {
  1: { key: 'qq', label: 'QQ' },
  2: { key: 'weixin', label: '微信' },
  3: { key: 'weibo', label: '微博' },
} as const satisfies Record<number, { key: OAuthProviderKey; label: string }>;

export type OAuthProviderType = keyof typeof OAUTH_PROVIDERS;

export const bindStateOf = (user: UserRecord, key: OAuthProviderKey): boolean =>
  (key === 'qq' ? user.qqBindState : key === 'weixin' ? user.weixinBindState : user.weiboBindState) === 1;

/** an organisation's network identity: shared by everyone on that network, no password */
export const isNetworkIdentity = (user: UserRecord): boolean => user.orgIdentityOf !== null || !user.hasPassword;

export function profileJson(user: UserRecord): ProfileJson {
  return {
    userId: user.userId,
    UserName: user.userName,
    RealName: user.realName,
    Gender: user.gender,
    Address: user.address,
    Birthday: user.birthday,
    School: user.school,
    Major: user.major,
    ClassName: user.className,
    StudentID: user.studentId,
    Info: user.info,
    PhoneNumber: user.phone,
    Email: user.email,
    HeadPicture: user.headPicture,
    QQBindState: user.qqBindState,
    WeixinBindState: user.weixinBindState,
    WeiboBindState: user.weiboBindState,
    CanChangePassword: !isNetworkIdentity(user),
  };
}

export interface PasswordChange {
  oldPwd: string;
  newPwd: string;
  confirmPwd: string;
}

export type ContactKind = 'email' | 'phone';

export interface AccountService {
  profile(user: UserRecord): Promise<ProfileJson>;
  updateProfile(user: UserRecord, fields: ProfileFields): Promise<ProfileJson>;
  /** keeps the session `keepTokenHash` (the one making the change), revokes every other */
  changePassword(user: UserRecord, keepTokenHash: string, change: PasswordChange, clientIp: string): Promise<void>;
  unbind(user: UserRecord, type: OAuthProviderType): Promise<ProfileJson>;
  /**
   * returns the value as stored; throws -1 refusals with the sentence for the page. `sessionTokenHash`
   * is the session making the change: it must still exist when the change is written
   */
  changeContact(
    user: UserRecord,
    sessionTokenHash: string,
    kind: ContactKind,
    value: string,
    password: string,
    clientIp: string,
  ): Promise<string>;
  /** records the request whatever the name; the answer never says whether the account exists */
  requestPasswordReset(userName: string, contact: string, clientIp: string): Promise<void>;
  /** throws -1 机构网络账号不能修改个人信息 for a network identity */
  assertPersonal(user: UserRecord): void;
}

/** find-password requests kept per address and hour; more are answered the same but not stored */
export const RESET_REQUESTS_PER_ADDRESS_HOUR = 5;
/** find-password requests kept per hour from all addresses together (many addresses cannot fill the table either) */
export const RESET_REQUESTS_PER_HOUR = 200;
/** handled find-password requests are deleted this long after they were handled (whenever a new one is stored) */
export const RESET_REQUEST_RETENTION_MS = 90 * 24 * 3_600_000;

export function createAccountService(options: {
  store: Store;
  auth: AuthService;
  logger: Logger;
  now: () => number;
}): AccountService {
  const { store, auth, logger, now } = options;

  const reload = async (user: UserRecord): Promise<UserRecord> => (await store.users.get(user.userId)) ?? user;

  /**
   * The first statement of a change confirmed with the password, inside its immediate transaction
   * (the write lock is held from here to the commit): the password was checked asynchronously, and
   * meanwhile another request (another session's password change, a logout, an operator's reset)
   * may have ended this session or replaced the password. Then the change is refused with
   * 登录已失效，请重新登录 and nothing is written.
   */
  async function requireUnchangedSession(userId: number, tokenHash: string, verifiedHash: string): Promise<void> {
    const session = await store.tokens.get(tokenHash);
    if (
      !session ||
      session.userId !== userId ||
      session.expiresAt <= now() ||
      (await store.users.passwordHashOf(userId)) !== verifiedHash
    ) {
      logger.info(`change refused: session or password changed meanwhile userId=${userId}`);
      throw refused(AUTH_MESSAGES.expired);
    }
  }

  async function securityNotice(userId: number, message: string, at: number): Promise<void> {
    await store.messages.add({ userId, type: MESSAGE_TYPE.security, message }, at);
  }

  const service: AccountService = {
    profile: async (user) => profileJson(await reload(user)),

    assertPersonal(user) {
      if (isNetworkIdentity(user)) throw refused(ACCOUNT_MESSAGES.networkIdentity);
    },

    async updateProfile(user, fields) {
      service.assertPersonal(user);
      const current = await reload(user);
      const profile = checkProfile(fields, current, chinaDate(now()));
      await store.users.updateProfile(user.userId, profile);
      logger.info(`profile updated userId=${user.userId}`);
      return profileJson(await reload(user));
    },

    async changePassword(user, keepTokenHash, change, clientIp) {
      service.assertPersonal(user);
      // over-long input is simply wrong (and still counted), never hashed at length
      const oldPwd = [...change.oldPwd].length > PASSWORD_MAX_LENGTH ? '' : change.oldPwd;
      const verifiedHash = await auth.confirmPassword(user, oldPwd, clientIp, ACCOUNT_MESSAGES.wrongOldPassword);
      const { newPwd } = change;
      if (newPwd !== change.confirmPwd) throw refused(ACCOUNT_MESSAGES.passwordMismatch);
      const length = [...newPwd].length;
      if (length < PASSWORD_MIN_LENGTH || !/[A-Za-z]/.test(newPwd) || !/[0-9]/.test(newPwd))
        throw refused(ACCOUNT_MESSAGES.passwordWeak);
      if (length > PASSWORD_MAX_LENGTH) throw refused(ACCOUNT_MESSAGES.passwordTooLong);
      if (newPwd.normalize('NFC') === change.oldPwd.normalize('NFC')) throw refused(ACCOUNT_MESSAGES.passwordUnchanged);
      const hash = await hashPassword(newPwd);
      const at = now();
      const revoked = await store.immediateTransaction(async () => {
        await requireUnchangedSession(user.userId, keepTokenHash, verifiedHash);
        await store.users.setPasswordHash(user.userId, hash);
        // whoever else knew the old password must not stay signed in; this session made the change
        const count = await store.tokens.revokeOthersOf(user.userId, keepTokenHash);
        await securityNotice(
          user.userId,
          `你的登录密码已于 ${chinaTime(at)} 修改，其他设备上的登录已退出。如非本人操作，请立即联系管理员。`,
          at,
        );
        return count;
      });
      logger.info(`password changed userId=${user.userId} (other sessions ended: ${revoked})`);
    },

    async unbind(user, type) {
      const provider = OAUTH_PROVIDERS[type];
      const current = await reload(user);
      if (!bindStateOf(current, provider.key)) throw refused(ACCOUNT_MESSAGES.notBound);
      await store.users.setBindState(user.userId, provider.key, false);
      logger.info(`unbound ${provider.key} userId=${user.userId}`);
      return profileJson(await reload(user));
    },

    async changeContact(user, sessionTokenHash, kind, value, password, clientIp) {
      service.assertPersonal(user);
      const stored = kind === 'email' ? normaliseEmail(value) : normalisePhone(value);
      if (stored === null) throw refused(kind === 'email' ? CONTACT_MESSAGES.email : CONTACT_MESSAGES.phone);
      const current = await reload(user);
      if ((kind === 'email' ? current.email : current.phone) === stored) throw refused(ACCOUNT_MESSAGES.sameContact);
      const verifiedHash = await auth.confirmPassword(
        user,
        [...password].length > PASSWORD_MAX_LENGTH ? '' : password,
        clientIp,
        ACCOUNT_MESSAGES.wrongCurrentPassword,
      );
      const at = now();
      const label = kind === 'email' ? '联系邮箱' : '手机号码';
      await store.immediateTransaction(async () => {
        await requireUnchangedSession(user.userId, sessionTokenHash, verifiedHash);
        if (kind === 'email') await store.users.setEmail(user.userId, stored);
        else await store.users.setPhone(user.userId, stored);
        await securityNotice(
          user.userId,
          `你的${label}已于 ${chinaTime(at)} 修改为 ${stored}。如非本人操作，请立即修改密码并联系管理员。`,
          at,
        );
      });
      logger.info(`${kind} changed userId=${user.userId}`);
      return stored;
    },

    async requestPasswordReset(userName, contact, clientIp) {
      const at = now();
      const hourAgo = at - 3_600_000;
      const outcome = await store.immediateTransaction(async () => {
        if ((await store.passwordResets.countFromAddress(clientIp, hourAgo)) >= RESET_REQUESTS_PER_ADDRESS_HOUR)
          return 'too many from one address';
        if ((await store.passwordResets.countSince(hourAgo)) >= RESET_REQUESTS_PER_HOUR) return 'too many this hour';
        const purged = await store.passwordResets.purgeHandledBefore(at - RESET_REQUEST_RETENTION_MS);
        await store.passwordResets.add({ userName: userName.trim(), contact: contact.trim(), clientIp }, at);
        return purged > 0 ? `stored (${purged} handled older than 90 days deleted)` : 'stored';
      });
      logger.info(
        outcome.startsWith('stored')
          ? `find-password request ${outcome}`
          : `find-password request not stored (${outcome})`,
      );
    },
  };
  return service;
}
