/**
 * The login page flow over real HTTP: the form with its CSRF cookie, wrong password shown in
 * Chinese with the user name kept, success setting `utoken` and redirecting only to safe targets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLogin, type TestLogin } from './login-harness';

describe('login page', () => {
  let login: TestLogin;
  beforeAll(async () => {
    login = await startTestLogin({ ALLOWED_REDIRECT_HOSTS: 'www.example.edu.cn', COOKIE_DOMAIN: 'example.edu.cn' });
  });
  afterAll(() => login.stop());

  const open = async (query = '') => {
    const res = await fetch(`${login.server.url}/login${query}`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('login_csrf='))!;
    const html = await res.text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    return { res, cookie, csrf, html };
  };

  const post = (fields: Record<string, string>, cookie: string | null, headers: Record<string, string> = {}) =>
    fetch(`${login.server.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(cookie ? { Cookie: cookie.split(';')[0]! } : {}),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });

  it('GET shows an accessible form with a CSRF cookie equal to the hidden field', async () => {
    const { res, cookie, csrf, html } = await open('?redirect=http%3A%2F%2F127.0.0.1%3A4000%2Fcenter');
    expect(res.status).toBe(200);
    expect(cookie).toMatch(/^login_csrf=[A-Za-z0-9_-]{43}; Path=\/login; HttpOnly; SameSite=Lax/);
    expect(cookie).toContain(`login_csrf=${csrf};`);
    expect(html).toContain('<label for="userName">用户名</label>');
    expect(html).toContain('<label for="password">密码</label>');
    expect(html).toContain('value="http://127.0.0.1:4000/center"');
    expect(html).not.toContain('<script');
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:4000;");
  });

  it('issues a fresh CSRF token with every form: a planted login_csrf cookie is never taken over', async () => {
    const planted = 'P'.repeat(43);
    const res = await fetch(`${login.server.url}/login`, { headers: { Cookie: `login_csrf=${planted}` } });
    const html = await res.text();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('login_csrf='))!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    expect(csrf).not.toBe(planted);
    expect(html).not.toContain(planted);
    expect(cookie).toContain(`login_csrf=${csrf};`);
    // two forms, two tokens
    expect((await open()).csrf).not.toBe((await open()).csrf);
    // a form shown again (wrong password) comes with a new token and cookie, which work
    const again = await post({ csrf, userName: 'student', password: 'Wrong2026', redirect: '/center' }, cookie);
    const againHtml = await again.text();
    const againCsrf = /name="csrf" value="([^"]+)"/.exec(againHtml)![1]!;
    const againCookie = again.headers.getSetCookie().find((c) => c.startsWith('login_csrf='))!;
    expect(againCsrf).not.toBe(csrf);
    expect(againCookie).toContain(`login_csrf=${againCsrf};`);
    const signedIn = await post(
      { csrf: againCsrf, userName: 'student', password: 'Student2026', redirect: '/center' },
      againCookie,
    );
    expect(signedIn.status).toBe(302);
  });

  it("lets the form's redirect chain reach the validated return page, and only that (form-action)", async () => {
    const csp = async (redirect: string) =>
      (await open(`?redirect=${encodeURIComponent(redirect)}`)).res.headers.get('content-security-policy') ?? '';
    expect(await csp('https://www.example.edu.cn/center')).toContain("form-action 'self' https://www.example.edu.cn;");
    expect(await csp('http://127.0.0.1:5173/home')).toContain("form-action 'self' http://127.0.0.1:5173;");
    // an off-site target is replaced by the platform home, so its origin is never allowed
    const offSite = await csp('https://evil.example.com/phish');
    expect(offSite).not.toContain('evil.example.com');
    expect(offSite).toContain("form-action 'self' http://127.0.0.1:4000;");
  });

  it('escapes what it echoes', async () => {
    const { html } = await open('?redirect=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('a wrong password re-renders the form with the Chinese error and the user name kept, no cookie set', async () => {
    const { cookie, csrf } = await open();
    const res = await post({ csrf, userName: 'student', password: 'Wrong2026', redirect: '/center' }, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('用户名或密码错误');
    expect(html).toContain('value="student"');
    expect(html).not.toContain('Wrong2026');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('utoken='))).toBe(false);
  });

  it('empty fields ask for both', async () => {
    const { cookie, csrf } = await open();
    const html = await (await post({ csrf, userName: '', password: '' }, cookie)).text();
    expect(html).toContain('请输入用户名和密码');
  });

  it('refuses a post without the CSRF cookie or with a different field (403)', async () => {
    const { cookie, csrf } = await open();
    const noCookie = await post({ csrf, userName: 'student', password: 'Student2026' }, null);
    expect(noCookie.status).toBe(403);
    expect(await noCookie.text()).toContain('页面已过期或来源无效');
    const mismatch = await post({ csrf: 'A'.repeat(43), userName: 'student', password: 'Student2026' }, cookie);
    expect(mismatch.status).toBe(403);
    expect(mismatch.headers.getSetCookie().some((c) => c.startsWith('utoken='))).toBe(false);
  });

  it('the right password sets utoken (HttpOnly, SameSite=Lax, Path=/, Max-Age, Domain) and 302s to a safe redirect', async () => {
    const { cookie, csrf } = await open();
    const target = `http://127.0.0.1:4000/Play?courseId=1&catalogId=2`;
    const res = await post({ csrf, userName: 'student', password: 'Student2026', redirect: target }, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(target);
    const utoken = res.headers.getSetCookie().find((c) => c.startsWith('utoken='))!;
    expect(utoken).toMatch(
      /^utoken=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax; Domain=example\.edu\.cn$/,
    );
    const token = /^utoken=([^;]+)/.exec(utoken)![1]!;
    expect((await login.client.get('/UserCenterApi/ValidateToken', { token })).body.code).toBe(2000);
    expect(login.logs.join('\n')).not.toContain(token);
    expect(login.logs.join('\n')).not.toContain('Student2026');
  });

  it('Secure only when a trusted proxy says https', async () => {
    const attempt = async (headers: Record<string, string>) => {
      const { cookie, csrf } = await open();
      const res = await post(
        { csrf, userName: 'student', password: 'Student2026', redirect: '/home' },
        cookie,
        headers,
      );
      return res.headers.getSetCookie().find((c) => c.startsWith('utoken='))!;
    };
    expect(await attempt({ 'X-Forwarded-Proto': 'https' })).toMatch(/; Secure$/);
    expect(await attempt({})).not.toContain('Secure');
  });

  it('never redirects off-site: other hosts, //host, javascript:, credentials and garbage go to the platform home', async () => {
    const fallback = 'http://127.0.0.1:4000/home';
    const cases: [string, string][] = [
      ['https://evil.example.com/phish', fallback],
      ['//evil.example.com/x', fallback],
      ['/\\evil.example.com', fallback],
      ['javascript:alert(1)', fallback],
      ['http://user:pw@127.0.0.1:4000/home', fallback],
      ['http://127.0.0.1.evil.example.com/', fallback],
      ['', fallback],
      ['/center?position=2', 'http://127.0.0.1:4000/center?position=2'],
      ['http://127.0.0.1:5173/home', 'http://127.0.0.1:5173/home'],
      ['https://www.example.edu.cn/center', 'https://www.example.edu.cn/center'],
    ];
    for (const [redirect, expected] of cases) {
      const { cookie, csrf } = await open();
      const res = await post({ csrf, userName: 'student', password: 'Student2026', redirect }, cookie);
      expect(res.status, redirect).toBe(302);
      expect(res.headers.get('location'), redirect).toBe(expected);
    }
  });

  it('counts failures per browser address from a trusted proxy', async () => {
    const { cookie, csrf } = await open();
    for (let i = 0; i < 21; i += 1) {
      await post({ csrf, userName: `ghost${i}`, password: 'Nope2026x' }, cookie, {
        'X-Forwarded-For': '203.0.113.200',
      });
    }
    const html = await (
      await post({ csrf, userName: 'ghost', password: 'Nope2026x' }, cookie, { 'X-Forwarded-For': '203.0.113.200' })
    ).text();
    expect(html).toContain('尝试次数过多，请 5 秒后再试');
    const other = await post({ csrf, userName: 'student', password: 'Student2026' }, cookie, {
      'X-Forwarded-For': '203.0.113.201',
    });
    expect(other.status).toBe(302);
  });
});

describe('login page without a trusted proxy', () => {
  let login: TestLogin;
  beforeAll(async () => {
    login = await startTestLogin({
      TRUSTED_PROXIES: '192.0.2.0/24',
      PLATFORM_PUBLIC_URL: 'https://ke.example.edu.cn/home',
    });
  });
  afterAll(() => login.stop());

  it('ignores X-Forwarded-Proto from an untrusted peer and falls back to PLATFORM_PUBLIC_URL', async () => {
    const page = await fetch(`${login.server.url}/login`);
    const cookie = page.headers.getSetCookie()[0]!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    const res = await fetch(`${login.server.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'X-Forwarded-Proto': 'https' },
      body: new URLSearchParams({
        csrf,
        userName: 'student',
        password: 'Student2026',
        redirect: 'https://evil.example.com/',
      }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://ke.example.edu.cn/home');
    const utoken = res.headers.getSetCookie().find((c) => c.startsWith('utoken='))!;
    expect(utoken).not.toContain('Secure');
    expect(utoken).not.toContain('Domain=');
  });
});
