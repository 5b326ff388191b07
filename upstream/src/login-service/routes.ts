/**
 * The /UserCenterApi/* calls (product-spec §7 "Login service", upstream/API.md), from validated
 * parameters to an envelope. Every one is signed by the gateway, so the client address in
 * X-Forwarded-For is the one the gateway determined.
 */
import { UPLOAD_PART_LIMITS, type UploadedFile } from '../http/body';
import { ApiError, badParameter, Code, MESSAGES, refused, type Envelope } from '../http/envelope';
import type { Params } from '../http/params';
import type { UploadLimits } from '../http/signed-params';
import type { UserRecord } from '../store';
import type { SessionToken } from './contract';
import { ACCOUNT_MESSAGES, type AccountService, type OAuthProviderType } from './services/account-service';
import { AUTH_MESSAGES, type AuthService, type Session } from './services/auth-service';
import { AVATAR_MESSAGES, AVATAR_REQUEST_MAX_BYTES, type AvatarService } from './services/avatars';

export interface LoginRequestContext {
  params: Params;
  clientIp: string;
  /** the files of a multipart upload (routes with `upload` only) */
  files: UploadedFile[];
}

/** What an upload route adds to its limits: who sends it, known from the fields before the file. */
export interface UploadRoute extends UploadLimits {
  /**
   * The user an upload is for, from its signed fields before the file (the token), before the
   * upload may take a slot or have its file read; throws the refusal (登录已失效，请重新登录).
   */
  uploader(params: Params): Promise<number>;
}

export interface LoginRoute {
  method: 'GET' | 'POST';
  path: string;
  /** set for multipart/form-data uploads: the body's limit, the sign covers the fields only */
  upload?: UploadRoute;
  handle(context: LoginRequestContext): Envelope | Promise<Envelope>;
}

export interface LoginRouteServices {
  auth: AuthService;
  accounts: AccountService;
  avatars: AvatarService;
}

/** a token as the parameter; longer than any we issue is refused as a bad parameter */
const tokenParam = (params: Params): string => params.text('token', 512, true).trim();

/** a text field that must be sent (it may be empty: all profile fields replace the stored ones) */
function presentText(params: Params, name: string): string {
  if (!params.has(name)) throw badParameter(`缺少参数 ${name}`);
  return params.text(name, MAX_FIELD_LENGTH);
}

/** no field can be longer than the body (64 KB) anyway; the rules of each field answer with -1 */
const MAX_FIELD_LENGTH = 64 * 1024;

/**
 * The signed-in user of a profile call and the session it came with: a refused token is
 * -1 登录已失效，请重新登录; a `userId` (required where the call names one) that is not the
 * token's user is -1 无权修改其他用户的资料.
 */
async function caller(
  auth: AuthService,
  params: Params,
  userId: 'required' | 'optional',
): Promise<{ user: UserRecord; tokenHash: string }> {
  const token = tokenParam(params);
  const claimed = userId === 'required' ? params.int('userId', { min: 1 }) : params.optionalInt('userId', { min: 1 });
  const session = await auth.session(token);
  if (!session) throw refused(AUTH_MESSAGES.expired);
  if (claimed !== undefined && claimed !== session.user.userId) throw refused(ACCOUNT_MESSAGES.foreignUser);
  return session;
}

const OAUTH_TYPES = ['1', '2', '3'] as const;

