/**
 * Every signed request is usable once (ARCHITECTURE.md "Runtime contract", upstream/API.md
 * "Transport"): the replay cache forgets a sign once its window has passed and holds no more than
 * one window of signs; the main API and the login service refuse a sign they have accepted before,
 * on its own path and on any other, with 401/4001 and before anything happens, and never log it.
 * They keep separate records, so a sign names the service it is for (`aud`): one captured on its way
 * to the main API is refused by the login service, and the other way round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessReplayCache } from '../../upstream/src/http/replay-cache';
import { signLifetimeSeconds } from '../../upstream/src/http/signature';
import { signParams } from './client';
import { addMember } from './play-fixture';
import { startTestApi, type TestApi } from './harness';
import { startTestLogin, type TestLogin } from './login-harness';
import type { OperateState, ViewLogItem } from '../../upstream/src/main-api/contract';

const REFUSED = { code: 4001, message: '签名校验失败', items: null };
const SECRET = 'sizheng-dev-secret';

describe('the in-process replay cache', () => {
  it('says first once, then not again while the sign is remembered', async () => {
    const cache = createInProcessReplayCache();
    expect(await cache.remember('a', 300)).toBe(true);
    expect(await cache.remember('a', 300)).toBe(false);
    expect(await cache.remember('b', 300)).toBe(true);
    expect(await cache.size()).toBe(2);
  });

  it('forgets a sign when its time has passed, and holds no more than one window of signs', async () => {
    let now = 1_800_000_000_000;
    const cache = createInProcessReplayCache(() => now);
    for (let i = 0; i < 10_000; i += 1) expect(await cache.remember(`early-${i}`, 301)).toBe(true);
    expect(await cache.remember('long', 601)).toBe(true);
    now += 301_000;
    // still within its 301 s
    expect(await cache.remember('early-0', 301)).toBe(false);
    now += 1_000;
    expect(await cache.size()).toBe(1);
    now += 299_000;
    expect(await cache.remember('long', 601)).toBe(false);
    now += 1_000;
    expect(await cache.size()).toBe(0);
    // a sign forgotten is new again (its timespan has long left the window by then)
    expect(await cache.remember('early-1', 301)).toBe(true);
  });

  it('remembers a sign as long as its timespan stays inside the window, a future one longer', () => {
    const nowMs = 1_800_000_000_500;
    const now = Math.floor(nowMs / 1000);
    expect(signLifetimeSeconds(String(now), 300, nowMs)).toBe(301);
    expect(signLifetimeSeconds(String(now + 250), 300, nowMs)).toBe(551);
    expect(signLifetimeSeconds(String(now - 250), 300, nowMs)).toBe(51);
    expect(signLifetimeSeconds(String(now - 300), 300, nowMs)).toBe(1);
  });
});

/** A request as it travelled: its parameters and headers, to be sent again exactly or altered. */
interface Captured {
  pairs: [string, string][];
  headers: Record<string, string>;
}

function signed(
  pairs: [string, string][],
  options: { timespan?: number; nonce?: string | null; aud?: string } = {},
): Captured {
  const withAud: [string, string][] = options.aud === undefined ? pairs : [...pairs, ['aud', options.aud]];
  const withNonce: [string, string][] =
    options.nonce === null ? withAud : [...withAud, ['nonce', options.nonce ?? crypto.randomUUID()]];
  const timespan = String(options.timespan ?? Math.floor(Date.now() / 1000));
  return { pairs: withNonce, headers: { timespan, sign: signParams(withNonce, timespan, SECRET), productId: '1' } };
}

