/**
 * Counts the upstream requests one operation made and logs the figure at debug level when the
 * operation ends. With EXPOSE_UPSTREAM_COUNT the figure is also put into the result's
 * extensions (`upstreamRequests`), which the tests and the benchmark read.
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
          if (options.logger.isDebug()) {
            const name = args.operationName ?? getOperationAST(args.document, args.operationName)?.name?.value ?? '(anonymous)';
            options.logger.debug(`operation ${name}: ${count} upstream request${count === 1 ? '' : 's'}`);
          }
          if (options.expose && !isAsyncIterable(result)) {
            setResult({ ...result, extensions: { ...result.extensions, upstreamRequests: count } });
          }
        },
      };
    },
  };
}
