/**
 * `npm run media:import` (media-import.ts starts it) as a function of its arguments and CommandIo.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadUpstreamConfig } from '../src/config';
import { BACKGROUND_JOBS } from '../src/main-api/background';
import { ManifestError, importFolder, readManifest } from '../src/media/pipeline';
import { checkMediaTools, MediaToolMissingError } from '../src/media/pipeline/tools';
import { terminalReporter } from '../src/media/pipeline/progress';
import { SubtitleFormatError } from '../src/media/pipeline/subtitles';
import { openConfiguredStore } from '../src/store/open';
import type { CommandIo } from './command-io';
import { runAsJob, takeNoWait } from './job-client';

const USAGE = '用法 (usage): npm run media:import -- <含 manifest.json 的文件夹 (a folder with manifest.json)> [--no-wait（PostgreSQL：只排队 / queue only）]';

/** imports the folder (or, on PostgreSQL, asks for and follows the import job); answers the exit code */
export async function runMediaImport(argv: string[], io: CommandIo): Promise<number> {
  try {
    return await mediaImport(argv, io);
  } catch (error) {
    const expected = error instanceof ManifestError || error instanceof MediaToolMissingError || error instanceof SubtitleFormatError;
    io.stderr.write(
      expected ? `错误 (error): ${(error as Error).message}\n` : `media:import failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
}

async function mediaImport(argv: string[], io: CommandIo): Promise<number> {
  const { args, wait } = takeNoWait(argv.filter((a) => a !== '--'));
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    io.stderr.write(`${USAGE}\n`);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 1;
  }
  const folder = path.resolve(args[0]!);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    io.stderr.write(`错误 (error): 文件夹不存在 (no such folder): ${folder}\n${USAGE}\n`);
    return 1;
  }
  const config = loadUpstreamConfig(io.env);
  if (config.databaseUrl) {
    readManifest(folder); // a bad manifest is refused here, not by a worker later
    return runAsJob({ databaseUrl: config.databaseUrl, name: BACKGROUND_JOBS.mediaImport.name, data: { folder }, wait, out: io.stdout, err: io.stderr });
  }
  await checkMediaTools();
  const store = await openConfiguredStore(config);
  try {
    const result = await importFolder(store, folder, { reporter: terminalReporter(io.stderr) });
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
