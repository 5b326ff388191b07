/**
 * The login service's operator paths and lines, on the real server (login-harness): /readyz follows its
 * database, /metrics is Prometheus text for a local scraper only (or the METRICS_TOKEN bearer) and
 * counts throttled password attempts and replayed signs; the JSON logger puts the request's id on its
 * lines, keeps stacks to error lines and never prints a token.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, withRequestId } from '../../upstream/src/logger';
import { from, startTestLogin, type TestLogin } from './login-harness';

function sampleValue(text: string, name: string): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe('the login service for the operator', () => {
  let login: TestLogin;
  beforeAll(async () => {
    login = await startTestLogin();
  });
  afterAll(() => login.stop());

  const metrics = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${login.server.url}/metrics`, { headers });
    return { status: response.status, text: await response.text() };
  };

  it('answers /metrics to a local scraper, not to a request a proxy forwards', async () => {
    const local = await metrics();
    expect(local.status).toBe(200);
    expect(local.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(local.text).toContain('# TYPE login_throttle_wait_seconds histogram');
    expect((await metrics({ 'x-forwarded-for': '203.0.113.1' })).status).toBe(403);
  });

  it('counts password attempts answered with a wait', async () => {
    const before = sampleValue((await metrics()).text, 'login_throttle_wait_seconds_count');
    const address = '198.51.100.200';
    let throttled = 0;
    // 3 failures are answered at once; the 4th attempt waits
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await login.client.postJson<unknown>(
        '/UserCenterApi/Login',
        { userName: 'student', password: `Wrong${attempt}` },
        from(address),
      );
      if (String(answer.body.message).startsWith('尝试次数过多')) throttled += 1;
    }
    expect(throttled).toBeGreaterThan(0);
    expect(sampleValue((await metrics()).text, 'login_throttle_wait_seconds_count')).toBe(before + throttled);
  });

  it('is ready while its database answers', async () => {
    const ready = await fetch(`${login.server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

describe('a login service whose database is gone', () => {
  let login: TestLogin;
  beforeAll(async () => {
    login = await startTestLogin();
  });
  afterAll(() => login.stop());

  it('is alive but not ready, and says what failed', async () => {
    // a closed connection is a real failure of the store: every query throws
    await login.store.close();
    const notReady = await fetch(`${login.server.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({
      status: 'not ready',
      failed: { database: 'The database connection is not open' },
    });
    expect((await fetch(`${login.server.url}/healthz`)).status).toBe(200);
  });
});

describe('METRICS_TOKEN', () => {
  let login: TestLogin;
  const token = randomUUID();
  beforeAll(async () => {
    login = await startTestLogin({ METRICS_TOKEN: token });
  });
  afterAll(() => login.stop());

  it('lets only its bearer read /metrics, from anywhere', async () => {
    const url = `${login.server.url}/metrics`;
    expect((await fetch(url)).status).toBe(403);
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(403);
    expect(
      (await fetch(url, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.1' } })).status,
    ).toBe(200);
  });
});

describe('the upstream JSON logger', () => {
  it('writes one JSON object per line with the request id; stacks only on error lines; secrets redacted', () => {
    const lines: { text: string; problem: boolean }[] = [];
    const logger = createLogger('debug', 'login-service', (text, problem) => lines.push({ text, problem }));
    withRequestId('req-42', () => {
      logger.info('request completed', { status: 200, token: 'a-token-value' });
      logger.error('unexpected failure', new Error('boom'));
    });
    logger.warn('outside any request');
    const parsed = lines.map((line) => ({ ...JSON.parse(line.text), problem: line.problem }));
    expect(parsed[0]).toMatchObject({
      level: 'info',
      service: 'login-service',
      reqId: 'req-42',
      msg: 'request completed',
      status: 200,
      token: '[redacted]',
      problem: false,
    });
    expect(parsed[1]).toMatchObject({
      level: 'error',
      reqId: 'req-42',
      err: { type: 'Error', message: 'boom' },
      problem: true,
    });
    expect(parsed[1].err.stack).toContain('operator-paths.test.ts');
    expect(parsed[2]).toMatchObject({ level: 'warn', msg: 'outside any request', problem: true });
    expect(parsed[2].reqId).toBeUndefined();
    expect(lines.map((line) => line.text).join('')).not.toContain('a-token-value');
    const quiet: string[] = [];
    createLogger('silent', 'x', (text) => quiet.push(text)).error('nothing', new Error('x'));
    expect(quiet).toEqual([]);
  });
});