export function loginRoutes({ auth, accounts, avatars }: LoginRouteServices): LoginRoute[] {
  return [
    {
      method: 'GET',
      path: '/UserCenterApi/IPAutoLogin',
      handle: async ({ clientIp }) => ({ code: Code.ok, message: '', items: (await auth.ipAutoLogin(clientIp)).token }),
    },
    {
      method: 'GET',
      path: '/UserCenterApi/CompanyLogin',
      handle: async ({ params }) => {
        const cid = params.text('cid', 64, true);
        const current = params.text('token', 512).trim();
        return {
          code: Code.ok,
          message: MESSAGES.ok,
          items: (await auth.companyLogin(cid, current || undefined)).token,
        };
      },
    },
    {
      method: 'GET',
      path: '/UserCenterApi/ValidateToken',
      handle: async ({ params }) => {
        if (!(await auth.validate(tokenParam(params)))) throw refused(AUTH_MESSAGES.expired);
        return { code: Code.ok, message: MESSAGES.ok, items: null };
      },
    },
    {
      method: 'GET',
      path: '/UserCenterApi/GetUserInfo',
      handle: async ({ params }) => {
        const info = await auth.userInfo(tokenParam(params));
        if (!info) throw refused(AUTH_MESSAGES.expired);
        return { code: Code.ok, message: MESSAGES.ok, items: info };
      },
    },
    {
      method: 'POST',
      path: '/UserCenterApi/Login',
      handle: async ({ params, clientIp }) => {
        const userName = params.text('userName', 64, true);
        const password = params.text('password', 128, true);
        const session = await auth.login(userName, password, clientIp);
        return {
          code: Code.ok,
          message: MESSAGES.ok,
          items: sessionToken(session),
        };
      },
    },
    {
      method: 'POST',
      path: '/UserCenterApi/Logout',
      // idempotent: the caller clears its cookie whatever the token was
      handle: async ({ params }) => {
        await auth.logout(tokenParam(params));
        return { code: Code.done, message: MESSAGES.done, items: null };
      },
    },
    {
      method: 'POST',
      path: '/UserCenterApi/RefreshToken',
      handle: async ({ params }) => {
        const session = await auth.refresh(tokenParam(params));
        return {
          code: Code.ok,
          message: MESSAGES.ok,
          items: sessionToken(session),
        };
      },
    },
    {
      method: 'GET',
      path: '/UserCenterApi/GetUserExtraInfo',
      handle: async ({ params }) => {
        const { user } = await caller(auth, params, 'optional');
        return { code: Code.ok, message: MESSAGES.ok, items: await accounts.profile(user) };
      },
    },
    {
      method: 'POST',
      path: '/UserCenterApi/UpdateUserExtraInfo',
      handle: async ({ params }) => {
        // every field must be sent (a missing one is a 4000) and is judged after the token, in
        // the contract's order; the body limit (64 KB) bounds them, the rules give the -1 sentences
        const fields = {
          realName: presentText(params, 'realName'),
          gender: presentText(params, 'gender'),
          address: presentText(params, 'address'),
          school: presentText(params, 'school'),
          major: presentText(params, 'major'),
          className: presentText(params, 'className'),
          studentId: presentText(params, 'studentId'),
          info: presentText(params, 'info'),
          birthday: params.has('birthday') ? params.text('birthday', MAX_FIELD_LENGTH) : undefined,
        };
        const { user } = await caller(auth, params, 'required');
        return {
          code: Code.done,
          message: ACCOUNT_MESSAGES.profileSaved,
          items: await accounts.updateProfile(user, fields),
        };
      },
    },
    {
      method: 'POST',
      path: '/UserCenterApi/UploadHeader',
      upload: {
        maxBytes: AVATAR_REQUEST_MAX_BYTES,
        tooLarge: () => refused(AVATAR_MESSAGES.tooLarge),
        parts: UPLOAD_PART_LIMITS,
        // the user may simply try again: the same sentence as any other failure of the upload
        busy: () => refused(AVATAR_MESSAGES.failed),
        timedOut: () => new ApiError(408, Code.refused, AVATAR_MESSAGES.timedOut),
        uploader: async (params) => (await caller(auth, params, 'optional')).user.userId,
      },
      handle: async ({ params, files }) => {
        const avatar = files.filter((file) => file.field === 'avatar');
        if (avatar.length === 0) throw badParameter('缺少文件 avatar');
        if (avatar.length > 1) throw badParameter('参数 avatar 重复');
        const { user } = await caller(auth, params, 'optional');
        accounts.assertPersonal(user);
        return { code: Code.done, message: AVATAR_MESSAGES.done, items: await avatars.replace(user, avatar[0]!.bytes) };
      },
    },
    {
      method: 'POST',
      path: '/UserCenterApi/ModifyPassword',
      handle: async ({ params, clientIp }) => {
        const change = {
          oldPwd: params.text('oldPwd', 4096, true),
          newPwd: params.text('newPwd', 4096, true),
          confirmPwd: params.text('confirmPwd', 4096, true),
        };
        const { user, tokenHash } = await caller(auth, params, 'required');
        await accounts.changePassword(user, tokenHash, change, clientIp);
        return { code: Code.done, message: ACCOUNT_MESSAGES.passwordChanged, items: null };
      },
    },
    {
      method: 'GET',
      path: '/UserCenterApi/UnBindOautAccount',
      handle: async ({ params }) => {
        if (params.raw('type') === undefined) throw badParameter('缺少参数 type');
        const type = Number(params.oneOf('type', OAUTH_TYPES, '1')) as OAuthProviderType;
        const { user } = await caller(auth, params, 'optional');
        return { code: Code.done, message: ACCOUNT_MESSAGES.unbound, items: await accounts.unbind(user, type) };
      },
    },
  ];
}

export const routeKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.replace(/\/+$/, '').toLowerCase()}`;

export function buildLoginRouteTable(services: LoginRouteServices): Map<string, LoginRoute> {
  return new Map(loginRoutes(services).map((route) => [routeKey(route.method, route.path), route]));
}

/** Login's and RefreshToken's items: the token and its expiry (ISO 8601). */
function sessionToken(session: Session): SessionToken {
  return { token: session.token, expiresAt: new Date(session.expiresAt).toISOString() };
}
