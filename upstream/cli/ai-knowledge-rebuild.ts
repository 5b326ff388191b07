/**
 * `npm run ai:knowledge:rebuild`: chunks every course of DATA_DIR into the AI knowledge base again
 * from scratch and prints the courses, chunks and time taken. Not needed in normal use (the main
 * API applies content changes by itself, migration 0008): it is for a knowledge base built by an
 * older chunker. While it runs, questions find only the courses done so far (about a second for
 * the demo content). Exits 1 with the reason on stderr when it fails.
 *
 * On PostgreSQL (DATABASE_URL) the rebuild is the job ai-knowledge-rebuild (main-api/background.ts):
 * a main API or the job worker does it; this command asks for it and follows its progress until
 * it ends (`--no-wait`: asks only). The outcome is printed as JSON.
 */
import { runAiKnowledgeRebuild } from './ai-knowledge-rebuild-command';
import { processIo } from './command-io';

void runAiKnowledgeRebuild(process.argv.slice(2), processIo()).then((code) => process.exit(code));