async function send(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  request: Captured,
  as: 'json' | 'form' = 'json',
) {
  const init: RequestInit =
    method === 'GET'
      ? { headers: request.headers }
      : as === 'json'
        ? {
            method,
            headers: { ...request.headers, 'Content-Type': 'application/json' },
            body: JSON.stringify(Object.fromEntries(request.pairs)),
          }
        : {
            method,
            headers: { ...request.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(request.pairs).toString(),
          };
  const query = method === 'GET' && request.pairs.length > 0 ? `?${new URLSearchParams(request.pairs)}` : '';
  const res = await fetch(`${baseUrl}${path}${query}`, init);
  return { status: res.status, body: (await res.json()) as { code: number; message: string; items: unknown } };
}

/** Collects what the process writes to stderr and stdout while fn runs. */
async function captureOutput(fn: () => Promise<void>): Promise<string> {
  const out: string[] = [];
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((s) => s.write.bind(s));
  for (const s of streams) {
    s.write = ((chunk: string | Uint8Array) => {
      out.push(String(chunk));
      return true;
    }) as typeof s.write;
  }
  try {
    await fn();
  } finally {
    streams.forEach((s, i) => (s.write = originals[i]!));
  }
  return out.join('');
}

describe('main API: a signed request is usable once', () => {
  let api: TestApi;
  let viewer: number;
  const HISTORY = '/api/usercenter/GetViewLogList';
  const CLEAR = '/api/usercenter/ClearViewLog';
  const LIKE = '/api/operate/UserOperate';
  const UNLIKE = '/api/operate/CancelUserOperate';

  beforeAll(async () => {
    api = await startTestApi({ env: { LOG_LEVEL: 'warn' } });
    viewer = await addMember(api.store, 'replayed-viewer');
    await api.store.playLogs.record(
      { userId: viewer, videoId: 12, lastPlayTime: 100, duration: 3802, stayTime: 120 },
      Date.now(),
    );
  });
  afterAll(() => api.stop());

  const history = async () => (await api.client.get<ViewLogItem[]>(HISTORY, { userId: viewer })).body.items;
  const liked = async () =>
    (
      await api.client.get<OperateState>('/api/operate/GetUserOperateVideo', {
        productId: 1,
        courseId: 1,
        userId: viewer,
        videoId: 12,
      })
    ).body.items.userLike;

  it('refuses a GetViewLogList sent again: as it was, in capitals, and as ClearViewLog (the history stays)', async () => {
    const captured = signed([['userId', String(viewer)]]);
    expect((await send(api.server.url, 'GET', HISTORY, captured)).body.code).toBe(2000);

    let replays: { status: number; body: unknown }[] = [];
    const logged = await captureOutput(async () => {
      replays = [
        await send(api.server.url, 'GET', HISTORY, captured),
        await send(api.server.url, 'GET', HISTORY, {
          ...captured,
          headers: { ...captured.headers, sign: captured.headers.sign!.toUpperCase() },
        }),
        await send(api.server.url, 'POST', CLEAR, captured),
        await send(api.server.url, 'POST', CLEAR, captured, 'form'),
      ];
    });
    for (const replay of replays) expect(replay).toEqual({ status: 401, body: REFUSED });
    expect(await history()).toHaveLength(1);
    expect(logged).toContain(`refused a replayed request POST ${CLEAR}`);
    expect(logged).not.toContain(captured.headers.sign);
    expect(logged.toLowerCase()).not.toContain(captured.headers.sign);
    expect(logged).not.toContain(SECRET);

    // a fresh request of the same user still works
    const fresh = await send(api.server.url, 'POST', CLEAR, signed([['userId', String(viewer)]]));
    expect(fresh.body).toMatchObject({ code: 2001, items: 1 });
    await api.store.playLogs.record(
      { userId: viewer, videoId: 12, lastPlayTime: 100, duration: 3802, stayTime: 120 },
      Date.now(),
    );
  });

  it('refuses a UserOperate sent again before it acts: an undone like is not done again, nor undone by CancelUserOperate', async () => {
    const fields: [string, string][] = [
      ['userId', String(viewer)],
      ['videoId', '12'],
      ['courseId', '1'],
      ['operateType', '0'],
    ];
    const like = signed(fields);
    expect((await send(api.server.url, 'POST', LIKE, like)).body.code).toBe(2001);
    expect(await liked()).toBe(1);
    expect(await send(api.server.url, 'POST', UNLIKE, like)).toEqual({ status: 401, body: REFUSED });
    expect(await liked()).toBe(1);

    expect((await send(api.server.url, 'POST', UNLIKE, signed(fields))).body.code).toBe(2001);
    expect(await send(api.server.url, 'POST', LIKE, like, 'form')).toEqual({ status: 401, body: REFUSED });
    expect(await send(api.server.url, 'GET', HISTORY, like)).toEqual({ status: 401, body: REFUSED });
    expect(await liked()).toBe(0);
  });

  it('gains nothing from a value holding "&": split into two parameters it signs alike, and is refused', async () => {
    const joined = signed([
      ['SearchByKeyWord', '辩证法&X=1'],
      ['pageIndex', '1'],
      ['pageSize', '21'],
    ]);
    const split: [string, string][] = [['SearchByKeyWord', '辩证法'], ['X', '1'], ...joined.pairs.slice(1)];
    // the formula cannot tell them apart (upstream/API.md "Transport")
    expect(signParams(split, joined.headers.timespan!, SECRET)).toBe(joined.headers.sign);
    expect((await send(api.server.url, 'GET', '/api/search/SearchByKeyWord', joined)).status).toBe(200);
    expect(await send(api.server.url, 'GET', '/api/search/SearchByKeyWord', { ...joined, pairs: split })).toEqual({
      status: 401,
      body: REFUSED,
    });
  });

  it('takes a request without a nonce once: the same one in the same second is refused, in the next second it is new', async () => {
    const second = Math.floor(Date.now() / 1000);
    const plain = signed([['userId', String(viewer)]], { nonce: null, timespan: second - 1 });
    expect(plain.pairs).toEqual([['userId', String(viewer)]]);
    expect((await send(api.server.url, 'GET', HISTORY, plain)).body.code).toBe(2000);
    expect(
      await send(api.server.url, 'GET', HISTORY, signed(plain.pairs, { nonce: null, timespan: second - 1 })),
    ).toEqual({ status: 401, body: REFUSED });
    expect(
      (await send(api.server.url, 'GET', HISTORY, signed(plain.pairs, { nonce: null, timespan: second }))).body.code,
    ).toBe(2000);
  });

  it('spends the sign a media request brings: it is good for no signed path afterwards', async () => {
    const media = signed([['userId', String(viewer)]]);
    const query = new URLSearchParams(media.pairs).toString();
    const res = await fetch(`${api.server.url}/media/videos/12.svg?${query}`, { headers: media.headers });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(await send(api.server.url, 'GET', HISTORY, media)).toEqual({ status: 401, body: REFUSED });
    expect(await send(api.server.url, 'POST', CLEAR, media)).toEqual({ status: 401, body: REFUSED });
    expect(await history()).toHaveLength(1);
  });
});

describe('login service: a signed request is usable once', () => {
  let login: TestLogin;
  beforeAll(async () => {
    login = await startTestLogin();
  });
  afterAll(() => login.stop());

  it('refuses a ValidateToken sent again, and as Logout (the token stays valid)', async () => {
    const signedIn = await login.client.postJson<{ token: string }>('/UserCenterApi/Login', {
      userName: 'student',
      password: 'Student2026',
    });
    const token = signedIn.body.items.token;
    const validate = signed([['token', token]]);
    expect((await send(login.server.url, 'GET', '/UserCenterApi/ValidateToken', validate)).body.code).toBe(2000);
    expect(await send(login.server.url, 'GET', '/UserCenterApi/ValidateToken', validate)).toEqual({
      status: 401,
      body: REFUSED,
    });
    expect(await send(login.server.url, 'POST', '/UserCenterApi/Logout', validate)).toEqual({
      status: 401,
      body: REFUSED,
    });
    expect(await send(login.server.url, 'POST', '/UserCenterApi/RefreshToken', validate, 'form')).toEqual({
      status: 401,
      body: REFUSED,
    });
    expect((await login.client.get('/UserCenterApi/ValidateToken', { token })).body.code).toBe(2000);
    expect(login.logs.join('\n')).toContain('refused a replayed request POST /UserCenterApi/Logout');
    expect(login.logs.join('\n')).not.toContain(validate.headers.sign);
  });
});

describe('a sign is for the service it names: the main API and the login service take none meant for the other', () => {
  let api: TestApi;
  let login: TestLogin;
  /** an address of the demo library's network: IPAutoLogin gives whoever comes from it a token */
  const LIBRARY = { 'X-Forwarded-For': '10.20.5.5' };
  const withHeaders = (request: Captured, headers: Record<string, string>): Captured => ({
    ...request,
    headers: { ...request.headers, ...headers },
  });

  beforeAll(async () => {
    [api, login] = await Promise.all([startTestApi({ env: { LOG_LEVEL: 'warn' } }), startTestLogin()]);
  });
  afterAll(async () => {
    await Promise.all([api.stop(), login.stop()]);
  });

  it("refuses at the login service a main-API sign: a parameterless call can not become IPAutoLogin from the library's network", async () => {
    const captured = signed([], { aud: 'main-api' });
    expect((await send(api.server.url, 'GET', '/api/Common/GetIP', captured)).body.code).toBe(2000);
    // the login service has never seen this sign: only its aud keeps it out, whatever address is claimed
    expect(await send(login.server.url, 'GET', '/UserCenterApi/IPAutoLogin', withHeaders(captured, LIBRARY))).toEqual({
      status: 401,
      body: REFUSED,
    });
    expect(await send(login.server.url, 'POST', '/UserCenterApi/Logout', captured, 'form')).toEqual({
      status: 401,
      body: REFUSED,
    });
    expect(login.logs.join('\n')).toContain(
      'refused a request signed for another service GET /UserCenterApi/IPAutoLogin',
    );
    expect(login.logs.join('\n')).not.toContain(captured.headers.sign);

    // a sign without aud (the spec's backends' callers) is taken as before, by either service once: what aud closes
    const plain = signed([]);
    expect((await send(api.server.url, 'GET', '/api/Common/GetIP', plain)).body.code).toBe(2000);
    const network = await send(login.server.url, 'GET', '/UserCenterApi/IPAutoLogin', withHeaders(plain, LIBRARY));
    expect(network.body.code).toBe(2000);
  });

  it('refuses at the main API a login-service sign, by query, JSON or form (the history stays)', async () => {
    const captured = signed([], { aud: 'login-service' });
    expect(
      (await send(login.server.url, 'GET', '/UserCenterApi/IPAutoLogin', withHeaders(captured, LIBRARY))).body.code,
    ).toBe(2000);
    expect(await send(api.server.url, 'GET', '/api/Common/GetIP', captured)).toEqual({ status: 401, body: REFUSED });
    expect(await send(api.server.url, 'GET', '/api/catalog/GetCatalogResourceByAuthor', captured)).toEqual({
      status: 401,
      body: REFUSED,
    });

    const viewer = await addMember(api.store, 'cross-service-viewer');
    await api.store.playLogs.record(
      { userId: viewer, videoId: 12, lastPlayTime: 100, duration: 3802, stayTime: 120 },
      Date.now(),
    );
    const history = async () =>
      (await api.client.get<ViewLogItem[]>('/api/usercenter/GetViewLogList', { userId: viewer })).body.items;
    // signed for the login service (GetUserExtraInfo takes a userId too), never sent there
    for (const as of ['json', 'form'] as const) {
      const forLogin = signed([['userId', String(viewer)]], { aud: 'login-service' });
      expect(await send(api.server.url, 'POST', '/api/usercenter/ClearViewLog', forLogin, as)).toEqual({
        status: 401,
        body: REFUSED,
      });
    }
    expect(await history()).toHaveLength(1);
    expect(
      (
        await send(
          api.server.url,
          'POST',
          '/api/usercenter/ClearViewLog',
          signed([['userId', String(viewer)]], { aud: 'main-api' }),
        )
      ).body,
    ).toMatchObject({ code: 2001, items: 1 });
  });

  it('takes a sign naming its own service once, and refuses one naming no service it knows', async () => {
    const own = signed([], { aud: 'main-api' });
    expect((await send(api.server.url, 'GET', '/api/Common/GetIP', own)).body.code).toBe(2000);
    expect(await send(api.server.url, 'GET', '/api/Common/GetIP', own)).toEqual({ status: 401, body: REFUSED });
    expect((await api.client.get('/api/Common/GetIP')).body.code).toBe(2000);
    expect((await login.client.get('/UserCenterApi/IPAutoLogin', {}, { headers: LIBRARY })).body.code).toBe(2000);
    for (const aud of ['Main-API', 'gateway', '']) {
      expect(await send(api.server.url, 'GET', '/api/Common/GetIP', signed([], { aud }))).toEqual({
        status: 401,
        body: REFUSED,
      });
      expect(await send(login.server.url, 'GET', '/UserCenterApi/IPAutoLogin', signed([], { aud }))).toEqual({
        status: 401,
        body: REFUSED,
      });
    }
    // named twice: both must be this service
    const twice = signed([['aud', 'login-service']], { aud: 'main-api' });
    expect(await send(api.server.url, 'GET', '/api/Common/GetIP', twice)).toEqual({ status: 401, body: REFUSED });
  });
});
