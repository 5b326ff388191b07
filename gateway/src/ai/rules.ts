/**
 * The AI question's rules and sentences (product-spec §5 "AI question", §9; upstream/API.md
 * flowQuestion), checked by the gateway before any upstream call so a refused question costs
 * nothing; the upstream checks them again with the same sentences.
 */
import { randomBytes } from 'node:crypto';
import { createGraphQLError } from 'graphql-yoga';

/** §9: an AI question is at most 200 characters (code points, after trimming). */
export const AI_QUESTION_MAX_LENGTH = 200;
/** GET /api/ai/recommend's limit: 1..20, 6 by default (the drawer shows 6). */
export const AI_SUGGESTIONS_DEFAULT = 6;
export const AI_SUGGESTIONS_MAX = 20;

export const AI_MESSAGES = {
  /** §5 empty question */
  questionRequired: '请输入内容',
  /** §5 more than 200 characters */
  questionTooLong: `输入限${AI_QUESTION_MAX_LENGTH}字以内`,
  clientIdInvalid: '参数 clientId 只能包含字母、数字、下划线和短横线，且不超过64位',
  /** the answer broke off after it began (a reset, a timeout, a stream without end:, an over-long line, an upstream err: without a sentence fit to show) */
  interrupted: '回答中断，请稍后再试',
} as const;

/** The codes askAI's errors carry in extensions.code (schema.graphql Subscription.askAI). */
export type AskAIErrorCode = 'LOGIN_REQUIRED' | 'INVALID' | 'REFUSED' | 'UNAVAILABLE';

export function askAIError(code: AskAIErrorCode, message: string, field?: string) {
  return createGraphQLError(message, { extensions: field ? { code, field } : { code } });
}

/** The question as it is asked: trimmed, 1..200 code points, else INVALID naming `question`. */
export function requireQuestion(value: string): string {
  const question = value.trim();
  if (question === '') throw askAIError('INVALID', AI_MESSAGES.questionRequired, 'question');
  if ([...question].length > AI_QUESTION_MAX_LENGTH)
    throw askAIError('INVALID', AI_MESSAGES.questionTooLong, 'question');
  return question;
}

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The conversation id the upstream records with each question: the client's when it sends a valid
 * one, else a new random one (base64url is within the allowed characters).
 */
export function clientIdOf(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return `gw-${randomBytes(12).toString('base64url')}`;
  if (!CLIENT_ID.test(value)) throw askAIError('INVALID', AI_MESSAGES.clientIdInvalid, 'clientId');
  return value;
}

/** The two fixed model values of flowQuestion (§7): the deep-thinking toggle picks one. */
export function modelOf(deepThinking: boolean | null | undefined): 'reasoner' | 'chat' {
  return deepThinking ? 'reasoner' : 'chat';
}
