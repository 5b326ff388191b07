/** Upstream configuration: defaults and refusals with a clear message. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadUpstreamConfig } from '../../upstream/src/config';

describe('loadUpstreamConfig', () => {
  it('has the documented defaults', () => {
    expect(loadUpstreamConfig({})).toEqual({
      dataDir: path.resolve(process.cwd(), 'data'),
      host: '127.0.0.1',
      upstreamPort: 5100,
      loginPort: 5200,
      apiSecret: 'sizheng-dev-secret',
      signAlgorithm: 'md5',
      productId: 1,
      signWindowSeconds: 300,
      logLevel: 'info',
      tokenTtlHours: 168,
      cookieDomain: null,
      trustedProxies: ['127.0.0.0/8', '::1'],
      metricsToken: null,
      databaseUrl: null,
      jobWorker: true,
      redisUrl: null,
      redisPrefix: 'sizheng:',
      allowedRedirectHosts: [],
      platformPublicUrl: null,
      platformPort: 4000,
      loginPublicUrl: null,
      publicBaseUrl: 'http://localhost:4000',
      ai: {
        provider: 'retrieval',
        baseUrl: null,
        apiKey: null,
        chatModel: 'deepseek-chat',
        reasoningModel: 'deepseek-reasoner',
        maxConcurrent: 256,
        embeddingModel: null,
        retrievalPaceMs: 20,
      },
    });
  });

  it('points the phone QR codes at PUBLIC_BASE_URL, else the platform public URL, else localhost:PORT', () => {
    expect(loadUpstreamConfig({ PUBLIC_BASE_URL: 'https://ke.example.edu.cn/' }).publicBaseUrl).toBe(
      'https://ke.example.edu.cn',
    );
    expect(loadUpstreamConfig({ PLATFORM_PUBLIC_URL: 'https://ke.example.edu.cn/home' }).publicBaseUrl).toBe(
      'https://ke.example.edu.cn',
    );
    expect(loadUpstreamConfig({ PORT: '4100' }).publicBaseUrl).toBe('http://localhost:4100');
  });

  it('reads every variable', () => {
    const config = loadUpstreamConfig({
      DATA_DIR: '/tmp/x',
      HOST: '0.0.0.0',
      UPSTREAM_PORT: '6100',
      LOGIN_PORT: '6200',
      API_SECRET: 's',
      SIGN_ALGORITHM: 'SHA256',
      LOG_LEVEL: 'debug',
      DATABASE_URL: 'postgres://postgres@db.internal:5432/sizheng',
      JOB_WORKER: 'false',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://postgres@db.internal:5432/sizheng',
      jobWorker: false,
      dataDir: '/tmp/x',
      host: '0.0.0.0',
      upstreamPort: 6100,
      loginPort: 6200,
      apiSecret: 's',
      signAlgorithm: 'sha256',
      logLevel: 'debug',
    });
  });

  it('refuses bad values naming the variable', () => {
    expect(() => loadUpstreamConfig({ UPSTREAM_PORT: 'http' })).toThrow(/UPSTREAM_PORT/);
    expect(() => loadUpstreamConfig({ LOGIN_PORT: '70000' })).toThrow(/LOGIN_PORT/);
    expect(() => loadUpstreamConfig({ SIGN_ALGORITHM: 'sha1' })).toThrow(/SIGN_ALGORITHM/);
    expect(() => loadUpstreamConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadUpstreamConfig({ API_SECRET: '' })).toThrow(/API_SECRET/);
    expect(() => loadUpstreamConfig({ AI_RETRIEVAL_PACE_MS: '-5' })).toThrow(/AI_RETRIEVAL_PACE_MS/);
    expect(() => loadUpstreamConfig({ AI_RETRIEVAL_PACE_MS: '5000' })).toThrow(/AI_RETRIEVAL_PACE_MS/);
    expect(loadUpstreamConfig({ AI_RETRIEVAL_PACE_MS: '0' }).ai.retrievalPaceMs).toBe(0);
    expect(() => loadUpstreamConfig({ UPSTREAM_PORT: '5000', LOGIN_PORT: '5000' })).toThrow(/differ/);
    // a wrong DATABASE_URL is named, and its text (which may hold a password) is not repeated
    expect(() => loadUpstreamConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(/DATABASE_URL/);
    expect(() => loadUpstreamConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).not.toThrow(/hunter2/);
  });
});
