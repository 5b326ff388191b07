/**
 * Sessions: password login with brute-force protection, token issue / validation / refresh /
 * logout, user info, and the two ways in without a password (organisation network, no-login
 * link). Services throw ApiError refusals with the Chinese message the user sees; they log
 * user names and outcomes only, never a password or a token.
 */
import type { UpstreamConfig } from '../../config';
import { ApiError, refused } from '../../http/envelope';
import type { Logger } from '../../logger';
import type { OrganisationRecord, Store, TokenKind, UserRecord } from '../../store';
import { cidrContains, parseAddress, parseCidr, type Cidr } from '../../http/cidr';
import type { UserInfo } from '../contract';
import { organisationIdentity } from './accounts';
import { createLoginThrottle, type Attempt } from './login-throttle';
import { verifyPassword } from './passwords';
import { hashToken, looksLikeToken, newToken } from './tokens';

const MINUTE = 60_000;
/** how long after expiry a token may still be exchanged by RefreshToken */
export const REFRESH_GRACE_MS = 24 * 60 * MINUTE;

export const AUTH_MESSAGES = {
  wrongCredentials: '用户名或密码错误',
  disabled: '账号已停用',
  organisationDisabled: '所属机构已停用',
  expired: '登录已失效，请重新登录',
  notOnNetwork: '未识别到机构网络',
  unknownLink: '无效的免登录链接',
  /** a wait of the brute-force protection: seconds while under a minute, else whole minutes (rounded up) */
  tooMany: (waitMs: number) =>
    waitMs < MINUTE
      ? `尝试次数过多，请 ${Math.max(1, Math.ceil(waitMs / 1000))} 秒后再试`
      : `尝试次数过多，请 ${Math.ceil(waitMs / MINUTE)} 分钟后再试`,
} as const;

/** code -2 of CompanyLogin: the message is a URL the web opens in a new window (product-spec §2) */
export const CODE_OPEN_URL = -2;

export interface Session {
  token: string;
  user: UserRecord;
  expiresAt: number;
}

export interface AuthService {
  login(userName: string, password: string, clientIp: string): Promise<Session>;
  /**
   * Asks a signed-in user for their password again (password change, contact change), counted by
   * the same brute-force protection as Login (the session makes it the owner's: only the failures
   * of this account from this address count). Resolves with the stored hash the password was
   * verified against (a change then commits only while it is still the stored one); else throws
   * `-1 wrongMessage` or `-1 尝试次数过多，请 N 秒（分钟）后再试`.
   */
  confirmPassword(user: UserRecord, password: string, clientIp: string, wrongMessage: string): Promise<string>;
  /** the token's record and user when the token is valid (and marks it used), else null */
  session(token: string): Promise<{ tokenHash: string; user: UserRecord } | null>;
  /** the token's user when the token is valid (and marks it used), else null */
  validate(token: string): Promise<UserRecord | null>;
  userInfo(token: string): Promise<UserInfo | null>;
  /** true when a token was revoked */
  logout(token: string): Promise<boolean>;
  refresh(token: string): Promise<Session>;
  ipAutoLogin(clientIp: string): Promise<Session>;
  companyLogin(gid: string, currentToken: string | undefined): Promise<Session>;
  readonly tokenTtlMs: number;
}

export interface AuthServiceOptions {
  store: Store;
  config: UpstreamConfig;
  logger: Logger;
  /** unix ms; injectable so tests can move time instead of waiting */
  now?: () => number;
  /** told of every password attempt answered with a wait (the operator's metric), with the wait in ms */
  onThrottled?: (waitMs: number) => void;
}

