/**
 * The yoga instance: schema-first execution of schema.graphql, masked errors, CSRF prevention,
 * query limits (graphql-armor's and our cost limit, limits.ts), switchable introspection and
 * GraphiQL (self-hosted), the graphql-sse endpoint (subscriptions arrive with issue 6) and
 * per-operation upstream accounting and budget.
 */
import { useGraphQLSSE } from '@graphql-yoga/plugin-graphql-sse';
import type { GraphQLError } from 'graphql';
import { createGraphQLError, createYoga, maskError, type Plugin } from 'graphql-yoga';
import type { GatewayConfig } from '../config';
import { createContextFactory, type GatewayContext, type ServerContext } from '../context';
import { INTERNAL_ERROR_MESSAGE, UPSTREAM_UNAVAILABLE_MESSAGE } from '../graphql/errors';
import type { OfflineGraphiQL } from '../http/graphiql';
import type { Logger } from '../logger';
import { createSchema } from '../schema';
import type { UpstreamClient } from '../upstream/client';
import { UpstreamBudgetExceeded, UpstreamError } from '../upstream/errors';
import { useCsrfPrevention } from './csrf';
import { useDisableIntrospection } from './introspection';
import { QUERY_TOO_COMPLEX, armorPlugin, upstreamBudgetMessage, useCostLimit, useLimitMessages } from './limits';
import { useResponseHeaders } from './responses';
import { useUpstreamAccounting } from './upstreamAccounting';

export const GRAPHQL_ENDPOINT = '/graphql';
export const GRAPHQL_SSE_ENDPOINT = '/graphql/stream';
/** The header the web client and GraphiQL send; see csrf.ts. */
export const CSRF_HEADER = 'x-graphql-yoga-csrf';
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

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
  graphiql: OfflineGraphiQL;
}

/**
 * The logger yoga writes to. Yoga logs each error it masks with its stack; an upstream failure is
 * an operational event the transport has already logged (path, code), so it becomes one line
 * naming the GraphQL field instead. A spent upstream budget is the client's doing and is logged
 * once per operation (upstreamAccounting.ts), not once per refused field. Everything unexpected
 * keeps its stack.
 */
function yogaLogger(logger: Logger): Logger {
  return {
    ...logger,
    error: (...args: unknown[]) => {
      const [first] = args;
      const located = (first ?? {}) as Partial<GraphQLError>;
      const original = located.originalError ?? first;
      if (args.length === 1 && original instanceof UpstreamBudgetExceeded) return;
      if (args.length === 1 && original instanceof UpstreamError) {
        logger.warn(`field ${(located.path ?? []).join('.') || '(request)'} failed: upstream ${original.failure} on ${original.path}`);
        return;
      }
      logger.error(...args);
    },
  };
}

export function createGraphQLHandler({ config, logger, client, graphiql }: GraphQLHandlerDeps) {
  const plugins: Plugin[] = [
    useCsrfPrevention({
      requestHeaders: [CSRF_HEADER],
      paths: [GRAPHQL_ENDPOINT, GRAPHQL_SSE_ENDPOINT],
      graphiqlEnabled: config.graphiql,
    }),
    armorPlugin({ blockFieldSuggestions: !config.introspection }),
    useLimitMessages(),
    // before the accounting: a refused operation makes no upstream request to account for
    useCostLimit(),
    useGraphQLSSE({ endpoint: GRAPHQL_SSE_ENDPOINT }),
    useResponseHeaders(),
    useUpstreamAccounting({ logger, expose: config.exposeUpstreamCount }) as Plugin,
  ];
  if (!config.introspection) plugins.push(useDisableIntrospection());

  return createYoga<ServerContext, GatewayContext>({
    schema: createSchema(),
    graphqlEndpoint: GRAPHQL_ENDPOINT,
    context: createContextFactory({ config, logger, client }),
    logging: yogaLogger(logger),
    landingPage: false,
    // one operation per request keeps the upstream accounting and the limits per operation
    batching: false,
    // a page query is a few KB (the token limit caps it near 30 KB); yoga's default is 25 MB.
    // Avatar uploads (issue 3, up to 10 240 KB, product-spec §5) will need this raised for multipart.
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
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
        if (original instanceof UpstreamBudgetExceeded) {
          // the operation asked for more upstream requests than one operation may make
          return createGraphQLError(upstreamBudgetMessage(original.budget), {
            nodes: located.nodes,
            path: located.path,
            extensions: { code: QUERY_TOO_COMPLEX },
          });
        }
        if (original instanceof UpstreamError) {
          // the client learns only that it failed; the log has the path and code (yogaLogger)
          return createGraphQLError(UPSTREAM_UNAVAILABLE_MESSAGE, {
            nodes: located.nodes,
            path: located.path,
            extensions: { code: 'UPSTREAM_UNAVAILABLE' },
          });
        }
        // yoga logs every error it masks, through yogaLogger
        return maskError(error, message, false);
      },
    },
    plugins,
  });
}
