/**
 * RESPONSE_CACHE_TTL_MS: a visitor's answer to a public read (home, catalogue, lists, a course's page
 * data) is kept that long and served to every visitor who asks the same operation with the same
 * variables, without asking the upstream (the home page costs 6 upstream requests).
 *
 * The engine is @envelop/response-cache (The Guild's, the one yoga's own response-cache plugin wraps).
 * Yoga's wrapper is not used: it answers from the cache while reading the request's parameters, before
 * the context exists, so it could only tell a visitor by the absence of a cookie; but a visitor without
 * one on an organisation's network is signed in as the organisation by address (viewer/session.ts,
 * IPAutoLogin) and must see the organisation's answers. Here the lookup happens when the operation is
 * about to run, after the viewer has been resolved from the cookie and the address.
 *
 * What may be cached, all three needed:
 *  - the viewer: a visitor, signed in to nothing (no token, no organisation) once the start-up sequence
 *    has run. Anyone else neither reads nor fills the cache;
 *  - the operation: a query whose root fields are all PUBLIC_QUERY_FIELDS (a field added to Query later
 *    is not cached until it is listed here), and which reads none of REQUEST_DEPENDENT_FIELDS (fields
 *    whose answer depends on the viewer, even a visitor's, or on the request: the login page's address
 *    follows the Host). Both are given the library's TTL 0 ("never cache an operation that selects this");
 *  - the answer: one without errors (a secondary field that failed reports an error, fieldErrors.ts).
 * Not cached: search (each search is counted for the hot keywords), the play page (per viewer), node(s)
 * (notes and messages are nodes), the AI's suggestions, the viewer, the client's address.
 *
 * Changes: no answer is served longer than the TTL. A mutation (by anyone: it is the signed-in who
 * like and write notes) drops every cached answer that holds an entity its result returns (Course by
 * id for a like or a favourite, whose payload carries the course), and for the mutations that change a
 * course's counters (COURSE_COUNTER_MUTATIONS) that course by the id in their input, whatever the
 * client selected. View counts move with every play and are left to the TTL.
 * Subscriptions never reach the cache.
 */
import { createInMemoryCache, useResponseCache, type Cache } from '@envelop/response-cache';
import {
  getArgumentValues,
  getOperationAST,
  Kind,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context';
import { toGlobalId } from '../graphql/globalId';
import type { Logger } from '../logger';
import { isLoggedIn } from '../viewer';

/** Query fields whose answers are the same for every visitor (and read nothing of the request). */
export const PUBLIC_QUERY_FIELDS: ReadonlySet<string> = new Set([
  'site',
  'subjects',
  'catalogue',
  'banners',
  'selectedCourses',
  'recommendedCourses',
  'recommendedAuthors',
  'featuredTopics',
  'topics',
  'courses',
  'resourceCount',
  'statistics',
  'authors',
  'authorCatalogues',
  'course',
  'author',
  'topic',
  'hotKeywords',
  'catalogueSuggestions',
  // the search box's suggestions: the same for everyone, and not counted as searches
  'searchSuggestions',
]);

/** Fields below the public ones that read the viewer (resolvers/Video.ts) or the request (Site.loginUrl). */
export const REQUEST_DEPENDENT_FIELDS: readonly string[] = [
  'Site.loginUrl',
  'Video.videoUrl',
  'Video.subtitleUrl',
  'Video.qualities',
  'Video.manuscript',
  'Video.viewerOperations',
  'Video.notes',
  'Video.danmaku',
  // the viewer's own progress (继续学习): a visitor's is null, but never one viewer's for another
  'Course.viewerProgress',
  'CourseProgress.videos',
  'Viewer.continueLearning',
];

/** Mutations that change the counters of the course named by `input.courseId` (likes, favourites, notes). */
export const COURSE_COUNTER_MUTATIONS: ReadonlySet<string> = new Set(['setVideoOperation', 'addNote']);

/** The library's per-coordinate TTLs: 0 for every Query field not listed public, and for the request-dependent ones. */
export function uncachedCoordinates(schema: GraphQLSchema): Record<string, number> {
  const ttl: Record<string, number> = {};
  for (const name of Object.keys(schema.getQueryType()?.getFields() ?? {})) {
    if (!PUBLIC_QUERY_FIELDS.has(name)) ttl[`Query.${name}`] = 0;
  }
  for (const coordinate of REQUEST_DEPENDENT_FIELDS) ttl[coordinate] = 0;
  return ttl;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  schema: GraphQLSchema;
  /** REDIS_URL's store (replicas/responseCache.ts); absent: an LRU in this process */
  cache?: Cache;
  /** EXPOSE_UPSTREAM_COUNT: say in `extensions.responseCache` whether an answer came from the cache (tests) */
  expose: boolean;
  logger: Logger;
}

/** The plugins, in this order: the first works out who may use the cache, the second is the cache. */
export function useVisitorResponseCache(options: ResponseCacheOptions): Plugin[] {
  if (options.ttlMs <= 0) return [];
  const { schema, logger } = options;
  const cache = options.cache ?? createInMemoryCache();
  /** contexts of operations the cache may serve or fill (queries of visitors) or learn from (mutations) */
  const admitted = new WeakSet<object>();

  const admit: Plugin = {
    async onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      const context = args.contextValue as unknown as GatewayContext;
      if (operation?.operation === 'mutation') {
        admitted.add(context);
        return {
          onExecuteDone({ result }) {
            if (!('data' in result) || !result.data) return;
            const changed = changedCourses(schema, operation, args.variableValues ?? {});
            if (changed.length === 0) return;
            void Promise.resolve(cache.invalidate(changed.map((id) => ({ typename: 'Course', id })))).catch(
              (error: unknown) =>
                logger.warn(
                  `response cache: changed courses were not dropped: ${error instanceof Error ? error.message : String(error)}`,
                ),
            );
          },
        };
      }
      if (operation?.operation !== 'query') return;
      // the start-up sequence every operation that reads the upstream runs anyway (MainApi asks for the organisation)
      const { viewer, token } = await context.session.current();
      if (token === null && !isLoggedIn(viewer) && viewer.comId === null) admitted.add(context);
    },
  };

  const cached = useResponseCache<GatewayContext>({
    ttl: options.ttlMs,
    cache,
    // every admitted viewer is the same visitor
    session: () => null,
    enabled: (context) => admitted.has(context),
    ttlPerSchemaCoordinate: uncachedCoordinates(schema),
    includeExtensionMetadata: options.expose,
  }) as Plugin;

  return [admit, cached];
}

/** Global ids of the courses COURSE_COUNTER_MUTATIONS in this operation changed (from their input). */
function changedCourses(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): string[] {
  const mutation = schema.getMutationType();
  if (!mutation) return [];
  const ids = new Set<string>();
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || !COURSE_COUNTER_MUTATIONS.has(selection.name.value)) continue;
    const field = mutation.getFields()[selection.name.value];
    if (!field) continue;
    try {
      const input = getArgumentValues(field, selection as FieldNode, variables).input as
        { courseId?: unknown } | undefined;
      if (typeof input?.courseId === 'number') ids.add(toGlobalId('Course', input.courseId));
    } catch {
      // arguments that do not coerce: the mutation itself was refused
    }
  }
  return [...ids];
}
