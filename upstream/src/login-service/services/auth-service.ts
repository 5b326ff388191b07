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
import { organisationIdentity } from './accounts';
import { verifyPassword } from './passwords';
import { hashToken, looksLikeToken, newToken } from './tokens';

const MINUTE = 60_000;
/** per account: this many failures within the window lock the account */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** per client address: this many failures within the window lock the address */
export const ADDRESS_FAILURE_LIMIT = 20;
export const FAILURE_WINDOW_MS = 15 * MINUTE;
export const LOCK_MS = 15 * MINUTE;
/** how long after expiry a token may still be exchanged by RefreshToken */
export const REFRESH_GRACE_MS = 24 * 60 * MINUTE;

export const AUTH_MESSAGES = {
  wrongCredentials: '用户名或密码错误',
  disabled: '账号已停用',
  organisationDisabled: '所属机构已停用',
  expired: '登录已失效，请重新登录',
  notOnNetwork: '未识别到机构网络',
  unknownLink: '无效的免登录链接',
  tooMany: (minutes: number) => `尝试次数过多，请 ${minutes} 分钟后再试`,
} as const;

/** code -2 of CompanyLogin: the message is a URL the web opens in a new window (product-spec §2) */
export const CODE_OPEN_URL = -2;

export interface Session {
  token: string;
  user: UserRecord;
  expiresAt: number;
}

export interface UserInfo {
  UserName: string;
  UserType: number;
  ComId: number;
  UserId: number;
  ComName: string;
  HeadPicture: string;
  PhoneNumber: string;
  Email: string;
  ComCode: string;
}

export interface AuthService {
  login(userName: string, password: string, clientIp: string): Promise<Session>;
  /**
   * Asks a signed-in user for their password again (password change, contact change), counted by
   * the same brute-force limits as Login. Resolves with the stored hash the password was verified
   * against (a change then commits only while it is still the stored one); else throws
   * `-1 wrongMessage` or `-1 尝试次数过多，请 N 分钟后再试`.
   */
  confirmPassword(user: UserRecord, password: string, clientIp: string, wrongMessage: string): Promise<string>;
  /** the token's record and user when the token is valid (and marks it used), else null */
  session(token: string): { tokenHash: string; user: UserRecord } | null;
  /** the token's user when the token is valid (and marks it used), else null */
  validate(token: string): UserRecord | null;
  userInfo(token: string): UserInfo | null;
  /** true when a token was revoked */
  logout(token: string): boolean;
  refresh(token: string): Session;
  ipAutoLogin(clientIp: string): Session;
  companyLogin(gid: string, currentToken: string | undefined): Session;
  readonly tokenTtlMs: number;
}

export interface AuthServiceOptions {
  store: Store;
  config: UpstreamConfig;
  logger: Logger;
  /** unix ms; injectable so tests can move time instead of waiting */
  now?: () => number;
}

