/**
 * Who is using the client, worked out on the server from the `utoken` cookie alone (never from an
 * id the client sends), by the start-up sequence of product-spec §4, per request:
 *
 *   token in the cookie → ValidateToken → GetUserInfo                       → signed in
 *                         refused → RefreshToken (≤ 24 h after expiry) → GetUserInfo
 *                                   → signed in with a new token: the cookie is replaced
 *                                   refused → the cookie is cleared, then ↓
 *   no usable token     → IPAutoLogin with the end user's address → GetUserInfo
 *                                   → signed in as the organisation: the cookie is set
 *                                   refused → anonymous (userType -1, isIP true)
 *
 * The sequence runs lazily, when an operation first needs the viewer (a catalogue page's query does
 * not), and its answers are cached briefly (cache.ts). When the login service cannot be
 * reached the viewer is anonymous for that request and the cookie is left alone: a token is cleared
 * only when the login service refused it. The token never leaves this module's callers: it is not in
 * any GraphQL answer, log line or error.
 */
import type { Logger } from '../logger';
import type { LoginApi } from '../upstream/loginApi';
import { UpstreamError } from '../upstream/errors';
import { tokenKey, type TokenVerdict, type ViewerCache } from './cache';
import { ANONYMOUS_VIEWER, isLoggedIn, isPlausibleToken, viewerFromUserInfo, type Viewer } from './viewer';

/** Sets or clears `utoken` on the response being built (http/cookies.ts writes the header). */
export interface TokenCookieWriter {
  /** expiresAt: ISO 8601 when the login service said, else null */
  set(token: string, expiresAt: string | null): void;
  clear(): void;
}

export interface ViewerSessionDeps {
  login: LoginApi;
  cache: ViewerCache;
  logger: Logger;
  cookie: TokenCookieWriter;
  /** the `utoken` cookie as the request brought it */
  presentedToken: string | undefined;
  clientAddress: string | null;
  guestId: string;
}

/** The viewer and the token that proves it (null when anonymous). */
export interface ViewerState {
  viewer: Viewer;
  token: string | null;
  /**
   * true when the login service did not answer: the request goes on anonymous (pages still render),
   * but a call that needs the viewer can say 服务暂时不可用 rather than 请先登录 (the cookie is kept)
   */
  loginServiceDown?: boolean;
}

const ANONYMOUS_STATE: ViewerState = { viewer: ANONYMOUS_VIEWER, token: null };

export type CompanyLoginOutcome =
  | { kind: 'signedIn'; state: ViewerState }
  | { kind: 'openUrl'; url: string; state: ViewerState }
  | { kind: 'refused'; message: string; state: ViewerState };

/**
 * The viewer of one request. Mutations that change who the viewer is (logout, companyLogin) or what
 * the login service says about them (profile, avatar, password) go through here, so that the rest of
 * the operation, the cache and the cookie agree.
 */
export class ViewerSession {
  private state?: Promise<ViewerState>;

  constructor(private readonly deps: ViewerSessionDeps) {}

  viewer(): Promise<Viewer> {
    return this.current().then((state) => state.viewer);
  }

  current(): Promise<ViewerState> {
    this.state ??= this.startUp();
    return this.state;
  }

  /** The organisation main-API calls are made for: the viewer's, if any. */
  async organisation(): Promise<{ comId: number; comCode: string } | null> {
    const { viewer } = await this.current();
    return viewer.comId !== null ? { comId: viewer.comId, comCode: viewer.comCode ?? '' } : null;
  }

  // ---- the start-up sequence -----------------------------------------------------------------

  private async startUp(): Promise<ViewerState> {
    const presented = this.deps.presentedToken;
    try {
      if (presented !== undefined && presented !== '') {
        if (isPlausibleToken(presented)) {
          const verdict = await this.verdictOf(presented);
          if (verdict.kind === 'valid') return { viewer: verdict.viewer, token: presented };
          if (verdict.kind === 'refreshed') {
            this.deps.cookie.set(verdict.token, verdict.expiresAt);
            return { viewer: verdict.viewer, token: verdict.token };
          }
        }
        // product-spec §4: any other code clears the token and marks the user anonymous
        this.deps.cookie.clear();
      }
      return await this.networkLogin();
    } catch (error) {
      return this.unavailable(error);
    }
  }

  private unavailable(error: unknown): ViewerState {
    if (!(error instanceof UpstreamError)) throw error;
    // the transport has logged the path and code; the cookie stays for when the service is back
    this.deps.logger.warn(`viewer: the login service did not answer (${error.failure}); this request is anonymous`);
    return { ...ANONYMOUS_STATE, loginServiceDown: true };
  }

  private verdictOf(token: string): Promise<TokenVerdict> {
    const { cache } = this.deps;
    const key = tokenKey(token);
    const known = cache.tokenVerdict(key);
    if (known) return Promise.resolve(known);
    // a valid verdict just past its time is served while the token is checked again (cache.ts,
    // TOKEN_STALE_MS); the check's answer replaces it for the requests that come after
    const stale = cache.staleValidVerdict(key);
    const check = cache.shared(
      `token:${key}`,
      async (since) => {
        const verdict = await this.checkToken(token);
        // not stored when a logout (or another eviction) came while the login service was answering
        cache.rememberToken(key, verdict, since);
        if (verdict.kind === 'refreshed')
          cache.rememberToken(tokenKey(verdict.token), { kind: 'valid', viewer: verdict.viewer }, since);
        return verdict;
      },
      key,
    );
    if (!stale) return check;
    check.catch((error: unknown) => {
      if (!(error instanceof UpstreamError)) this.deps.logger.error('viewer: checking a token again failed', error);
    });
    return Promise.resolve(stale);
  }

