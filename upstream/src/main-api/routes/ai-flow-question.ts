/**
 * GET /api/ai/flowQuestion: the AI Q&A's streamed answer (upstream/API.md "flowQuestion"). The
 * parameters and the rules that refuse a question are judged here and in the service before
 * anything streams, so a refusal is an ordinary envelope; an accepted question becomes a stream.
 */
import { badParameter } from '../../http/envelope';
import { AI_MODELS } from '../../ai/provider';
import { readUserId } from './center-params';
import { checkProductId, type RouteGroup } from './route';

/** the question travels up to this size; the 200-character rule is the service's (4000 输入限200字以内) */
const QUESTION_TRANSPORT_MAX = 4_000;
const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const aiFlowQuestionRoutes: RouteGroup = ({ flowQuestions }, config) => [
  {
    method: 'GET',
    path: '/api/ai/flowQuestion',
    handle: async ({ params }) => {
      checkProductId(params, config);
      const userId = readUserId(params);
      const clientId = params.raw('clientId') ?? '';
      if (clientId !== '' && !CLIENT_ID.test(clientId))
        throw badParameter('参数 clientId 只能是 1 到 64 个字母、数字、_ 或 -');
      const model = params.oneOf('model', AI_MODELS, 'chat');
      const courseId = params.optionalId('courseId');
      const videoId = params.optionalId('videoId');
      const question = params.text('question', QUESTION_TRANSPORT_MAX);
      const accepted = await flowQuestions.accept({ question, userId, clientId, model, courseId, videoId });
      return { stream: true, send: (req, res) => accepted.send(req, res) };
    },
  },
];