export function createAuthService(options: AuthServiceOptions): AuthService {
  const { store, config, logger } = options;
  const now = options.now ?? Date.now;
  const tokenTtlMs = Math.round(config.tokenTtlHours * 60 * MINUTE);
  const cidrCache = new Map<string, Cidr>();

  function issue(user: UserRecord, kind: TokenKind): Session {
    const at = now();
    const token = newToken();
    const expiresAt = at + tokenTtlMs;
    store.transaction(() => {
      // keeps the table small: tokens past their refresh grace can never be used again
      store.tokens.purgeExpired(at - REFRESH_GRACE_MS);
      store.tokens.insert({ tokenHash: hashToken(token), userId: user.userId, kind, createdAt: at, expiresAt, lastUsedAt: at });
    });
    return { token, user, expiresAt };
  }

  /** why this user may not have a session now, or null */
  function standing(user: UserRecord): string | null {
    if (!user.enabled) return AUTH_MESSAGES.disabled;
    if (user.comId !== null && store.organisations.get(user.comId)?.enabled === false) return AUTH_MESSAGES.organisationDisabled;
    return null;
  }

  function lockMessage(scope: 'account' | 'address', subject: string, at: number): string | null {
    const until = store.loginAttempts.lockedUntil(scope, subject);
    if (until === undefined || until <= at) return null;
    return AUTH_MESSAGES.tooMany(Math.max(1, Math.ceil((until - at) / MINUTE)));
  }

  function tokenRecord(token: string) {
    if (!looksLikeToken(token)) return undefined;
    return store.tokens.get(hashToken(token));
  }

  /**
   * One password attempt under the brute-force limits (upstream/API.md "Brute-force protection"),
   * shared by Login and every page or call that asks for the current password again: the lock is
   * checked, the attempt counted before the slow check, and a right password clears the account's
   * failures. Returns the account and the stored hash the password matched, or throws the refusal (`wrongMessage` or 尝试次数过多).
   * `known` is the signed-in user when the caller already has one (never another account).
   */
  async function passwordAttempt(
    userName: string,
    password: string,
    clientIp: string,
    wrongMessage: string,
    what: string,
    known?: UserRecord,
  ): Promise<{ user: UserRecord; verifiedHash: string }> {
    const accountKey = userName.trim().toLowerCase();
    const at = now();
    const locked = lockMessage('address', clientIp, at) ?? lockMessage('account', accountKey, at);
    if (locked) {
      logger.info(`${what} refused (locked) userName=${JSON.stringify(userName.trim())}`);
      throw refused(locked);
    }
    // Recorded before the (slow, asynchronous) password check and counted at once, so that
    // a burst of parallel guesses cannot all pass the lock check before any failure is known.
    store.loginAttempts.recordFailure(accountKey, clientIp, at);
    const since = at - FAILURE_WINDOW_MS;
    const accountFailures = store.loginAttempts.failuresOfAccount(accountKey, since);
    const addressFailures = store.loginAttempts.failuresOfAddress(clientIp, since);
    if (accountFailures > ACCOUNT_FAILURE_LIMIT || addressFailures > ADDRESS_FAILURE_LIMIT) {
      if (accountFailures > ACCOUNT_FAILURE_LIMIT) store.loginAttempts.lock('account', accountKey, at + LOCK_MS);
      if (addressFailures > ADDRESS_FAILURE_LIMIT) store.loginAttempts.lock('address', clientIp, at + LOCK_MS);
      logger.info(`${what} refused (too many attempts) userName=${JSON.stringify(userName.trim())}`);
      throw refused(AUTH_MESSAGES.tooMany(Math.ceil(LOCK_MS / MINUTE)));
    }

    const user = known ?? store.users.getByName(userName.trim());
    const storedHash = user ? store.users.passwordHashOf(user.userId) : null;
    const matches = await verifyPassword(password, storedHash);
    if (!user || !matches || storedHash === null) {
      const lockAccount = accountFailures >= ACCOUNT_FAILURE_LIMIT;
      const lockAddress = addressFailures >= ADDRESS_FAILURE_LIMIT;
      if (lockAccount) store.loginAttempts.lock('account', accountKey, now() + LOCK_MS);
      if (lockAddress) store.loginAttempts.lock('address', clientIp, now() + LOCK_MS);
      logger.info(`${what} failed userName=${JSON.stringify(userName.trim())}${lockAccount || lockAddress ? ' (now locked)' : ''}`);
      throw refused(lockAccount || lockAddress ? AUTH_MESSAGES.tooMany(Math.ceil(LOCK_MS / MINUTE)) : wrongMessage);
    }
    // the password was right: this attempt and the account's earlier failures are forgiven
    store.loginAttempts.clearAccount(accountKey);
    return { user, verifiedHash: storedHash };
  }

  const service: AuthService = {
    tokenTtlMs,

    async login(userName, password, clientIp) {
      const { user } = await passwordAttempt(userName, password, clientIp, AUTH_MESSAGES.wrongCredentials, 'login');
      const problem = standing(user);
      if (problem) {
        logger.info(`login refused (${problem === AUTH_MESSAGES.disabled ? 'disabled' : 'organisation disabled'}) userName=${JSON.stringify(user.userName)}`);
        throw refused(problem);
      }
      logger.info(`login ok userName=${JSON.stringify(user.userName)}`);
      return issue(user, 'password');
    },

    async confirmPassword(user, password, clientIp, wrongMessage) {
      return (await passwordAttempt(user.userName, password, clientIp, wrongMessage, 'password check', user)).verifiedHash;
    },

    validate(token) {
      return service.session(token)?.user ?? null;
    },

    session(token) {
      const record = tokenRecord(token);
      const at = now();
      if (!record || record.expiresAt <= at) return null;
      const user = store.users.get(record.userId);
      if (!user || standing(user) !== null) return null;
      store.tokens.touch(record.tokenHash, at);
      return { tokenHash: record.tokenHash, user };
    },

    userInfo(token) {
      const user = service.validate(token);
      if (!user) return null;
      const org = user.comId === null ? undefined : store.organisations.get(user.comId);
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

    logout(token) {
      const record = tokenRecord(token);
      if (!record) return false;
      const revoked = store.tokens.revoke(record.tokenHash);
      if (revoked) logger.info(`logout userId=${record.userId}`);
      return revoked;
    },

    refresh(token) {
      const record = tokenRecord(token);
      const at = now();
      if (!record || record.expiresAt + REFRESH_GRACE_MS <= at) throw refused(AUTH_MESSAGES.expired);
      const user = store.users.get(record.userId);
      if (!user || standing(user) !== null) throw refused(AUTH_MESSAGES.expired);
      // synchronous from here: of two concurrent refreshes of one token only one finds it
      if (!store.tokens.revoke(record.tokenHash)) throw refused(AUTH_MESSAGES.expired);
      return issue(user, record.kind);
    },

    ipAutoLogin(clientIp) {
      const address = parseAddress(clientIp);
      let best: { comId: number; prefix: number } | null = null;
      if (address !== null) {
        for (const row of store.organisations.enabledRanges()) {
          let cidr = cidrCache.get(row.cidr);
          if (!cidr) {
            cidr = parseCidr(row.cidr);
            cidrCache.set(row.cidr, cidr);
          }
          // the most specific range wins (a library's subnet inside its university's network)
          if (cidrContains(cidr, address) && (best === null || cidr.prefix > best.prefix)) best = { comId: row.comId, prefix: cidr.prefix };
        }
      }
      const org = best === null ? undefined : store.organisations.get(best.comId);
      if (!org) throw refused(AUTH_MESSAGES.notOnNetwork);
      logger.info(`network login comId=${org.comId}`);
      return issue(organisationIdentity(store, org, now()), 'network');
    },

    companyLogin(gid, currentToken) {
      const org: OrganisationRecord | undefined = store.organisations.getByGid(gid.trim());
      if (!org) throw refused(AUTH_MESSAGES.unknownLink);
      if (!org.enabled) throw new ApiError(200, CODE_OPEN_URL, disabledOrganisationUrl(config));
      // already signed in as a member of this organisation: keep that session
      if (currentToken) {
        const record = tokenRecord(currentToken);
        const user = service.validate(currentToken);
        if (record && user && user.comId === org.comId) return { token: currentToken, user, expiresAt: record.expiresAt };
      }
      logger.info(`company login comId=${org.comId}`);
      return issue(organisationIdentity(store, org, now()), 'company');
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
