/**
 * Expected errors: thrown as GraphQLError with extensions.code so that yoga's error masking lets
 * them through to the client with their Chinese message. Anything else is masked.
 */
import { createGraphQLError } from 'graphql-yoga';

export function badUserInput(message: string, argument?: string) {
  return createGraphQLError(message, {
    extensions: argument ? { code: 'BAD_USER_INPUT', argument } : { code: 'BAD_USER_INPUT' },
  });
}

export function notFound(message: string) {
  return createGraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}

/** What the client sees instead of an upstream failure's details (those go to the log). */
export const UPSTREAM_UNAVAILABLE_MESSAGE = '服务暂时不可用，请稍后再试';
export const INTERNAL_ERROR_MESSAGE = '服务器内部错误，请稍后再试';
