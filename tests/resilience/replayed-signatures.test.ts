/**
 * Every signed request is usable once, between real processes: the main API, the login service and
 * the gateway run as `npm start` runs them, with a recording proxy in front of each upstream that
 * keeps every request the gateway sends, exactly as it travelled. Real GraphQL requests make the
 * gateway read the history (GetViewLogList), like a video (UserOperate), search and fetch media;
 * then every captured request is sent again as it was, to its own path and to the paths that would
 * hurt (ClearViewLog, CancelUserOperate, Logout, ...): none is accepted, while fresh requests still
 * work. A captured value holding `&` split into two parameters (which signs alike) is refused too.
 * The two services keep separate records of the signs they took, so the gateway names the one it
 * calls (`aud`): a request captured on its way to one is refused by the other, which never saw it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from '../support/platform';
import { signParams, UpstreamClient } from '../upstream/client';

const SECRET = 'sizheng-dev-secret';

/** One request as the gateway sent it. */
interface Captured {
  method: string;
  /** path and query string, as sent */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A proxy that forwards everything to `target` and keeps a copy of each request. */
async function startRecordingProxy(
  target: string,
): Promise<{ url: string; captured: Captured[]; close: () => Promise<void> }> {
  const captured: Captured[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      captured.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: { ...req.headers }, body });
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      delete headers['keep-alive'];
      delete headers['transfer-encoding'];
      request(`${target}${req.url ?? '/'}`, {
        method: req.method as 'GET',
        headers,
        body: body.length > 0 ? body : undefined,
      })
        .then(async (answer) => {
          const bytes = Buffer.from(await answer.body.arrayBuffer());
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value !== undefined && !['connection', 'keep-alive', 'transfer-encoding'].includes(name))
              out[name] = value;
          }
          out['content-length'] = String(bytes.length);
          res.writeHead(answer.statusCode, out);
          res.end(bytes);
        })
        .catch((error: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    captured,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Child {
  process: ChildProcess;
  output: () => string;
}

async function startProcess(file: string, env: Record<string, string>, healthUrl: string): Promise<Child> {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, file)], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  // the child's own output goes to stderr as it is: stack lines in an error message confuse the test runner
  const failed = (why: string) => {
    process.stderr.write(`--- ${file} ---\n${log}\n`);
    return new Error(`${file} ${why} (its output is above)`);
  };
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw failed(`exited early (${child.exitCode})`);
    try {
      if ((await fetch(healthUrl)).ok) return { process: child, output: () => log };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw failed(`not healthy at ${healthUrl}`);
}

async function stopProcess(child: Child | undefined): Promise<void> {
  if (!child || child.process.exitCode !== null) return;
  const exited = new Promise((r) => child.process.once('exit', r));
  child.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.process.exitCode === null) child.process.kill('SIGKILL');
}

/** The signed parameters of a captured request: its query (GET, media) or its JSON body (POST). */
function paramsOf(captured: Captured): [string, string][] {
  if (captured.method === 'POST') {
    return Object.entries(JSON.parse(captured.body.toString('utf8')) as Record<string, unknown>).map(([k, v]) => [
      k,
      String(v),
    ]);
  }
  const query = captured.url.includes('?') ? captured.url.slice(captured.url.indexOf('?') + 1) : '';
  return [...new URLSearchParams(query).entries()];
}

const pathOf = (captured: Captured) => captured.url.split('?')[0]!;

