/**
 * A subscription refused before its first event (askAI's LOGIN_REQUIRED, INVALID, REFUSED,
 * UNAVAILABLE, or our cost limit) has a result of errors only: graphql-js leaves `data` out. Yoga's
 * own SSE endpoint (/graphql) streams that result as one event; the graphql-sse plugin's
 * (/graphql/stream) does not recognise it as a result (graphql-sse's isExecutionResult wants a
 * `data` key) and answers HTTP 400 "Unable to detect operation AST" instead, so the client never
 * sees the error. `data: null` is what the GraphQL spec says such a result may carry; with it both
 * endpoints stream the refusal as the only event. Must come before any plugin that can stop a
 * subscription early (useCostLimit), or its result would not pass here.
 */
import { isAsyncIterable, type Plugin } from 'graphql-yoga';

export function useSubscriptionErrorResults(): Plugin {
  return {
    onSubscribe() {
      return {
        onSubscribeResult({ result, setResult }) {
          if (isAsyncIterable(result) || 'data' in result) return;
          setResult({ ...result, data: null });
        },
      };
    },
  };
}
