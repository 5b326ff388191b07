/**
 * The frame of the long-work commands (search:rebuild, ai:knowledge:rebuild, media:import): their
 * arguments (`--`, `--no-wait`, `--help`), the choice between doing the work here (SQLite) and
 * handing it to the job queue (PostgreSQL, job-client.ts), the store opened for the work and closed
 * after it, and one failure line instead of a stack trace. Each command keeps only its own work.
 */
import { loadUpstreamConfig, type UpstreamConfig } from '../src/config';
import type { JobData } from '../src/jobs/queue';
import type { CommandIo } from './command-io';
import { runAsJob, takeNoWait } from './job-client';

export interface LongWorkCommand<Store extends { close(): Promise<void> }, Args> {
  /** How the command is asked for, printed on `--help` and under a refusal. */
  readonly usage: string;
  /** How many arguments besides the flags it takes (the rebuilds none, media:import its folder). */
  readonly positionals: number;
  /** The failure line's opening: `<failure> failed: <message>`. */
  readonly failure: string;
  /** Errors that explain themselves to the operator: `错误 (error): <message>`, no 'failed'. */
  readonly expected?: (error: unknown) => boolean;
  /** Checks the arguments; answers what the work needs, or a refusal printed with the usage. */
  readonly parse?: (positionals: string[]) => { readonly args: Args } | { readonly refusal: string };
  /** The job of main-api/background.ts that does the work on PostgreSQL, and its data. */
  readonly job: (args: Args) => { readonly name: string; readonly data?: JobData };
  /** Checks before the job is asked for (a bad manifest is refused here, not by a worker later). */
  readonly beforeJob?: (args: Args) => void | Promise<void>;
  /** Checks before the store is opened (the media tools are there). */
  readonly beforeWork?: (args: Args) => void | Promise<void>;
  readonly openStore: (config: UpstreamConfig) => Promise<Store>;
  /** The work itself, on SQLite: its report is written to `io`. */
  readonly work: (
    store: Store,
    args: Args,
    context: { readonly config: UpstreamConfig; readonly io: CommandIo },
  ) => Promise<void>;
}

/** Runs a long-work command with its arguments; answers the exit code (0 done, 1 refused or failed). */
export async function runLongWorkCommand<Store extends { close(): Promise<void> }, Args>(
  command: LongWorkCommand<Store, Args>,
  argv: string[],
  io: CommandIo,
): Promise<number> {
  try {
    return await run(command, argv, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(
      command.expected?.(error) ? `错误 (error): ${message}\n` : `${command.failure} failed: ${message}\n`,
    );
    return 1;
  }
}

async function run<Store extends { close(): Promise<void> }, Args>(
  command: LongWorkCommand<Store, Args>,
  argv: string[],
  io: CommandIo,
): Promise<number> {
  const { args: rest, wait } = takeNoWait(argv.filter((a) => a !== '--'));
  if (rest.length === 1 && (rest[0] === '--help' || rest[0] === '-h')) {
    io.stdout.write(`${command.usage}\n`);
    return 0;
  }
  if (rest.length !== command.positionals) {
    io.stderr.write(`${command.usage}\n`);
    return 1;
  }
  const parsed = command.parse ? command.parse(rest) : { args: undefined as Args };
  if ('refusal' in parsed) {
    io.stderr.write(`错误 (error): ${parsed.refusal}\n${command.usage}\n`);
    return 1;
  }
  const { args } = parsed;
  const config = loadUpstreamConfig(io.env);
  if (config.databaseUrl) {
    await command.beforeJob?.(args);
    const { name, data } = command.job(args);
    return runAsJob({ databaseUrl: config.databaseUrl, name, data, wait, out: io.stdout, err: io.stderr });
  }
  await command.beforeWork?.(args);
  const store = await command.openStore(config);
  try {
    await command.work(store, args, { config, io });
    return 0;
  } finally {
    await store.close();
  }
}

/** Seconds since `started`, as the commands print them (`rebuilt in 3.2 s`). */
export const secondsSince = (started: number): string => ((Date.now() - started) / 1000).toFixed(1);
