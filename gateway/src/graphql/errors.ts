/**
 * Expected errors: thrown as GraphQLError with extensions.code so that yoga's error masking lets
 * them through to the client with their Chinese message. Anything else is masked. The transport
 * (../upstream) knows nothing of GraphQL: its refusals become GraphQL errors here (refusalError).
 */
import type { ASTNode } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import { CODE_NOT_FOUND } from '../upstream/envelope';
import { UpstreamRefusal } from '../upstream/errors';

export function badUserInput(message: string, argument?: string) {
  return createGraphQLError(message, {
    extensions: argument ? { code: 'BAD_USER_INPUT', argument } : { code: 'BAD_USER_INPUT' },
  });
}

export function notFound(message: string) {
  return createGraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}

/** Where a field's error belongs in the response (a located error's nodes and path). */
export interface ErrorLocation {
  nodes?: ReadonlyArray<ASTNode> | ASTNode;
  path?: ReadonlyArray<string | number>;
}

/**
 * The main API's refusal of a read as the client sees it: 4004 is NOT_FOUND, 4000 BAD_USER_INPUT
 * (naming the argument when the refusal is about one), with the upstream's sentence.
 */
export function refusalError(refusal: UpstreamRefusal, { nodes, path }: ErrorLocation = {}) {
  if (refusal.code === CODE_NOT_FOUND) {
    return createGraphQLError(refusal.answer || '内容不存在', { nodes, path, extensions: { code: 'NOT_FOUND' } });
  }
  const extensions = refusal.parameter
    ? { code: 'BAD_USER_INPUT', argument: refusal.parameter }
    : { code: 'BAD_USER_INPUT' };
  return createGraphQLError(refusal.answer || '参数错误', { nodes, path, extensions });
}

/** Whether the main API said it has nothing by the id asked for. */
export function isNotFoundRefusal(error: unknown): error is UpstreamRefusal {
  return error instanceof UpstreamRefusal && error.code === CODE_NOT_FOUND;
}

/** The code of a refusal for asking too much at once: the operation's limits (yoga/limits.ts) or its upstream budget. */
export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

/** What a field gets when its operation has spent its upstream budget (clientFacingError, graphql/fieldErrors.ts). */
export function upstreamBudgetMessage(budget: number): string {
  return `查询过于复杂：一次查询最多向后端发出 ${budget} 个请求，请减少查询的内容`;
}

export const INTERNAL_ERROR_MESSAGE = '服务器内部错误，请稍后再试';
