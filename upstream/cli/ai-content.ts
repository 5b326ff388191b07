/**
 * `npm run ai:content`: writes the AI content (course overview, video abstract, key points,
 * suggested questions, related majors) of every video of DATA_DIR whose content is missing or
 * stale, with the provider of AI_PROVIDER (upstream/API.md "AI content is generated ahead...").
 * Progress goes to stderr (a bar on a terminal, plain lines otherwise); the summary is printed as
 * JSON on stdout. Each video is stored as soon as it is written, so running the command again
 * after a crash or Ctrl-C continues with what is left. Exits 1 when some video failed, 130 when
 * interrupted.
 *
 *   --all                                 rewrite every video, not only missing or stale ones
 *   --provider retrieval|openai-compatible  instead of AI_PROVIDER
 *   --data-dir DIR                        instead of DATA_DIR
 *   --limit N                             write at most N videos this run
 */
import { createContentWriter, runContentJob } from '../src/ai/content';
import { contentProgress } from '../src/ai/content/progress';
import { ConfigError, loadUpstreamConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { openConfiguredStore } from '../src/store/open';

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
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
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
      if (!/^[1-9][0-9]{0,8}$/.test(text)) throw new UsageError(`--limit 必须是正整数 (must be a positive integer), got "${text}"`);
      flags.limit = Number(text);
    } else throw new UsageError(`未知参数 (unknown argument): ${arg}`);
  }
  return flags;
}

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2).filter((a) => a !== '--'));
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadUpstreamConfig({
    ...process.env,
    ...(flags.dataDir ? { DATA_DIR: flags.dataDir } : {}),
    ...(flags.provider ? { AI_PROVIDER: flags.provider } : {}),
  });
  const logger = createLogger(config.logLevel === 'silent' ? 'silent' : 'warn', 'ai-content');
  const store = await openConfiguredStore(config);
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\n正在停止，已写入的内容会保留 (stopping; what is written is kept)\n');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const summary = await runContentJob(store, {
      writer: createContentWriter(config.ai, logger),
      all: flags.all,
      limit: flags.limit,
      signal: controller.signal,
      onProgress: contentProgress(),
      logger,
    });
    process.stdout.write(`${JSON.stringify({ dataDir: config.dataDir, ...summary }, null, 2)}\n`);
    return summary.interrupted ? 130 : summary.failed > 0 ? 1 : 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const expected = error instanceof UsageError || error instanceof ConfigError;
    process.stderr.write(
      expected ? `错误 (error): ${(error as Error).message}\n${USAGE}\n` : `ai:content failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
