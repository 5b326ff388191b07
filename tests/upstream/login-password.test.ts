/**
 * ModifyPassword over real HTTP (upstream/API.md "Profile, avatar, password, third-party
 * accounts"): the refusals in the contract's order, wrong old passwords counted by Login's
 * brute-force protection (slowing Login from the same address too, not from others), success
 * keeping the calling session and ending every other one, the 安全提醒 message, and nothing secret
 * in the logs.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../upstream/src/login-service/services/accounts';
import { from, startTestLogin, type TestLogin } from './login-harness';
import type { SessionToken, UserInfo } from '../../upstream/src/login-service/contract';

describe('ModifyPassword', () => {
  let login: TestLogin;
  const issued: string[] = [];
  const secrets = new Set<string>();

  beforeAll(async () => {
    login = await startTestLogin();
  });
  afterAll(() => login.stop());

  /** a fresh account per scenario, so locks and sessions of one do not touch another */
  async function account(userName: string, password: string) {
    secrets.add(password);
    const user = await createUser(login.store, { userName, password, userType: 1 }, login.clock.now);
    return { userId: user.userId, token: await signIn(userName, password) };
  }

  async function signIn(userName: string, password: string, ip = '192.0.2.60'): Promise<string> {
    const res = await login.client.postJson<SessionToken>('/UserCenterApi/Login', { userName, password }, from(ip));
    expect(res.body.code, res.body.message).toBe(2000);
    issued.push(res.body.items.token);
    return res.body.items.token;
  }

  const modify = (fields: Record<string, string | number>, ip = '192.0.2.61') => {
    for (const key of ['oldPwd', 'newPwd', 'confirmPwd'])
      if (typeof fields[key] === 'string') secrets.add(fields[key] as string);
    return login.client.postJson('/UserCenterApi/ModifyPassword', fields, from(ip));
  };
  const refusal = (message: string) => ({ code: -1, message, items: null });
  const validate = async (token: string) =>
    (await login.client.get('/UserCenterApi/ValidateToken', { token })).body.code;

  it('refuses in the order of the contract: old, mismatch, weak, too long, unchanged', async () => {
    const { userId, token } = await account('pw-order', 'Order2026pw');
    const base = { token, userId, oldPwd: 'Order2026pw', newPwd: 'Fresh2026pw', confirmPwd: 'Fresh2026pw' };
    expect((await modify({ ...base, oldPwd: 'Wrong2026pw', confirmPwd: 'Other2026zz' })).body).toEqual(
      refusal('原密码错误'),
    );
    expect((await modify({ ...base, confirmPwd: 'Fresh2026px' })).body).toEqual(refusal('两次输入的新密码不一致'));
    for (const weak of ['Short1a', 'lettersonly', '1234567890', '密码密码密码密码1']) {
      expect((await modify({ ...base, newPwd: weak, confirmPwd: weak })).body, weak).toEqual(
        refusal('新密码至少8位，且须同时包含字母和数字'),
      );
    }
    const long = `a1${'x'.repeat(127)}`;
    expect((await modify({ ...base, newPwd: long, confirmPwd: long })).body).toEqual(refusal('新密码不能超过128位'));
    const longWeak = 'x'.repeat(200);
    expect((await modify({ ...base, newPwd: longWeak, confirmPwd: longWeak })).body).toEqual(
      refusal('新密码至少8位，且须同时包含字母和数字'),
    );
    expect((await modify({ ...base, newPwd: 'Order2026pw', confirmPwd: 'Order2026pw' })).body).toEqual(
      refusal('新密码不能与原密码相同'),
    );
    // none of that changed the password
    await signIn('pw-order', 'Order2026pw');
  });

  it('answers a missing field with 4000, another userId with 无权修改其他用户的资料, a dead token with 登录已失效', async () => {
    const { userId, token } = await account('pw-params', 'Params2026pw');
    const base = { token, userId, oldPwd: 'Params2026pw', newPwd: 'Fresh2026pw', confirmPwd: 'Fresh2026pw' };
    for (const key of ['oldPwd', 'newPwd', 'confirmPwd', 'userId', 'token'] as const) {
      const { [key]: _dropped, ...rest } = base;
      const res = await modify(rest);
      expect(res.status, key).toBe(400);
      expect(res.body).toEqual({ code: 4000, message: `缺少参数 ${key}`, items: null });
    }
    expect((await modify({ ...base, userId: userId + 1 })).body).toEqual(refusal('无权修改其他用户的资料'));
    expect((await modify({ ...base, token: 'x'.repeat(43) })).body).toEqual(refusal('登录已失效，请重新登录'));
    await signIn('pw-params', 'Params2026pw');
  });

  it('counts wrong old passwords like failed logins from the same address: after 4 the next waits, for Login from there too', async () => {
    const { userId, token } = await account('pw-guess', 'Guess2026pw');
    const guess = (oldPwd: string) =>
      modify({ token, userId, oldPwd, newPwd: 'Fresh2026pw', confirmPwd: 'Fresh2026pw' }, '192.0.2.62');
    for (let i = 1; i <= 4; i += 1) expect((await guess(`Wrong${i}xxxx`)).body).toEqual(refusal('原密码错误'));
    // even the right old password waits, and password login from that address
    expect((await guess('Guess2026pw')).body).toEqual(refusal('尝试次数过多，请 5 秒后再试'));
    const there = await login.client.postJson(
      '/UserCenterApi/Login',
      { userName: 'pw-guess', password: 'Guess2026pw' },
      from('192.0.2.62'),
    );
    expect(there.body.message).toBe('尝试次数过多，请 5 秒后再试');
    // from elsewhere the owner is not slowed
    await signIn('pw-guess', 'Guess2026pw', '192.0.2.63');
    login.clock.advance(5_000);
    const ok = await guess('Guess2026pw');
    expect(ok.body).toEqual({ code: 2001, message: '密码修改成功', items: null });
  });

  it("counts a session's wrong old passwords for its address too: past 20, Login there of an account new to it waits", async () => {
    const ip = '192.0.2.64';
    const accounts = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6].map(async (i) => account(`pw-addr${i}`, `Addr${i}2026pw`)),
    );
    // 3 each: no account waits on its own
    for (let i = 0; i < 21; i += 1) {
      const a = accounts[i % 7]!;
      const res = await modify(
        { token: a.token, userId: a.userId, oldPwd: `Nope${i}xxxx`, newPwd: 'Fresh2026pw', confirmPwd: 'Fresh2026pw' },
        ip,
      );
      expect(res.body).toEqual(refusal('原密码错误'));
    }
    const res = await login.client.postJson(
      '/UserCenterApi/Login',
      { userName: 'student', password: 'Student2026' },
      from(ip),
    );
    expect(res.body.message).toBe('尝试次数过多，请 5 秒后再试');
    // a session is its owner's: only its own failures from here count
    const owner = accounts[0]!;
    const changed = await modify(
      {
        token: owner.token,
        userId: owner.userId,
        oldPwd: 'Addr02026pw',
        newPwd: 'Fresh2026pw',
        confirmPwd: 'Fresh2026pw',
      },
      ip,
    );
    expect(changed.body).toEqual({ code: 2001, message: '密码修改成功', items: null });
    login.clock.advance(5_000);
  });

  it('success: 2001 密码修改成功, the calling token stays, every other one ends, a 安全提醒 is written', async () => {
    const { userId, token } = await account('pw-done', 'Done2026pw');
    const otherDevice = await signIn('pw-done', 'Done2026pw', '192.0.2.70');
    const thirdDevice = await signIn('pw-done', 'Done2026pw', '192.0.2.71');
    const res = await modify({
      token,
      userId: String(userId),
      oldPwd: 'Done2026pw',
      newPwd: 'Changed2026pw',
      confirmPwd: 'Changed2026pw',
    });
    expect(res.body).toEqual({ code: 2001, message: '密码修改成功', items: null });
    expect(await validate(token)).toBe(2000);
    expect(await validate(otherDevice)).toBe(-1);
    expect(await validate(thirdDevice)).toBe(-1);
    expect(await login.store.tokens.countOf(userId)).toBe(1);

    const old = await login.client.postJson(
      '/UserCenterApi/Login',
      { userName: 'pw-done', password: 'Done2026pw' },
      from('192.0.2.72'),
    );
    expect(old.body.message).toBe('用户名或密码错误');
    await signIn('pw-done', 'Changed2026pw', '192.0.2.72');

    // oldest first
    const rows = (await login.store.messages.listByUser(userId, 100, 0)).reverse();
    expect(rows.map((r) => r.type)).toEqual([1, 3]);
    expect(rows[1]!.message).toContain('密码');
    expect(rows[1]!.message).not.toContain('Changed2026pw');
  });

  it('a newPwd longer than 128 is -1 新密码不能超过128位 up to the 4096-character parameter cap; beyond it 4000', async () => {
    const { userId, token } = await account('pw-cap', 'Cap2026pw');
    const base = { token, userId, oldPwd: 'Cap2026pw' };
    for (const length of [129, 1000, 4096]) {
      const long = `a1${'x'.repeat(length - 2)}`;
      expect((await modify({ ...base, newPwd: long, confirmPwd: long })).body, String(length)).toEqual(
        refusal('新密码不能超过128位'),
      );
    }
    // characters, not bytes: 4096 three-byte characters are still under the cap
    const wide = `a1${'密'.repeat(4094)}`;
    expect((await modify({ ...base, newPwd: wide, confirmPwd: wide })).body).toEqual(refusal('新密码不能超过128位'));
    const over = `a1${'x'.repeat(4095)}`;
    const res = await modify({ ...base, newPwd: over, confirmPwd: over });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 4000, message: '参数 newPwd 长度不能超过 4096 个字符', items: null });
    await signIn('pw-cap', 'Cap2026pw');
  });

  it('two sessions changing the password at once: one wins, the other (its session ended by the first) gets 登录已失效', async () => {
    const { userId, token } = await account('pw-race', 'Race2026pw');
    const second = await signIn('pw-race', 'Race2026pw', '192.0.2.73');
    const change = (t: string, newPwd: string) =>
      modify({ token: t, userId, oldPwd: 'Race2026pw', newPwd, confirmPwd: newPwd }, '192.0.2.74');
    const [a, b] = await Promise.all([change(token, 'RaceA2026pw'), change(second, 'RaceB2026pw')]);
    const outcomes = [a.body, b.body];
    expect(outcomes).toContainEqual({ code: 2001, message: '密码修改成功', items: null });
    expect(outcomes).toContainEqual(refusal('登录已失效，请重新登录'));
    const winner =
      a.body.code === 2001 ? { token, password: 'RaceA2026pw' } : { token: second, password: 'RaceB2026pw' };
    const loser = winner.token === token ? second : token;
    expect(await validate(winner.token)).toBe(2000);
    expect(await validate(loser)).toBe(-1);
    // the password is the winner's, and only one 安全提醒 was written
    await signIn('pw-race', winner.password, '192.0.2.75');
    expect(await login.store.messages.countByUserAndType(userId, 3)).toBe(1);
  });

  it("refuses an organisation's network identity: 机构网络账号不能修改个人信息", async () => {
    const network = await login.client.get<string>('/UserCenterApi/IPAutoLogin', {}, from('10.20.9.9'));
    issued.push(network.body.items);
    const info = await login.client.get<UserInfo>('/UserCenterApi/GetUserInfo', { token: network.body.items });
    const res = await modify({
      token: network.body.items,
      userId: info.body.items.UserId,
      oldPwd: 'Anything1x',
      newPwd: 'Fresh2026pw',
      confirmPwd: 'Fresh2026pw',
    });
    expect(res.body).toEqual(refusal('机构网络账号不能修改个人信息'));
  });

  it('never logs a token or a password', () => {
    const text = login.logs.join('\n');
    expect(text).toContain('password changed userId=');
    for (const t of issued) expect(text).not.toContain(t);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
  });
});
