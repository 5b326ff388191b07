/**
 * The AI drawer's suggested questions (GET /api/ai/recommend): a video's, else its course's, else the
 * platform's general ones. Anyone may read them; asking needs login (Subscription.askAI).
 */
import { AI_SUGGESTIONS_DEFAULT, AI_SUGGESTIONS_MAX } from '../../ai/rules';
import { requireId, requireIntInRange } from '../../graphql/args';
import type { Field, QueryResolvers } from '../../graphql/resolverTypes';

export const aiSuggestedQuestions: Field<QueryResolvers, 'aiSuggestedQuestions'> = async (_parent, args, { api }) => {
  const courseId = requireId('courseId', args.courseId ?? 0);
  const videoId = requireId('videoId', args.videoId ?? 0);
  const limit = requireIntInRange('first', args.first ?? AI_SUGGESTIONS_DEFAULT, 1, AI_SUGGESTIONS_MAX);
  const items = await api.ai.suggestions({ courseId, videoId, limit });
  const questions = items
    .map((item) => (typeof item?.question === 'string' ? item.question.trim() : ''))
    .filter((question) => question !== '');
  return [...new Set(questions)].slice(0, limit);
};
