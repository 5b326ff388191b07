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
import { processIo } from './command-io';
import { runMediaImport } from './media-import-command';

void runMediaImport(process.argv.slice(2), processIo()).then((code) => process.exit(code));
