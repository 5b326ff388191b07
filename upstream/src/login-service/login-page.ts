/**
 * The login page of the login service (product-spec §2 "external login page"): GET /login shows
 * a plain HTML form (no script), POST /login signs the account in, sets the site-wide `utoken`
 * cookie and sends the browser back to `redirect` when that is a safe target. CSRF protection
 * is a double-submit token: a random cookie that must equal the form's hidden field, issued fresh
 * with every form shown (a value the browser already had, perhaps planted, is never taken over).
 * There is no session yet to bind it to.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UpstreamConfig } from '../config';
import { ApiError } from '../http/envelope';
import { readBody } from '../http/body';
import {
  cookiesOf,
  createBrowserView,
  csrfMatches,
  escapeHtml,
  newCsrfToken,
  sendHtml,
  TOKEN_COOKIE,
  validCsrf,
} from './page-kit';
import { AUTH_MESSAGES, type AuthService } from './services/auth-service';

export const CSRF_COOKIE = 'login_csrf';
export { TOKEN_COOKIE } from './page-kit';
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

export function createLoginPage(deps: LoginPageDeps) {
  const { config, auth } = deps;
  const view = createBrowserView(config);
  const { overHttps, browserAddress, safeRedirect } = view;

  function csrfCookie(value: string, req: IncomingMessage): string {
    return `${CSRF_COOKIE}=${value}; Path=/login; HttpOnly; SameSite=Lax; Max-Age=7200${overHttps(req) ? '; Secure' : ''}`;
  }

  /** a form, always with its own new CSRF cookie (state.csrf) */
  function sendPage(res: ServerResponse, req: IncomingMessage, status: number, state: PageState): void {
    // Browsers apply form-action to the whole redirect chain of the POST: allow the (already
    // validated) page the sign-in returns to, or a successful login stops on this page.
    const returnOrigin = new URL(safeRedirect(req, state.redirect)).origin;
    sendHtml(req, res, status, render(state), {
      formTargets: [returnOrigin],
      setCookie: csrfCookie(state.csrf, req),
    });
  }

  function show(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const csrf = newCsrfToken();
    const reason = REASONS[url.searchParams.get('reason') ?? ''] ?? null;
    sendPage(res, req, 200, {
      csrf,
      redirect: url.searchParams.get('redirect') ?? '',
      userName: '',
      error: null,
      notice: reason,
    });
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
    // every form shown again comes with a new token (and its cookie)
    const page = (status: number, error: string) =>
      sendPage(res, req, status, { csrf: newCsrfToken(), redirect, userName, error, notice: null });

    if (!validCsrf(cookie) || !csrfMatches(cookie, form.get('csrf'))) {
      page(403, '页面已过期或来源无效，请重新登录');
      return;
    }
    if (userName === '' || password === '') {
      page(200, '请输入用户名和密码');
      return;
    }
    if (password.length > 128) {
      page(200, AUTH_MESSAGES.wrongCredentials);
      return;
    }
    let token: string;
    try {
      token = (await auth.login(userName, password, browserAddress(req))).token;
    } catch (error) {
      if (error instanceof ApiError && error.status === 200) {
        page(200, error.message);
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
