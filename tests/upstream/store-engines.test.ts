/**
 * The store's contract, checked on both engines: the embedded SQLite file and PostgreSQL (real
 * PostgreSQL at 127.0.0.1:5432, TEST_DATABASE_URL to override; a schema of its own per run,
 * dropped after). What one engine answers, the other must answer too. So far: the login
 * service's accounts (organisations, users, tokens, login attempts, password-reset requests) and
 * transactions.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../upstream/src/store';
import { dropSchema, ensureSchema, openPostgresAccounts, type AccountStore } from '../../upstream/src/store/postgres';

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

interface Engine {
  name: string;
  open(): Promise<{ store: AccountStore; close(): Promise<void> }>;
}

const ENGINES: Engine[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'store-engines-'));
      const store = openStore(dir);
      return {
        store: { ...store, close: async () => store.close() },
        async close() {
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    async open() {
      const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      await ensureSchema(DATABASE_URL, schema);
      const store = await openPostgresAccounts(DATABASE_URL, { schema, poolSize: 4 });
      return {
        store,
        async close() {
          await store.close();
          await dropSchema(DATABASE_URL, schema);
        },
      };
    },
  },
];

describe.each(ENGINES)('the store on $name', (engine) => {
  let store: AccountStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await engine.open());
  });
  afterAll(() => close());

  describe('organisations', () => {
    it('keeps the ranges in the order given, once each, and a random 32-hex gid unless one is chosen', async () => {
      const org = await store.organisations.insert(
        { name: '示范大学', comCode: 'SFDX', enabled: true, ipRanges: ['10.1.0.0/16', '10.2.0.0/16', '10.1.0.0/16'] },
        1_700_000_000_000,
      );
      expect(org).toMatchObject({ name: '示范大学', comCode: 'SFDX', enabled: true, createdAt: 1_700_000_000_000 });
      expect(org.ipRanges).toEqual(['10.1.0.0/16', '10.2.0.0/16']);
      expect(org.gid).toMatch(/^[0-9a-f]{32}$/);
      const chosen = await store.organisations.insert(
        { name: '图书馆', comCode: '', gid: 'demo-lib', enabled: true, ipRanges: [] },
        1,
      );
      expect(chosen.gid).toBe('demo-lib');
      expect(chosen.ipRanges).toEqual([]);
      expect(await store.organisations.getByGid('demo-lib')).toEqual(chosen);
      expect(await store.organisations.get(org.comId)).toEqual(org);
      expect(await store.organisations.get(999_999)).toBeUndefined();
      expect(await store.organisations.getByGid('nobody')).toBeUndefined();
      // a gid is one organisation's
      await expect(
        store.organisations.insert({ name: '重名', comCode: '', gid: 'demo-lib', enabled: true, ipRanges: [] }, 2),
      ).rejects.toThrow();
      expect((await store.organisations.list()).map((o) => o.name)).toEqual(['示范大学', '图书馆']);
    });

    it('answers the ranges of enabled organisations only, and tells whether an organisation changed', async () => {
      const closed = await store.organisations.insert(
        { name: '停用学院', comCode: '', enabled: true, ipRanges: ['10.9.0.0/16'] },
        3,
      );
      expect((await store.organisations.enabledRanges()).map((r) => r.cidr)).toContain('10.9.0.0/16');
      expect(await store.organisations.setEnabled(closed.comId, false)).toBe(true);
      expect(await store.organisations.setEnabled(999_999, false)).toBe(false);
      expect((await store.organisations.get(closed.comId))!.enabled).toBe(false);
      const ranges = await store.organisations.enabledRanges();
      expect(ranges.map((r) => r.cidr)).not.toContain('10.9.0.0/16');
      expect(ranges.filter((r) => r.cidr.startsWith('10.1.') || r.cidr.startsWith('10.2.'))).toEqual([
        { comId: expect.any(Number), cidr: '10.1.0.0/16' },
        { comId: expect.any(Number), cidr: '10.2.0.0/16' },
      ]);
    });
  });

  describe('users', () => {
    it('finds a user by name whatever the ASCII case, and refuses a second account of that name', async () => {
      const user = await store.users.insert(
        { userName: 'Lin', passwordHash: 'scrypt$x', userType: 1, comId: null, realName: '林' },
        10,
      );
      expect(user).toMatchObject({
        userName: 'Lin',
        userType: 1,
        comId: null,
        realName: '林',
        enabled: true,
        hasPassword: true,
        gender: 2,
        orgIdentityOf: null,
        createdAt: 10,
      });
      expect(await store.users.getByName('lin')).toEqual(user);
      expect(await store.users.getByName('LIN')).toEqual(user);
      expect(await store.users.getByName('Lín')).toBeUndefined();
      await expect(
        store.users.insert({ userName: 'LIN', passwordHash: null, userType: 1, comId: null }, 11),
      ).rejects.toThrow();
      // the hash is read only on purpose
      expect(JSON.stringify(await store.users.get(user.userId))).not.toContain('scrypt');
      expect(await store.users.passwordHashOf(user.userId)).toBe('scrypt$x');
      expect(await store.users.passwordHashOf(999_999)).toBeNull();
    });

    it('writes a profile, a head picture, bound accounts, contacts and the password, and tells whether a user changed', async () => {
      const { userId } = await store.users.insert(
        { userName: 'wang', passwordHash: 'scrypt$old', userType: 1, comId: null },
        12,
      );
      const profile = {
        realName: '王',
        gender: 1,
        address: '北京',
        birthday: '2001-02-03',
        school: '示范大学',
        major: '哲学',
        className: '一班',
        studentId: 'S1',
        info: '你好',
      };
      expect(await store.users.updateProfile(userId, profile)).toBe(true);
      expect(await store.users.setHeadPicture(userId, '/media/avatars/a.png')).toBe(true);
      expect(await store.users.setBindState(userId, 'weixin', true)).toBe(true);
      expect(await store.users.setEmail(userId, 'wang@example.edu.cn')).toBe(true);
      expect(await store.users.setPhone(userId, '13900000001')).toBe(true);
      expect(await store.users.setPasswordHash(userId, 'scrypt$new')).toBe(true);
      expect(await store.users.setEnabled(userId, false)).toBe(true);
      expect(await store.users.get(userId)).toMatchObject({
        ...profile,
        headPicture: '/media/avatars/a.png',
        weixinBindState: 1,
        qqBindState: 0,
        email: 'wang@example.edu.cn',
        phone: '13900000001',
        enabled: false,
      });
      expect(await store.users.passwordHashOf(userId)).toBe('scrypt$new');
      expect(await store.users.setPhone(999_999, '1')).toBe(false);
    });

    it("keeps an organisation's network identity: one per organisation, without a password", async () => {
      const org = await store.organisations.insert({ name: '网络学院', comCode: '', enabled: true, ipRanges: [] }, 13);
      const identity = await store.users.insert(
        { userName: `org${org.comId}`, passwordHash: null, userType: 2, comId: org.comId, orgIdentityOf: org.comId },
        14,
      );
      expect(identity).toMatchObject({ userType: 2, comId: org.comId, orgIdentityOf: org.comId, hasPassword: false });
      expect(await store.users.orgIdentity(org.comId)).toEqual(identity);
      await expect(
        store.users.insert(
          { userName: 'other-identity', passwordHash: null, userType: 2, comId: org.comId, orgIdentityOf: org.comId },
          15,
        ),
      ).rejects.toThrow();
      const listed = await store.users.list();
      expect(listed.map((u) => u.userId)).toEqual(listed.map((u) => u.userId).sort((a, b) => a - b));
      expect(listed.at(-1)).toEqual(identity);
    });
  });

  describe('tokens', () => {
    it('keeps a token by its hash: used, extended, revoked one by one, all but one, all, and when expired', async () => {
      const { userId } = await store.users.insert(
        { userName: 'token-owner', passwordHash: null, userType: 1, comId: null },
        20,
      );
      const token = (tokenHash: string, expiresAt: number) => ({
        tokenHash,
        userId,
        kind: 'password' as const,
        createdAt: 100,
        expiresAt,
        lastUsedAt: 100,
      });
      for (const [hash, expires] of [
        ['a', 1_000],
        ['b', 2_000],
        ['c', 3_000],
        ['d', 50],
      ] as const)
        await store.tokens.insert(token(hash, expires));
      expect(await store.tokens.get('a')).toEqual(token('a', 1_000));
      expect(await store.tokens.get('zz')).toBeUndefined();
      await store.tokens.touch('a', 500);
      expect((await store.tokens.get('a'))!.lastUsedAt).toBe(500);
      expect(await store.tokens.setExpiry('a', 1_500)).toBe(true);
      expect(await store.tokens.setExpiry('zz', 1_500)).toBe(false);
      expect(await store.tokens.countOf(userId)).toBe(4);
      expect(await store.tokens.purgeExpired(60)).toBe(1);
      expect(await store.tokens.revoke('b')).toBe(true);
      expect(await store.tokens.revoke('b')).toBe(false);
      expect(await store.tokens.revokeOthersOf(userId, 'a')).toBe(1);
      expect(await store.tokens.get('a')).toBeDefined();
      expect(await store.tokens.revokeAllOf(userId)).toBe(1);
      expect(await store.tokens.countOf(userId)).toBe(0);
      // a token belongs to a user that exists
      await expect(store.tokens.insert({ ...token('e', 9), userId: 999_999 })).rejects.toThrow();
    });
  });

  describe('login attempts', () => {
    it('counts failures per pair, address and account after a moment, with the newest time; forgets a pair and what is old', async () => {
      const none = await store.loginAttempts.failuresOfPair('ghost', '198.51.100.1', 0);
      expect(none).toEqual({ count: 0, latest: null });
      for (const [key, address, at] of [
        ['lin', '198.51.100.1', 100],
        ['lin', '198.51.100.1', 200],
        ['lin', '198.51.100.2', 300],
        ['wang', '198.51.100.1', 400],
      ] as const) {
        await store.loginAttempts.recordFailure(key, address, at);
      }
      expect(await store.loginAttempts.failuresOfPair('lin', '198.51.100.1', 0)).toEqual({ count: 2, latest: 200 });
      expect(await store.loginAttempts.failuresOfPair('lin', '198.51.100.1', 150)).toEqual({ count: 1, latest: 200 });
      expect(await store.loginAttempts.failuresOfAddress('198.51.100.1', 0)).toEqual({ count: 3, latest: 400 });
      expect(await store.loginAttempts.failuresOfAccount('lin', 0)).toEqual({ count: 3, latest: 300 });
      await store.loginAttempts.clearPair('lin', '198.51.100.1');
      expect(await store.loginAttempts.failuresOfAccount('lin', 0)).toEqual({ count: 1, latest: 300 });
      await store.loginAttempts.purge(350, 0);
      expect(await store.loginAttempts.failuresOfAddress('198.51.100.1', 0)).toEqual({ count: 1, latest: 400 });
      expect(await store.loginAttempts.failuresOfAccount('lin', 0)).toEqual({ count: 0, latest: null });
    });

    it('remembers the addresses a user signed in from, keeping the latest time, until they are purged', async () => {
      const { userId } = await store.users.insert(
        { userName: 'roamer', passwordHash: 'scrypt$r', userType: 1, comId: null },
        50,
      );
      await store.loginAttempts.rememberAddress(userId, '203.0.113.0/64', 1_000);
      await store.loginAttempts.rememberAddress(userId, '203.0.113.0/64', 500);
      expect(await store.loginAttempts.isKnownAddress(userId, '203.0.113.0/64', 900)).toBe(true);
      expect(await store.loginAttempts.isKnownAddress(userId, '203.0.113.0/64', 1_000)).toBe(false);
      expect(await store.loginAttempts.isKnownAddress(userId, '203.0.113.9', 0)).toBe(false);
      await store.loginAttempts.purge(0, 1_001);
      expect(await store.loginAttempts.isKnownAddress(userId, '203.0.113.0/64', 0)).toBe(false);
    });
  });

  describe('password-reset requests', () => {
    it('lists open requests newest first, marks one handled once, counts per address and overall, purges handled ones', async () => {
      const first = await store.passwordResets.add(
        { userName: 'lin', contact: 'lin@example.edu.cn', clientIp: '198.51.100.7' },
        1_000,
      );
      const second = await store.passwordResets.add(
        { userName: 'wang', contact: '13900000002', clientIp: '198.51.100.8' },
        2_000,
      );
      expect(await store.passwordResets.get(first)).toEqual({
        id: first,
        userName: 'lin',
        contact: 'lin@example.edu.cn',
        clientIp: '198.51.100.7',
        createdAt: 1_000,
        handledAt: null,
      });
      expect(await store.passwordResets.get(999_999)).toBeUndefined();
      expect((await store.passwordResets.list()).map((r) => r.id)).toEqual([second, first]);
      expect(await store.passwordResets.markHandled(first, 3_000)).toBe(true);
      expect(await store.passwordResets.markHandled(first, 4_000)).toBe(false);
      expect((await store.passwordResets.list()).map((r) => r.id)).toEqual([second]);
      expect((await store.passwordResets.list({ includeHandled: true })).map((r) => [r.id, r.handledAt])).toEqual([
        [second, null],
        [first, 3_000],
      ]);
      expect(await store.passwordResets.countFromAddress('198.51.100.7', 0)).toBe(1);
      expect(await store.passwordResets.countFromAddress('198.51.100.7', 1_000)).toBe(0);
      expect(await store.passwordResets.countSince(500)).toBe(2);
      expect(await store.passwordResets.purgeHandledBefore(3_500)).toBe(1);
      expect(await store.passwordResets.get(first)).toBeUndefined();
      expect(await store.passwordResets.get(second)).toBeDefined();
    });
  });

  describe('transactions', () => {
    it('writes all or nothing; a failed nested transaction undoes only its own writes', async () => {
      await expect(
        store.transaction(async () => {
          await store.users.insert({ userName: 'rolled-back', passwordHash: null, userType: 1, comId: null }, 30);
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect(await store.users.getByName('rolled-back')).toBeUndefined();

      const kept = await store.transaction(async () => {
        const outer = await store.users.insert({ userName: 'outer', passwordHash: null, userType: 1, comId: null }, 31);
        await expect(
          store.transaction(async () => {
            await store.users.insert({ userName: 'inner', passwordHash: null, userType: 1, comId: null }, 32);
            throw new Error('inner fails');
          }),
        ).rejects.toThrow('inner fails');
        return outer;
      });
      expect(await store.users.get(kept.userId)).toBeDefined();
      expect(await store.users.getByName('inner')).toBeUndefined();
    });

    it('runs check-then-write transactions one after another: none of ten concurrent ones loses an update', async () => {
      const { userId } = await store.users.insert(
        { userName: 'counter', passwordHash: null, userType: 1, comId: null },
        40,
      );
      await Promise.all(
        Array.from({ length: 10 }, () =>
          store.immediateTransaction(async () => {
            const info = (await store.users.get(userId))!.info;
            // a turn of the event loop between the read and the write, where another could interleave
            await new Promise((resolve) => setImmediate(resolve));
            await store.users.updateProfile(userId, { ...EMPTY_PROFILE, info: String(Number(info || '0') + 1) });
          }),
        ),
      );
      expect((await store.users.get(userId))!.info).toBe('10');
    });
  });
});

const EMPTY_PROFILE = {
  realName: '',
  gender: 2,
  address: '',
  birthday: '',
  school: '',
  major: '',
  className: '',
  studentId: '',
  info: '',
};
