/** The login service's transport: health, the unsigned login page, signed /UserCenterApi/*, 4004 for the rest. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLogin, type TestLogin } from './login-harness';

describe('login service transport', () => {
  let login: TestLogin;
  beforeAll(async () => {
    login = await startTestLogin();
  });
  afterAll(() => login.stop());

  it('answers /healthz unsigned', async () => {
    const res = await fetch(`${login.server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves the Chinese login page unsigned, with a strict CSP and no script', async () => {
    const res = await fetch(`${login.server.url}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('lang="zh-CN"');
    expect(html).toContain('账号登录');
    expect(html).not.toContain('<script');
  });

  it('refuses unsigned, wrongly signed and stale calls with 401 / 4001', async () => {
    const bare = await fetch(`${login.server.url}/UserCenterApi/IPAutoLogin`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ code: 4001, message: '签名校验失败', items: null });
    const wrong = await login.client.get('/UserCenterApi/ValidateToken', { token: 'x' }, { sign: '0'.repeat(32) });
    expect(wrong.status).toBe(401);
    const stale = await login.client.get(
      '/UserCenterApi/ValidateToken',
      { token: 'x' },
      {
        timespan: String(Math.floor(Date.now() / 1000) - 301),
      },
    );
    expect(stale.body.code).toBe(4001);
    const posted = await fetch(`${login.server.url}/UserCenterApi/Login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: 'student', password: 'Student2026' }),
    });
    expect(posted.status).toBe(401);
  });

  it('needs the productId header like the main API', async () => {
    const res = await login.client.get('/UserCenterApi/ValidateToken', { token: 'x' }, { productId: null });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(4000);
  });

  it('matches paths case-insensitively and answers 4004 接口不存在 for unknown ones', async () => {
    expect((await login.client.get('/usercenterapi/validatetoken/', { token: 'x' })).body.code).toBe(-1);
    for (const path of ['/UserCenterApi/Nope', '/', '/anything']) {
      const res = await fetch(`${login.server.url}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 4004, message: '接口不存在', items: null });
    }
    // a GET-only call posted is unknown too
    const res = await login.client.postJson('/UserCenterApi/ValidateToken', { token: 'x' });
    expect(res.status).toBe(404);
  });
});

describe('login service settings', () => {
  it('reads and validates TOKEN_TTL_HOURS, COOKIE_DOMAIN, TRUSTED_PROXIES, ALLOWED_REDIRECT_HOSTS and the URLs', async () => {
    const { loadUpstreamConfig } = await import('../../upstream/src/config');
    expect(
      loadUpstreamConfig({
        TOKEN_TTL_HOURS: '0.5',
        COOKIE_DOMAIN: 'example.edu.cn',
        TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8',
        ALLOWED_REDIRECT_HOSTS: 'WWW.Example.edu.cn,m.example.edu.cn',
        PLATFORM_PUBLIC_URL: 'https://ke.example.edu.cn/home',
        LOGIN_PUBLIC_URL: 'https://login.example.edu.cn/login',
      }),
    ).toMatchObject({
      tokenTtlHours: 0.5,
      cookieDomain: 'example.edu.cn',
      trustedProxies: ['10.0.0.0/8', 'fd00::/8'],
      allowedRedirectHosts: ['www.example.edu.cn', 'm.example.edu.cn'],
      platformPublicUrl: 'https://ke.example.edu.cn/home',
      loginPublicUrl: 'https://login.example.edu.cn/login',
    });
    for (const env of [
      { TOKEN_TTL_HOURS: '0' },
      { TOKEN_TTL_HOURS: 'week' },
      { TOKEN_TTL_HOURS: '9000' },
      { COOKIE_DOMAIN: 'bad domain' },
      { TRUSTED_PROXIES: '10.0.0.1/8' },
      { ALLOWED_REDIRECT_HOSTS: 'https://x.cn' },
      { PLATFORM_PUBLIC_URL: 'ftp://x.cn/' },
      { LOGIN_PUBLIC_URL: 'not a url' },
    ]) {
      expect(() => loadUpstreamConfig(env), JSON.stringify(env)).toThrow(
        /TOKEN_TTL_HOURS|COOKIE_DOMAIN|TRUSTED_PROXIES|ALLOWED_REDIRECT_HOSTS|PLATFORM_PUBLIC_URL|LOGIN_PUBLIC_URL/,
      );
    }
  });
});
