/**
 * The account pages of the login service over real HTTP, as a browser uses them (upstream/API.md
 * "Account pages"): the signed-in user from the utoken cookie (else a link to /login and back),
 * /bind saying 暂未开通 with the current state, /email and /phone changing the contact with the
 * current password (a CSRF token bound to the session, brute-force counted, 安全提醒 written,
 * visible in GetUserInfo / GetUserExtraInfo), /find-password recording a request and always
 * answering the same (a double-submit cookie issued fresh with every form, never a planted one),
 * the admin command listing the requests, and nothing secret in the logs.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../upstream/cli/admin-command';
import { createUser } from '../../upstream/src/login-service/services/accounts';
import { DATABASE_FILE } from '../../upstream/src/store';
import { from, startTestLogin, type TestLogin } from './login-harness';
import type { SessionToken, UserInfo, ProfileJson } from '../../upstream/src/login-service/contract';
import { runInProcess } from '../support/cli';

interface Page {
  status: number;
  html: string;
  headers: Headers;
  csrf: string | null;
  /** the account_csrf cookie (name=value) the page set, if any */
  csrfCookie: string | null;
}

describe('account pages', () => {
  let login: TestLogin;
  let base: string;
  let studentToken: string;
  const issued: string[] = [];
  const passwords = new Set(['Student2026']);

  beforeAll(async () => {
    login = await startTestLogin();
    base = login.server.url;
    studentToken = await signIn('student', 'Student2026');
  });
  afterAll(() => login.stop());

  async function signIn(userName: string, password: string): Promise<string> {
    const res = await login.client.postJson<SessionToken>(
      '/UserCenterApi/Login',
      { userName, password },
      from('192.0.2.90'),
    );
    expect(res.body.code, res.body.message).toBe(2000);
    issued.push(res.body.items.token);
    return res.body.items.token;
  }

  async function toPage(res: Response): Promise<Page> {
    const html = await res.text();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('account_csrf='));
    return {
      status: res.status,
      html,
      headers: res.headers,
      csrf: /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? null,
      csrfCookie: cookie ? cookie.split(';')[0]! : null,
    };
  }

  const cookieHeader = (...cookies: (string | null | undefined)[]) => cookies.filter(Boolean).join('; ');

  const get = async (pathAndQuery: string, cookie = '') =>
    toPage(await fetch(`${base}${pathAndQuery}`, { headers: cookie ? { Cookie: cookie } : {} }));

  const post = async (
    pagePath: string,
    fields: Record<string, string>,
    cookie: string,
    headers: Record<string, string> = {},
  ) => {
    for (const key of ['password']) if (fields[key]) passwords.add(fields[key]!);
    return toPage(
      await fetch(`${base}${pagePath}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, ...headers },
        body: new URLSearchParams(fields).toString(),
      }),
    );
  };

  /** opens a form page signed in and posts it back with its CSRF token */
  async function submit(
    pagePath: string,
    token: string | null,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    const utoken = token ? `utoken=${token}` : null;
    const form = await get(pagePath, cookieHeader(utoken));
    expect(form.csrf, form.html).not.toBeNull();
    return post(pagePath, { csrf: form.csrf!, ...fields }, cookieHeader(utoken, form.csrfCookie), headers);
  }

  const messagesOf = (userId: number) => {
    const db = new Database(path.join(login.store.dataDir, DATABASE_FILE), { readonly: true });
    try {
      return db.prepare('SELECT type, message FROM messages WHERE user_id = ? ORDER BY id').all(userId) as {
        type: number;
        message: string;
      }[];
    } finally {
      db.close();
    }
  };

  describe('every page', () => {
    it('is Chinese HTML without script, under the strict CSP, never framed', async () => {
      for (const pagePath of ['/bind?type=1', '/email', '/phone', '/find-password']) {
        const page = await get(pagePath, `utoken=${studentToken}`);
        expect(page.status, pagePath).toBe(200);
        expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(page.headers.get('content-security-policy')).toBe(
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        );
        expect(page.headers.get('x-frame-options')).toBe('DENY');
        expect(page.html).toContain('lang="zh-CN"');
        expect(page.html).not.toContain('<script');
        expect(page.html).toContain('返回');
      }
    });

    it('without a valid utoken shows a link to /login that comes back to this page', async () => {
      for (const cookie of ['', 'utoken=garbage', `utoken=${'A'.repeat(43)}`]) {
        const page = await get('/bind?type=1&redirect=%2Fcenter', cookie);
        expect(page.status).toBe(200);
        expect(page.html).toContain('请先登录');
        const href = /id="login-link"/.test(page.html)
          ? /href="([^"]+)" id="login-link"/.exec(page.html)![1]!.replace(/&amp;/g, '&')
          : '';
        expect(href).toBe(`/login?redirect=${encodeURIComponent(`${base}/bind?type=1&redirect=%2Fcenter`)}`);
        expect(page.html).not.toContain('已绑定');
      }
      const email = await get('/email');
      expect(email.html).toContain(`/login?redirect=${encodeURIComponent(`${base}/email`)}`);
      expect(email.html).not.toContain('<form');
    });

    it('validates redirect as /login does for its 返回 link', async () => {
      const back = async (redirect: string) =>
        /<a class="back" href="([^"]+)"/.exec(
          (await get(`/find-password?redirect=${encodeURIComponent(redirect)}`)).html,
        )![1]!;
      expect(await back('/center?position=5')).toBe('http://127.0.0.1:4000/center?position=5');
      expect(await back('http://127.0.0.1:4000/center')).toBe('http://127.0.0.1:4000/center');
      for (const evil of [
        'https://evil.example.com/',
        '//evil.example.com/x',
        'javascript:alert(1)',
        'http://u:p@127.0.0.1/',
      ]) {
        expect(await back(evil), evil).toBe('http://127.0.0.1:4000/home');
      }
    });
  });

  describe('/bind', () => {
    it('says binding is 暂未开通 and shows the current state of each provider', async () => {
      const qq = await get('/bind?type=1', `utoken=${studentToken}`);
      expect(qq.html).toContain('绑定QQ账号');
      expect(qq.html).toContain('暂未开通');
      expect(qq.html).toContain('<dd id="bind-state">已绑定</dd>');
      const wechat = await get('/bind?type=2', `utoken=${studentToken}`);
      expect(wechat.html).toContain('微信');
      expect(wechat.html).toContain('<dd id="bind-state">未绑定</dd>');
      expect((await get('/BIND?type=3', `utoken=${studentToken}`)).html).toContain('微博');
    });

    it('answers an unknown type with 400 and the three choices', async () => {
      for (const query of ['', '?type=4', '?type=qq']) {
        const page = await get(`/bind${query}`, `utoken=${studentToken}`);
        expect(page.status, query).toBe(400);
        expect(page.html).toContain('参数 type 只能是');
        expect(page.html).toContain('/bind?type=1');
      }
    });
  });

  describe('/email and /phone', () => {
    it('GET shows the current value and a form whose CSRF token is bound to the session and the page (no cookie)', async () => {
      const page = await get('/email', `utoken=${studentToken}`);
      expect(page.html).toContain('<dd id="current-value">student@example.edu.cn</dd>');
      expect(page.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(page.csrfCookie).toBeNull();
      // the same session and page: the same token; another page or another session: another one
      expect((await get('/email', `utoken=${studentToken}`)).csrf).toBe(page.csrf);
      expect((await get('/phone', `utoken=${studentToken}`)).csrf).not.toBe(page.csrf);
      const otherSession = await signIn('student', 'Student2026');
      expect((await get('/email', `utoken=${otherSession}`)).csrf).not.toBe(page.csrf);
    });

    it('never adopts a planted account_csrf cookie: the form ignores it, and cookie = field is no proof', async () => {
      const planted = 'P'.repeat(43);
      const page = await get('/email', cookieHeader(`utoken=${studentToken}`, `account_csrf=${planted}`));
      expect(page.csrf).not.toBe(planted);
      expect(page.html).not.toContain(planted);
      expect(page.headers.getSetCookie().join('\n')).not.toContain(planted);
      // what a double-submit check would have taken: the planted cookie repeated in the field
      const forged = await post(
        '/email',
        { csrf: planted, value: 'planted@example.edu.cn', password: 'Student2026' },
        cookieHeader(`utoken=${studentToken}`, `account_csrf=${planted}`),
      );
      expect(forged.status).toBe(403);
      expect(forged.html).toContain('页面已过期或来源无效');
      expect((await login.store.users.getByName('student'))!.email).toBe('student@example.edu.cn');
    });

    it("refuses a post without this session's token (403): none, forged, another session's, another page's; changes nothing", async () => {
      const form = await get('/email', `utoken=${studentToken}`);
      const fields = { value: 'csrf@example.edu.cn', password: 'Student2026' };
      const otherSession = await signIn('student', 'Student2026');
      const otherSessionForm = await get('/email', `utoken=${otherSession}`);
      const phoneForm = await get('/phone', `utoken=${studentToken}`);
      for (const csrf of [null, '', 'B'.repeat(43), otherSessionForm.csrf!, phoneForm.csrf!]) {
        const page = await post('/email', { ...(csrf === null ? {} : { csrf }), ...fields }, `utoken=${studentToken}`);
        expect(page.status, String(csrf)).toBe(403);
        expect(page.html).toContain('页面已过期或来源无效');
        // the form shown again carries this session's token, so that a real user can submit it
        expect(page.csrf).toBe(form.csrf);
      }
      expect((await login.store.users.getByName('student'))!.email).toBe('student@example.edu.cn');
    });

    it('refuses a malformed e-mail or phone, an empty or wrong password, and the same value', async () => {
      const cases: [string, Record<string, string>, string][] = [
        ['/email', { value: 'not-an-address', password: 'Student2026' }, '请输入正确的邮箱地址（不超过100个字符）'],
        [
          '/email',
          { value: `${'a'.repeat(96)}@x.cn`, password: 'Student2026' },
          '请输入正确的邮箱地址（不超过100个字符）',
        ],
        ['/email', { value: 'a@b', password: 'Student2026' }, '请输入正确的邮箱地址（不超过100个字符）'],
        ['/phone', { value: '12345678901', password: 'Student2026' }, '请输入正确的手机号码（11位，1开头）'],
        ['/phone', { value: '1380000000', password: 'Student2026' }, '请输入正确的手机号码（11位，1开头）'],
        ['/email', { value: 'new@example.edu.cn', password: '' }, '请输入当前密码'],
        ['/email', { value: 'new@example.edu.cn', password: 'Wrong2026x' }, '当前密码错误'],
        [
          '/email',
          { value: 'STUDENT@EXAMPLE.EDU.CN'.replace('STUDENT', 'student'), password: 'Student2026' },
          '与当前的相同，无需修改',
        ],
        ['/phone', { value: '138 0000 0000', password: 'Student2026' }, '与当前的相同，无需修改'],
      ];
      for (const [pagePath, fields, message] of cases) {
        const page = await submit(pagePath, studentToken, fields);
        expect(page.status, JSON.stringify(fields)).toBe(200);
        expect(page.html, JSON.stringify(fields)).toContain(`role="alert" id="form-error">${message}</p>`);
        expect(page.html).not.toContain('Student2026');
      }
      const student = (await login.store.users.getByName('student'))!;
      expect([student.email, student.phone]).toEqual(['student@example.edu.cn', '13800000000']);
    });

    it('an e-mail change persists, shows 已保存, appears in GetUserInfo and GetUserExtraInfo, and writes a 安全提醒', async () => {
      const page = await submit('/email', studentToken, {
        value: '  New.Address@Example.EDU.cn ',
        password: 'Student2026',
        redirect: '/center',
      });
      expect(page.status).toBe(200);
      expect(page.html).toContain('role="status">已保存</p>');
      expect(page.html).toContain('<dd id="current-value">New.Address@example.edu.cn</dd>');
      expect(page.html).toContain('<a class="back" href="http://127.0.0.1:4000/center">');
      const info = await login.client.get<UserInfo>('/UserCenterApi/GetUserInfo', { token: studentToken });
      expect(info.body.items.Email).toBe('New.Address@example.edu.cn');
      const extra = await login.client.get<ProfileJson>('/UserCenterApi/GetUserExtraInfo', { token: studentToken });
      expect(extra.body.items.Email).toBe('New.Address@example.edu.cn');
      const student = (await login.store.users.getByName('student'))!;
      const last = messagesOf(student.userId).at(-1)!;
      expect(last.type).toBe(3);
      expect(last.message).toContain('联系邮箱');
    });

    it('a phone change accepts +86 and separators, stores the 11 digits', async () => {
      const page = await submit('/phone', studentToken, { value: '+86 139-0000-0001', password: 'Student2026' });
      expect(page.html).toContain('已保存');
      expect(page.html).toContain('<dd id="current-value">13900000001</dd>');
      const info = await login.client.get<UserInfo>('/UserCenterApi/GetUserInfo', { token: studentToken });
      expect(info.body.items.PhoneNumber).toBe('13900000001');
      const student = (await login.store.users.getByName('student'))!;
      expect(messagesOf(student.userId).at(-1)).toMatchObject({
        type: 3,
        message: expect.stringContaining('手机号码'),
      });
    });

    it('counts wrong passwords with the login limits: after 4, the next waits 5 s, then 10 s', async () => {
      passwords.add('Lock2026pw');
      await createUser(login.store, { userName: 'page-lock', password: 'Lock2026pw', userType: 1 }, login.clock.now);
      const token = await signIn('page-lock', 'Lock2026pw');
      for (let i = 1; i <= 4; i += 1) {
        expect(
          (await submit('/email', token, { value: 'lock@example.edu.cn', password: `Bad${i}xxxxx` })).html,
        ).toContain('当前密码错误');
      }
      expect((await submit('/email', token, { value: 'lock@example.edu.cn', password: 'Bad5xxxxx' })).html).toContain(
        '尝试次数过多，请 5 秒后再试',
      );
      expect((await submit('/phone', token, { value: '13700000000', password: 'Lock2026pw' })).html).toContain(
        '尝试次数过多，请 5 秒后再试',
      );
      login.clock.advance(5_000);
      expect((await submit('/phone', token, { value: '13700000000', password: 'Bad6xxxxx' })).html).toContain(
        '当前密码错误',
      );
      expect((await submit('/phone', token, { value: '13700000000', password: 'Lock2026pw' })).html).toContain(
        '尝试次数过多，请 10 秒后再试',
      );
      login.clock.advance(10_000);
      expect((await submit('/phone', token, { value: '13700000000', password: 'Lock2026pw' })).html).toContain(
        '已保存',
      );
    });

    it("shows an organisation's network identity that it cannot change contact details", async () => {
      const network = await login.client.get<string>('/UserCenterApi/IPAutoLogin', {}, from('10.20.5.5'));
      issued.push(network.body.items);
      const page = await get('/email', `utoken=${network.body.items}`);
      expect(page.html).toContain('机构网络账号不能修改个人信息');
      expect(page.html).not.toContain('<form');
    });

    it('with a session that ended between GET and POST, shows the login link again', async () => {
      const token = await signIn('student', 'Student2026');
      const form = await get('/email', `utoken=${token}`);
      await login.client.postJson('/UserCenterApi/Logout', { token });
      const page = await post(
        '/email',
        { csrf: form.csrf!, value: 'late@example.edu.cn', password: 'Student2026' },
        cookieHeader(`utoken=${token}`, form.csrfCookie),
      );
      expect(page.html).toContain('请先登录');
      expect((await login.store.users.getByName('student'))!.email).not.toBe('late@example.edu.cn');
    });
  });

  describe('/find-password', () => {
    const SENTENCE = '已收到找回密码申请，管理员核实后会与你联系';

    it('issues a fresh double-submit token with every form, never a planted cookie value', async () => {
      const planted = 'Q'.repeat(43);
      const first = await get('/find-password', `account_csrf=${planted}`);
      expect(first.csrfCookie).toMatch(/^account_csrf=[A-Za-z0-9_-]{43}$/);
      expect(first.csrfCookie).toBe(`account_csrf=${first.csrf}`);
      expect(first.csrf).not.toBe(planted);
      expect(first.html).not.toContain(planted);
      const second = await get('/find-password', first.csrfCookie!);
      expect(second.csrf).not.toBe(first.csrf);
      // a form shown again after a mistake comes with a new token too
      const retry = await post(
        '/find-password',
        { csrf: second.csrf!, userName: '', contact: 'x' },
        second.csrfCookie!,
      );
      expect(retry.html).toContain('请输入用户名，以及正确的邮箱或手机号码');
      expect(retry.csrfCookie).toBe(`account_csrf=${retry.csrf}`);
      expect(retry.csrf).not.toBe(second.csrf);
    });

    it('needs no sign-in, refuses a forged post (403), asks for a user name and a valid contact', async () => {
      const form = await get('/find-password');
      expect(form.html).toContain('找回密码');
      expect(form.csrfCookie).toMatch(/^account_csrf=/);
      const forged = await post(
        '/find-password',
        { csrf: form.csrf!, userName: 'student', contact: '13800000000' },
        '',
      );
      expect(forged.status).toBe(403);
      const empty = await submit('/find-password', null, { userName: '', contact: '13800000000' });
      expect(empty.html).toContain('请输入用户名，以及正确的邮箱或手机号码');
      const bad = await submit('/find-password', null, { userName: 'student', contact: 'call me' });
      expect(bad.html).toContain('请输入用户名，以及正确的邮箱或手机号码');
      expect(await login.store.passwordResets.list()).toEqual([]);
    });

    it('answers the same sentence whether or not the account exists, and records both requests', async () => {
      const known = await submit(
        '/find-password',
        null,
        { userName: 'student', contact: 'student@example.edu.cn' },
        { 'X-Forwarded-For': '203.0.113.7' },
      );
      const unknown = await submit(
        '/find-password',
        null,
        { userName: 'nobody-at-all', contact: '13600000000' },
        { 'X-Forwarded-For': '203.0.113.8' },
      );
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.html).toContain(SENTENCE);
      expect(unknown.html).toBe(known.html);
      const requests = await login.store.passwordResets.list();
      expect(requests.map((r) => [r.userName, r.contact, r.clientIp])).toEqual([
        ['nobody-at-all', '13600000000', '203.0.113.8'],
        ['student', 'student@example.edu.cn', '203.0.113.7'],
      ]);
    });

    it('stores at most 5 requests per address and hour, answering the same', async () => {
      for (let i = 0; i < 7; i += 1) {
        const page = await submit(
          '/find-password',
          null,
          { userName: `flood${i}`, contact: '13600000000' },
          { 'X-Forwarded-For': '203.0.113.9' },
        );
        expect(page.html).toContain(SENTENCE);
      }
      expect((await login.store.passwordResets.list()).filter((r) => r.clientIp === '203.0.113.9')).toHaveLength(5);
    });

    it('`npm run admin -- user reset-requests` lists the open requests as JSON; --done marks one handled', async () => {
      // the admin command in-process (its start as a process: admin-cli.test.ts)
      const admin = async (...args: string[]) => {
        const run = await runInProcess(runAdmin, ['user', 'reset-requests', ...args], {
          DATA_DIR: login.store.dataDir,
          LOG_LEVEL: 'silent',
        });
        return { status: run.code, stdout: run.stdout, stderr: run.stderr };
      };
      const listed = await admin();
      expect(listed.status, listed.stderr).toBe(0);
      const requests = JSON.parse(listed.stdout) as {
        id: number;
        userName: string;
        contact: string;
        createdAt: string;
        handledAt: string | null;
      }[];
      expect(requests).toHaveLength(7);
      const student = requests.find((r) => r.userName === 'student')!;
      expect(student).toMatchObject({ contact: 'student@example.edu.cn', clientIp: '203.0.113.7', handledAt: null });
      expect(student.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      const done = await admin('--done', String(student.id));
      expect(done.status, done.stderr).toBe(0);
      expect((JSON.parse(done.stdout) as { handledAt: string | null }).handledAt).toMatch(/^\d{4}-/);
      expect(JSON.parse((await admin()).stdout)).toHaveLength(6);
      expect(JSON.parse((await admin('--all')).stdout)).toHaveLength(7);
      const again = await admin('--done', String(student.id));
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('不存在或已处理');
    });
  });

  it('never logs a token or a password', () => {
    const text = login.logs.join('\n');
    for (const t of issued) expect(text).not.toContain(t);
    for (const p of passwords) expect(text, p).not.toContain(p);
    expect(text).not.toContain('New.Address');
  });
});
