/**
 * Secondary parts of a page that must not take the page down with them. The play page's notes,
 * scrolling comments, tags and lecturer courses are non-null in the schema (an empty list is a
 * valid answer); a resolver that threw on an upstream failure would null the nearest nullable
 * parent (PlayPage.video, or the whole playPage: 课程出错啦). Such a field answers its empty value
 * instead and reports the failure as a GraphQL error on its own path, so the client still learns
 * that it failed (弹幕加载失败) and why. The errors are kept in the request's context and added to
 * the result when the operation ends (useFieldErrors).
 *
 * The error the client sees is the one yoga's masking would have made of the failure
 * (clientFacingError, shared with createGraphQLHandler): no upstream detail, no stack.
 */
import { responsePathAsArray, type ASTNode, type GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { createGraphQLError, isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { Logger } from '../logger';
import { UpstreamBudgetExceeded, UpstreamError, UpstreamRefusal } from '../upstream/errors';
import { upstreamFailureMessage } from '../userErrors';
import { INTERNAL_ERROR_MESSAGE, QUERY_TOO_COMPLEX, refusalError, upstreamBudgetMessage } from './errors';

type Path = ReadonlyArray<string | number>;

/**
 * What the client may see of an error thrown by a resolver: an upstream failure as
 * UPSTREAM_UNAVAILABLE (服务繁忙，请稍后再试 when the service did not answer in time or is not being
 * called for a moment, else 服务暂时不可用，请稍后再试), a spent budget as QUERY_TOO_COMPLEX, the main
 * API's refusal of a read as BAD_USER_INPUT or NOT_FOUND (refusalError), an expected error (a
 * GraphQLError of ours, with extensions.code and no original error) as it is, anything else masked.
 */
export function clientFacingError(
  error: unknown,
  nodes: ReadonlyArray<ASTNode> | ASTNode | undefined,
  path: Path | undefined,
): GraphQLError {
  // duck-typed, not instanceof: a second graphql copy (ESM next to CJS, as under Vitest) would make
  // instanceof GraphQLError fail for errors yoga created
  const located = (error ?? {}) as Partial<GraphQLError>;
  const original = located.originalError ?? error;
  if (original instanceof UpstreamBudgetExceeded) {
    return createGraphQLError(upstreamBudgetMessage(original.budget), {
      nodes,
      path,
      extensions: { code: QUERY_TOO_COMPLEX },
    });
  }
  if (original instanceof UpstreamError) {
    return createGraphQLError(upstreamFailureMessage(original), {
      nodes,
      path,
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  }
  if (original instanceof UpstreamRefusal) return refusalError(original, { nodes, path });
  const expected =
    located.originalError === undefined &&
    typeof located.extensions?.code === 'string' &&
    typeof located.message === 'string';
  if (expected) return createGraphQLError(located.message!, { nodes, path, extensions: located.extensions });
  return createGraphQLError(INTERNAL_ERROR_MESSAGE, { nodes, path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

/** The log line of a failure a field survived: upstream failures are operational, the rest keep their stack. */
function logFailure(logger: Logger, error: unknown, path: Path): void {
  const field = path.join('.');
  if (error instanceof UpstreamBudgetExceeded) return; // logged once per operation (upstreamAccounting.ts)
  if (error instanceof UpstreamError) {
    logger.warn(`field ${field} answered empty: upstream ${error.failure} on ${error.path}`);
    return;
  }
  if (error instanceof UpstreamRefusal) {
    logger.warn(`field ${field} answered empty: ${error.message}`);
    return;
  }
  const located = (error ?? {}) as Partial<GraphQLError>;
  if (located.originalError === undefined && typeof located.extensions?.code === 'string') {
    logger.warn(`field ${field} answered empty: ${String(located.extensions.code)} ${located.message ?? ''}`);
    return;
  }
  logger.error(`field ${field} answered empty after an unexpected error`, error);
}

export interface FieldErrorContext {
  logger: Logger;
  /** located errors of fields that answered their empty value (added to the result by useFieldErrors) */
  fieldErrors: GraphQLError[];
}

/**
 * The field's value, or `empty` when loading it fails; the failure becomes a located error of the
 * field (see the module comment). Check the field's own arguments before: a bad argument is the
 * client's mistake and still fails the field the ordinary way.
 */
export async function emptyOnFailure<T>(
  ctx: FieldErrorContext,
  info: GraphQLResolveInfo,
  empty: T,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const path = responsePathAsArray(info.path);
    logFailure(ctx.logger, error, path);
    ctx.fieldErrors.push(clientFacingError(error, info.fieldNodes, path));
    return empty;
  }
}

/** Adds the errors of fields that answered empty to the operation's result. */
export function useFieldErrors(): Plugin<FieldErrorContext> {
  return {
    onExecute({ args }) {
      const context = args.contextValue as Partial<FieldErrorContext>;
      return {
        onExecuteDone({ result, setResult }) {
          const errors = context.fieldErrors ?? [];
          if (errors.length === 0 || isAsyncIterable(result)) return;
          setResult({ ...result, errors: [...(result.errors ?? []), ...errors] });
        },
      };
    },
  };
}
