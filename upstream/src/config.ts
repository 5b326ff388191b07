/**
 * Configuration of the upstream processes (main API, login service, seeder), read from the
 * environment once at start-up. Every value is validated here so that a typo in a variable
 * stops the process with a message naming it, instead of surfacing later as odd behaviour.
 */
import path from 'node:path';

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
}

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

export function loadUpstreamConfig(env: NodeJS.ProcessEnv = process.env): UpstreamConfig {
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
  };
}
