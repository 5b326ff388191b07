/**
 * `npm run media:import -- <folder>`: imports a folder of lecture videos with its manifest.json
 * into DATA_DIR (upstream/src/media/README.md): finds or creates the lecturer, course and videos, and
 * makes each video's HLS renditions, poster, keyframe thumbnails and subtitles. Progress goes to
 * stderr (a bar on a terminal, plain lines otherwise); the result is printed as JSON. Running it
 * again resumes an interrupted import and skips what is done. Exits 1 with the reason on failure.
 *
 * On PostgreSQL (DATABASE_URL) the import is a job of media-import (main-api/background.ts): the
 * manifest is checked here, then a main API or the job worker imports the folder (it must see the
 * same path, and have ffmpeg), one import at a time across them, retried (resuming) when it fails;
 * this command follows its progress until it ends (`--no-wait`: asks only).
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
import { runAsJob, takeNoWait } from './job-client';

const USAGE = '用法 (usage): npm run media:import -- <含 manifest.json 的文件夹 (a folder with manifest.json)> [--no-wait（PostgreSQL：只排队 / queue only）]';

async function main(): Promise<number> {
  const { args, wait } = takeNoWait(process.argv.slice(2).filter((a) => a !== '--'));
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    process.stderr.write(`${USAGE}\n`);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 1;
  }
  const folder = path.resolve(args[0]!);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    process.stderr.write(`错误 (error): 文件夹不存在 (no such folder): ${folder}\n${USAGE}\n`);
    return 1;
  }
  const config = loadUpstreamConfig();
  if (config.databaseUrl) {
    readManifest(folder); // a bad manifest is refused here, not by a worker later
    return runAsJob({ databaseUrl: config.databaseUrl, name: BACKGROUND_JOBS.mediaImport.name, data: { folder }, wait });
  }
  await checkMediaTools();
  const store = await openConfiguredStore(config);
  try {
    const result = await importFolder(store, folder, { reporter: terminalReporter() });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const expected = error instanceof ManifestError || error instanceof MediaToolMissingError || error instanceof SubtitleFormatError;
    process.stderr.write(
      expected ? `错误 (error): ${(error as Error).message}\n` : `media:import failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
