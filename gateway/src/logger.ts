/**
 * One line per event: warnings and errors on stderr, the rest on stdout. Callers pass only what is
 * safe to print: never the API secret, a sign, a cookie or a token.
 * The same object is handed to yoga, which calls it with variadic arguments.
 */
import type { LogLevel } from './config';

export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  isDebug(): boolean;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function describe(value: unknown): string {
  if (value instanceof Error) {
    // GraphQL errors wrap the real failure; print the cause, it is what an operator needs
    const cause = (value as { originalError?: unknown }).originalError;
    const own = value.stack ?? `${value.name}: ${value.message}`;
    return cause instanceof Error && cause !== value ? `${own}\ncaused by ${describe(cause)}` : own;
  }
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Where finished lines go: stdout / stderr by default; tests keep them to read them back. */
export type LogSink = (line: string, isProblem: boolean) => void;

const processSink: LogSink = (line, isProblem) => (isProblem ? process.stderr : process.stdout).write(line);

export function createLogger(level: LogLevel, name = 'gateway', sink: LogSink = processSink): Logger {
  const threshold = RANK[level];
  const write = (rank: number, label: string, args: unknown[]) => {
    if (rank < threshold) return;
    sink(`${new Date().toISOString()} ${label} [${name}] ${args.map(describe).join(' ')}\n`, rank >= RANK.warn);
  };
  return {
    debug: (...args) => write(RANK.debug, 'DEBUG', args),
    info: (...args) => write(RANK.info, 'INFO', args),
    warn: (...args) => write(RANK.warn, 'WARN', args),
    error: (...args) => write(RANK.error, 'ERROR', args),
    isDebug: () => threshold <= RANK.debug,
  };
}
