/**
 * The yoga instance: schema-first execution of schema.graphql, masked errors, CSRF prevention,
 * multipart uploads for signed-in callers only, a few at a time and within a deadline (uploads.ts), query limits
 * (graphql-armor's and our cost limit, limits.ts), switchable introspection and
 * GraphiQL (self-hosted), the graphql-sse endpoint (Subscription.askAI; see subscriptionResults.ts) and
 * per-operation upstream accounting and budget, request rate limits per user and per address (rateLimits.ts).
 */
import { CatalogueTreeCache } from '../loaders/catalogueTree';
import { useGraphQLSSE } from '@graphql-yoga/plugin-graphql-sse';
import type { Cache as ResponseCacheStore } from '@envelop/response-cache';
import type { GraphQLError } from 'graphql';
import { createYoga, maskError, type Plugin } from 'graphql-yoga';
import type { GatewayConfig } from '../config';
import { createContextFactory, pendingFallbackCookies, type GatewayContext, type ServerContext } from '../context';
import { INTERNAL_ERROR_MESSAGE } from '../graphql/errors';
import { clientFacingError, useFieldErrors } from '../graphql/fieldErrors';
import { createTrustTest } from '../http/clientAddress';
import type { OfflineGraphiQL } from '../http/graphiql';
import type { Logger } from '../logger';
import type { GatewayMetrics } from '../metrics';
import { createSchema } from '../schema';
import type { UpstreamClient } from '../upstream/client';
import { UpstreamBudgetExceeded, UpstreamError, UpstreamRefusal } from '../upstream/errors';
import type { PlayVideoNames } from '../play/videoNames';
import type { PlayLogBatcher } from '../play/playLogBatch';
import type { RateLimits } from '../replicas/rateLimits';
import type { ViewerCache } from '../viewer';
import { useBodyLimits, useStreamBodyLimit } from './bodyLimits';
import { useCsrfPrevention } from './csrf';
import { useDisableIntrospection } from './introspection';
import { armorPlugin, useCostLimit, useLimitMessages } from './limits';
import { useOperationMetrics } from './operationMetrics';
import { useRateLimits } from './rateLimits';
import { useVisitorResponseCache } from './responseCache';
import { useAnswerCompression } from './compression';
import { useResponseHeaders } from './responses';
import { useSubscriptionErrorResults } from './subscriptionResults';
import { signedInUploader, useUploadGuard } from './uploads';
import { useUpstreamAccounting } from './upstreamAccounting';

export const GRAPHQL_ENDPOINT = '/graphql';
export const GRAPHQL_SSE_ENDPOINT = '/graphql/stream';
/** The header the web client and GraphiQL send; see csrf.ts. */
export const CSRF_HEADER = 'x-graphql-yoga-csrf';
export { MAX_MULTIPART_BODY_BYTES, MAX_REQUEST_BODY_BYTES } from './bodyLimits';

const DEFAULT_QUERY = `# 思政云课堂 GraphQL 接口。示例：首页的学科与推荐课程
query HomeExample {
  site { title description }
  subjects { catalogueId name children { catalogueId name } }
  recommendedCourses(first: 4) {
    edges { node { id name authorName catalogue { name } } }
    pageInfo { hasNextPage endCursor }
  }
}
`;

export interface GraphQLHandlerDeps {
  config: GatewayConfig;
  logger: Logger;
  client: UpstreamClient;
  loginClient: UpstreamClient;
  viewerCache: ViewerCache;
  graphiql: OfflineGraphiQL;
  playVideos: PlayVideoNames;
  playLogs?: PlayLogBatcher;
  /** the operator's figures (operations, uploads); none in tests that do not read them */
  metrics?: GatewayMetrics;
  /** the response cache's store shared over REDIS_URL (replicas/responseCache.ts); absent: kept in the process */
  responseCacheStore?: ResponseCacheStore;
  /** the request rate limits (replicas/rateLimits.ts: in Redis across replicas, else in the process); absent: none */
  rateLimits?: RateLimits | null;
}

/**
 * Cookies the resolvers set are written to the Node response directly (server.ts). A request that did
 * not come through server.ts (yoga.fetch) collects them instead; they are added to yoga's response here.
 */
function useFallbackCookies(): Plugin<Record<string, unknown>, ServerContext> {
  return {
    onResponse({ request, response, serverContext }) {
      if (serverContext?.env) return;
      for (const header of pendingFallbackCookies(request)) response.headers.append('set-cookie', header);
    },
  };
}

/**
 * The logger yoga writes to. Yoga logs each error it masks with its stack; an upstream failure is
 * an operational event the transport has already logged (path, code), so it becomes one line
 * naming the GraphQL field instead. A spent upstream budget is the client's doing and is logged
 * once per operation (upstreamAccounting.ts), not once per refused field. The main API's refusal
 * of a read (4000, 4004) is the client's mistake, answered as BAD_USER_INPUT or NOT_FOUND: not
 * logged, as no expected error is. Everything unexpected keeps its stack.
 */
function yogaLogger(logger: Logger): Logger {
  return {
    ...logger,
    error: (...args: unknown[]) => {
      const [first] = args;
      const located = (first ?? {}) as Partial<GraphQLError>;
      const original = located.originalError ?? first;
      if (args.length === 1 && (original instanceof UpstreamBudgetExceeded || original instanceof UpstreamRefusal))
        return;
      if (args.length === 1 && original instanceof UpstreamError) {
        logger.warn(
          `field ${(located.path ?? []).join('.') || '(request)'} failed: upstream ${original.failure} on ${original.path}`,
        );
        return;
      }
      logger.error(...args);
    },
  };
}

