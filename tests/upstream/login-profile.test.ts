/**
 * The profile calls of the login service over real HTTP (upstream/API.md "Profile, avatar,
 * password, third-party accounts"): GetUserExtraInfo, UpdateUserExtraInfo with every refusal of
 * the contract, UnBindOautAccount, the token and userId rules shared by these calls, the refusal
 * of an organisation's network identity, and the welcome message of a new account.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../upstream/src/login-service/services/accounts';
import { from, startTestLogin, type TestLogin } from './login-harness';
import type { SessionToken } from '../../upstream/src/login-service/contract';

type Profile = Record<string, unknown> & { userId: number };

const HOUR = 3_600_000;

/** the platform's date (UTC+8) `days` from the service clock's now */
const chinaDay = (at: number, days = 0) => new Date(at + 8 * HOUR + days * 24 * HOUR).toISOString().slice(0, 10);

describe('login service profile calls', () => {
  let login: TestLogin;
  let token: string;
  let userId: number;
  const issued: string[] = [];

  beforeAll(async () => {
    login = await startTestLogin();
    token = await signIn('student', 'Student2026');
    userId = (await login.store.users.getByName('student'))!.userId;
  });
  afterAll(() => login.stop());

  async function signIn(userName: string, password: string): Promise<string> {
    const res = await login.client.postJson<SessionToken>(
      '/UserCenterApi/Login',
      { userName, password },
      from('192.0.2.50'),
    );
    expect(res.body.code, res.body.message).toBe(2000);
    issued.push(res.body.items.token);
    return res.body.items.token;
  }

  const extra = (t: string, more: Record<string, string> = {}) =>
    login.client.get<Profile>('/UserCenterApi/GetUserExtraInfo', { token: t, ...more });

  const valid = () => ({
    token,
    userId: String(userId),
    realName: '  张三  ',
    address: '北京市海淀区学院路 30 号',
    gender: '1',
    school: '示范大学',
    major: '马克思主义理论',
    className: '2024级1班',
    studentId: 'S2024-001',
    info: '热爱学习。\r\n第二行。',
    birthday: '2004-05-06',
  });
  const update = (fields: Record<string, string | undefined>) =>
    login.client.postJson<Profile | null>('/UserCenterApi/UpdateUserExtraInfo', fields);

  describe('GetUserExtraInfo', () => {
    it('answers the profile of §3 with the bind states and contact details of the demo student', async () => {
      const res = await extra(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        code: 2000,
        message: '成功',
        items: {
          userId,
          UserName: 'student',
          RealName: '示范学生',
          Gender: 2,
          Address: '',
          Birthday: '',
          School: '',
          Major: '',
          ClassName: '',
          StudentID: '',
          Info: '',
          PhoneNumber: '13800000000',
          Email: 'student@example.edu.cn',
          HeadPicture: '',
          QQBindState: 1,
          WeixinBindState: 0,
          WeiboBindState: 0,
          CanChangePassword: true,
        },
      });
    });

    it('refuses garbage, unknown, stale and revoked tokens with 登录已失效，请重新登录; a missing token is a 4000', async () => {
      const expired = { code: -1, message: '登录已失效，请重新登录', items: null };
      expect((await extra('garbage')).body).toEqual(expired);
      expect((await extra('A'.repeat(43))).body).toEqual(expired);
      const stale = await signIn('student', 'Student2026');
      login.clock.advance(169 * HOUR);
      try {
        expect((await extra(stale)).body).toEqual(expired);
        expect((await update({ ...valid(), token: stale })).body).toEqual(expired);
        expect((await login.client.get('/UserCenterApi/UnBindOautAccount', { token: stale, type: 2 })).body).toEqual(
          expired,
        );
      } finally {
        login.clock.advance(-169 * HOUR);
      }
      const revoked = await signIn('student', 'Student2026');
      await login.client.postJson('/UserCenterApi/Logout', { token: revoked });
      expect((await extra(revoked)).body).toEqual(expired);
      const missing = await login.client.get('/UserCenterApi/GetUserExtraInfo', {});
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ code: 4000, message: '缺少参数 token', items: null });
    });

    it('refuses another user id when one is sent', async () => {
      expect((await extra(token, { userId: String(userId + 1) })).body).toEqual({
        code: -1,
        message: '无权修改其他用户的资料',
        items: null,
      });
      expect((await extra(token, { userId: String(userId) })).body.code).toBe(2000);
    });
  });

  describe('UpdateUserExtraInfo', () => {
    it('saves every field trimmed, answers 2001 个人资料已保存 with the profile, and GetUserExtraInfo shows it', async () => {
      const res = await update(valid());
      expect(res.body.code, res.body.message).toBe(2001);
      expect(res.body.message).toBe('个人资料已保存');
      const expected = {
        userId,
        RealName: '张三',
        Address: '北京市海淀区学院路 30 号',
        Gender: 1,
        School: '示范大学',
        Major: '马克思主义理论',
        ClassName: '2024级1班',
        StudentID: 'S2024-001',
        Info: '热爱学习。\n第二行。',
        Birthday: '2004-05-06',
      };
      expect(res.body.items).toMatchObject(expected);
      expect((await extra(token)).body.items).toMatchObject(expected);
    });

    it('keeps the stored birthday when none is sent, clears it when sent empty', async () => {
      const { birthday: _omitted, ...withoutBirthday } = valid();
      expect((await update(withoutBirthday)).body.items).toMatchObject({ Birthday: '2004-05-06' });
      expect((await update({ ...valid(), birthday: '' })).body.items).toMatchObject({ Birthday: '' });
      expect((await update(valid())).body.items).toMatchObject({ Birthday: '2004-05-06' });
    });

    it('accepts the limits exactly (code points, not UTF-16 units) and gender 0 and 2', async () => {
      const res = await update({
        ...valid(),
        realName: '😀'.repeat(32),
        address: '址'.repeat(100),
        school: 's'.repeat(64),
        major: '专'.repeat(64),
        className: '班'.repeat(64),
        studentId: 'A-1'.repeat(10) + 'Z9',
        info: '简'.repeat(398) + '\n介',
        gender: '0',
        birthday: chinaDay(login.clock.now),
      });
      expect(res.body.code, res.body.message).toBe(2001);
      expect((await update({ ...valid(), gender: '2' })).body.items).toMatchObject({ Gender: 2 });
      expect((await update({ ...valid(), birthday: '1900-01-01' })).body.items).toMatchObject({
        Birthday: '1900-01-01',
      });
    });

    it('refuses each field with the contract sentence', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ realName: '名'.repeat(33) }, '姓名不能超过32个字'],
        [{ gender: '3' }, '性别取值无效'],
        [{ gender: 'male' }, '性别取值无效'],
        [{ gender: '' }, '性别取值无效'],
        [{ address: '址'.repeat(101) }, '地址不能超过100个字'],
        [{ school: '校'.repeat(65) }, '学校不能超过64个字'],
        [{ major: '专'.repeat(65) }, '专业不能超过64个字'],
        [{ className: '班'.repeat(65) }, '班级不能超过64个字'],
        [{ studentId: 'S_2024' }, '学号只能包含字母、数字和短横线，且不超过32位'],
        [{ studentId: '学号123' }, '学号只能包含字母、数字和短横线，且不超过32位'],
        [{ studentId: '1'.repeat(33) }, '学号只能包含字母、数字和短横线，且不超过32位'],
        [{ info: '简'.repeat(401) }, '个人简介不能超过400字'],
        [{ birthday: '2004/05/06' }, '出生日期格式应为YYYY-MM-DD，且不能晚于今天'],
        [{ birthday: '2003-02-29' }, '出生日期格式应为YYYY-MM-DD，且不能晚于今天'],
        [{ birthday: '2004-13-01' }, '出生日期格式应为YYYY-MM-DD，且不能晚于今天'],
        [{ birthday: chinaDay(login.clock.now, 1) }, '出生日期格式应为YYYY-MM-DD，且不能晚于今天'],
        // the earliest date taken is 1900-01-01
        [{ birthday: '1899-12-31' }, '出生日期格式应为YYYY-MM-DD，且不能晚于今天'],
        [{ birthday: '1899-01-01' }, '出生日期格式应为YYYY-MM-DD，且不能晚于今天'],
        [{ realName: 'a\u0007b' }, '内容包含非法字符'],
        [{ address: 'x\u001by' }, '内容包含非法字符'],
        [{ school: 'a\u009bb' }, '内容包含非法字符'],
        [{ className: '\u202e班1' }, '内容包含非法字符'],
        [{ info: 'nul\u0000' }, '内容包含非法字符'],
        [{ major: 'lone \ud800 surrogate' }, '内容包含非法字符'],
        // the first failing field answers
        [{ realName: '名'.repeat(33), gender: '9', info: '简'.repeat(500) }, '姓名不能超过32个字'],
        [{ gender: '9', address: '址'.repeat(101) }, '性别取值无效'],
      ];
      for (const [change, message] of cases) {
        const res = await update({ ...valid(), realName: '未改', ...change });
        expect(res.status, JSON.stringify(change)).toBe(200);
        expect(res.body, JSON.stringify(change)).toEqual({ code: -1, message, items: null });
      }
      // nothing of the refused updates was stored
      expect((await extra(token)).body.items.RealName).not.toBe('未改');
    });

    it('answers a missing field or a malformed userId with 4000', async () => {
      const { school: _school, ...withoutSchool } = valid();
      const missing = await update(withoutSchool);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ code: 4000, message: '缺少参数 school', items: null });
      const { userId: _userId, ...withoutUser } = valid();
      expect((await update(withoutUser)).body).toEqual({ code: 4000, message: '缺少参数 userId', items: null });
      expect((await update({ ...valid(), userId: 'abc' })).body.code).toBe(4000);
    });

    it('refuses another user id: -1 无权修改其他用户的资料, and changes nothing', async () => {
      const teacher = (await login.store.users.getByName('teacher'))!;
      const res = await update({ ...valid(), userId: String(teacher.userId), realName: '冒名' });
      expect(res.body).toEqual({ code: -1, message: '无权修改其他用户的资料', items: null });
      expect((await login.store.users.get(teacher.userId))!.realName).toBe('示范教师');
      expect((await login.store.users.get(userId))!.realName).not.toBe('冒名');
    });
  });

  describe("an organisation's network identity", () => {
    it('reads its profile (CanChangePassword false) but may not change it', async () => {
      const network = await login.client.get<string>('/UserCenterApi/IPAutoLogin', {}, from('10.20.3.4'));
      expect(network.body.code).toBe(2000);
      const orgToken = network.body.items;
      issued.push(orgToken);
      const profile = (await extra(orgToken)).body;
      expect(profile.code).toBe(2000);
      expect(profile.items).toMatchObject({ UserName: expect.stringMatching(/^org[0-9]+$/), CanChangePassword: false });
      const res = await update({ ...valid(), token: orgToken, userId: String(profile.items.userId) });
      expect(res.body).toEqual({ code: -1, message: '机构网络账号不能修改个人信息', items: null });
    });
  });

  describe('UnBindOautAccount', () => {
    const unbind = (type: string | undefined, t = token) =>
      login.client.get<Profile | null>('/UserCenterApi/UnBindOautAccount', { token: t, type });

    it('unbinds the bound QQ (2001 解绑成功 with the profile), then says 该账号未绑定', async () => {
      const res = await unbind('1');
      expect(res.body.code).toBe(2001);
      expect(res.body.message).toBe('解绑成功');
      expect(res.body.items).toMatchObject({ userId, QQBindState: 0 });
      expect((await extra(token)).body.items.QQBindState).toBe(0);
      expect((await unbind('1')).body).toEqual({ code: -1, message: '该账号未绑定', items: null });
    });

    it('says 该账号未绑定 for WeChat and Weibo, which the student never bound', async () => {
      for (const type of ['2', '3'])
        expect((await unbind(type)).body).toEqual({ code: -1, message: '该账号未绑定', items: null });
    });

    it('answers another type or none with 4000', async () => {
      for (const type of ['0', '4', 'qq', undefined]) {
        const res = await unbind(type);
        expect(res.status, String(type)).toBe(400);
        expect(res.body.code).toBe(4000);
      }
    });

    it('refuses another user id when one is sent', async () => {
      const res = await login.client.get('/UserCenterApi/UnBindOautAccount', { token, type: 2, userId: userId + 1 });
      expect(res.body).toEqual({ code: -1, message: '无权修改其他用户的资料', items: null });
    });
  });

  describe('messages', () => {
    it('a new account starts with a welcome 系统通知 (type 1)', async () => {
      const user = await createUser(
        login.store,
        { userName: 'newcomer', password: 'Newcomer2026', userType: 1 },
        login.clock.now,
      );
      const rows = await login.store.messages.listByUser(user.userId, 100, 0);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.type).toBe(1);
      expect(rows[0]!.message).toMatch(/^欢迎加入思政云课堂！/);
    });
  });

  it('never logs a token or a password', () => {
    const text = login.logs.join('\n');
    expect(issued.length).toBeGreaterThan(3);
    for (const t of issued) expect(text).not.toContain(t);
    expect(text).not.toContain('Student2026');
  });
});
