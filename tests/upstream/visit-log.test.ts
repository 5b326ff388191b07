/** POST /api/log/AddVisitLog (JSON and form bodies) and GET /api/Common/GetIP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signParams } from './client';
import { startTestApi, type TestApi } from './harness';

const FIELDS = {
  actId: 'act-7',
  customerCode: 'SZ001',
  customerId: '42',
  customerName: '示范大学图书馆',
  moduleName: '首页',
  pageUrl: '/home?scId=3&tab=一',
  previousPageUrl: '/catalog?scId=10',
  productIds: '1',
  sourceType: 'PC',
  userId: 'guest-8f3a',
  userName: '游客',
};

describe('visit log and client address', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  it('stores a JSON visit log with every field and the forwarded client address', async () => {
    const before = Date.now();
    const res = await api.client.postJson<number>('/api/log/AddVisitLog', FIELDS, {
      headers: { 'X-Forwarded-For': '203.0.113.9, 10.0.0.1' },
    });
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 2001, message: expect.any(String), items: expect.any(Number) });
    const row = await api.store.visitLogs.get(res.body.items);
    expect(row).toEqual({ id: res.body.items, ...FIELDS, clientIp: '203.0.113.9', createdAt: expect.any(Number) });
    expect(row!.createdAt).toBeGreaterThanOrEqual(before);
    expect(row!.createdAt).toBeLessThanOrEqual(after);
  });

  it('stores a form-encoded visit log (the unload beacon), JSON numbers signed as strings', async () => {
    const form = await api.client.postForm<number>('/api/log/AddVisitLog', { ...FIELDS, moduleName: '推荐专题' });
    expect(form.body.code).toBe(2001);
    expect(await api.store.visitLogs.get(form.body.items)).toMatchObject({
      moduleName: '推荐专题',
      pageUrl: FIELDS.pageUrl,
    });
    expect((await api.store.visitLogs.get(form.body.items))!.clientIp).toMatch(/^(127\.0\.0\.1|::1)$/);

    const numeric = await api.client.postJson<number>('/api/log/AddVisitLog', {
      pageUrl: '/special',
      customerId: 42,
      productIds: 1,
    });
    expect(numeric.body.code).toBe(2001);
    expect(await api.store.visitLogs.get(numeric.body.items)).toMatchObject({
      customerId: '42',
      productIds: '1',
      actId: '',
    });
    expect(numeric.body.items).toBeGreaterThan(form.body.items);
  });

  it('signs POST body fields, not the query string', async () => {
    const timespan = String(Math.floor(Date.now() / 1000));
    const body = { pageUrl: '/author' };
    const sign = signParams([['pageUrl', '/author']], timespan, 'sizheng-dev-secret');
    const res = await fetch(`${api.server.url}/api/log/AddVisitLog?ignored=1`, {
      method: 'POST',
      headers: { timespan, sign, productId: '1', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const tampered = await fetch(`${api.server.url}/api/log/AddVisitLog`, {
      method: 'POST',
      headers: { timespan, sign, productId: '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ pageUrl: '/other' }),
    });
    expect(tampered.status).toBe(401);
  });

  it('requires pageUrl and limits the lengths', async () => {
    const missing = await api.client.postJson('/api/log/AddVisitLog', { moduleName: '首页' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('pageUrl');
    const longUrl = await api.client.postJson('/api/log/AddVisitLog', { pageUrl: '/' + 'a'.repeat(2048) });
    expect(longUrl.body.code).toBe(4000);
    expect((await api.client.postJson('/api/log/AddVisitLog', { pageUrl: '/' + 'a'.repeat(2047) })).body.code).toBe(
      2001,
    );
    const longName = await api.client.postJson('/api/log/AddVisitLog', { pageUrl: '/', userName: '名'.repeat(256) });
    expect(longName.body.message).toContain('userName');
  });

  it('refuses a malformed or non-scalar JSON body, and an unsupported body type', async () => {
    const timespan = String(Math.floor(Date.now() / 1000));
    const headers = { timespan, sign: signParams([], timespan, 'sizheng-dev-secret'), productId: '1' };
    const broken = await fetch(`${api.server.url}/api/log/AddVisitLog`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: '{"pageUrl":',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { code: number }).code).toBe(4000);
    const nested = await fetch(`${api.server.url}/api/log/AddVisitLog`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ pageUrl: { nested: true } }),
    });
    expect(nested.status).toBe(400);
    const xml = await fetch(`${api.server.url}/api/log/AddVisitLog`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/xml' },
      body: '<a/>',
    });
    expect(xml.status).toBe(415);
  });

  it('answers 413 for a body over 64 KB', async () => {
    const res = await api.client.postJson('/api/log/AddVisitLog', { pageUrl: '/', actId: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 4000, message: '请求体过大', items: null });
  });

  it('GetIP answers the first X-Forwarded-For entry, else the socket address', async () => {
    const forwarded = await api.client.get<string>(
      '/api/Common/GetIP',
      {},
      { headers: { 'X-Forwarded-For': ' 198.51.100.23 , 10.1.1.1' } },
    );
    expect(forwarded.body).toEqual({ code: 2000, message: expect.any(String), items: '198.51.100.23' });
    const direct = await api.client.get<string>('/api/Common/GetIP');
    expect(direct.body.items).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
