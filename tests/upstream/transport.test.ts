/** The transport contract: health, signature, productId header, envelope, unknown paths, 500s. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signParams, UpstreamClient } from './client';
import { startTestApi, type TestApi } from './harness';

const PATH = '/api/catalog/GetCatalogList4';

describe('main API transport', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  const now = () => Math.floor(Date.now() / 1000);

  it('answers /healthz without a signature', async () => {
    const res = await fetch(`${api.server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('accepts a correctly signed request and answers the envelope', async () => {
    const res = await api.client.get(PATH, { catalogId: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 2000, message: expect.any(String), items: expect.any(Array) });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('signs the raw, unencoded values sorted by key', async () => {
    // A key order different from the sorted one, a value with spaces, '&' and Chinese: the
    // sign covers the decoded values, so the server must decode before checking.
    const params: [string, string][] = [
      ['searchKey', '辩证 & 法'],
      ['catalogId', '0'],
      ['Year', 'ignored'], // upper-case sorts before lower-case in code-unit order
    ];
    const timespan = String(now());
    const sign = signParams(params, timespan, 'sizheng-dev-secret');
    const url = `${api.server.url}/api/courses/GetCourseAndVideoCount?${new URLSearchParams(params)}`;
    const res = await fetch(url, { headers: { timespan, sign, productId: '1' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(2000);
  });

  it('refuses a wrong sign, a missing sign and a tampered parameter with 401/4001', async () => {
    const expected = { code: 4001, message: '签名校验失败', items: null };
    const wrong = await api.client.get(PATH, { catalogId: 1 }, { sign: 'deadbeef'.repeat(4) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(expected);

    const timespan = String(now());
    const missing = await fetch(`${api.server.url}${PATH}?catalogId=1`, { headers: { timespan, productId: '1' } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual(expected);

    const sign = signParams([['catalogId', '1']], timespan, 'sizheng-dev-secret');
    const tampered = await fetch(`${api.server.url}${PATH}?catalogId=2`, {
      headers: { timespan, sign, productId: '1' },
    });
    expect(tampered.status).toBe(401);
  });

  it('refuses a sign made with another secret', async () => {
    const other = new UpstreamClient({ baseUrl: api.server.url, secret: 'not-the-secret' });
    const res = await other.get(PATH, { catalogId: 1 });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(4001);
  });

  it('accepts a timespan within 300 s either way and refuses one beyond', async () => {
    const at = (offset: number) => api.client.get(PATH, { catalogId: 1 }, { timespan: String(now() + offset) });
    expect((await at(-250)).status).toBe(200);
    expect((await at(250)).status).toBe(200);
    const stale = await at(-400);
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe(4001);
    const future = await at(400);
    expect(future.status).toBe(401);
    expect(future.body.code).toBe(4001);
    const garbage = await api.client.get(PATH, { catalogId: 1 }, { timespan: 'yesterday' });
    expect(garbage.status).toBe(401);
  });

  it('requires the productId header to be 1 (400/4000)', async () => {
    const missing = await api.client.get(PATH, { catalogId: 1 }, { productId: null });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe(4000);
    expect(missing.body.message).toContain('productId');
    const wrong = await api.client.get(PATH, { catalogId: 1 }, { productId: '2' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(4000);
  });

  it('answers unknown paths with 404/4004 接口不存在, and matches paths case-insensitively', async () => {
    const res = await api.client.get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 4004, message: '接口不存在', items: null });
    const post = await api.client.postJson(PATH, { catalogId: 1 });
    expect(post.status).toBe(404);
    const lower = await api.client.get(PATH.toLowerCase(), { catalogId: 1 });
    expect(lower.body.code).toBe(2000);
  });

  it('refuses a parameter sent twice', async () => {
    const timespan = String(now());
    const pairs: [string, string][] = [
      ['catalogId', '1'],
      ['catalogId', '2'],
    ];
    const sign = signParams(pairs, timespan, 'sizheng-dev-secret');
    const res = await fetch(`${api.server.url}${PATH}?catalogId=1&catalogId=2`, {
      headers: { timespan, sign, productId: '1' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('catalogId');
  });
});

describe('main API with SIGN_ALGORITHM=sha256 and its own secret', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { SIGN_ALGORITHM: 'sha256', API_SECRET: 'another secret' }, content: null });
  });
  afterAll(() => api.stop());

  it('accepts SHA-256 signs and refuses MD5 ones', async () => {
    const sha = new UpstreamClient({ baseUrl: api.server.url, secret: 'another secret', algorithm: 'sha256' });
    const ok = await sha.get('/api/catalog/GetCatalogListByParentId', { parentId: 0 });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ code: 2000, message: expect.any(String), items: [] });

    const md5 = new UpstreamClient({ baseUrl: api.server.url, secret: 'another secret', algorithm: 'md5' });
    const refused = await md5.get('/api/catalog/GetCatalogListByParentId', { parentId: 0 });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(4001);
  });
});

/** Collects what the process writes to stdout and stderr while fn runs. */
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

describe('main API logging', () => {
  it('answers 500/5000 服务器内部错误 without a stack, logs the error to stderr and keeps serving', async () => {
    const api = await startTestApi({ env: { LOG_LEVEL: 'error' } });
    try {
      let body = '';
      let status = 0;
      const logged = await captureOutput(async () => {
        // A closed database is a real failure of the store, not a mock: every query throws.
        await api.store.close();
        const res = await fetch(
          `${api.server.url}/api/courses/GetListByCatalogId?catalogId=0&pageIndex=1&pageSize=20`,
          {
            headers: (() => {
              const timespan = String(Math.floor(Date.now() / 1000));
              const pairs: [string, string][] = [
                ['catalogId', '0'],
                ['pageIndex', '1'],
                ['pageSize', '20'],
              ];
              return { timespan, sign: signParams(pairs, timespan, 'sizheng-dev-secret'), productId: '1' };
            })(),
          },
        );
        status = res.status;
        body = await res.text();
      });
      expect(status).toBe(500);
      expect(JSON.parse(body)).toEqual({ code: 5000, message: '服务器内部错误', items: null });
      // a JSON line at level error naming the path, its stack in err
      const lines = logged
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: string; msg: string; err?: { stack?: string } });
      const failure = lines.find((line) => line.level === 'error' && line.msg.includes('GetListByCatalogId'));
      // SQLite: 'The database connection is not open'; PostgreSQL: the pool has ended
      expect(failure?.err?.stack).toMatch(/database connection is not open|destroyed|after calling end on the pool/i);
      const health = await fetch(`${api.server.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await api.stop();
    }
  });

  it('never writes the secret or a sign to the log, even at debug level', async () => {
    const secret = 'a-secret-that-must-not-leak';
    const api = await startTestApi({ env: { LOG_LEVEL: 'debug', API_SECRET: secret } });
    try {
      const client = new UpstreamClient({ baseUrl: api.server.url, secret });
      const timespan = String(Math.floor(Date.now() / 1000));
      const goodSign = signParams([['catalogId', '1']], timespan, secret);
      const logged = await captureOutput(async () => {
        expect((await client.get(PATH, { catalogId: 1 }, { timespan })).status).toBe(200);
        expect((await client.get(PATH, { catalogId: 1 }, { sign: 'f00d'.repeat(8) })).status).toBe(401);
      });
      expect(logged).toContain(PATH); // it did log the requests
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(goodSign);
      expect(logged).not.toContain('f00d'.repeat(8));
    } finally {
      await api.stop();
    }
  });
});
