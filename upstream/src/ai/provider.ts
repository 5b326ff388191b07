/**
 * The answer providers behind one interface (upstream/API.md "Main API: AI"). A provider turns a
 * question and the passages retrieved from the knowledge base into streamed thinking and answer
 * text; a content writer (same setting) writes AI content (overview, abstract, key points,
 * suggested questions) from a video's material. Retrieval is not the provider's job: the knowledge base does it once, the same for
 * every provider, so that answers stay grounded in the platform's own lectures whichever one runs.
 */

/** The two fixed model values of flowQuestion (product-spec §7): the deep-thinking toggle picks one. */
export type AiModel = 'chat' | 'reasoner';
export const AI_MODELS: readonly AiModel[] = ['chat', 'reasoner'];

/** A retrieved chunk of course material, pointing at a second of a video. */
export interface Passage {
  /** the chunk's own id in the knowledge base */
  chunkId: number;
  videoId: number;
  courseId: number;
  catalogId: number;
  videoName: string;
  courseName: string;
  authorName: string;
  /**
   * the second to open the video at: where the chunk's sentence that best matches the question is
   * spoken (the chunk's start when none matches)
   */
  timePoint: number;
  /** transcript | keyframe | abstract | course */
  kind: 'transcript' | 'keyframe' | 'abstract' | 'course';
  text: string;
  /**
   * the sentence of the text that answers (where timePoint points); the retrieval provider quotes
   * it, model providers read the whole text
   */
  quote?: string;
  /** the side of a comparison it answers (0 when the question is not one) */
  part?: number;
  /** fused relevance, higher is better */
  score: number;
  /** the query words found in the text (for explaining the choice in thinking text) */
  matchedTerms: string[];
}

export interface AnswerRequest {
  question: string;
  model: AiModel;
  /** best first; may be empty (nothing relevant found) */
  passages: Passage[];
  /** the analysed question: keywords kept, for the thinking text */
  keywords: string[];
  /**
   * every candidate the knowledge base weighed, best first, with why it was kept or dropped (in
   * Chinese): the retrieval provider's deep-thinking text explains the choice from it
   */
  candidates?: { passage: Passage; kept: boolean; reason: string }[];
  /** how the question was read and judged (knowledge-base.ts RetrievalAnalysis), for the thinking text */
  analysis?: {
    dropped: string[];
    unseen: string[];
    aliases: [string, string[]][];
    parts: string[][];
    /** each side's name (its most telling term) */
    sides?: string[];
    decisions: string[];
  };
  /** aborted when the asker goes away: the provider stops and its HTTP request is cancelled */
  signal: AbortSignal;
}

/**
 * What a provider streams. Thinking pieces all come before the first answer piece. Citation
 * markers `[n]` in answer text refer to `passages[n - 1]` of the request; the caller keeps them
 * whole across pieces and maps them to the source list.
 */
export type AnswerPiece = { kind: 'thinking'; text: string } | { kind: 'answer'; text: string };

/** Material of one video for AI content. */
export interface ContentMaterial {
  courseName: string;
  courseInfo: string;
  authorName: string;
  catalogueTrail: string[];
  videoName: string;
  videoAbstract: string;
  /** the course's videos in order (names), for the overview */
  courseVideoNames: string[];
  keyframes: { timePoint: number; keyPoints: string; description: string }[];
  transcript: { timePoint: number; text: string }[];
  /** key concepts found by TF-IDF over the material, most telling first */
  keywords: string[];
}

export interface WrittenContent {
  courseOverview: string;
  videoAbstract: string;
  keyPoints: { timePoint: number; description: string }[];
  guessYouAsk: string[];
}

export interface AnswerProvider {
  /** `retrieval` | `openai-compatible` */
  readonly name: string;
  answer(request: AnswerRequest): AsyncIterable<AnswerPiece>;
  /** query/passage embeddings when the provider offers them (fused with BM25); absent otherwise */
  embed?(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/**
 * Writes the AI content of a video. Chosen by the same AI_PROVIDER setting as the answers:
 * `retrieval` writes extractively from the material, `openai-compatible` asks the chat model.
 * Never called inside a request: the batch job (npm run ai:content) and the background
 * regeneration call it.
 */
export interface ContentWriter {
  readonly name: string;
  writeContent(material: ContentMaterial, signal?: AbortSignal): Promise<WrittenContent>;
}
