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
import { runAiContent } from './ai-content-command';
import { processIo } from './command-io';

const controller = new AbortController();
const onSignal = () => {
  if (controller.signal.aborted) process.exit(130);
  process.stderr.write('\n正在停止，已写入的内容会保留 (stopping; what is written is kept)\n');
  controller.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

void runAiContent(process.argv.slice(2), processIo(), controller.signal).then((code) => process.exit(code));
