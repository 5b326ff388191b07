/**
 * Nobody can keep an account locked by guessing its password (upstream/API.md "Brute-force
 * protection"), against the real login service over signed HTTP. A guesser is slowed: a few
 * failures of one account from one address are answered at once, then every further one makes the
 * next attempt from there wait twice as long (5 s up to 15 minutes, said in the refusal), and after
 * the wait the right password works. Meanwhile the owner, from an address the account signed in
 * from before or with a session, signs in and confirms the password at once, however many strangers
 * fail elsewhere; an address trying many accounts is slowed, and so is one account guessed from very
 * many addresses, but only for addresses it never signed in from. Time passes on the service's
 * clock, never by waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../upstream/src/login-service/services/accounts';
import { from, startTestLogin, type TestLogin } from '../upstream/login-harness';

const WRONG = '用户名或密码错误';

/** The wait a refusal names, in milliseconds as the user reads it (rounded up), or null when it names none. */
function waitOf(message: string): number | null {
  const match = /^尝试次数过多，请 (\d+) (秒|分钟)后再试$/.exec(message);
  if (!match) return null;
  return Number(match[1]) * (match[2] === '秒' ? 1_000 : 60_000);
}

describe('guessing a password slows the guesser, never the owner', () => {
  let login: TestLogin;
  const passwords = new Set(['Student2026', 'Owner2026pw', 'Fresh2026pw']);

  beforeAll(async () => {
    login = await startTestLogin();
  });
  afterAll(() => login.stop());

  const signIn = (userName: string, password: string, ip: string) => {
    passwords.add(password);
    return login.client.postJson<{ token: string }>('/UserCenterApi/Login', { userName, password }, from(ip));
  };

  it('20 failures on the student account from one address: the attacker waits longer and longer, the owner at a known address signs in at once', async () => {
    const OWNER = '198.51.100.10';
    const ATTACKER = '203.0.113.66';
    expect((await signIn('student', 'Student2026', OWNER)).body.code).toBe(2000);

    const waits: string[] = [];
    let failures = 0;
    while (failures < 20) {
      const res = await signIn('student', `Guess${failures}x`, ATTACKER);
      if (res.body.message === WRONG) {
        failures += 1;
        if (failures === 12) expect((await signIn('student', 'Student2026', OWNER)).body.code).toBe(2000);
        continue;
      }
      expect(res.body.code).toBe(-1);
      const wait = waitOf(res.body.message);
      expect(wait, res.body.message).not.toBeNull();
      waits.push(res.body.message.slice('尝试次数过多，请 '.length, -'后再试'.length));
      // while it waits, nothing from there is checked, not even the right password, and nothing counts
      expect((await signIn('student', 'Student2026', ATTACKER)).body.message).toBe(res.body.message);
      login.clock.advance(wait!);
    }
    // 3 failures at once, then 5 s doubling up to 15 minutes
    expect(waits).toEqual([
      '5 秒',
      '10 秒',
      '20 秒',
      '40 秒',
      '2 分钟',
      '3 分钟',
      '6 分钟',
      '11 分钟',
      ...Array<string>(8).fill('15 分钟'),
    ]);
    expect(login.logs.filter((line) => line.startsWith('INFO login failed')).length).toBe(20);

    // the owner, from the address they signed in from before: at once
    expect((await signIn('student', 'Student2026', OWNER)).body.code).toBe(2000);
    // the attacker's address waits its 15 minutes, then the right password works there too
    expect((await signIn('student', 'Student2026', ATTACKER)).body).toEqual({
      code: -1,
      message: '尝试次数过多，请 15 分钟后再试',
      items: null,
    });
    login.clock.advance(15 * 60_000);
    expect((await signIn('student', 'Student2026', ATTACKER)).body.code).toBe(2000);
  });

  it('an account guessed from 101 addresses slows new addresses only: the owner signs in and confirms the password at once', async () => {
    await createUser(login.store, { userName: 'owner', password: 'Owner2026pw', userType: 1 }, login.clock.now);
    const HOME = '198.51.100.30';
    expect((await signIn('owner', 'Owner2026pw', HOME)).body.code).toBe(2000);
    const session = (await signIn('owner', 'Owner2026pw', HOME)).body.items.token;

    // one failure from each of 101 addresses, none of which waits on its own account-and-address: the
    // first 99 as the store records a failure (each password check costs a scrypt), the last two sent
    for (let i = 1; i <= 99; i += 1)
      await login.store.loginAttempts.recordFailure('owner', `10.66.0.${i}`, login.clock.now);
    expect((await signIn('owner', 'Botnet100x', '10.66.1.100')).body.message).toBe(WRONG);
    expect((await signIn('owner', 'Botnet101x', '10.66.1.101')).body.message).toBe(WRONG);

    // a 102nd address, never seen: slowed (the backstop of 100 an hour), not locked
    expect((await signIn('owner', 'Owner2026pw', '10.66.9.9')).body.message).toBe('尝试次数过多，请 5 秒后再试');
    // the owner at home, and with a session from anywhere: at once
    expect((await signIn('owner', 'Owner2026pw', HOME)).body.code).toBe(2000);
    const wrongOld = await login.client.postJson(
      '/UserCenterApi/ModifyPassword',
      {
        token: session,
        userId: (await login.store.users.getByName('owner'))!.userId,
        oldPwd: 'NotIt2026pw',
        newPwd: 'Fresh2026pw',
        confirmPwd: 'Fresh2026pw',
      },
      from('192.0.2.99'),
    );
    expect(wrongOld.body).toEqual({ code: -1, message: '原密码错误', items: null });
    // that failure is the account's 102nd: the new address's wait doubled
    expect((await signIn('owner', 'Owner2026pw', '10.66.9.9')).body.message).toBe('尝试次数过多，请 10 秒后再试');
    login.clock.advance(10_000);
    expect((await signIn('owner', 'Owner2026pw', '10.66.9.9')).body.code).toBe(2000);
  });

  it('one address trying many accounts is slowed after 20 failures, except for the accounts that signed in from there', async () => {
    const SPRAYER = '203.0.113.90';
    const LIBRARY_DESK = '203.0.113.91';
    await createUser(login.store, { userName: 'regular', password: 'Owner2026pw', userType: 1 }, login.clock.now);
    expect((await signIn('regular', 'Owner2026pw', SPRAYER)).body.code).toBe(2000);

    for (let i = 0; i < 21; i += 1)
      expect((await signIn(`sprayed${i}`, 'Spring2026', SPRAYER)).body.message).toBe(WRONG);
    expect((await signIn('sprayed21', 'Spring2026', SPRAYER)).body.message).toBe('尝试次数过多，请 5 秒后再试');
    expect((await signIn('student', 'Student2026', SPRAYER)).body.message).toBe('尝试次数过多，请 5 秒后再试');
    // an account that signed in from there before, and other addresses: at once
    expect((await signIn('regular', 'Owner2026pw', SPRAYER)).body.code).toBe(2000);
    expect((await signIn('sprayed21', 'Spring2026', LIBRARY_DESK)).body.message).toBe(WRONG);

    login.clock.advance(5_000);
    expect((await signIn('sprayed22', 'Spring2026', SPRAYER)).body.message).toBe(WRONG);
    expect((await signIn('sprayed23', 'Spring2026', SPRAYER)).body.message).toBe('尝试次数过多，请 10 秒后再试');
  });

  it('counts the addresses of one IPv6 /64 as one: a guesser cannot take a fresh address for every attempt', async () => {
    await createUser(login.store, { userName: 'ipv6-owner', password: 'Owner2026pw', userType: 1 }, login.clock.now);
    for (let i = 1; i <= 4; i += 1)
      expect((await signIn('ipv6-owner', `Guess${i}x`, `2001:db8:66:1::${i}`)).body.message).toBe(WRONG);
    expect((await signIn('ipv6-owner', 'Owner2026pw', '2001:db8:66:1:ffff::5')).body.message).toBe(
      '尝试次数过多，请 5 秒后再试',
    );
    expect((await signIn('ipv6-owner', 'Owner2026pw', '2001:db8:66:2::1')).body.code).toBe(2000);
  });

  it('logs user names and outcomes, never a password', () => {
    const logs = login.logs.join('\n');
    expect(logs).toContain('login refused (too many attempts');
    for (const password of passwords) expect(logs).not.toContain(password);
  });
});
