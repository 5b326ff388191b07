/**
 * Configuration of the upstream processes (main API, login service, seeder), read from the
 * environment once at start-up. Every value is validated here so that a typo in a variable
 * stops the process with a message naming it, instead of surfacing later as odd behaviour.
 */
import path from 'node:path';
import { CidrError, parseCidr } from './http/cidr';

export type SignAlgorithm = 'md5' | 'sha256';
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface UpstreamConfig {
  /** where the SQLite file and media/ live */
  dataDir: string;
  /** address the servers bind to (loopback unless HOST says otherwise) */
  host: string;
  upstreamPort: number;
  loginPort: number;
  /** shared secret of the request signature; never logged */
  apiSecret: string;
  signAlgorithm: SignAlgorithm;
  /** the only product this deployment serves (product-spec §1) */
  productId: number;
  /** how far a request's timespan may be from the server clock, either direction */
  signWindowSeconds: number;
  logLevel: LogLevel;
  /** TOKEN_TTL_HOURS: lifetime of a login token (default 168 = 7 days) */
  tokenTtlHours: number;
  /** COOKIE_DOMAIN: Domain of the utoken cookie so every host of the site gets it; null = host only */
  cookieDomain: string | null;
  /** TRUSTED_PROXIES: CIDRs whose X-Forwarded-For / X-Forwarded-Proto the login page believes */
  trustedProxies: string[];
  /**
   * DATABASE_URL=postgres://… (unset: the embedded SQLite file under DATA_DIR): the PostgreSQL
   * database of the main API and the login service; a schema other than public goes in the URL
   * (`?options=-c%20search_path%3Dname`)
   */
  databaseUrl: string | null;
  /**
   * JOB_WORKER (true): whether this main API works the background jobs on PostgreSQL (false on the
   * main APIs of a cluster whose job worker does them); the embedded default runs them on timers
   */
  jobWorker: boolean;
  /** REDIS_URL (unset: nothing shared): where replicas share the signs already accepted (http/redis-replay-cache.ts) */
  redisUrl: string | null;
  /** REDIS_PREFIX (sizheng:): the keys of one platform, when several share a Redis */
  redisPrefix: string;
  /** METRICS_TOKEN: when set, GET /metrics answers only `Authorization: Bearer <it>` (else loopback and TRUSTED_PROXIES scrapers) */
  metricsToken?: string | null;
  /** ALLOWED_REDIRECT_HOSTS: host names the login page may send the browser back to, besides its own */
  allowedRedirectHosts: string[];
  /** PLATFORM_PUBLIC_URL: where the login page returns without a usable redirect; null = same host, port PORT, /home */
  platformPublicUrl: string | null;
  /** PORT: the gateway's port, for the default return address of the login page */
  platformPort: number;
  /** LOGIN_PUBLIC_URL: browser-facing URL of the login page (CompanyLogin's -2 link); null = http://localhost:LOGIN_PORT/login */
  loginPublicUrl: string | null;
  /**
   * PUBLIC_BASE_URL: the gateway's public origin (with a path prefix when it has one), without a
   * trailing slash; the phone QR code of the play page points there (default: the origin of
   * PLATFORM_PUBLIC_URL, else http://localhost:PORT)
   */
  publicBaseUrl: string;
  /** the AI provider and its settings (upstream/API.md "Main API: AI") */
  ai: AiConfig;
}

export type AiProviderName = 'retrieval' | 'openai-compatible';
export const AI_PROVIDER_NAMES: readonly AiProviderName[] = ['retrieval', 'openai-compatible'];

