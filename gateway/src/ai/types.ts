/**
 * The answer stream's shapes (upstream/API.md "Main API: AI (issue 6)") and the typed events the
 * gateway makes of it; the other AI calls' items are REST types of the transport (../upstream/types.ts).
 * Upstream numbers may arrive as strings; the resolvers coerce them.
 */

/** One entry of the `end:` chunk's JSON source list. */
export interface RestAISource {
  index: number;
  videoId: number;
  courseId: number;
  catalogId: number;
  videoName: string;
  courseName: string;
  timePoint: number;
  keyPointsShow?: string;
  excerpt: string;
  videoImage?: string;
}

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
