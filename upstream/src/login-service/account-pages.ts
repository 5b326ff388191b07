/**
 * The account pages of the login service (upstream/API.md "Account pages"): the "external pages"
 * the personal centre's 账户设置 opens in a new tab. Server-rendered Chinese HTML without script,
 * under the same CSP as /login. CSRF: the forms of a signed-in user (/email, /phone) carry a token
 * bound to the session (page-kit createSessionCsrf); /find-password, which has no session, a
 * double-submit cookie issued fresh with every form. Each reads the signed-in user from
 * the `utoken` cookie (without one it links to /login and back) and takes `redirect`, validated
 * as /login does, for its 返回 link.
 *
 *   GET /bind?type=1|2|3          QQ / 微信 / 微博: not enabled on this platform, and the current state
 *   GET|POST /email, /phone       change the contact e-mail / mobile number with the current password
 *   GET|POST /find-password       a request for the administrators; always the same answer
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UpstreamConfig } from '../config';
import { readBody } from '../http/body';
import { ApiError, Code } from '../http/envelope';
import type { UserRecord } from '../store';
import {
  cookiesOf,
  createBrowserView,
  createSessionCsrf,
  csrfMatches,
  escapeHtml,
  newCsrfToken,
  sendHtml,
  TOKEN_COOKIE,
  validCsrf,
} from './page-kit';
import {
  ACCOUNT_MESSAGES,
  bindStateOf,
  isNetworkIdentity,
  OAUTH_PROVIDERS,
  type AccountService,
  type ContactKind,
  type OAuthProviderType,
} from './services/account-service';
import type { AuthService } from './services/auth-service';
import { CONTACT_MESSAGES, EMAIL_MAX_LENGTH, normaliseEmail, normalisePhone } from './services/profile-rules';

/** the double-submit cookie of /find-password (Path=/find-password), never sent to the platform */
export const ACCOUNT_CSRF_COOKIE = 'account_csrf';
const FORM_BODY_LIMIT = 16 * 1024;
const USER_NAME_MAX_LENGTH = 64;

export const ACCOUNT_PAGE_PATHS = ['/bind', '/email', '/phone', '/find-password'] as const;
export type AccountPagePath = (typeof ACCOUNT_PAGE_PATHS)[number];

export const PAGE_MESSAGES = {
  staleForm: '页面已过期或来源无效，请重新提交',
  signInFirst: '请先登录后再进行此操作。',
  passwordRequired: '请输入当前密码',
  saved: '已保存',
  unknownProvider: '参数 type 只能是 1（QQ）、2（微信）或 3（微博）',
  notEnabled: (label: string) => `本平台暂未开通${label}账号绑定，敬请期待。`,
  findPasswordInput: '请输入用户名，以及正确的邮箱或手机号码',
} as const;

const CONTACT_PAGES: Record<
  ContactKind,
  { title: string; label: string; inputType: string; maxLength: number; autocomplete: string }
> = {
  email: {
    title: '修改联系邮箱',
    label: '新邮箱',
    inputType: 'email',
    maxLength: EMAIL_MAX_LENGTH,
    autocomplete: 'email',
  },
  phone: { title: '修改手机号码', label: '新手机号码', inputType: 'tel', maxLength: 20, autocomplete: 'tel' },
};

const STYLE = `
  body { font-family: "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; margin: 0;
         display: flex; min-height: 100vh; align-items: center; justify-content: center; background: #f5f6f8; color: #333; }
  main { background: #fff; padding: 36px 44px; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.08); width: 100%; max-width: 400px; }
  h1 { font-size: 22px; margin: 0 0 20px; color: #b71c1c; text-align: center; }
  label { display: block; margin: 14px 0 6px; font-size: 14px; }
  input[type=text], input[type=password], input[type=email], input[type=tel] { width: 100%; box-sizing: border-box;
         padding: 10px 12px; font-size: 15px; border: 1px solid #bbb; border-radius: 4px; }
  input:focus, button:focus, a:focus { outline: 3px solid #f4a9a9; outline-offset: 1px; }
  button { margin-top: 22px; width: 100%; padding: 11px; font-size: 16px; color: #fff; background: #b71c1c; border: 0; border-radius: 4px; cursor: pointer; }
  a { color: #b71c1c; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 14px; margin: 0 0 8px; font-size: 15px; }
  dt { color: #777; }
  dd { margin: 0; word-break: break-all; }
  .error { color: #a00; background: #fdecea; padding: 8px 12px; border-radius: 4px; margin: 0 0 8px; }
  .notice { color: #5a4500; background: #fff6d6; padding: 8px 12px; border-radius: 4px; margin: 0 0 8px; }
  .ok { color: #1b5e20; background: #e8f5e9; padding: 8px 12px; border-radius: 4px; margin: 0 0 8px; }
  .hint { font-size: 13px; color: #777; margin-top: 18px; line-height: 1.6; }
  .back { display: block; margin-top: 22px; text-align: center; }
`;

