/**
 * Each GraphQL operation's figures for the operator (metrics.ts): its name, type, whether its result
 * had errors, how long it took and how many upstream requests it made. A subscription is counted
 * when its stream starts.
 */
import { getOperationAST } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context';
import type { GatewayMetrics } from '../metrics';

export function useOperationMetrics(metrics: GatewayMetrics): Plugin<GatewayContext> {
  return {
    onExecute({ args }) {
      const started = process.hrtime.bigint();
      const context = args.contextValue as GatewayContext;
      return {
        onExecuteDone({ result }) {
          const operation = getOperationAST(args.document, args.operationName);
          const upstreamCalls = (context.scope?.upstreamRequests ?? 0) + (context.loginScope?.upstreamRequests ?? 0);
          const hadErrors = !isAsyncIterable(result) && (result.errors?.length ?? 0) > 0;
          metrics.observeOperation(
            args.operationName ?? operation?.name?.value,
            operation?.operation ?? 'unknown',
            hadErrors,
            Number(process.hrtime.bigint() - started) / 1e9,
            upstreamCalls,
          );
        },
      };
    },
  };
}