export interface AiConfig {
  /** AI_PROVIDER: `retrieval` (default, nothing external) or `openai-compatible` */
  provider: AiProviderName;
  /** AI_BASE_URL: e.g. https://api.deepseek.com/v1 or http://127.0.0.1:11434/v1 (openai-compatible only) */
  baseUrl: string | null;
  /** AI_API_KEY: sent as a Bearer token; never logged */
  apiKey: string | null;
  /** AI_CHAT_MODEL: the model behind model=chat (default deepseek-chat) */
  chatModel: string;
  /** AI_REASONING_MODEL: the model behind model=reasoner, deep thinking (default deepseek-reasoner) */
  reasoningModel: string;
  /** AI_MAX_CONCURRENT: answers of everyone streaming at once in the main API (default 256) */
  maxConcurrent: number;
  /**
   * AI_EMBEDDING_MODEL: an embedding model of the same server (POST {AI_BASE_URL}/embeddings);
   * when set, retrieval ranks the BM25 candidates again by similarity to the question and fuses
   * both rankings (openai-compatible only; unset: BM25 alone)
   */
  embeddingModel: string | null;
  /** AI_RETRIEVAL_PACE_MS: milliseconds between the retrieval provider's streamed pieces (default 20, 0 = none) */
  retrievalPaceMs: number;
}

export const DEFAULT_AI_MAX_CONCURRENT = 256;

/** The documented development default: production deployments set API_SECRET. */
export const DEVELOPMENT_API_SECRET = 'sizheng-dev-secret';

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
const SIGN_ALGORITHMS: readonly SignAlgorithm[] = ['md5', 'sha256'];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function readPort(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const text = raw.trim();
  if (!/^[0-9]+$/.test(text) || Number(text) > 65535) {
    throw new ConfigError(`${name} must be a port number between 0 and 65535, got "${raw}"`);
  }
  return Number(text);
}

function readChoice<T extends string>(env: NodeJS.ProcessEnv, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  const match = choices.find((choice) => choice === value);
  if (!match) throw new ConfigError(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  return match;
}

function readList(env: NodeJS.ProcessEnv, name: string, fallback: string): string[] {
  return (env[name] ?? fallback)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function readUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  return url.href;
}

/** DATABASE_URL: a postgres:// or postgresql:// URL; the message never repeats it (it may hold a password) */
function readDatabaseUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return null;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // answered below
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new ConfigError(
      'DATABASE_URL must be a postgres://user@host:port/database URL (unset: the embedded SQLite file)',
    );
  }
  return raw;
}

function readPublicBaseUrl(env: NodeJS.ProcessEnv, platformPublicUrl: string | null, platformPort: number): string {
  const fallback = platformPublicUrl ? new URL(platformPublicUrl).origin : `http://localhost:${platformPort}`;
  const href = readUrl(env, 'PUBLIC_BASE_URL') ?? fallback;
  const url = new URL(href);
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`PUBLIC_BASE_URL must be an origin with an optional path, got "${env.PUBLIC_BASE_URL}"`);
  }
  return url.href.replace(/\/+$/, '');
}