export function createGraphQLHandler({
  config,
  logger,
  client,
  loginClient,
  viewerCache,
  graphiql,
  playVideos,
  playLogs,
  metrics,
  responseCacheStore,
  rateLimits,
}: GraphQLHandlerDeps) {
  const schema = createSchema();
  const catalogueCache = new CatalogueTreeCache(config.catalogueCacheMs);
  const contextDeps = {
    config,
    logger,
    client,
    loginClient,
    viewerCache,
    playVideos,
    playLogs,
    metrics,
    catalogueCache,
  };
  const plugins: Plugin[] = [
    // before anything reads the body: a multipart request is a simple CORS request (NOTES.md)
    useCsrfPrevention({
      requestHeaders: [CSRF_HEADER],
      paths: [GRAPHQL_ENDPOINT, GRAPHQL_SSE_ENDPOINT],
      graphiqlEnabled: config.graphiql,
    }),
    // before yoga reads a multipart body: signed-in callers only, a few at a time, within a deadline (uploads.ts)
    useUploadGuard({
      path: GRAPHQL_ENDPOINT,
      uploaderOf: signedInUploader(contextDeps),
      readDeadlineMs: config.uploadReadDeadlineMs,
      logger,
      metrics,
    }) as Plugin,
    // before anything that can refuse a subscription: its refusal must reach graphql-sse (subscriptionResults.ts)
    useSubscriptionErrorResults(),
    armorPlugin({ blockFieldSuggestions: !config.introspection }),
    useLimitMessages(),
    // after the subscription results (a refused askAI must reach graphql-sse), before the response cache
    // (an answer served from it is still an operation of its asker): every operation that runs is counted
    ...(rateLimits
      ? [
          useRateLimits({
            limits: rateLimits,
            trusted: createTrustTest(config.trustedProxies),
            streamPath: GRAPHQL_SSE_ENDPOINT,
            logger,
          }),
        ]
      : []),
    // before the accounting: a refused operation makes no upstream request to account for
    useCostLimit(),
    useStreamBodyLimit(GRAPHQL_SSE_ENDPOINT),
    useGraphQLSSE({ endpoint: GRAPHQL_SSE_ENDPOINT }),
    useResponseHeaders(),
    // after the headers (it copies them onto the compressed answer), before the response cache (a
    // cached answer is executed, and compressed, too)
    useAnswerCompression() as Plugin,
    useFallbackCookies() as Plugin,
    useBodyLimits(),
    // secondary fields that answered empty after a failure report it on their path (graphql/fieldErrors.ts)
    useFieldErrors() as Plugin,
    // after the field errors (an answer with one is not cached), before the accounting (a hit costs 0 upstream requests)
    ...useVisitorResponseCache({
      ttlMs: config.responseCacheTtlMs,
      schema,
      cache: responseCacheStore,
      expose: config.exposeUpstreamCount,
      logger,
    }),
    useUpstreamAccounting({ logger, expose: config.exposeUpstreamCount }) as Plugin,
  ];
  if (metrics) plugins.push(useOperationMetrics(metrics) as Plugin);
  if (!config.introspection) plugins.push(useDisableIntrospection());

  return createYoga<ServerContext, GatewayContext>({
    schema,
    graphqlEndpoint: GRAPHQL_ENDPOINT,
    context: createContextFactory(contextDeps),
    logging: yogaLogger(logger),
    landingPage: false,
    // one operation per request keeps the upstream accounting and the limits per operation
    batching: false,
    // useBodyLimits is the one body limit (bodyLimits.ts): yoga's would count every body a second time
    maxRequestBodySize: false,
    // the GraphQL multipart request specification (File scalar), behind the CSRF check above
    multipart: true,
    // the web app is same-origin; no cross-origin browser client is expected
    cors: false,
    graphiql: config.graphiql
      ? {
          title: `${config.siteTitle} GraphiQL`,
          defaultQuery: DEFAULT_QUERY,
          additionalHeaders: { [CSRF_HEADER]: '1' },
        }
      : false,
    renderGraphiQL: graphiql.render,
    maskedErrors: {
      errorMessage: INTERNAL_ERROR_MESSAGE,
      maskError(error, message) {
        // duck-typed, not instanceof: a second graphql copy (ESM next to CJS, as under Vitest)
        // would make instanceof GraphQLError fail for errors yoga created
        const located = error as Partial<GraphQLError>;
        const original = located.originalError ?? error;
        // the operation asked for more upstream requests than one operation may make (QUERY_TOO_COMPLEX),
        // or the upstream failed: the client learns only that it failed; the log has the path and code (yogaLogger).
        // The main API refused a read: the client learns what it asked wrongly (graphql/errors.ts refusalError)
        if (
          original instanceof UpstreamBudgetExceeded ||
          original instanceof UpstreamError ||
          original instanceof UpstreamRefusal
        ) {
          return clientFacingError(error, located.nodes, located.path);
        }
        // yoga logs every error it masks, through yogaLogger
        return maskError(error, message, false);
      },
    },
    plugins,
  });
}
