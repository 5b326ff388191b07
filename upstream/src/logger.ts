/**
 * A deliberately small logger: one line per event, errors and warnings on stderr, the rest on
 * stdout. Callers pass only what is safe to print (never the secret, the sign or request headers).
 */
import type { LogLevel } from './config';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

export function createLogger(level: LogLevel, name: string): Logger {
  const threshold = RANK[level];
  const line = (lvl: string, message: string) => `${new Date().toISOString()} ${lvl} [${name}] ${message}\n`;
  return {
    debug(message) {
      if (threshold <= RANK.debug) process.stdout.write(line('DEBUG', message));
    },
    info(message) {
      if (threshold <= RANK.info) process.stdout.write(line('INFO', message));
    },
    warn(message) {
      if (threshold <= RANK.warn) process.stderr.write(line('WARN', message));
    },
    error(message, error) {
      if (threshold <= RANK.error) {
        process.stderr.write(line('ERROR', error === undefined ? message : `${message}: ${describe(error)}`));
      }
    },
  };
}