export function loadUpstreamConfig(env: NodeJS.ProcessEnv = process.env): UpstreamConfig {
  const platformPublicUrl = readUrl(env, 'PLATFORM_PUBLIC_URL');
  const platformPort = readPort(env, 'PORT', 4000);
  const dataDirRaw = env.DATA_DIR?.trim();
  const dataDir = path.resolve(process.cwd(), dataDirRaw ? dataDirRaw : './data');

  const host = env.HOST?.trim() || '127.0.0.1';
  if (/\s/.test(host)) throw new ConfigError(`HOST must be a host name or address, got "${env.HOST}"`);

  const apiSecret = env.API_SECRET ?? DEVELOPMENT_API_SECRET;
  if (apiSecret.length === 0) throw new ConfigError('API_SECRET must not be empty');

  const upstreamPort = readPort(env, 'UPSTREAM_PORT', 5100);
  const loginPort = readPort(env, 'LOGIN_PORT', 5200);
  if (upstreamPort !== 0 && upstreamPort === loginPort) {
    throw new ConfigError(`UPSTREAM_PORT and LOGIN_PORT must differ, both are ${upstreamPort}`);
  }

  const ttlRaw = env.TOKEN_TTL_HOURS?.trim();
  const tokenTtlHours = ttlRaw ? Number(ttlRaw) : 168;
  // fractions allowed (short-lived tokens for trials); at most a year
  if (!/^[0-9]+(\.[0-9]+)?$/.test(ttlRaw ?? '168') || !(tokenTtlHours > 0) || tokenTtlHours > 8760) {
    throw new ConfigError(
      `TOKEN_TTL_HOURS must be a number of hours above 0 and at most 8760, got "${env.TOKEN_TTL_HOURS}"`,
    );
  }

  const cookieDomain = env.COOKIE_DOMAIN?.trim() || null;
  if (
    cookieDomain !== null &&
    !/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(cookieDomain)
  ) {
    throw new ConfigError(`COOKIE_DOMAIN must be a domain name such as example.edu.cn, got "${env.COOKIE_DOMAIN}"`);
  }

  const trustedProxies = readList(env, 'TRUSTED_PROXIES', '127.0.0.0/8,::1');
  for (const entry of trustedProxies) {
    try {
      parseCidr(entry);
    } catch (error) {
      if (error instanceof CidrError) throw new ConfigError(`TRUSTED_PROXIES: ${error.message}`);
      throw error;
    }
  }
  const allowedRedirectHosts = readList(env, 'ALLOWED_REDIRECT_HOSTS', '').map((host) => host.toLowerCase());
  for (const host of allowedRedirectHosts) {
    if (/[\s/:@?#]/.test(host))
      throw new ConfigError(`ALLOWED_REDIRECT_HOSTS must list host names (no scheme or port), got "${host}"`);
  }

  return {
    dataDir,
    host,
    upstreamPort,
    loginPort,
    apiSecret,
    signAlgorithm: readChoice(env, 'SIGN_ALGORITHM', SIGN_ALGORITHMS, 'md5'),
    productId: 1,
    signWindowSeconds: 300,
    logLevel: readChoice(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    tokenTtlHours,
    cookieDomain,
    trustedProxies,
    databaseUrl: readDatabaseUrl(env),
    jobWorker: readChoice(env, 'JOB_WORKER', ['true', 'false'] as const, 'true') === 'true',
    redisUrl: env.REDIS_URL?.trim() || null,
    redisPrefix: env.REDIS_PREFIX?.trim() || 'sizheng:',
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    allowedRedirectHosts,
    platformPublicUrl,
    platformPort,
    loginPublicUrl: readUrl(env, 'LOGIN_PUBLIC_URL'),
    publicBaseUrl: readPublicBaseUrl(env, platformPublicUrl, platformPort),
    ai: readAiConfig(env),
  };
}

function readAiConfig(env: NodeJS.ProcessEnv): AiConfig {
  const provider = readChoice(env, 'AI_PROVIDER', AI_PROVIDER_NAMES, 'retrieval');
  const baseUrl = readUrl(env, 'AI_BASE_URL');
  if (provider === 'openai-compatible' && baseUrl === null) {
    throw new ConfigError('AI_PROVIDER=openai-compatible needs AI_BASE_URL (e.g. https://api.deepseek.com/v1)');
  }
  return {
    provider,
    baseUrl: baseUrl?.replace(/\/+$/, '') ?? null,
    apiKey: env.AI_API_KEY?.trim() || null,
    chatModel: env.AI_CHAT_MODEL?.trim() || 'deepseek-chat',
    reasoningModel: env.AI_REASONING_MODEL?.trim() || 'deepseek-reasoner',
    maxConcurrent: readAiMaxConcurrent(env),
    embeddingModel: env.AI_EMBEDDING_MODEL?.trim() || null,
    retrievalPaceMs: readRetrievalPace(env),
  };
}

function readRetrievalPace(env: NodeJS.ProcessEnv): number {
  const raw = env.AI_RETRIEVAL_PACE_MS?.trim();
  if (!raw) return 20;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) > 1000) {
    throw new ConfigError(
      `AI_RETRIEVAL_PACE_MS must be a number of milliseconds from 0 to 1000, got "${env.AI_RETRIEVAL_PACE_MS}"`,
    );
  }
  return Number(raw);
}

function readAiMaxConcurrent(env: NodeJS.ProcessEnv): number {
  const raw = env.AI_MAX_CONCURRENT?.trim();
  if (!raw) return DEFAULT_AI_MAX_CONCURRENT;
  if (!/^[1-9]\d{0,6}$/.test(raw))
    throw new ConfigError(`AI_MAX_CONCURRENT must be a positive integer, got "${env.AI_MAX_CONCURRENT}"`);
  return Number(raw);
}