  private async checkToken(token: string): Promise<TokenVerdict> {
    const { login } = this.deps;
    if (await login.validateToken(token)) {
      const viewer = viewerFromUserInfo(await login.userInfo(token));
      // validated, then refused: revoked in between; nothing to refresh
      return viewer ? { kind: 'valid', viewer } : { kind: 'invalid' };
    }
    const session = await login.refreshToken(token);
    if (!session) return { kind: 'invalid' };
    const viewer = viewerFromUserInfo(await login.userInfo(session.token));
    return viewer
      ? { kind: 'refreshed', viewer, token: session.token, expiresAt: session.expiresAt ?? null }
      : { kind: 'invalid' };
  }

  private networkKey(address: string): string {
    return `${address}\n${this.deps.guestId}`;
  }

  private async networkLogin(): Promise<ViewerState> {
    const { cache, login, clientAddress: address } = this.deps;
    if (!address || cache.isNetworkMiss(address)) return ANONYMOUS_STATE;
    const key = this.networkKey(address);
    const found =
      cache.networkLogin(key) ??
      (await cache.shared(`network:${key}`, async (since) => {
        const token = await login.ipAutoLogin();
        if (!token) {
          cache.rememberNetworkMiss(address);
          return null;
        }
        const viewer = viewerFromUserInfo(await login.userInfo(token));
        if (!viewer) return null;
        const signedIn = { token, viewer };
        cache.rememberNetworkLogin(key, signedIn, since);
        cache.rememberToken(tokenKey(token), { kind: 'valid', viewer }, since);
        return signedIn;
      }));
    if (!found) return ANONYMOUS_STATE;
    this.deps.cookie.set(found.token, null);
    return { viewer: found.viewer, token: found.token };
  }

  // ---- changes of identity -------------------------------------------------------------------

  /**
   * 退出: revokes the token, clears the cookie and forgets the token and every cached entry about its
   * user (an older token that was refreshed into this one must not lead back to the session), then runs
   * the start-up sequence again without it (product-spec §4), so an organisation's network gets its
   * identity back. The browser is signed out even when the revocation could not be sent (`revoked`
   * false): leaving a shared computer signed in because the login service is down would be worse.
   */
  async logout(): Promise<{ state: ViewerState; revoked: boolean; refusal: string | null }> {
    const { token, viewer } = await this.current();
    let revoked = false;
    let refusal: string | null = null;
    if (token) {
      try {
        const result = await this.deps.login.logout(token);
        revoked = result.ok;
        if (!result.ok) refusal = result.message;
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
      }
      // after the revocation: whatever asks the login service from now on hears that the token is gone,
      // and what was asked before cannot be stored any more (cache.ts)
      this.forget(token, viewer.userId);
    }
    this.deps.cookie.clear();
    this.state = this.networkLogin().catch((error: unknown) => this.unavailable(error));
    return { state: await this.state, revoked, refusal };
  }

  /**
   * /DissimilarLogin.aspx: CompanyLogin with cid = gid and the current token (product-spec §2). 2000:
   * the answer's token is the viewer's from now on (the same one when the viewer already is a member
   * of that organisation). -2: a URL to open, nothing changes. Anything else: nothing changes.
   */
  async companyLogin(gid: string): Promise<CompanyLoginOutcome> {
    const before = await this.current();
    return this.deps.cache.track<CompanyLoginOutcome>(async (since) => {
      const result = await this.deps.login.companyLogin(gid, before.token);
      if (result.kind === 'openUrl') return { kind: 'openUrl', url: result.url, state: before };
      if (result.kind === 'refused') return { kind: 'refused', message: result.message, state: before };
      const viewer = viewerFromUserInfo(await this.deps.login.userInfo(result.token));
      if (!viewer) return { kind: 'refused', message: '登录已失效，请重新登录', state: before };
      if (before.token && before.token !== result.token) this.forget(before.token);
      this.deps.cache.rememberToken(tokenKey(result.token), { kind: 'valid', viewer }, since);
      this.deps.cookie.set(result.token, null);
      const state = { viewer, token: result.token };
      this.state = Promise.resolve(state);
      return { kind: 'signedIn', state };
    });
  }

  /**
   * After a change the login service's answers reflect (profile, avatar, password): forget every
   * cached verdict about the user and read the viewer again. When that read fails the viewer stays
   * as it was for the rest of the request.
   */
  async refresh(): Promise<ViewerState> {
    const before = await this.current();
    if (before.viewer.userId !== null) this.deps.cache.forgetUser(before.viewer.userId);
    if (!before.token) return before;
    const token = before.token;
    this.state = (async () => {
      try {
        const verdict = await this.verdictOf(token);
        return verdict.kind === 'valid' ? { viewer: verdict.viewer, token } : before;
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        return before;
      }
    })();
    return this.state;
  }

  /**
   * Everything the cache holds about a token that is no longer the browser's: its verdict, verdicts
   * that lead to it (an older token refreshed into it), this browser's network login, work under way
   * about it. On logout (`userId`) every entry about the user goes as well: their other sessions are
   * validated afresh (one call each), and no answer about them already on its way is stored.
   */
  private forget(token: string, userId: number | null = null): void {
    const { cache, clientAddress } = this.deps;
    cache.forgetToken(tokenKey(token));
    if (userId !== null) cache.forgetUser(userId);
    if (clientAddress) cache.forgetNetworkLogin(this.networkKey(clientAddress));
  }
}
