/**
 * upstream/API.md "Main API: AI": the answer to a question (an event stream), the suggested
 * questions and a video's AI content.
 */
import type { StreamAnswer } from '../client';
import type { RestAIContent, RestAISuggestion } from '../types';
import type { MainApiCalls } from './calls';

export class AIApi {
  constructor(private readonly calls: MainApiCalls) {}

  /**
   * Asks the AI (GET /api/ai/flowQuestion): an event stream, or the envelope of a refusal made before
   * streaming (4000, -1, 4004). Never through the read loader: every question is its own answer.
   * userId is the signed-in viewer's. Aborting `signal` cancels the answer upstream.
   */
  ask(
    args: {
      question: string;
      userId: number;
      clientId: string;
      model: 'chat' | 'reasoner';
      courseId: number;
      videoId: number;
    },
    signal: AbortSignal,
  ): Promise<StreamAnswer> {
    return this.calls.client.stream(
      {
        path: '/api/ai/flowQuestion',
        params: {
          question: args.question,
          productId: this.calls.productId,
          userId: args.userId,
          clientId: args.clientId,
          model: args.model,
          courseId: args.courseId || undefined,
          videoId: args.videoId || undefined,
        },
      },
      this.calls.scope,
      signal,
    );
  }

  /** Suggested questions: the video's, else the course's, else general ones (GET /api/ai/recommend). */
  async suggestions(args: { courseId: number; videoId: number; limit: number }): Promise<RestAISuggestion[]> {
    const items = await this.calls.read<RestAISuggestion[] | null>('/api/ai/recommend', {
      courseId: args.courseId || undefined,
      videoId: args.videoId || undefined,
      limit: args.limit,
    });
    return Array.isArray(items) ? items : [];
  }

  /** The AI content of a video and its course; null while none was generated, or for an unknown video. */
  content(videoId: number): Promise<RestAIContent | null> {
    return this.calls.readOrNull<RestAIContent | null>('/api/ai/GetAIContent', { videoId });
  }
}
