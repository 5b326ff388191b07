/** AI content: the narrow interface the rest of the upstream uses (job, background refresh, the seed's first run). */
import type { Store } from '../../store';
import { createExtractiveWriter } from './extractive';
import { runContentJob, type ContentJobSummary } from './job';

export { runContentJob, type ContentJobOptions, type ContentJobSummary } from './job';
export { startContentRefresher } from './refresher';
export { createContentWriter, type ContentWriterWithAttribution } from './writer';

/**
 * The demo seed's AI content: every video written by the extractive (`retrieval`) writer, which
 * needs nothing external, so a first start shows the AI block at once (a few seconds for the
 * 1 097 demo videos).
 */
export function seedAiContent(store: Store): Promise<ContentJobSummary> {
  return runContentJob(store, { writer: createExtractiveWriter() });
}

export function describeContentSummary(s: ContentJobSummary): string {
  return `${s.generated} videos and ${s.courses} course overviews written by ${s.provider} in ${(s.elapsedMs / 1000).toFixed(1)} s`;
}
