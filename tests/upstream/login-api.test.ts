/**
 * The /UserCenterApi/* calls over real HTTP: password login with brute-force protection,
 * tokens (validate, expiry, refresh, logout), user info, network recognition and no-login links.
 * Time moves through the service's injected clock, never by mocking its code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  organisationIdentity,
  createOrganisation,
  createUser,
  setOrganisationEnabled,
  setUserEnabled,
} from '../../upstream/src/login-service/services/accounts';
import { createHash } from 'node:crypto';
import { from, startTestLogin, type TestLogin } from './login-harness';
import type { SessionToken, UserInfo } from '../../upstream/src/login-service/contract';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('login service API', () => {
  let login: TestLogin;
  const issued: string[] = [];
  const passwords = ['Student2026', 'Teacher2026', 'Carol2026x', 'Dave2026xx', 'wrong-pass-1'];

  beforeAll(async () => {
    login = await startTestLogin();
    await createUser(login.store, { userName: 'carol', password: 'Carol2026x', userType: 1 }, Date.now());
    await createUser(login.store, { userName: 'dave', password: 'Dave2026xx', userType: 1 }, Date.now());
  });
  afterAll(() => login.stop());

  const signIn = async (userName: string, password: string, ip = '192.0.2.10') => {
    const res = await login.client.postJson<SessionToken>('/UserCenterApi/Login', { userName, password }, from(ip));
    if (res.body.code === 2000) issued.push(res.body.items.token);
    return res;
  };
  const validate = (token: string) => login.client.get('/UserCenterApi/ValidateToken', { token });

  describe('Login', () => {
    it('signs a personal account in with a 43-character base64url token and its expiry', async () => {
      const res = await signIn('student', 'Student2026');
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(2000);
      expect(res.body.items.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const ttl = Date.parse(res.body.items.expiresAt) - login.clock.now;
      expect(Math.abs(ttl - 168 * HOUR)).toBeLessThan(2000);
      expect((await validate(res.body.items.token)).body.code).toBe(2000);
    });

    it('takes the user name case-insensitively and accepts a form body', async () => {
      const res = await login.client.postForm<SessionToken>('/UserCenterApi/Login', {
        userName: 'STUDENT',
        password: 'Student2026',
      });
      expect(res.body.code).toBe(2000);
      issued.push(res.body.items.token);
    });

    it('refuses a wrong password and an unknown user with the same message', async () => {
      for (const [user, pass] of [
        ['student', 'Student2027'],
        ['nobody', 'Student2026'],
      ] as const) {
        const res = await signIn(user, pass, '192.0.2.11');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ code: -1, message: '用户名或密码错误', items: null });
      }
    });

    it('refuses missing fields with 4000', async () => {
      const res = await login.client.postJson('/UserCenterApi/Login', { userName: 'student' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 4000, message: '缺少参数 password', items: null });
    });

    it('says 账号已停用 for a disabled account (only with the right password) and 所属机构已停用 for a disabled organisation', async () => {
      await setUserEnabled(login.store, 'dave', false);
      expect((await signIn('dave', 'Dave2026xx', '192.0.2.12')).body).toEqual({
        code: -1,
        message: '账号已停用',
        items: null,
      });
      expect((await signIn('dave', 'nope-nope-1', '192.0.2.12')).body.message).toBe('用户名或密码错误');
      await setUserEnabled(login.store, 'dave', true);
      expect((await signIn('dave', 'Dave2026xx', '192.0.2.12')).body.code).toBe(2000);

      const org = await createOrganisation(login.store, { name: '临时学院', ipRanges: [] }, Date.now());
      await createUser(
        login.store,
        { userName: 'erin', password: 'Erin2026xx', userType: 2, comId: org.comId },
        Date.now(),
      );
      const ok = await signIn('erin', 'Erin2026xx', '192.0.2.12');
      expect(ok.body.code).toBe(2000);
      await setOrganisationEnabled(login.store, org.comId, false);
      expect((await signIn('erin', 'Erin2026xx', '192.0.2.12')).body.message).toBe('所属机构已停用');
      expect((await validate(ok.body.items.token)).body.code).toBe(-1);
    });

    it('slows one account from one address: 3 failures at once, then a wait that doubles before the next is even checked', async () => {
      const ip = '198.51.100.5';
      for (let i = 1; i <= 4; i += 1)
        expect((await signIn('carol', `Wrong${i}xxx`, ip)).body.message).toBe('用户名或密码错误');
      // even the right password waits: the attempt is not checked, nor counted
      expect((await signIn('carol', 'Carol2026x', ip)).body).toEqual({
        code: -1,
        message: '尝试次数过多，请 5 秒后再试',
        items: null,
      });
      expect((await signIn('carol', 'Carol2026x', ip)).body.message).toBe('尝试次数过多，请 5 秒后再试');
      // other addresses and other accounts are not slowed
      expect((await signIn('carol', 'Carol2026x', '198.51.100.6')).body.code).toBe(2000);
      expect((await signIn('student', 'Student2026', ip)).body.code).toBe(2000);
      login.clock.advance(5_000);
      expect((await signIn('carol', 'Wrong5xxx', ip)).body.message).toBe('用户名或密码错误');
      expect((await signIn('carol', 'Carol2026x', ip)).body.message).toBe('尝试次数过多，请 10 秒后再试');
      login.clock.advance(9_000);
      expect((await signIn('carol', 'Carol2026x', ip)).body.message).toBe('尝试次数过多，请 1 秒后再试');
      login.clock.advance(1_000);
      expect((await signIn('carol', 'Carol2026x', ip)).body.code).toBe(2000);
    });

    it('a right password forgives the failures from its address', async () => {
      for (let i = 1; i <= 3; i += 1) await signIn('carol', `Again${i}xxx`, '198.51.100.20');
      expect((await signIn('carol', 'Carol2026x', '198.51.100.20')).body.code).toBe(2000);
      for (let i = 1; i <= 4; i += 1)
        expect((await signIn('carol', `Again${i}yyy`, '198.51.100.20')).body.message).toBe('用户名或密码错误');
      expect((await signIn('carol', 'Carol2026x', '198.51.100.20')).body.message).toBe('尝试次数过多，请 5 秒后再试');
      login.clock.advance(5_000);
      expect((await signIn('carol', 'Carol2026x', '198.51.100.20')).body.code).toBe(2000);
    });

    it('slows an address that tries many accounts: 20 failures at once, then waits, for accounts never signed in from there', async () => {
      const ip = '203.0.113.77';
      expect((await signIn('dave', 'Dave2026xx', ip)).body.code).toBe(2000);
      for (let i = 0; i < 21; i += 1) {
        expect((await signIn(`nobody${i}`, 'Whatever1x', ip)).body.message).toBe('用户名或密码错误');
      }
      expect((await signIn('nobody21', 'Whatever1x', ip)).body.message).toBe('尝试次数过多，请 5 秒后再试');
      expect((await signIn('student', 'Student2026', ip)).body.message).toBe('尝试次数过多，请 5 秒后再试');
      // dave signed in from here before: his own failures from here are what count for him
      expect((await signIn('dave', 'Dave2026xx', ip)).body.code).toBe(2000);
      expect((await signIn('student', 'Student2026', '203.0.113.78')).body.code).toBe(2000);
      login.clock.advance(5_000);
      expect((await signIn('student', 'Student2026', ip)).body.code).toBe(2000);
    });

    it('checks at most 4 guesses of one account from one address even when they arrive in parallel', async () => {
      await createUser(login.store, { userName: 'frank', password: 'Frank2026x', userType: 1 }, Date.now());
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => signIn('frank', `Guess${i}xxx`, '198.51.100.100')),
      );
      const wrong = answers.filter((a) => a.body.message === '用户名或密码错误').length;
      expect(wrong).toBe(4);
      expect(answers.filter((a) => a.body.message === '尝试次数过多，请 5 秒后再试')).toHaveLength(8);
      expect((await signIn('frank', 'Frank2026x', '198.51.100.100')).body.message).toMatch(/^尝试次数过多/);
      expect((await signIn('frank', 'Frank2026x', '198.51.100.101')).body.code).toBe(2000);
    });
  });

  describe('tokens', () => {
    it('ValidateToken: 2000 for a valid token (and marks it used), -1 for unknown, malformed or missing', async () => {
      const { token } = (await signIn('student', 'Student2026')).body.items;
      login.clock.advance(MINUTE);
      expect(await validate(token).then((r) => r.body)).toEqual({ code: 2000, message: '成功', items: null });
      const record = (await login.store.tokens.get(createHash('sha256').update(token).digest('hex')))!;
      expect(record.lastUsedAt).toBe(login.clock.now);
      expect(record.kind).toBe('password');
      for (const bad of ['A'.repeat(43), 'not a token', token.slice(1)]) {
        expect((await validate(bad)).body).toEqual({ code: -1, message: '登录已失效，请重新登录', items: null });
      }
      const missing = await login.client.get('/UserCenterApi/ValidateToken');
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('缺少参数 token');
    });

    it('stores only the SHA-256 of a token, never the token', async () => {
      const { token } = (await signIn('student', 'Student2026')).body.items;
      expect(await login.store.tokens.get(token)).toBeUndefined();
      expect(await login.store.tokens.get(createHash('sha256').update(token).digest('hex'))).toBeDefined();
    });

    it('a token stops working when it expires (TOKEN_TTL_HOURS)', async () => {
      const { token } = (await signIn('student', 'Student2026')).body.items;
      login.clock.advance(168 * HOUR - 1000);
      expect((await validate(token)).body.code).toBe(2000);
      login.clock.advance(2000);
      expect((await validate(token)).body.code).toBe(-1);
      expect((await login.client.get('/UserCenterApi/GetUserInfo', { token })).body.code).toBe(-1);
    });

    it('RefreshToken: a new token with a fresh expiry, the old one revoked; also within 24 h after expiry, not later', async () => {
      const first = (await signIn('student', 'Student2026')).body.items.token;
      login.clock.advance(HOUR);
      const res = await login.client.postJson<SessionToken>('/UserCenterApi/RefreshToken', { token: first });
      expect(res.body.code).toBe(2000);
      const second = res.body.items.token;
      expect(second).not.toBe(first);
      expect(Date.parse(res.body.items.expiresAt)).toBeGreaterThan(login.clock.now + 167 * HOUR);
      expect((await validate(first)).body.code).toBe(-1);
      expect((await validate(second)).body.code).toBe(2000);
      // the revoked one cannot be refreshed again
      expect((await login.client.postJson('/UserCenterApi/RefreshToken', { token: first })).body).toEqual({
        code: -1,
        message: '登录已失效，请重新登录',
        items: null,
      });
      // expired, within the grace period
      login.clock.advance(168 * HOUR + 23 * HOUR);
      expect((await validate(second)).body.code).toBe(-1);
      const third = await login.client.postJson<SessionToken>('/UserCenterApi/RefreshToken', { token: second });
      expect(third.body.code).toBe(2000);
      expect((await validate(third.body.items.token)).body.code).toBe(2000);
      // past the grace period
      login.clock.advance(168 * HOUR + 25 * HOUR);
      expect(
        (await login.client.postJson('/UserCenterApi/RefreshToken', { token: third.body.items.token })).body.code,
      ).toBe(-1);
    });

    it('Logout revokes the token (2001), and answers 2001 again for a token already gone', async () => {
      const { token } = (await signIn('student', 'Student2026')).body.items;
      const res = await login.client.postJson('/UserCenterApi/Logout', { token });
      expect(res.body).toEqual({ code: 2001, message: '操作成功', items: null });
      expect((await validate(token)).body.code).toBe(-1);
      expect((await login.client.postJson('/UserCenterApi/RefreshToken', { token })).body.code).toBe(-1);
      expect((await login.client.postForm('/UserCenterApi/Logout', { token })).body.code).toBe(2001);
    });

    it('disabling an account revokes its sessions', async () => {
      const { token } = (await signIn('dave', 'Dave2026xx', '192.0.2.30')).body.items;
      await setUserEnabled(login.store, 'dave', false);
      expect((await validate(token)).body.code).toBe(-1);
      await setUserEnabled(login.store, 'dave', true);
      expect((await validate(token)).body.code).toBe(-1);
    });
  });

  describe('GetUserInfo', () => {
    it('answers the fields of §3 for a personal account', async () => {
      const { token } = (await signIn('student', 'Student2026')).body.items;
      const res = await login.client.get('/UserCenterApi/GetUserInfo', { token });
      const student = (await login.store.users.getByName('student'))!;
      expect(res.body).toEqual({
        code: 2000,
        message: '成功',
        items: {
          UserName: 'student',
          UserType: 1,
          ComId: 0,
          UserId: student.userId,
          ComName: '',
          HeadPicture: '',
          // the demo student's contact details (demo-accounts.ts)
          PhoneNumber: '13800000000',
          Email: 'student@example.edu.cn',
          ComCode: '',
        },
      });
    });

    it('names the organisation of a member', async () => {
      const { token } = (await signIn('teacher', 'Teacher2026')).body.items;
      const items = (await login.client.get<UserInfo>('/UserCenterApi/GetUserInfo', { token })).body.items;
      expect(items).toMatchObject({ UserName: 'teacher', UserType: 2, ComName: '示范大学图书馆', ComCode: 'DEMO-LIB' });
      expect(items.ComId).toBe((await login.store.organisations.getByGid('demo-library'))!.comId);
    });

    it('-1 for a bad token, 4000 without one', async () => {
      expect((await login.client.get('/UserCenterApi/GetUserInfo', { token: 'B'.repeat(43) })).body).toEqual({
        code: -1,
        message: '登录已失效，请重新登录',
        items: null,
      });
      expect((await login.client.get('/UserCenterApi/GetUserInfo')).body.code).toBe(4000);
    });
  });

  describe('IPAutoLogin', () => {
    const auto = (ip?: string) => login.client.get<string>('/UserCenterApi/IPAutoLogin', {}, ip ? from(ip) : {});
    const infoOf = async (token: string) =>
      (await login.client.get<UserInfo>('/UserCenterApi/GetUserInfo', { token })).body.items;

    it('logs an address inside an organisation range in as that organisation (userType 2, org<comId>)', async () => {
      const res = await auto('10.20.3.4');
      expect(res.body.code).toBe(2000);
      expect(res.body.message).toBe('');
      expect(res.body.items).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const comId = (await login.store.organisations.getByGid('demo-library'))!.comId;
      expect(await infoOf(res.body.items)).toMatchObject({
        UserName: `org${comId}`,
        UserType: 2,
        ComId: comId,
        ComName: '示范大学图书馆',
      });
      // the same identity every time
      const again = await auto('10.20.255.254');
      expect((await infoOf(again.body.items)).UserId).toBe((await infoOf(res.body.items)).UserId);
    });

    it('takes the first X-Forwarded-For entry and understands IPv4-mapped IPv6', async () => {
      expect((await auto('10.20.0.1, 127.0.0.1')).body.code).toBe(2000);
      expect((await auto('::ffff:10.20.9.9')).body.code).toBe(2000);
      expect((await auto('::ffff:10.21.0.1')).body.code).toBe(-1);
    });

    it('matches IPv6 ranges', async () => {
      expect((await auto('2001:db8:20:abcd::1')).body.code).toBe(2000);
      expect((await auto('2001:db8:21::1')).body.code).toBe(-1);
    });

    it('refuses addresses outside every range, garbage and loopback with 未识别到机构网络', async () => {
      for (const ip of ['10.21.0.1', '10.19.255.255', '192.0.2.1', 'garbage', '::1']) {
        expect((await auto(ip)).body).toEqual({ code: -1, message: '未识别到机构网络', items: null });
      }
      // without the header the peer is loopback, which is no organisation network
      expect((await auto()).body.code).toBe(-1);
    });

    it('prefers the most specific range and ignores disabled organisations', async () => {
      const inner = await createOrganisation(
        login.store,
        { name: '图书馆分馆', ipRanges: ['10.20.7.0/24'] },
        Date.now(),
      );
      expect((await infoOf((await auto('10.20.7.8')).body.items)).ComId).toBe(inner.comId);
      await setOrganisationEnabled(login.store, inner.comId, false);
      expect((await infoOf((await auto('10.20.7.8')).body.items)).ComName).toBe('示范大学图书馆');
    });
  });

  describe('CompanyLogin', () => {
    const company = (params: Record<string, string>) => login.client.get<string>('/UserCenterApi/CompanyLogin', params);

    it('a valid gid gives a token of the organisation identity', async () => {
      const res = await company({ cid: 'demo-library' });
      expect(res.body.code).toBe(2000);
      const info = (await login.client.get<UserInfo>('/UserCenterApi/GetUserInfo', { token: res.body.items })).body
        .items;
      expect(info).toMatchObject({ UserType: 2, ComName: '示范大学图书馆' });
    });

    it('keeps the current session of a member of that organisation, replaces anyone else', async () => {
      const teacher = (await signIn('teacher', 'Teacher2026')).body.items.token;
      expect((await company({ cid: 'demo-library', token: teacher })).body.items).toBe(teacher);
      const student = (await signIn('student', 'Student2026')).body.items.token;
      const res = await company({ cid: 'demo-library', token: student });
      expect(res.body.code).toBe(2000);
      expect(res.body.items).not.toBe(student);
    });

    it('an unknown gid: -1 无效的免登录链接; a missing one: 4000', async () => {
      expect((await company({ cid: 'no-such-gid' })).body).toEqual({
        code: -1,
        message: '无效的免登录链接',
        items: null,
      });
      expect((await company({})).body.code).toBe(4000);
    });

    it('a disabled organisation: -2 with a URL of the login page to open', async () => {
      const org = await createOrganisation(
        login.store,
        { name: '停用学院', ipRanges: ['10.30.0.0/16'], gid: 'closed-college' },
        Date.now(),
      );
      await organisationIdentity(login.store, org, Date.now());
      await setOrganisationEnabled(login.store, org.comId, false);
      const res = await company({ cid: 'closed-college' });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(-2);
      expect(res.body.items).toBe(null);
      const url = new URL(res.body.message);
      expect(url.pathname).toBe('/login');
      expect(url.searchParams.get('reason')).toBe('org-disabled');
      const page = await fetch(`${login.server.url}/login${url.search}`);
      expect(await page.text()).toContain('该机构的免登录链接已停用');
      expect((await login.client.get('/UserCenterApi/IPAutoLogin', {}, from('10.30.1.1'))).body.code).toBe(-1);
    });
  });

  describe('secrets stay secret', () => {
    it('hashes passwords with scrypt, a per-user salt and the parameters', async () => {
      const rows = (await login.store.users.list()).filter((u) => u.hasPassword);
      const hashes = await Promise.all(rows.map(async (u) => (await login.store.users.passwordHashOf(u.userId))!));
      for (const hash of hashes) expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      expect(new Set(hashes.map((h) => h.split('$')[4])).size).toBe(hashes.length);
      expect(JSON.stringify(rows)).not.toContain('scrypt$');
    });

    it('no password or token in any log line; logins are logged by user name and outcome', () => {
      const logText = login.logs.join('\n');
      expect(issued.length).toBeGreaterThan(10);
      for (const token of issued) expect(logText).not.toContain(token);
      for (const password of passwords) expect(logText).not.toContain(password);
      expect(logText).toContain('login ok userName="student"');
      expect(logText).toContain('login failed userName="carol"');
    });

    it('answers other than Login / RefreshToken / IPAutoLogin / CompanyLogin carry no token', async () => {
      const { token } = (await signIn('student', 'Student2026')).body.items;
      for (const res of [
        await validate(token),
        await login.client.get('/UserCenterApi/GetUserInfo', { token }),
        await login.client.postJson('/UserCenterApi/Logout', { token }),
      ]) {
        expect(JSON.stringify(res.body)).not.toContain(token);
        expect(JSON.stringify(res.body)).not.toContain('Student2026');
      }
    });
  });
});
