/**
 * The login page of the login service (product-spec §2 "external login page"): GET /login shows
 * a plain HTML form (no script), POST /login signs the account in, sets the site-wide `utoken`
 * cookie and sends the browser back to `redirect` when that is a safe target. CSRF protection
 * is a double-submit token: a random cookie that must equal the form's hidden field.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UpstreamConfig } from '../config';
import { ApiError } from '../http/envelope';
import { readBody } from '../http/body';
import { addressMatcher } from './cidr';
import { AUTH_MESSAGES, type AuthService } from './services/auth-service';

export const CSRF_COOKIE = 'login_csrf';
export const TOKEN_COOKIE = 'utoken';
const FORM_BODY_LIMIT = 16 * 1024;

const REASONS: Record<string, string> = {
  'org-disabled': '该机构的免登录链接已停用，请使用个人账号登录。',
};

export interface LoginPageDeps {
  config: UpstreamConfig;
  auth: AuthService;
}

interface PageState {
  csrf: string;
  redirect: string;
  userName: string;
  error: string | null;
  notice: string | null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function render(state: PageState): string {
  const alert = state.error
    ? `<p class="error" role="alert" id="login-error">${escapeHtml(state.error)}</p>`
    : state.notice
      ? `<p class="notice" role="status">${escapeHtml(state.notice)}</p>`
      : '';
  const described = state.error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>账号登录 - 思政云课堂</title>
<style>
  body { font-family: "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; margin: 0;
         display: flex; min-height: 100vh; align-items: center; justify-content: center; background: #f5f6f8; color: #333; }
  main { background: #fff; padding: 36px 44px; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.08); width: 100%; max-width: 360px; }
  h1 { font-size: 22px; margin: 0 0 20px; color: #b71c1c; text-align: center; }
  label { display: block; margin: 14px 0 6px; font-size: 14px; }
  input[type=text], input[type=password] { width: 100%; box-sizing: border-box; padding: 10px 12px; font-size: 15px;
         border: 1px solid #bbb; border-radius: 4px; }
  input:focus, button:focus { outline: 3px solid #f4a9a9; outline-offset: 1px; }
  button { margin-top: 22px; width: 100%; padding: 11px; font-size: 16px; color: #fff; background: #b71c1c; border: 0; border-radius: 4px; cursor: pointer; }
  .error { color: #a00; background: #fdecea; padding: 8px 12px; border-radius: 4px; margin: 0 0 8px; }
  .notice { color: #5a4500; background: #fff6d6; padding: 8px 12px; border-radius: 4px; margin: 0 0 8px; }
  .hint { font-size: 13px; color: #777; margin-top: 18px; line-height: 1.6; }
</style>
</head>
<body>
<main>
  <h1>思政云课堂 账号登录</h1>
  ${alert}
  <form method="post" action="/login" novalidate>
    <input type="hidden" name="csrf" value="${escapeHtml(state.csrf)}">
    <input type="hidden" name="redirect" value="${escapeHtml(state.redirect)}">
    <label for="userName">用户名</label>
    <input type="text" id="userName" name="userName" value="${escapeHtml(state.userName)}" autocomplete="username" required maxlength="64"${described}${state.userName ? '' : ' autofocus'}>
    <label for="password">密码</label>
    <input type="password" id="password" name="password" autocomplete="current-password" required maxlength="128"${described}${state.userName ? ' autofocus' : ''}>
    <button type="submit">登录</button>
  </form>
  <p class="hint">在学校或图书馆网络内访问时，系统会自动识别并登录，无需账号。</p>
</main>
</body>
</html>
`;
}

function cookiesOf(req: IncomingMessage): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!jar.has(name)) jar.set(name, part.slice(eq + 1).trim());
  }
  return jar;
}

const validCsrf = (value: string | undefined): value is string => value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createLoginPage(deps: LoginPageDeps) {
  const { config, auth } = deps;
  const trusted = addressMatcher(config.trustedProxies);

  /** true when a trusted proxy says the browser used https */
  function overHttps(req: IncomingMessage): boolean {
    if (!trusted(req.socket.remoteAddress ?? '')) return false;
    const proto = req.headers['x-forwarded-proto'];
    return (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase() === 'https';
  }

  /** X-Forwarded-For only from a trusted proxy (nearest untrusted hop), else the socket peer */
  function browserAddress(req: IncomingMessage): string {
    const address = nearestUntrusted(req);
    // one key per IPv4 client whether the socket shows it plain or IPv4-mapped
    return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  }

  function nearestUntrusted(req: IncomingMessage): string {
    const peer = req.socket.remoteAddress ?? '';
    const header = req.headers['x-forwarded-for'];
    if (!trusted(peer) || header === undefined) return peer;
    const hops = (Array.isArray(header) ? header.join(',') : header).split(',').map((h) => h.trim()).filter(Boolean);
    let client = peer;
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      client = hops[i]!;
      if (!trusted(client)) break;
    }
    return client;
  }

  function requestHostname(req: IncomingMessage): string | null {
    try {
      return new URL(`http://${req.headers.host ?? ''}`).hostname.toLowerCase();
    } catch {
      return null;
    }
  }

  function fallbackTarget(req: IncomingMessage): string {
    if (config.platformPublicUrl) return config.platformPublicUrl;
    const hostname = requestHostname(req) ?? 'localhost';
    const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
    return `${overHttps(req) ? 'https' : 'http'}://${host}:${config.platformPort}/home`;
  }

  /**
   * Where to send the browser after login: `redirect` when it is an http(s) URL on this host
   * (any port), on the platform's host or on an ALLOWED_REDIRECT_HOSTS host, or a path on the
   * platform; anything else (other hosts, //host, javascript:, credentials in the URL) falls back
   * to the platform's home, so the page can never be used as an open redirect.
   */
  function safeRedirect(req: IncomingMessage, redirect: string): string {
    const fallback = fallbackTarget(req);
    const text = redirect.trim();
    if (text === '' || text.length > 2048 || /[\\\u0000-\u001f\u007f]/.test(text)) return fallback;
    let target: URL;
    try {
      target = text.startsWith('/') && !text.startsWith('//') ? new URL(text, fallback) : new URL(text);
    } catch {
      return fallback;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return fallback;
    if (target.username || target.password) return fallback;
    const allowed = new Set([...config.allowedRedirectHosts, new URL(fallback).hostname.toLowerCase()]);
    const own = requestHostname(req);
    if (own) allowed.add(own);
    return allowed.has(target.hostname.toLowerCase()) ? target.href : fallback;
  }

  function csrfCookie(value: string, req: IncomingMessage): string {
    return `${CSRF_COOKIE}=${value}; Path=/login; HttpOnly; SameSite=Lax; Max-Age=7200${overHttps(req) ? '; Secure' : ''}`;
  }

  function sendPage(res: ServerResponse, req: IncomingMessage, status: number, state: PageState, setCsrf: boolean): void {
    const html = render(state);
    // Browsers apply form-action to the whole redirect chain of the POST: allow the (already
    // validated) page the sign-in returns to, or a successful login stops on this page.
    const returnOrigin = new URL(safeRedirect(req, state.redirect)).origin;
    const headers: Record<string, string | string[]> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(html)),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      // no script at all; inline CSS only; the form posts to this origin and returns to the platform
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${returnOrigin}; frame-ancestors 'none'; base-uri 'none'`,
    };
    if (setCsrf) headers['Set-Cookie'] = csrfCookie(state.csrf, req);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : html);
  }

  function show(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const existing = cookiesOf(req).get(CSRF_COOKIE);
    const csrf = validCsrf(existing) ? existing : randomBytes(32).toString('base64url');
    const reason = REASONS[url.searchParams.get('reason') ?? ''] ?? null;
    sendPage(res, req, 200, { csrf, redirect: url.searchParams.get('redirect') ?? '', userName: '', error: null, notice: reason }, true);
  }

  async function submit(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req, FORM_BODY_LIMIT);
    const mediaType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (mediaType !== 'application/x-www-form-urlencoded') throw new ApiError(415, 4000, '请通过登录表单提交');
    const form = new URLSearchParams(body.toString('utf8'));
    const userName = (form.get('userName') ?? '').trim().slice(0, 64);
    const password = form.get('password') ?? '';
    const redirect = form.get('redirect') ?? '';
    const cookie = cookiesOf(req).get(CSRF_COOKIE);
    const fresh = randomBytes(32).toString('base64url');
    const page = (status: number, error: string, csrf: string, setCsrf: boolean) =>
      sendPage(res, req, status, { csrf, redirect, userName, error, notice: null }, setCsrf);

    if (!validCsrf(cookie) || !sameSecret(cookie, form.get('csrf') ?? '')) {
      page(403, '页面已过期或来源无效，请重新登录', fresh, true);
      return;
    }
    if (userName === '' || password === '') {
      page(200, '请输入用户名和密码', cookie, false);
      return;
    }
    if (password.length > 128) {
      page(200, AUTH_MESSAGES.wrongCredentials, cookie, false);
      return;
    }
    let token: string;
    try {
      token = (await auth.login(userName, password, browserAddress(req))).token;
    } catch (error) {
      if (error instanceof ApiError && error.status === 200) {
        page(200, error.message, cookie, false);
        return;
      }
      throw error;
    }
    const attributes = [
      `${TOKEN_COOKIE}=${token}`,
      'Path=/',
      `Max-Age=${Math.floor(auth.tokenTtlMs / 1000)}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(config.cookieDomain ? [`Domain=${config.cookieDomain}`] : []),
      ...(overHttps(req) ? ['Secure'] : []),
    ];
    res.writeHead(302, {
      Location: safeRedirect(req, redirect),
      // the CSRF token has done its job; a new one comes with the next form
      'Set-Cookie': [attributes.join('; '), `${CSRF_COOKIE}=; Path=/login; HttpOnly; SameSite=Lax; Max-Age=0`],
      'Cache-Control': 'no-store',
      'Content-Length': '0',
    });
    res.end();
  }

  return { show, submit, safeRedirect };
}
