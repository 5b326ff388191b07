/**
 * Subscription.askAI (product-spec §2 AI drawer, §4 AI chat, §5 AI question rules): the upstream's
 * answer stream (GET /api/ai/flowQuestion) as typed events over SSE.
 *
 * Everything that can refuse the question is decided in `subscribe`, before the first event: the
 * viewer (a visitor: LOGIN_REQUIRED, no upstream call), the input (INVALID), then the upstream's own
 * answer, which refuses with a plain envelope instead of a stream (REFUSED with its -1 sentence: the
 * per-user limits; INVALID for 4000/4004) or cannot be reached (UNAVAILABLE). A throw from
 * `subscribe` reaches the client as the operation's only result, with no event before it.
 * Once streaming, a failure is the last event's error: `resolve` throws it for the `failed` event, so
 * the client gets {data: null, errors: [<sentence> / UNAVAILABLE]} and then the end of the stream, in
 * order, over either SSE endpoint (yoga's and graphql-sse's). The sentence is the upstream's own
 * `err:` one when it is short plain Chinese text (AI 解答超时，请稍后再试: it says more than ours),
 * else 回答中断，请稍后再试 (a reset, a timeout, a stream without end:, an over-long line).
 *
 * When the client goes away, the transport calls the iterator's return(), which aborts the upstream
 * request (ai/answerSubscription.ts); the request's own abort signal does the same when the
 * connection closes before the stream was handed over.
 */
import { createGraphQLError, type YogaInitialContext } from 'graphql-yoga';
import { answerSubscription } from '../../ai/answerSubscription';
import { AI_MESSAGES, askAIError, clientIdOf, modelOf, requireQuestion } from '../../ai/rules';
import type { AnswerEvent } from '../../ai/types';
import type { GatewayContext } from '../../context';
import type { Field, SubscriptionaskAIArgs, SubscriptionResolvers } from '../../graphql/resolverTypes';
import {
  LOGIN_REQUIRED_MESSAGE,
  UPSTREAM_UNAVAILABLE_MESSAGE,
  signedIn,
  upstreamFailureMessage,
} from '../../userErrors';
import { CODE_BAD_PARAMETER, CODE_NOT_FOUND, CODE_REFUSED, type Envelope } from '../../upstream/envelope';
import { UpstreamError } from '../../upstream/errors';

/** A refusal the upstream answered instead of streaming, as the error of the subscription. */
function refusal(envelope: Envelope, input: { courseId: number; videoId: number }) {
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  if (envelope.code === CODE_REFUSED) return askAIError('REFUSED', message || '暂时无法回答，请稍后再试');
  if (envelope.code === CODE_BAD_PARAMETER) {
    // the question's two sentences name it; any other 4000 is a parameter the gateway checked already
    const aboutQuestion = message === AI_MESSAGES.questionRequired || message === AI_MESSAGES.questionTooLong;
    return askAIError('INVALID', message || '参数错误', aboutQuestion ? 'question' : undefined);
  }
  if (envelope.code === CODE_NOT_FOUND) {
    // an unknown course (课程不存在) or video (视频不存在) to ask about
    const field = message.includes('视频')
      ? 'videoId'
      : message.includes('课程')
        ? 'courseId'
        : input.videoId > 0
          ? 'videoId'
          : 'courseId';
    return askAIError('INVALID', message || '课程或视频不存在', field);
  }
  return null;
}

/** courseId / videoId: 0 (or absent) for the whole knowledge base, else an id. */
function askedId(name: 'courseId' | 'videoId', value: number | null | undefined): number {
  const id = value ?? 0;
  if (!Number.isInteger(id) || id < 0) throw askAIError('INVALID', `参数 ${name} 必须是非负整数`, name);
  return id;
}

const subscribe = async (
  _root: unknown,
  args: SubscriptionaskAIArgs,
  ctx: GatewayContext,
): Promise<AsyncIterable<AnswerEvent>> => {
  const { input } = args;
  const me = await signedIn(ctx);
  if (!me) throw askAIError('LOGIN_REQUIRED', LOGIN_REQUIRED_MESSAGE);
  const question = requireQuestion(input.question);
  const clientId = clientIdOf(input.clientId);
  const courseId = askedId('courseId', input.courseId);
  const videoId = askedId('videoId', input.videoId);
  const model = modelOf(input.deepThinking);

  const controller = new AbortController();
  // the connection closed before the stream was handed to the transport (no return() will come)
  const requestSignal = (ctx as GatewayContext & Partial<YogaInitialContext>).request?.signal;
  const onGone = () => controller.abort();
  requestSignal?.addEventListener('abort', onGone, { once: true });
  if (requestSignal?.aborted) controller.abort();

  let answer;
  try {
    answer = await ctx.api.ai.ask(
      { question, userId: me.viewer.userId, clientId, model, courseId, videoId },
      controller.signal,
    );
  } catch (error) {
    requestSignal?.removeEventListener('abort', onGone);
    if (error instanceof UpstreamError) throw askAIError('UNAVAILABLE', upstreamFailureMessage(error));
    throw error;
  }
  if (answer.kind === 'envelope') {
    requestSignal?.removeEventListener('abort', onGone);
    const error = refusal(answer.envelope, { courseId, videoId });
    if (error) throw error;
    ctx.logger.warn(`askAI: flowQuestion answered code ${answer.envelope.code} instead of a stream`);
    throw askAIError('UNAVAILABLE', UPSTREAM_UNAVAILABLE_MESSAGE);
  }
  const started = Date.now();
  ctx.metrics?.aiAnswersInFlight.inc();
  return answerSubscription(answer.body, {
    controller,
    logger: ctx.logger,
    onEnd: (ending, events) => {
      ctx.metrics?.aiAnswersInFlight.dec();
      ctx.metrics?.aiAnswers.inc({ ending });
      requestSignal?.removeEventListener('abort', onGone);
      ctx.logger.debug(
        `askAI (${model}) ended ${ending} after ${events} event${events === 1 ? '' : 's'} in ${Date.now() - started} ms`,
      );
    },
  });
};

/** Each event is the field's value; the stream's failure is its error (see the module comment). */
const resolve = (event: AnswerEvent) => {
  if (event.kind === 'failed')
    throw createGraphQLError(event.message ?? AI_MESSAGES.interrupted, { extensions: { code: 'UNAVAILABLE' } });
  return event;
};

export const askAI = { subscribe, resolve } satisfies Field<SubscriptionResolvers, 'askAI'>;