interface Shell {
  title: string;
  body: string;
  back: string;
}

function renderShell({ title, body, back }: Shell): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} - 思政云课堂</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <h1>${escapeHtml(title)}</h1>
  ${body}
  <a class="back" href="${escapeHtml(back)}">返回</a>
</main>
</body>
</html>
`;
}

const alertHtml = (error: string | null): string =>
  error ? `<p class="error" role="alert" id="form-error">${escapeHtml(error)}</p>` : '';
const statusHtml = (className: 'ok' | 'notice', text: string): string =>
  `<p class="${className}" role="status">${escapeHtml(text)}</p>`;
const csrfFields = (csrf: string, redirect: string): string =>
  `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">\n    <input type="hidden" name="redirect" value="${escapeHtml(redirect)}">`;

export interface AccountPagesDeps {
  config: UpstreamConfig;
  auth: AuthService;
  accounts: AccountService;
}

export function createAccountPages(deps: AccountPagesDeps) {
  const { config, auth, accounts } = deps;
  const view = createBrowserView(config);
  const sessionCsrf = createSessionCsrf(config.apiSecret);

  /** the signed-in user of the utoken cookie and that session's token hash, or null */
  async function signedIn(req: IncomingMessage): Promise<{ user: UserRecord; tokenHash: string } | null> {
    const token = cookiesOf(req).get(TOKEN_COOKIE);
    return token ? await auth.session(token) : null;
  }

  function csrfCookie(path: AccountPagePath, value: string, req: IncomingMessage): string {
    return `${ACCOUNT_CSRF_COOKIE}=${value}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=7200${view.overHttps(req) ? '; Secure' : ''}`;
  }

  /**
   * The double-submit token of a form without a session (/find-password): a new one with every
   * form shown, never one the browser already had (that could be a value someone else planted).
   */
  function freshCsrf(req: IncomingMessage, path: AccountPagePath): { csrf: string; setCookie: string } {
    const csrf = newCsrfToken();
    return { csrf, setCookie: csrfCookie(path, csrf, req) };
  }

  function send(req: IncomingMessage, res: ServerResponse, status: number, shell: Shell, setCookie?: string): void {
    sendHtml(req, res, status, renderShell(shell), setCookie === undefined ? {} : { setCookie });
  }

  /** the page for a visitor without a valid utoken: a link to sign in and come back here */
  function signInPage(req: IncomingMessage, res: ServerResponse, title: string, back: string, returnTo: string): void {
    const login = `/login?redirect=${encodeURIComponent(returnTo)}`;
    send(req, res, 200, {
      title,
      back,
      body: `${statusHtml('notice', PAGE_MESSAGES.signInFirst)}
  <p><a href="${escapeHtml(login)}" id="login-link">登录</a></p>`,
    });
  }

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const body = await readBody(req, FORM_BODY_LIMIT);
    const mediaType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (mediaType !== 'application/x-www-form-urlencoded')
      throw new ApiError(415, Code.badParameter, '请通过页面表单提交');
    return new URLSearchParams(body.toString('utf8'));
  }

  /** the address the brute-force limits count, as for /login */
  const clientIp = (req: IncomingMessage) => view.browserAddress(req);

  // ---- /bind -------------------------------------------------------------------------------

  async function bind(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const redirect = url.searchParams.get('redirect') ?? '';
    const back = view.safeRedirect(req, redirect);
    const typeText = url.searchParams.get('type') ?? '';
    const provider = /^[123]$/.test(typeText) ? OAUTH_PROVIDERS[Number(typeText) as OAuthProviderType] : undefined;
    if (!provider) {
      const links = Object.entries(OAUTH_PROVIDERS)
        .map(
          ([t, p]) =>
            `<li><a href="/bind?type=${t}&amp;redirect=${escapeHtml(encodeURIComponent(redirect))}">${p.label}</a></li>`,
        )
        .join('');
      send(req, res, 400, {
        title: '绑定第三方账号',
        back,
        body: `${alertHtml(PAGE_MESSAGES.unknownProvider)}\n  <ul>${links}</ul>`,
      });
      return;
    }
    const title = `绑定${provider.label}账号`;
    const user = (await signedIn(req))?.user;
    if (!user) {
      signInPage(req, res, title, back, view.selfUrl(req));
      return;
    }
    const bound = bindStateOf(user, provider.key);
    send(req, res, 200, {
      title,
      back,
      body: `${statusHtml('notice', PAGE_MESSAGES.notEnabled(provider.label))}
  <dl>
    <dt>当前账号</dt><dd>${escapeHtml(user.userName)}</dd>
    <dt>${provider.label}</dt><dd id="bind-state">${bound ? '已绑定' : '未绑定'}</dd>
  </dl>
  <p class="hint">${bound ? `如需解除与${provider.label}的绑定，请在个人中心的“账户设置”中点击“解绑”。` : '开通后即可在此绑定，绑定后可使用该账号登录。'}</p>`,
    });
  }

  // ---- /email and /phone ---------------------------------------------------------------------

  interface ContactState {
    csrf: string;
    redirect: string;
    value: string;
    error: string | null;
    saved: string | null;
  }

  function contactBody(kind: ContactKind, user: UserRecord, state: ContactState): string {
    const page = CONTACT_PAGES[kind];
    const current = kind === 'email' ? user.email : user.phone;
    const facts = `<dl>
    <dt>当前账号</dt><dd>${escapeHtml(user.userName)}</dd>
    <dt>${kind === 'email' ? '当前邮箱' : '当前手机号码'}</dt><dd id="current-value">${current ? escapeHtml(current) : '未设置'}</dd>
  </dl>`;
    if (state.saved !== null) return `${statusHtml('ok', PAGE_MESSAGES.saved)}\n  ${facts}`;
    if (isNetworkIdentity(user)) return `${statusHtml('notice', ACCOUNT_MESSAGES.networkIdentity)}\n  ${facts}`;
    const described = state.error ? ' aria-describedby="form-error" aria-invalid="true"' : '';
    return `${alertHtml(state.error)}
  ${facts}
  <form method="post" action="/${kind}" novalidate>
    ${csrfFields(state.csrf, state.redirect)}
    <label for="value">${page.label}</label>
    <input type="${page.inputType}" id="value" name="value" value="${escapeHtml(state.value)}" autocomplete="${page.autocomplete}" required maxlength="${page.maxLength}"${described}>
    <label for="password">当前密码</label>
    <input type="password" id="password" name="password" autocomplete="current-password" required maxlength="128"${described}>
    <button type="submit">保存</button>
  </form>
  <p class="hint">为保护账号安全，修改前需验证当前密码。修改后会在“消息”中留下安全提醒。</p>`;
  }

  async function showContact(req: IncomingMessage, res: ServerResponse, url: URL, kind: ContactKind): Promise<void> {
    const redirect = url.searchParams.get('redirect') ?? '';
    const back = view.safeRedirect(req, redirect);
    const title = CONTACT_PAGES[kind].title;
    const session = await signedIn(req);
    if (!session) {
      signInPage(req, res, title, back, view.selfUrl(req));
      return;
    }
    const csrf = sessionCsrf.tokenFor(`/${kind}`, session.tokenHash);
    send(req, res, 200, {
      title,
      back,
      body: contactBody(kind, session.user, { csrf, redirect, value: '', error: null, saved: null }),
    });
  }

  async function submitContact(req: IncomingMessage, res: ServerResponse, kind: ContactKind): Promise<void> {
    const form = await readForm(req);
    const redirect = form.get('redirect') ?? '';
    const back = view.safeRedirect(req, redirect);
    const title = CONTACT_PAGES[kind].title;
    const value = (form.get('value') ?? '').slice(0, 200);
    const password = form.get('password') ?? '';
    const session = await signedIn(req);
    // a page of ours that returns to this page: the visitor's "come back" is the GET form
    const returnTo = new URL(
      `/${kind}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
      view.selfUrl(req),
    ).href;
    if (!session) {
      signInPage(req, res, title, back, returnTo);
      return;
    }
    const { user, tokenHash } = session;
    // the token this session's form carries: computed from the session, never taken from the request
    const csrf = sessionCsrf.tokenFor(`/${kind}`, tokenHash);
    if (!sessionCsrf.matches(`/${kind}`, tokenHash, form.get('csrf'))) {
      send(req, res, 403, {
        title,
        back,
        body: contactBody(kind, user, { csrf, redirect, value, error: PAGE_MESSAGES.staleForm, saved: null }),
      });
      return;
    }
    const page = (error: string | null, saved: string | null, shown: UserRecord) =>
      send(req, res, 200, { title, back, body: contactBody(kind, shown, { csrf, redirect, value, error, saved }) });

    // input first: a typo is not a password attempt
    const stored = kind === 'email' ? normaliseEmail(value) : normalisePhone(value);
    if (!isNetworkIdentity(user) && stored === null)
      return page(kind === 'email' ? CONTACT_MESSAGES.email : CONTACT_MESSAGES.phone, null, user);
    if (!isNetworkIdentity(user) && password === '') return page(PAGE_MESSAGES.passwordRequired, null, user);
    try {
      const saved = await accounts.changeContact(user, tokenHash, kind, value, password, clientIp(req));
      page(null, saved, (await auth.validate(cookiesOf(req).get(TOKEN_COOKIE) ?? '')) ?? user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 200) return page(error.message, null, user);
      throw error;
    }
  }

  // ---- /find-password ------------------------------------------------------------------------

  interface FindState {
    csrf: string;
    redirect: string;
    userName: string;
    contact: string;
    error: string | null;
  }

  function findBody(state: FindState): string {
    const described = state.error ? ' aria-describedby="form-error" aria-invalid="true"' : '';
    return `${alertHtml(state.error)}
  <form method="post" action="/find-password" novalidate>
    ${csrfFields(state.csrf, state.redirect)}
    <label for="userName">用户名</label>
    <input type="text" id="userName" name="userName" value="${escapeHtml(state.userName)}" autocomplete="username" required maxlength="${USER_NAME_MAX_LENGTH}"${described}>
    <label for="contact">联系方式（邮箱或手机号码）</label>
    <input type="text" id="contact" name="contact" value="${escapeHtml(state.contact)}" autocomplete="email" required maxlength="${EMAIL_MAX_LENGTH}"${described}>
    <button type="submit">提交申请</button>
  </form>
  <p class="hint">密码由所在学校或图书馆的管理员核实身份后重置。请留下能联系到你的邮箱或手机号码。</p>`;
  }

  function showFindPassword(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const redirect = url.searchParams.get('redirect') ?? '';
    const { csrf, setCookie } = freshCsrf(req, '/find-password');
    send(
      req,
      res,
      200,
      {
        title: '找回密码',
        back: view.safeRedirect(req, redirect),
        body: findBody({ csrf, redirect, userName: '', contact: '', error: null }),
      },
      setCookie,
    );
  }

  async function submitFindPassword(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const redirect = form.get('redirect') ?? '';
    const back = view.safeRedirect(req, redirect);
    const userName = (form.get('userName') ?? '').trim().slice(0, USER_NAME_MAX_LENGTH);
    const contactText = (form.get('contact') ?? '').slice(0, 200);
    const cookie = cookiesOf(req).get(ACCOUNT_CSRF_COOKIE);
    // every form shown again comes with a new token
    const { csrf, setCookie } = freshCsrf(req, '/find-password');
    if (!validCsrf(cookie) || !csrfMatches(cookie, form.get('csrf'))) {
      send(
        req,
        res,
        403,
        {
          title: '找回密码',
          back,
          body: findBody({ csrf, redirect, userName, contact: contactText, error: PAGE_MESSAGES.staleForm }),
        },
        setCookie,
      );
      return;
    }
    const contact = normaliseEmail(contactText) ?? normalisePhone(contactText);
    if (userName === '' || contact === null) {
      send(
        req,
        res,
        200,
        {
          title: '找回密码',
          back,
          body: findBody({ csrf, redirect, userName, contact: contactText, error: PAGE_MESSAGES.findPasswordInput }),
        },
        setCookie,
      );
      return;
    }
    await accounts.requestPasswordReset(userName, contact, clientIp(req));
    send(req, res, 200, { title: '找回密码', back, body: statusHtml('ok', ACCOUNT_MESSAGES.resetReceived) });
  }

  /** true when the path is one of these pages (and the method one it answers); then it has answered */
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL, pathname: string): Promise<boolean> {
    const path = pathname.toLowerCase();
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    const post = req.method === 'POST';
    if (path === '/bind' && readOnly) {
      await bind(req, res, url);
      return true;
    }
    if (path === '/email' || path === '/phone') {
      const kind: ContactKind = path === '/email' ? 'email' : 'phone';
      if (readOnly) await showContact(req, res, url, kind);
      else if (post) await submitContact(req, res, kind);
      else return false;
      return true;
    }
    if (path === '/find-password') {
      if (readOnly) showFindPassword(req, res, url);
      else if (post) await submitFindPassword(req, res);
      else return false;
      return true;
    }
    return false;
  }

  return { handle };
}
