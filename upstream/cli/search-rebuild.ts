/**
 * `npm run search:rebuild`: rebuilds every search index of DATA_DIR from the content tables and
 * prints the rows of each and the time taken. Works while the servers run: the new indexes are
 * built beside the old ones, which keep answering, and swapped in at the end; content changed
 * meanwhile is applied after the swap. Exits 1 (with the reason on stderr) when it fails, e.g.
 * while another rebuild runs.
 *
 * On PostgreSQL (DATABASE_URL) the rebuild is the job search-rebuild (main-api/background.ts): a
 * main API or the job worker does it, once however many ask; this command asks for it and follows
 * its progress until it ends (`--no-wait`: asks only). The outcome is printed as JSON.
 */
import { processIo } from './command-io';
import { runSearchRebuild } from './search-rebuild-command';

void runSearchRebuild(process.argv.slice(2), processIo()).then((code) => process.exit(code));
