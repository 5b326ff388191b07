/** The login service shell: health, the placeholder login page, 4004 for everything else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUpstreamConfig } from '../../upstream/src/config';
import type { RunningServer } from '../../upstream/src/http/listen';
import { startLoginService } from '../../upstream/src/login-service/server';

describe('login service shell', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startLoginService({ config: loadUpstreamConfig({ LOGIN_PORT: '0', LOG_LEVEL: 'silent' }) });
  });
  afterAll(() => server.close());

  it('answers /healthz', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves a Chinese placeholder login page that names itself', async () => {
    const res = await fetch(`${server.url}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('登录页（建设中）');
    expect(html).toContain('lang="zh-CN"');
  });

  it('answers 4004 接口不存在 for everything else', async () => {
    for (const path of ['/UserCenterApi/IPAutoLogin', '/', '/anything']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 4004, message: '接口不存在', items: null });
    }
  });
});