export function createAuthService(options: AuthServiceOptions): AuthService {
  const { store, config, logger } = options;
  const now = options.now ?? Date.now;
  const tokenTtlMs = Math.round(config.tokenTtlHours * 60 * MINUTE);
  const cidrCache = new Map<string, Cidr>();
  const throttle = createLoginThrottle(store);

  async function issue(user: UserRecord, kind: TokenKind): Promise<Session> {
    const at = now();
    const token = newToken();
    const expiresAt = at + tokenTtlMs;
    await store.transaction(async () => {
      // keeps the table small: tokens past their refresh grace can never be used again
      await store.tokens.purgeExpired(at - REFRESH_GRACE_MS);
      await store.tokens.insert({
        tokenHash: hashToken(token),
        userId: user.userId,
        kind,
        createdAt: at,
        expiresAt,
        lastUsedAt: at,
      });
    });
    return { token, user, expiresAt };
  }

  /** why this user may not have a session now, or null */
  async function standing(user: UserRecord): Promise<string | null> {
    if (!user.enabled) return AUTH_MESSAGES.disabled;
    if (user.comId !== null && (await store.organisations.get(user.comId))?.enabled === false)
      return AUTH_MESSAGES.organisationDisabled;
    return null;
  }

  async function tokenRecord(token: string) {
    if (!looksLikeToken(token)) return undefined;
    return store.tokens.get(hashToken(token));
  }

  /**
   * One password attempt under the brute-force protection (login-throttle.ts, upstream/API.md
   * "Brute-force protection"), shared by Login and every page or call that asks for the current
   * password again: an attempt that must wait is refused with the wait before anything is checked;
   * one that may go ahead is counted as a failure before the slow check, and a right password
   * forgives it and the pair's earlier failures and makes the address known to the account.
   * Returns the account and the stored hash the password matched, or throws the refusal
   * (`wrongMessage` or 尝试次数过多). `known` is the signed-in user when the caller already has one
   * (never another account).
   */
  async function passwordAttempt(
    userName: string,
    password: string,
    clientIp: string,
    wrongMessage: string,
    what: string,
    known?: UserRecord,
  ): Promise<{ user: UserRecord; verifiedHash: string }> {
    const shownName = JSON.stringify(userName.trim());
    const user = known ?? (await store.users.getByName(userName.trim()));
    const attempt: Attempt = {
      accountKey: userName.trim().toLowerCase(),
      clientIp,
      userId: user?.userId,
      signedIn: known !== undefined,
    };
    const wait = await throttle.admit(attempt, now());
    if (wait > 0) {
      options.onThrottled?.(wait);
      logger.info(`${what} refused (too many attempts, ${Math.ceil(wait / 1000)} s to wait) userName=${shownName}`);
      throw refused(AUTH_MESSAGES.tooMany(wait));
    }
    const storedHash = user ? await store.users.passwordHashOf(user.userId) : null;
    const matches = await verifyPassword(password, storedHash);
    if (!user || !matches || storedHash === null) {
      logger.info(`${what} failed userName=${shownName}`);
      throw refused(wrongMessage);
    }
    await throttle.succeeded({ ...attempt, userId: user.userId }, now());
    return { user, verifiedHash: storedHash };
  }

  const service: AuthService = {
    tokenTtlMs,

    async login(userName, password, clientIp) {
      const { user } = await passwordAttempt(userName, password, clientIp, AUTH_MESSAGES.wrongCredentials, 'login');
      const problem = await standing(user);
      if (problem) {
        logger.info(
          `login refused (${problem === AUTH_MESSAGES.disabled ? 'disabled' : 'organisation disabled'}) userName=${JSON.stringify(user.userName)}`,
        );
        throw refused(problem);
      }
      logger.info(`login ok userName=${JSON.stringify(user.userName)}`);
      return issue(user, 'password');
    },

    async confirmPassword(user, password, clientIp, wrongMessage) {
      return (await passwordAttempt(user.userName, password, clientIp, wrongMessage, 'password check', user))
        .verifiedHash;
    },

    async validate(token) {
      return (await service.session(token))?.user ?? null;
    },

    async session(token) {
      const record = await tokenRecord(token);
      const at = now();
      if (!record || record.expiresAt <= at) return null;
      const user = await store.users.get(record.userId);
      if (!user || (await standing(user)) !== null) return null;
      await store.tokens.touch(record.tokenHash, at);
      return { tokenHash: record.tokenHash, user };
    },

    async userInfo(token) {
      const user = await service.validate(token);
      if (!user) return null;
      const org = user.comId === null ? undefined : await store.organisations.get(user.comId);
      return {
        UserName: user.userName,
        UserType: user.userType,
        ComId: user.comId ?? 0,
        UserId: user.userId,
        ComName: org?.name ?? '',
        HeadPicture: user.headPicture,
        PhoneNumber: user.phone,
        Email: user.email,
        ComCode: org?.comCode ?? '',
      };
    },

    async logout(token) {
      const record = await tokenRecord(token);
      if (!record) return false;
      const revoked = await store.tokens.revoke(record.tokenHash);
      if (revoked) logger.info(`logout userId=${record.userId}`);
      return revoked;
    },

    async refresh(token) {
      const record = await tokenRecord(token);
      const at = now();
      if (!record || record.expiresAt + REFRESH_GRACE_MS <= at) throw refused(AUTH_MESSAGES.expired);
      const user = await store.users.get(record.userId);
      if (!user || (await standing(user)) !== null) throw refused(AUTH_MESSAGES.expired);
      // synchronous from here: of two concurrent refreshes of one token only one finds it
      if (!(await store.tokens.revoke(record.tokenHash))) throw refused(AUTH_MESSAGES.expired);
      return issue(user, record.kind);
    },

    async ipAutoLogin(clientIp) {
      const address = parseAddress(clientIp);
      let best: { comId: number; prefix: number } | null = null;
      if (address !== null) {
        for (const row of await store.organisations.enabledRanges()) {
          let cidr = cidrCache.get(row.cidr);
          if (!cidr) {
            cidr = parseCidr(row.cidr);
            cidrCache.set(row.cidr, cidr);
          }
          // the most specific range wins (a library's subnet inside its university's network)
          if (cidrContains(cidr, address) && (best === null || cidr.prefix > best.prefix))
            best = { comId: row.comId, prefix: cidr.prefix };
        }
      }
      const org = best === null ? undefined : await store.organisations.get(best.comId);
      if (!org) throw refused(AUTH_MESSAGES.notOnNetwork);
      logger.info(`network login comId=${org.comId}`);
      return issue(await organisationIdentity(store, org, now()), 'network');
    },

    async companyLogin(gid, currentToken) {
      const org: OrganisationRecord | undefined = await store.organisations.getByGid(gid.trim());
      if (!org) throw refused(AUTH_MESSAGES.unknownLink);
      if (!org.enabled) throw new ApiError(200, CODE_OPEN_URL, disabledOrganisationUrl(config));
      // already signed in as a member of this organisation: keep that session
      if (currentToken) {
        const record = await tokenRecord(currentToken);
        const user = await service.validate(currentToken);
        if (record && user && user.comId === org.comId)
          return { token: currentToken, user, expiresAt: record.expiresAt };
      }
      logger.info(`company login comId=${org.comId}`);
      return issue(await organisationIdentity(store, org, now()), 'company');
    },
  };
  return service;
}

/** The page CompanyLogin's -2 sends the browser to when an organisation's link is switched off. */
export function disabledOrganisationUrl(config: UpstreamConfig): string {
  const base = new URL(config.loginPublicUrl ?? `http://localhost:${config.loginPort || 5200}/login`);
  base.searchParams.set('reason', 'org-disabled');
  return base.href;
}
