import { createClient } from 'graphql-sse';
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type CacheConfig,
  type GraphQLResponse,
  type RequestParameters,
  type UploadableMap,
  type Variables,
} from 'relay-runtime';
import { fetchMultipart } from './multipart';

/** The gateway endpoint; same origin in every deployment (the dev server proxies it). */
export const GRAPHQL_URL = import.meta.env.VITE_GRAPHQL_URL ?? '/graphql';

const CSRF_HEADERS = { 'x-graphql-yoga-csrf': '1' } as const;

const graphqlUrl = () => new URL(GRAPHQL_URL, window.location.origin).toString();

/**
 * One graphql-sse client for queries, mutations and subscriptions ("distinct connections" mode:
 * every operation is its own POST, answered as an event stream; yoga serves it on /graphql).
 * The gateway enforces yoga's CSRF prevention, which requires CSRF_HEADERS on every request
 * (multipart uploads included).
 */
const client = createClient({
  url: graphqlUrl,
  headers: CSRF_HEADERS,
  credentials: 'same-origin',
  // A failed query shows the route's error view with a retry button instead of waiting
  // through graphql-sse's default exponential back-off.
  retryAttempts: 0,
});

/** graphql-sse's Relay recipe: the same function serves fetch (without files) and subscribe. */
function fetchOrSubscribe(operation: RequestParameters, variables: Variables): Observable<GraphQLResponse> {
  return Observable.create<GraphQLResponse>((sink) => {
    if (!operation.text) {
      sink.error(new Error('Operation text cannot be empty'));
      return;
    }
    return client.subscribe<GraphQLResponse>(
      { operationName: operation.name, query: operation.text, variables },
      {
        next: (value) => sink.next(value as unknown as GraphQLResponse),
        error: (error) => sink.error(error instanceof Error ? error : new Error(describeError(error))),
        complete: () => sink.complete(),
      },
    );
  });
}

/** Operations with files (Relay's `uploadables`) go as one multipart POST; everything else through graphql-sse. */
function fetchFn(
  operation: RequestParameters,
  variables: Variables,
  _cacheConfig: CacheConfig,
  uploadables?: UploadableMap | null,
): Observable<GraphQLResponse> {
  if (uploadables && Object.keys(uploadables).length > 0) {
    return fetchMultipart(graphqlUrl(), operation, variables, uploadables, CSRF_HEADERS);
  }
  return fetchOrSubscribe(operation, variables);
}

function describeError(error: unknown): string {
  if (Array.isArray(error)) return error.map((e: { message?: string }) => e?.message ?? String(e)).join('; ');
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

export function createEnvironment(): Environment {
  return new Environment({
    network: Network.create(fetchFn, fetchOrSubscribe),
    // Hidden kept-alive pages release their refetch queries while hidden and retain them again
    // when shown; a generous release buffer keeps that data in the store meanwhile.
    store: new Store(new RecordSource(), { gcReleaseBufferSize: 50 }),
  });
}

export const environment = createEnvironment();
