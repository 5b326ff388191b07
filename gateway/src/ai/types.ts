/**
 * The typed events the gateway makes of the answer stream (upstream/API.md "Main API: AI"); the
 * stream's REST shapes, as every AI call's items, are the transport's (../upstream/types.ts).
 * Upstream numbers may arrive as strings; the resolvers coerce them.
 */
import type { RestAISource } from '../upstream/types';

/**
 * What the answer stream yields, in order: thinking pieces, answer pieces, then exactly one `done`
 * or one `failed` (never both, nothing after either).
 */
export type AnswerEvent =
  | { kind: 'thinking'; text: string }
  | { kind: 'answer'; text: string }
  | { kind: 'done'; sources: RestAISource[] }
  /**
   * reason: for the log; message: the sentence for the asker when the upstream said one fit to show
   * (its `err:` text, see answerStream.ts upstreamSentence), else the gateway's own is used
   */
  | { kind: 'failed'; reason: string; message?: string };
