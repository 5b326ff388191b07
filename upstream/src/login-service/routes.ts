/**
 * The /UserCenterApi/* calls (product-spec §7 "Login service", upstream/API.md), from validated
 * parameters to an envelope. Every one is signed by the gateway, so the client address in
 * X-Forwarded-For is the one the gateway determined.
 */
import { Code, MESSAGES, refused, type Envelope } from '../http/envelope';
import type { Params } from '../http/params';
import { AUTH_MESSAGES, type AuthService } from './services/auth-service';

export interface LoginRequestContext {
  params: Params;
  clientIp: string;
}

export interface LoginRoute {
  method: 'GET' | 'POST';
  path: string;
  handle(context: LoginRequestContext): Envelope | Promise<Envelope>;
}

/** a token as the parameter; longer than any we issue is refused as a bad parameter */
const tokenParam = (params: Params): string => params.text('token', 512, true).trim();

export function loginRoutes(auth: AuthService): LoginRoute[] {
  return [
    {
      method: 'GET',
      path: '/UserCenterApi/IPAutoLogin',
      handle: ({ clientIp }) => ({ code: Code.ok, message: '', items: auth.ipAutoLogin(clientIp).token }),
    },
    {
      method: 'GET',
      path: '/UserCenterApi/CompanyLogin',
      handle: ({ params }) => {
        const cid = params.text('cid', 64, true);
        const current = params.text('token', 512).trim();
        return { code: Code.ok, message: MESSAGES.ok, items: auth.companyLogin(cid, current || undefined).token };
      },
    },
    {
      method: 'GET',
      path: '/UserCenterApi/ValidateToken',
      handle: ({ params }) => {
        if (!auth.validate(tokenParam(params))) throw refused(AUTH_MESSAGES.expired);
        return { code: Code.ok, message: MESSAGES.ok, items: null };
      },
    },
    {
      method: 'GET',
      path: '/UserCenterApi/GetUserInfo',
      handle: ({ params }) => {
        const info = auth.userInfo(tokenParam(params));
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
          items: { token: session.token, expiresAt: new Date(session.expiresAt).toISOString() },
        };
      },
    },
    {
      method: 'POST',
      path: '/UserCenterApi/Logout',
      // idempotent: the caller clears its cookie whatever the token was
      handle: ({ params }) => {
        auth.logout(tokenParam(params));
        return { code: Code.done, message: MESSAGES.done, items: null };
      },
    },
    {
      method: 'POST',
      path: '/UserCenterApi/RefreshToken',
      handle: ({ params }) => {
        const session = auth.refresh(tokenParam(params));
        return {
          code: Code.ok,
          message: MESSAGES.ok,
          items: { token: session.token, expiresAt: new Date(session.expiresAt).toISOString() },
        };
      },
    },
  ];
}

export const routeKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.replace(/\/+$/, '').toLowerCase()}`;

export function buildLoginRouteTable(auth: AuthService): Map<string, LoginRoute> {
  return new Map(loginRoutes(auth).map((route) => [routeKey(route.method, route.path), route]));
}
