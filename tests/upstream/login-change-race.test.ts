/**
 * A change confirmed with the password (ModifyPassword, the /email and /phone pages) is written only
 * while the session that asked for it still exists and the password it was checked against is still
 * the stored one: the check is slow (scrypt) and asynchronous, and meanwhile another session may
 * change the password (ending this one), the user may sign out, or an operator may reset it. Driven
 * through the services on a real store, with the interfering write made while the check runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUpstreamConfig } from '../../upstream/src/config';
import { ApiError } from '../../upstream/src/http/envelope';
import type { Logger } from '../../upstream/src/logger';
import { createAccountService, type AccountService } from '../../upstream/src/login-service/services/account-service';
import { createUser } from '../../upstream/src/login-service/services/accounts';
import { createAuthService, type AuthService } from '../../upstream/src/login-service/services/auth-service';
import { hashPasswordSync, verifyPassword } from '../../upstream/src/login-service/services/passwords';
import { hashToken } from '../../upstream/src/login-service/services/tokens';
import { openStore, type Store } from '../../upstream/src/store';

const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe('password-confirmed changes racing other writes', () => {
  let dataDir: string;
  let store: Store;
  let auth: AuthService;
  let accounts: AccountService;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-race-'));
    store = openStore(dataDir);
    const config = loadUpstreamConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    auth = createAuthService({ store, config, logger: silent });
    accounts = createAccountService({ store, auth, logger: silent, now: Date.now });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let counter = 0;
  async function signedIn(password = 'Race2026pw') {
    counter += 1;
    const user = await createUser(store, { userName: `race-${counter}`, password, userType: 1 }, Date.now());
    const session = await auth.login(user.userName, password, `198.51.100.${counter}`);
    return { user: session.user, tokenHash: hashToken(session.token) };
  }

  async function refusal(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof ApiError) return `${error.code} ${error.message}`;
      throw error;
    }
    return 'no refusal';
  }

  // the service's store calls settle at once: one turn of the event loop later it is inside scrypt
  const whileHashing = () => new Promise<void>((resolve) => setImmediate(resolve));
  const change = { oldPwd: 'Race2026pw', newPwd: 'Fresh2026pw', confirmPwd: 'Fresh2026pw' };

  it('ModifyPassword: the calling session ended while the old password was checked → 登录已失效, nothing written', async () => {
    const { user, tokenHash } = await signedIn();
    const before = await store.users.passwordHashOf(user.userId);
    const pending = accounts.changePassword(user, tokenHash, change, '198.51.100.200');
    await whileHashing();
    // another session's password change (or a logout) ends this one while scrypt runs
    await store.tokens.revoke(tokenHash);
    expect(await refusal(pending)).toBe('-1 登录已失效，请重新登录');
    expect(await store.users.passwordHashOf(user.userId)).toBe(before);
    expect(await store.messages.countByUserAndType(user.userId, 3)).toBe(0);
  });

  it('ModifyPassword: the password replaced meanwhile (an operator reset) → 登录已失效, the reset stays', async () => {
    const { user, tokenHash } = await signedIn();
    const pending = accounts.changePassword(user, tokenHash, change, '198.51.100.201');
    await whileHashing();
    const reset = hashPasswordSync('Operator2026pw');
    await store.users.setPasswordHash(user.userId, reset);
    expect(await refusal(pending)).toBe('-1 登录已失效，请重新登录');
    expect(await store.users.passwordHashOf(user.userId)).toBe(reset);
    // the session survived (only the change was refused) and nothing else was revoked
    expect(await store.tokens.get(tokenHash)).toBeDefined();
  });

  it('ModifyPassword without interference still succeeds', async () => {
    const { user, tokenHash } = await signedIn();
    await accounts.changePassword(user, tokenHash, change, '198.51.100.202');
    expect(await verifyPassword('Fresh2026pw', await store.users.passwordHashOf(user.userId))).toBe(true);
    expect(await store.tokens.get(tokenHash)).toBeDefined();
  });

  it('contact change: the session ended or the password replaced meanwhile → 登录已失效, the contact unchanged', async () => {
    const first = await signedIn();
    const pending = accounts.changeContact(
      first.user,
      first.tokenHash,
      'email',
      'late@example.edu.cn',
      'Race2026pw',
      '198.51.100.203',
    );
    await whileHashing();
    await store.tokens.revoke(first.tokenHash);
    expect(await refusal(pending)).toBe('-1 登录已失效，请重新登录');
    expect((await store.users.get(first.user.userId))!.email).toBe('');

    const second = await signedIn();
    const pendingPhone = accounts.changeContact(
      second.user,
      second.tokenHash,
      'phone',
      '13900000009',
      'Race2026pw',
      '198.51.100.204',
    );
    await whileHashing();
    await store.users.setPasswordHash(second.user.userId, hashPasswordSync('Operator2026pw'));
    expect(await refusal(pendingPhone)).toBe('-1 登录已失效，请重新登录');
    expect((await store.users.get(second.user.userId))!.phone).toBe('');

    const third = await signedIn();
    expect(
      await accounts.changeContact(third.user, third.tokenHash, 'phone', '13900000009', 'Race2026pw', '198.51.100.205'),
    ).toBe('13900000009');
  });
});
