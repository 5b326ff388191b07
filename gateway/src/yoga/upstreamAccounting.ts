/**
 * Counts the upstream requests one operation made and logs the figure at debug level when the
 * operation ends. With EXPOSE_UPSTREAM_COUNT the figure is also put into the result's
 * extensions (`upstreamRequests`), which the tests and the benchmark read, and beside it
 * `loginRequests` when the operation called the login service (the viewer's start-up sequence is
 * cached across requests, so most operations make none).
 * An operation that ran out of its upstream budget (RequestScope.upstreamBudget, see limits.ts)
 * is logged once at warn level with the number of calls refused.
 */
import { getOperationAST } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context';
import type { Logger } from '../logger';

export function useUpstreamAccounting(options: { logger: Logger; expose: boolean }): Plugin<GatewayContext> {
  return {
    onExecute({ args }) {
      const context = args.contextValue as GatewayContext;
      return {
        onExecuteDone({ result, setResult }) {
          const count = context.scope?.upstreamRequests ?? 0;
          const loginCount = context.loginScope?.upstreamRequests ?? 0;
          const refused = context.scope?.upstreamRefused ?? 0;
          const name = () =>
            args.operationName ?? getOperationAST(args.document, args.operationName)?.name?.value ?? '(anonymous)';
          if (options.logger.isDebug()) {
            options.logger.debug(
              `operation ${name()}: ${count} upstream request${count === 1 ? '' : 's'}, ${loginCount} login-service request${loginCount === 1 ? '' : 's'}`,
            );
          }
          if (refused > 0) {
            options.logger.warn(
              `operation ${name()} spent its upstream budget of ${context.scope.upstreamBudget} requests: ${refused} further call${refused === 1 ? '' : 's'} refused`,
            );
          }
          if (options.expose && !isAsyncIterable(result)) {
            setResult({
              ...result,
              extensions: {
                ...result.extensions,
                upstreamRequests: count,
                ...(loginCount > 0 ? { loginRequests: loginCount } : {}),
              },
            });
          }
        },
      };
    },
  };
}
