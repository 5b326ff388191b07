/**
 * `npm run media:import` (media-import.ts starts it) as a function of its arguments and CommandIo.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { BACKGROUND_JOBS } from '../src/main-api/background';
import { ManifestError, importFolder, readManifest } from '../src/media/pipeline';
import { checkMediaTools, MediaToolMissingError } from '../src/media/pipeline/tools';
import { terminalReporter } from '../src/media/pipeline/progress';
import { SubtitleFormatError } from '../src/media/pipeline/subtitles';
import { openConfiguredStore } from '../src/store/open';
import type { CommandIo } from './command-io';
import { runLongWorkCommand } from './long-work-command';

const USAGE =
  '用法 (usage): npm run media:import -- <含 manifest.json 的文件夹 (a folder with manifest.json)> [--no-wait（PostgreSQL：只排队 / queue only）]';

/** imports the folder (or, on PostgreSQL, asks for and follows the import job); answers the exit code */
export function runMediaImport(argv: string[], io: CommandIo): Promise<number> {
  return runLongWorkCommand(
    {
      usage: USAGE,
      positionals: 1,
      failure: 'media:import',
      expected: (error) =>
        error instanceof ManifestError ||
        error instanceof MediaToolMissingError ||
        error instanceof SubtitleFormatError,
      parse: ([given]): { args: string } | { refusal: string } => {
        const folder = path.resolve(given!);
        return existsSync(folder) && statSync(folder).isDirectory()
          ? { args: folder }
          : { refusal: `文件夹不存在 (no such folder): ${folder}` };
      },
      // a bad manifest is refused here, not by a worker later
      beforeJob: (folder) => void readManifest(folder),
      job: (folder) => ({ name: BACKGROUND_JOBS.mediaImport.name, data: { folder } }),
      beforeWork: () => checkMediaTools(),
      openStore: openConfiguredStore,
      work: async (store, folder, { io: out }) => {
        const result = await importFolder(store, folder, { reporter: terminalReporter(out.stderr) });
        out.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      },
    },
    argv,
    io,
  );
}
