/**
 * A logout is final for the gateway's viewer cache, against the real login service: a token that was
 * refreshed into the logged-out one does not lead back to the session, and a validation that was
 * already under way when the logout came (a slow login-service answer, held back here by a small
 * proxy in front of the service) does not put the session back once it arrives.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, setCookieOf, startPlatform, TEST_PASSWORD, type Platform, type TestGateway } from './harness';

const HOUR = 3600_000;
const VIEWER = '{ viewer { isLoggedIn userId name } }';
const LOGOUT = 'mutation { logout(input: {}) { viewer { isLoggedIn } errors { code message } } }';
const UPDATE =
  'mutation U($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { isLoggedIn } errors { code message } } }';
const PROFILE = {
  realName: '赵六',
  gender: 'MALE',
  address: '',
  birthday: '',
  school: '',
  major: '',
  className: '',
  studentId: '',
  info: '',
};

let platform: Platform;
let gateway: TestGateway;

beforeAll(async () => {
  platform = await startPlatform();
  gateway = await platform.gateway();
});

afterEach(() => platform.clock.reset());

afterAll(async () => {
  await platform?.stop();
});

/** No Set-Cookie that hands out a token: none at all, or one that clears the cookie. */
function expectNoTokenHandedOut(headers: Headers) {
  const value = cookieValue(setCookieOf(headers, 'utoken'));
  expect(value === undefined || value === '', `utoken set to ${value}`).toBe(true);
}

describe('a refreshed session, logged out', () => {
  it('is not signed in again by the old token, and its cookie is not handed out again', async () => {
    const userId = await platform.addUser('refresher');
    const { token: oldToken } = await platform.signIn('refresher', TEST_PASSWORD);
    platform.clock.advance(169 * HOUR);
    // the old token is exchanged: the cache now says "old token → refreshed into the new one"
    const refreshed = await gateway.graphql(VIEWER, undefined, { cookie: `utoken=${oldToken}` });
    expect(refreshed.body.data.viewer).toMatchObject({ isLoggedIn: true, userId });
    const newToken = cookieValue(setCookieOf(refreshed.headers, 'utoken'))!;
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const logout = await gateway.graphql(LOGOUT, undefined, { cookie: `utoken=${newToken}` });
    expect(logout.body.data.logout).toEqual({ viewer: { isLoggedIn: false }, errors: [] });

    // a tab that still had the old cookie, within the cache's 30 s
    const stale = await gateway.graphql(VIEWER, undefined, { cookie: `utoken=${oldToken}` });
    expect(stale.body.data.viewer).toEqual({ isLoggedIn: false, userId: null, name: null });
    expectNoTokenHandedOut(stale.headers);
    const revoked = await gateway.graphql(VIEWER, undefined, { cookie: `utoken=${newToken}` });
    expect(revoked.body.data.viewer.isLoggedIn).toBe(false);
    expectNoTokenHandedOut(revoked.headers);
  });
});

// ---- a login service whose answers the test can hold back ---------------------------------------

interface Held {
  /** resolves when the held request has arrived (held 'request'), or its answer has ('answer') */
  arrived: Promise<void>;
  release(): void;
}

interface HoldingProxy {
  url: string;
  /**
   * The next request for this path waits until released: before it reaches the login service
   * ('request'), or after, with the service's answer ('answer').
   */
  hold(path: string, what: 'request' | 'answer'): Held;
  close(): Promise<void>;
}

async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const upstream = new URL(target);
  const holds = new Map<string, { what: 'request' | 'answer'; arrived: () => void; released: Promise<void> }>();
  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    answered = () => {},
    answerAfter: Promise<void> = Promise.resolve(),
  ) => {
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          answered();
          void answerAfter.then(() => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks));
          });
        });
      },
    );
    out.on('error', () => res.destroy());
    out.end(body);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://proxy.invalid').pathname;
      const held = holds.get(path);
      if (!held) return forward(req, res, Buffer.concat(chunks));
      holds.delete(path);
      if (held.what === 'answer') return forward(req, res, Buffer.concat(chunks), held.arrived, held.released);
      held.arrived();
      void held.released.then(() => forward(req, res, Buffer.concat(chunks)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold(path, what) {
      let arrived!: () => void;
      let release!: () => void;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(path, { what, arrived, released });
      return { arrived: arrival, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('a validation under way when the logout comes', () => {
  it('does not sign the logged-out token in again when its answer arrives', async () => {
    const proxy = await startHoldingProxy(platform.login.url);
    try {
      const slow = await platform.gateway({ LOGIN_URL: proxy.url });
      await platform.addUser('racer');
      const { token } = await platform.signIn('racer', TEST_PASSWORD);
      const cookie = `utoken=${token}`;
      expect((await slow.graphql(VIEWER, undefined, { cookie })).body.data.viewer.isLoggedIn).toBe(true);

      // 1. the logout finds the session in the cache; its revocation is held at the login service's door
      const logoutHeld = proxy.hold('/UserCenterApi/Logout', 'request');
      const logout = slow.graphql(LOGOUT, undefined, { cookie });
      await logoutHeld.arrived;

      // 2. meanwhile another tab saves its profile: the cache forgets the user and validates the token
      //    again; the token is still valid, and the answer with the user's details is held back
      const infoHeld = proxy.hold('/UserCenterApi/GetUserInfo', 'answer');
      const update = slow.graphql(UPDATE, { input: PROFILE }, { cookie });
      await infoHeld.arrived;

      // 3. the logout completes: the token is revoked and forgotten
      logoutHeld.release();
      expect((await logout).body.data.logout).toEqual({ viewer: { isLoggedIn: false }, errors: [] });

      // 4. a request made now does not wait for that validation's answer and share it: it asks afresh
      const joiner = slow.graphql(VIEWER, undefined, { cookie });
      await Promise.race([joiner, new Promise((resolve) => setTimeout(resolve, 2_000))]);

      // 5. the validation that began before the logout answers "valid": too late to be remembered
      infoHeld.release();
      expect((await joiner).body.data.viewer.isLoggedIn).toBe(false);
      expect((await update).body.data.updateProfile.errors).toEqual([]);

      const after = await slow.graphql(VIEWER, undefined, { cookie });
      expect(after.body.data.viewer).toEqual({ isLoggedIn: false, userId: null, name: null });
      expectNoTokenHandedOut(after.headers);
    } finally {
      await proxy.close();
    }
  });
});
