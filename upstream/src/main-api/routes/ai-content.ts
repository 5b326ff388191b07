/**
 * /api/ai/GetAIContent and /api/ai/recommend: the AI content block of the play page and the
 * drawer's suggested questions. Anyone may read them (no userId); asking needs login.
 */
import { RECOMMEND_LIMIT_DEFAULT, RECOMMEND_LIMIT_MAX } from '../services/ai-content-service';
import { read, type RouteGroup } from './route';

export const aiContentRoutes: RouteGroup = ({ aiContent }) => [
  {
    method: 'GET',
    path: '/api/ai/GetAIContent',
    handle: ({ params }) => read(aiContent.content(params.id('videoId'))),
  },
  {
    method: 'GET',
    path: '/api/ai/recommend',
    handle: ({ params }) =>
      read(
        aiContent.recommend({
          courseId: params.optionalId('courseId'),
          videoId: params.optionalId('videoId'),
          limit: params.optionalInt('limit', { min: 1, max: RECOMMEND_LIMIT_MAX }) ?? RECOMMEND_LIMIT_DEFAULT,
        }),
      ),
  },
];