function signHeaders(captured: Captured): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['timespan', 'sign', 'productid', 'x-forwarded-for']) {
    const value = captured.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

interface Attempt {
  what: string;
  status: number;
  code: number | null;
}

/** Sends the captured headers with these parameters to `method path`, the parameters encoded as `as`. */
async function sendWith(
  baseUrl: string,
  captured: Captured,
  method: 'GET' | 'POST',
  path: string,
  pairs: [string, string][],
  as: 'json' | 'form' = 'json',
): Promise<Attempt> {
  const headers = signHeaders(captured);
  let url = `${baseUrl}${path}`;
  let body: string | undefined;
  if (method === 'GET') {
    if (pairs.length > 0) url += `?${new URLSearchParams(pairs)}`;
  } else if (as === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(Object.fromEntries(pairs));
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(pairs).toString();
  }
  const res = await request(url, { method, headers, body });
  const text = await res.body.text();
  let code: number | null = null;
  try {
    code = (JSON.parse(text) as { code: number }).code;
  } catch {
    // not an envelope
  }
  return { what: `${captured.method} ${pathOf(captured)} → ${method} ${path} (${as})`, status: res.statusCode, code };
}

/** The captured request again, byte for byte, to where it went. */
async function sendAsIs(baseUrl: string, captured: Captured): Promise<Attempt> {
  const headers = { ...captured.headers };
  delete headers.host;
  delete headers.connection;
  const res = await request(`${baseUrl}${captured.url}`, {
    method: captured.method as 'GET',
    headers,
    body: captured.body.length > 0 ? captured.body : undefined,
  });
  const text = await res.body.text();
  let code: number | null = null;
  try {
    code = (JSON.parse(text) as { code: number }).code;
  } catch {
    // not an envelope
  }
  return { what: `${captured.method} ${captured.url} as it was`, status: res.statusCode, code };
}

const accepted = (attempts: Attempt[]) => attempts.filter((a) => a.status !== 401 || a.code !== 4001);

describe('a request captured between the gateway and the upstream', () => {
  let dataDir: string;
  let mainApi: Child | undefined;
  let loginService: Child | undefined;
  let gateway: Child | undefined;
  let mainProxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  let loginProxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  let upstreamUrl: string;
  let loginUrl: string;
  let gatewayUrl: string;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-replay-'));
    const [upstreamPort, loginPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
    upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
    loginUrl = `http://127.0.0.1:${loginPort}`;
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const env = {
      DATA_DIR: dataDir,
      UPSTREAM_PORT: String(upstreamPort),
      LOGIN_PORT: String(loginPort),
      PORT: String(gatewayPort),
    };
    // the login service seeds the demo accounts, the main API the demo content (and the student's history)
    const started = await Promise.allSettled([
      startProcess('upstream/cli/login-service.ts', env, `${loginUrl}/healthz`).then((child) => (loginService = child)),
      startProcess('upstream/cli/main-api.ts', env, `${upstreamUrl}/healthz`).then((child) => (mainApi = child)),
    ]);
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
    mainProxy = await startRecordingProxy(upstreamUrl);
    loginProxy = await startRecordingProxy(loginUrl);
    gateway = await startProcess(
      'gateway/src/main.ts',
      { ...env, UPSTREAM_URL: mainProxy.url, LOGIN_URL: loginProxy.url },
      `${gatewayUrl}/healthz`,
    );
    const login = new UpstreamClient({ baseUrl: loginUrl, secret: SECRET });
    const signedIn = await login.postJson<{ token: string }>('/UserCenterApi/Login', {
      userName: 'student',
      password: 'Student2026',
    });
    expect(signedIn.body.code).toBe(2000);
    token = signedIn.body.items.token;
  });

  afterAll(async () => {
    await stopProcess(gateway);
    await Promise.all([stopProcess(mainApi), stopProcess(loginService)]);
    await mainProxy?.close();
    await loginProxy?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function graphql<T>(query: string, variables: Record<string, unknown> = {}, signedIn = token): Promise<T> {
    const res = await fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `utoken=${signedIn}` },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await res.json()) as { data?: T; errors?: unknown[] };
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data!;
  }

  type History = {
    viewer: {
      userId: number;
      history: { videoId: number; courseId: number; catalogueId: number; videoImage: string }[];
    };
  };
  const HISTORY = `{ viewer { userId history { videoId courseId catalogueId videoImage } } }`;
  const LIKE = `mutation Like($input: SetVideoOperationInput!) { setVideoOperation(input: $input) { operations { liked } errors { message } } }`;
  const SEARCH = `query Search($keyword: String!) { search(keyword: $keyword) { overview { courseCount } } }`;

  it('is refused when sent again, on its own path and on any other: 0 of N accepted, while fresh requests work', async () => {
    const before = await graphql<History>(HISTORY);
    expect(before.viewer.history.length).toBeGreaterThan(0);
    const watched = before.viewer.history[0]!;
    const liked = await graphql<{ setVideoOperation: { operations: { liked: boolean } } }>(LIKE, {
      input: {
        videoId: watched.videoId,
        courseId: watched.courseId,
        catalogueId: watched.catalogueId,
        kind: 'LIKE',
        on: true,
      },
    });
    expect(liked.setVideoOperation.operations.liked).toBe(true);
    await graphql(SEARCH, { keyword: '辩证法' });
    const media = await fetch(`${gatewayUrl}${watched.videoImage}`);
    expect(media.status).toBe(200);
    await media.arrayBuffer();

    const main = mainProxy.captured.filter((c) => c.headers.sign);
    const paths = main.map(pathOf);
    expect(paths).toContain('/api/usercenter/GetViewLogList');
    expect(paths).toContain('/api/operate/UserOperate');
    expect(paths).toContain('/api/search/SearchByKeyWord');
    expect(paths.some((p) => p.startsWith('/media/'))).toBe(true);
    const login = loginProxy.captured.filter((c) => c.headers.sign);
    expect(login.map(pathOf)).toContain('/UserCenterApi/ValidateToken');

    const attempts: Attempt[] = [];
    for (const captured of main) {
      const pairs = paramsOf(captured);
      // media are public: sent again they are served, as they would be without any sign
      if (!pathOf(captured).startsWith('/media/')) attempts.push(await sendAsIs(upstreamUrl, captured));
      attempts.push(
        await sendWith(upstreamUrl, captured, 'GET', '/api/usercenter/GetViewLogList', pairs),
        await sendWith(upstreamUrl, captured, 'POST', '/api/usercenter/ClearViewLog', pairs),
        await sendWith(upstreamUrl, captured, 'POST', '/api/usercenter/ClearViewLog', pairs, 'form'),
        await sendWith(upstreamUrl, captured, 'POST', '/api/operate/CancelUserOperate', pairs),
        await sendWith(upstreamUrl, captured, 'POST', '/api/operate/UserOperate', pairs, 'form'),
      );
    }
    for (const captured of login) {
      const pairs = paramsOf(captured);
      attempts.push(
        await sendAsIs(loginUrl, captured),
        await sendWith(loginUrl, captured, 'POST', '/UserCenterApi/Logout', pairs),
        await sendWith(loginUrl, captured, 'POST', '/UserCenterApi/RefreshToken', pairs, 'form'),
        await sendWith(loginUrl, captured, 'GET', '/UserCenterApi/ValidateToken', pairs),
      );
    }
    // each main-API request five times elsewhere and once as it was (but media), each login-service request four times
    expect(attempts.length).toBe(
      main.length * 6 - main.filter((c) => pathOf(c).startsWith('/media/')).length + login.length * 4,
    );
    expect(attempts.length).toBeGreaterThan(20);
    expect(accepted(attempts), `${accepted(attempts).length} of ${attempts.length} accepted`).toEqual([]);

    // nothing happened: the history is all there, the like stands, the token still signs the student in
    const after = await graphql<History>(HISTORY);
    expect(after.viewer.history).toEqual(before.viewer.history);
    expect(after.viewer.userId).toBe(before.viewer.userId);
    const state = await new UpstreamClient({ baseUrl: upstreamUrl, secret: SECRET }).get<{ userLike: number }>(
      '/api/operate/GetUserOperateVideo',
      {
        productId: 1,
        courseId: watched.courseId,
        userId: before.viewer.userId,
        videoId: watched.videoId,
      },
    );
    expect(state.body.items.userLike).toBe(1);
    expect(
      (await new UpstreamClient({ baseUrl: loginUrl, secret: SECRET }).get('/UserCenterApi/ValidateToken', { token }))
        .body.code,
    ).toBe(2000);
    // and no sign reached a log
    for (const captured of [...main, ...login]) {
      expect(mainApi!.output()).not.toContain(String(captured.headers.sign));
      expect(loginService!.output()).not.toContain(String(captured.headers.sign));
    }
    expect(mainApi!.output()).toContain('refused a replayed request');
  });

  it('gains nothing from a value holding "&": split into the two parameters it signs like, it is refused', async () => {
    mainProxy.captured.length = 0;
    await graphql(SEARCH, { keyword: '辩证法&X=1' });
    const search = mainProxy.captured.find((c) => pathOf(c) === '/api/search/SearchByKeyWord');
    expect(search).toBeDefined();
    const pairs = paramsOf(search!);
    const index = pairs.findIndex(([, value]) => value === '辩证法&X=1');
    expect(index).toBeGreaterThanOrEqual(0);
    const split: [string, string][] = [
      ...pairs.slice(0, index),
      [pairs[index]![0], '辩证法'],
      ['X', '1'],
      ...pairs.slice(index + 1),
    ];
    // the formula cannot tell them apart: the split request carries a valid sign...
    expect(signParams(split, String(search!.headers.timespan), SECRET)).toBe(search!.headers.sign);
    // ...that has been used
    const attempt = await sendWith(upstreamUrl, search!, 'GET', '/api/search/SearchByKeyWord', split);
    expect(attempt).toMatchObject({ status: 401, code: 4001 });
  });
  it("is refused by the other service, which never saw it: the gateway's requests name the service they are for", async () => {
    mainProxy.captured.length = 0;
    loginProxy.captured.length = 0;
    // a token the gateway has not seen yet: it asks the login service about it
    const another = await new UpstreamClient({ baseUrl: loginUrl, secret: SECRET }).postJson<{ token: string }>(
      '/UserCenterApi/Login',
      {
        userName: 'student',
        password: 'Student2026',
      },
    );
    const history = await graphql<History>(HISTORY, {}, another.body.items.token);
    const media = await fetch(`${gatewayUrl}${history.viewer.history[0]!.videoImage}`);
    expect(media.status).toBe(200);
    await media.arrayBuffer();
    const main = mainProxy.captured.filter((c) => c.headers.sign);
    const login = loginProxy.captured.filter((c) => c.headers.sign);
    expect(main.map(pathOf)).toContain('/api/usercenter/GetViewLogList');
    expect(main.some((c) => pathOf(c).startsWith('/media/'))).toBe(true);
    expect(login.map(pathOf)).toContain('/UserCenterApi/ValidateToken');
    for (const captured of main) expect(paramsOf(captured)).toContainEqual(['aud', 'main-api']);
    for (const captured of login) expect(paramsOf(captured)).toContainEqual(['aud', 'login-service']);

    // from the demo library's network, IPAutoLogin would hand out the organisation's token
    const fromLibrary = (captured: Captured): Captured => ({
      ...captured,
      headers: { ...captured.headers, 'x-forwarded-for': '10.20.5.5' },
    });
    const attempts: Attempt[] = [];
    for (const captured of main) {
      const pairs = paramsOf(captured);
      attempts.push(
        await sendWith(loginUrl, fromLibrary(captured), 'GET', '/UserCenterApi/IPAutoLogin', pairs),
        await sendWith(loginUrl, captured, 'GET', '/UserCenterApi/ValidateToken', pairs),
        await sendWith(loginUrl, captured, 'POST', '/UserCenterApi/Logout', pairs, 'form'),
      );
    }
    for (const captured of login) {
      const pairs = paramsOf(captured);
      attempts.push(
        await sendWith(upstreamUrl, captured, 'GET', '/api/Common/GetIP', pairs),
        await sendWith(upstreamUrl, captured, 'GET', '/api/usercenter/GetViewLogList', pairs),
        await sendWith(upstreamUrl, captured, 'POST', '/api/usercenter/ClearViewLog', pairs),
      );
    }
    expect(attempts.length).toBe((main.length + login.length) * 3);
    expect(accepted(attempts), `${accepted(attempts).length} of ${attempts.length} accepted`).toEqual([]);
    expect((await graphql<History>(HISTORY, {}, another.body.items.token)).viewer.history).toEqual(
      history.viewer.history,
    );
    expect(loginService!.output()).toContain(
      'refused a request signed for another service GET /UserCenterApi/IPAutoLogin',
    );
  });
});
