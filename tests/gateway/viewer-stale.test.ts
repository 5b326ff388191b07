/**
 * A token's verdict past its 30 s (TOKEN_TTL_MS) is served while the token is checked again in the
 * background, for at most TOKEN_STALE_MS more (viewerCache.ts): a watching viewer's reports do not
 * wait for the login service. Against the real login service: a token revoked behind the gateway's
 * back (an operator ending the sessions) is refused from the re-check's answer on, and never served
 * past TOKEN_TTL_MS + TOKEN_STALE_MS even when the login service does not answer. A logout through the
 * gateway leaves nothing stale to serve.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../gateway/src/logger';
import { UpstreamClient } from '../../gateway/src/upstream/client';
import { LoginApi } from '../../gateway/src/upstream/loginApi';
import { ViewerSession } from '../../gateway/src/viewer';
import { TOKEN_STALE_MS, TOKEN_TTL_MS, ViewerCache, tokenKey } from '../../gateway/src/viewer/cache';
import { hashToken } from '../../upstream/src/login-service/services/tokens';
import { startPlatform, TEST_PASSWORD, type Platform } from './harness';

let platform: Platform;
let login: UpstreamClient;
let unreachable: UpstreamClient;

beforeAll(async () => {
  platform = await startPlatform();
  const options = {
    secret: platform.upstream.config.apiSecret,
    algorithm: platform.upstream.config.signAlgorithm,
    productId: 1,
    timeoutMs: 5_000,
    logger: createLogger('silent'),
  };
  login = new UpstreamClient({ ...options, baseUrl: platform.login.url });
  // a port nothing listens on: the login service "does not answer"
  unreachable = new UpstreamClient({ ...options, baseUrl: 'http://127.0.0.1:9' });
});

afterAll(async () => {
  await login?.close();
  await unreachable?.close();
  await platform?.stop();
});

describe('a valid verdict past its time', () => {
  let now = 1_000_000;
  const cache = new ViewerCache({ now: () => now });
  const loginCalls = { count: 0 };
  const session = (token: string, client = login) => {
    const scope = { clientAddress: null, upstreamRequests: 0 };
    const api = new LoginApi(client, scope);
    const counted = new Proxy(api, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' && ['validateToken', 'userInfo', 'refreshToken'].includes(String(prop))
          ? (...args: unknown[]) => {
              loginCalls.count += 1;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            }
          : value;
      },
    });
    return new ViewerSession({
      login: counted,
      cache,
      logger: createLogger('silent'),
      cookie: { set() {}, clear() {} },
      presentedToken: token,
      clientAddress: null,
      guestId: 'guest',
    });
  };
  /** the re-check started in the background has answered */
  const settled = async () => {
    for (let i = 0; i < 200 && cache.sizes.inFlight > 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cache.sizes.inFlight).toBe(0);
  };

  it('is served at once while the token is checked again; a token revoked meanwhile is refused from the answer on', async () => {
    await platform.addUser('stale-revoked');
    const { token } = await platform.signIn('stale-revoked', TEST_PASSWORD);
    expect((await session(token).viewer()).userId).toBe(await platform.userId('stale-revoked'));
    const callsAfterSignIn = loginCalls.count;
    // within its time: no call at all
    now += TOKEN_TTL_MS - 1;
    expect((await session(token).viewer()).userId).toBe(await platform.userId('stale-revoked'));
    expect(loginCalls.count).toBe(callsAfterSignIn);
    // revoked behind the gateway's back, then the verdict's time runs out
    await platform.store.tokens.revoke(hashToken(token));
    now += 2;
    expect((await session(token).viewer()).userId).toBe(await platform.userId('stale-revoked'));
    expect(loginCalls.count).toBeGreaterThan(callsAfterSignIn);
    await settled();
    expect((await session(token).viewer()).userType).toBe(-1);
    expect(cache.tokenVerdict(tokenKey(token))).toEqual({ kind: 'invalid' });
  });

  it('checked again and still valid, is believed for another TOKEN_TTL_MS', async () => {
    await platform.addUser('stale-kept');
    const { token } = await platform.signIn('stale-kept', TEST_PASSWORD);
    await session(token).viewer();
    now += TOKEN_TTL_MS + 1;
    const before = loginCalls.count;
    expect((await session(token).viewer()).userId).toBe(await platform.userId('stale-kept'));
    await settled();
    expect(loginCalls.count).toBe(before + 2);
    // fresh again: no calls
    now += TOKEN_TTL_MS - 2;
    expect((await session(token).viewer()).userId).toBe(await platform.userId('stale-kept'));
    expect(loginCalls.count).toBe(before + 2);
  });

  it('is never served past TOKEN_TTL_MS + TOKEN_STALE_MS, even when the login service does not answer', async () => {
    await platform.addUser('stale-down');
    const { token } = await platform.signIn('stale-down', TEST_PASSWORD);
    await session(token).viewer();
    now += TOKEN_TTL_MS + TOKEN_STALE_MS - 1;
    // the re-check cannot reach the service: the verdict is still served, within its bound
    expect((await session(token, unreachable).viewer()).userId).toBe(await platform.userId('stale-down'));
    await settled();
    now += 1;
    expect((await session(token, unreachable).viewer()).userType).toBe(-1);
  });

  it('is not served after the user logs out through the gateway', async () => {
    await platform.addUser('stale-logout');
    const { token } = await platform.signIn('stale-logout', TEST_PASSWORD);
    await session(token).viewer();
    now += TOKEN_TTL_MS + 1;
    const leaving = session(token);
    await leaving.viewer();
    await settled();
    await leaving.logout();
    expect(cache.staleValidVerdict(tokenKey(token))).toBeUndefined();
    expect((await session(token).viewer()).userType).toBe(-1);
  });
});
