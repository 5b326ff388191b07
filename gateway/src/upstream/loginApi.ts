/**
 * The login service (LOGIN_URL) in the product's terms, one instance per GraphQL request: the
 * /UserCenterApi calls of product-spec §7 and upstream/API.md "Login service". It runs on its own
 * signed UpstreamClient (a second undici pool, the same signing as the main API).
 *
 * Every call but IPAutoLogin carries a token, and some a password: the transport logs paths only and
 * nothing here logs or throws a parameter value. The answers are plain results; deciding what a
 * refusal means for the viewer is viewer/session.ts's business, for a mutation the resolver's.
 */
import type { CallKind, RequestScope, UpstreamClient, UpstreamFile } from './client';
import { CODE_BAD_PARAMETER, CODE_READ_OK, CODE_REFUSED, type Envelope } from './envelope';
import { UpstreamError } from './errors';
import { operationResult, type OperationResult } from './operations';
import type { ParamValue } from './sign';
import type { RestSession, RestUserInfo, RestUserProfile } from './types';

/** CompanyLogin's code for a disabled organisation: the message is a URL to open (product-spec §2). */
export const CODE_OPEN_URL = -2;

export type CompanyLoginResult =
  | { kind: 'signedIn'; token: string }
  | { kind: 'openUrl'; url: string }
  | { kind: 'refused'; code: number; message: string };

/** Which third-party account UnBindOautAccount unbinds (product-spec §7). */
export type OAuthType = 1 | 2 | 3;

export interface ProfileFields {
  realName: string;
  /** 1 male, 0 female, 2 unknown */
  gender: number;
  address: string;
  birthday: string;
  school: string;
  major: string;
  className: string;
  studentId: string;
  info: string;
}

const BASE = '/UserCenterApi';

export class LoginApi {
  private profileRead?: { token: string; profile: Promise<RestUserProfile | null> };

  constructor(
    private readonly client: UpstreamClient,
    readonly scope: RequestScope,
  ) {}

  /** `kind` 'read' for the calls that only look (a token, a profile): see CallKind */
  private call<T>(
    method: 'GET' | 'POST',
    name: string,
    params: Record<string, ParamValue>,
    files?: Record<string, UpstreamFile>,
    kind: CallKind = 'write',
  ): Promise<Envelope<T>> {
    return this.client.call<T>({ method, path: `${BASE}/${name}`, params, files, kind }, this.scope);
  }

  /**
   * A read whose refusal is an answer: 2000 gives the items, -1 (refused) and 4000 (a parameter the
   * service will not take, e.g. an overlong token) give null. Anything else means the gateway and the
   * service disagree about the contract: an UpstreamError, treated like the service being down.
   */
  private async readOrNull<T>(
    method: 'GET' | 'POST',
    name: string,
    params: Record<string, ParamValue>,
    kind: CallKind = 'write',
  ): Promise<T | null> {
    const envelope = await this.call<T>(method, name, params, undefined, kind);
    if (envelope.code === CODE_READ_OK) return envelope.items;
    if (envelope.code === CODE_REFUSED || envelope.code === CODE_BAD_PARAMETER) return null;
    throw new UpstreamError('rejected', `${BASE}/${name}`, null, envelope.code, 'unexpected code');
  }

  private async operation<T>(
    method: 'GET' | 'POST',
    name: string,
    params: Record<string, ParamValue>,
    files?: Record<string, UpstreamFile>,
  ): Promise<OperationResult<T>> {
    return operationResult(`${BASE}/${name}`, await this.call<T>(method, name, params, files));
  }

  // ---- sessions (the start-up sequence of product-spec §4) ---------------------------------

  /** True for 2000 (its items are null), false for a refusal. */
  async validateToken(token: string): Promise<boolean> {
    const envelope = await this.call<null>('GET', 'ValidateToken', { token }, undefined, 'read');
    if (envelope.code === CODE_READ_OK) return true;
    if (envelope.code === CODE_REFUSED || envelope.code === CODE_BAD_PARAMETER) return false;
    throw new UpstreamError('rejected', `${BASE}/ValidateToken`, null, envelope.code, 'unexpected code');
  }

  userInfo(token: string): Promise<RestUserInfo | null> {
    return this.readOrNull<RestUserInfo>('GET', 'GetUserInfo', { token }, 'read');
  }

  /** A new token for one expired less than 24 h ago (the old one is revoked), else null. */
  async refreshToken(token: string): Promise<RestSession | null> {
    const session = await this.readOrNull<RestSession>('POST', 'RefreshToken', { token });
    return session && typeof session.token === 'string' && session.token !== '' ? session : null;
  }

  /** A token of the organisation whose network the end user's address (scope.clientAddress) is in, else null. */
  async ipAutoLogin(): Promise<string | null> {
    const token = await this.readOrNull<string>('GET', 'IPAutoLogin', {});
    return typeof token === 'string' && token !== '' ? token : null;
  }

  async companyLogin(gid: string, currentToken: string | null): Promise<CompanyLoginResult> {
    const path = `${BASE}/CompanyLogin`;
    const envelope = await this.call<string>('GET', 'CompanyLogin', { cid: gid, token: currentToken ?? undefined });
    if (envelope.code === CODE_READ_OK && typeof envelope.items === 'string' && envelope.items !== '') {
      return { kind: 'signedIn', token: envelope.items };
    }
    if (envelope.code === CODE_OPEN_URL) return { kind: 'openUrl', url: envelope.message ?? '' };
    const result = operationResult(path, envelope);
    if (result.ok) throw new UpstreamError('bad-response', path, null, envelope.code, 'no token in the answer');
    return { kind: 'refused', code: result.code, message: result.message };
  }

  /** Revokes the token (idempotent upstream). */
  logout(token: string): Promise<OperationResult<unknown>> {
    return this.operation('POST', 'Logout', { token });
  }

  // ---- profile, avatar, password, third-party accounts ---------------------------------------

  /** The profile of the token's user; read once per request (several fields may ask). */
  userProfile(token: string): Promise<RestUserProfile | null> {
    if (this.profileRead?.token !== token) {
      this.profileRead = {
        token,
        profile: this.readOrNull<RestUserProfile>('GET', 'GetUserExtraInfo', { token }, 'read'),
      };
    }
    return this.profileRead.profile;
  }

  updateProfile(token: string, userId: number, fields: ProfileFields): Promise<OperationResult<RestUserProfile>> {
    this.profileRead = undefined;
    return this.operation('POST', 'UpdateUserExtraInfo', { token, userId, ...fields });
  }

  /** multipart: the `token` field (signed) and the `avatar` file (never signed). Items: the new image URL. */
  uploadAvatar(token: string, avatar: UpstreamFile): Promise<OperationResult<string>> {
    this.profileRead = undefined;
    return this.operation('POST', 'UploadHeader', { token }, { avatar });
  }

  changePassword(
    token: string,
    userId: number,
    oldPwd: string,
    newPwd: string,
    confirmPwd: string,
  ): Promise<OperationResult<unknown>> {
    return this.operation('POST', 'ModifyPassword', { token, userId, oldPwd, newPwd, confirmPwd });
  }

  unbind(token: string, type: OAuthType): Promise<OperationResult<RestUserProfile>> {
    this.profileRead = undefined;
    return this.operation('GET', 'UnBindOautAccount', { token, type });
  }
}
