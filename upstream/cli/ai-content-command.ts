/**
 * The AI content job's command line (its flags: ai-content.ts, which starts it as `npm run
 * ai:content`), as a function of its arguments and CommandIo.
 */
import { createContentWriter, runContentJob } from '../src/ai/content';
import { contentProgress } from '../src/ai/content/progress';
import { ConfigError, loadUpstreamConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { openConfiguredStore } from '../src/store/open';
import type { CommandIo } from './command-io';

const USAGE =
  '用法 (usage): npm run ai:content -- [--all] [--provider retrieval|openai-compatible] [--data-dir DIR] [--limit N]';

class UsageError extends Error {}

interface Flags {
  all: boolean;
  provider?: string;
  dataDir?: string;
  limit?: number;
  help: boolean;
}

function parseFlags(args: string[]): Flags {
  const flags: Flags = { all: false, help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || v === '') throw new UsageError(`${name} 需要一个值 (needs a value)`);
      return v;
    };
    if (name === '--all') flags.all = true;
    else if (name === '--help' || name === '-h') flags.help = true;
    else if (name === '--provider') flags.provider = value();
    else if (name === '--data-dir') flags.dataDir = value();
    else if (name === '--limit') {
      const text = value();
      if (!/^[1-9][0-9]{0,8}$/.test(text))
        throw new UsageError(`--limit 必须是正整数 (must be a positive integer), got "${text}"`);
      flags.limit = Number(text);
    } else throw new UsageError(`未知参数 (unknown argument): ${arg}`);
  }
  return flags;
}

/**
 * runs the job (the arguments after `npm run ai:content --`); answers the exit code. `signal` stops
 * it between videos (what is written is kept).
 */
export async function runAiContent(args: string[], io: CommandIo, signal?: AbortSignal): Promise<number> {
  try {
    return await aiContent(args, io, signal);
  } catch (error) {
    const expected = error instanceof UsageError || error instanceof ConfigError;
    io.stderr.write(
      expected
        ? `错误 (error): ${(error as Error).message}\n${USAGE}\n`
        : `ai:content failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
}

async function aiContent(args: string[], io: CommandIo, signal?: AbortSignal): Promise<number> {
  const flags = parseFlags(args.filter((a) => a !== '--'));
  if (flags.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadUpstreamConfig({
    ...io.env,
    ...(flags.dataDir ? { DATA_DIR: flags.dataDir } : {}),
    ...(flags.provider ? { AI_PROVIDER: flags.provider } : {}),
  });
  // its log lines (warnings, failures) go where the command writes, as in a process of its own
  const logger = createLogger(config.logLevel === 'silent' ? 'silent' : 'warn', 'ai-content', (line, isProblem) =>
    (isProblem ? io.stderr : io.stdout).write(line),
  );
  const store = await openConfiguredStore(config);
  try {
    const summary = await runContentJob(store, {
      writer: createContentWriter(config.ai, logger),
      all: flags.all,
      limit: flags.limit,
      signal,
      onProgress: contentProgress(io.stderr),
      logger,
    });
    io.stdout.write(`${JSON.stringify({ dataDir: config.dataDir, ...summary }, null, 2)}\n`);
    return summary.interrupted ? 130 : summary.failed > 0 ? 1 : 0;
  } finally {
    await store.close();
  }
}
