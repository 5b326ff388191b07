import { loadQuery, type PreloadedQuery } from 'react-relay';
import type { ComponentType } from 'react';
import {
  createOperationDescriptor,
  getRequest,
  type GraphQLTaggedNode,
  type IEnvironment,
  type OperationType,
} from 'relay-runtime';
import {
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
} from 'react-router-dom';
import { redirectMobileVisitor } from './mobileRedirect';
import type { PagePayload, PageProps, PlainPageProps, RouteHandle, RouteRuntime } from './routeTypes';

/** A navigation waits this long for the route's data before rendering (and suspending) anyway. */
const MAX_DATA_WAIT_MS = 8000;

interface BaseRouteOptions {
  readonly id: string;
  readonly path: string;
  readonly title: string;
  readonly keepAlive?: boolean;
  /** See RouteHandle.personal. */
  readonly personal?: boolean;
  readonly shouldRevalidate?: (args: ShouldRevalidateFunctionArgs) => boolean;
  /** Runs before anything loads; may throw a redirect (react-router `redirect()`). */
  readonly guard?: (url: URL, runtime: RouteRuntime) => Promise<void> | void;
}

/**
 * A route query whose artifact loads with the route rather than with the app (see lazyQuery).
 */
export interface LazyQuery {
  readonly load: () => Promise<GraphQLTaggedNode>;
}

/**
 * The query of a route that the first page does not need: `load` imports the module holding it,
 * so its artifact (all the fragments of a big page) stays out of the first-load bundle. The
 * import is small and starts with the page's code; the fetch starts as soon as it is there.
 */
export function lazyQuery(load: () => Promise<GraphQLTaggedNode>): LazyQuery {
  let loaded: Promise<GraphQLTaggedNode> | null = null;
  return {
    load: () => {
      loaded ??= load().catch((error: unknown) => {
        loaded = null; // a later navigation may try again
        throw error;
      });
      return loaded;
    },
  };
}

function isLazyQuery(query: GraphQLTaggedNode | LazyQuery): query is LazyQuery {
  return typeof query === 'object' && 'load' in query;
}

export interface QueryRouteOptions<Q extends OperationType> extends BaseRouteOptions {
  readonly query: GraphQLTaggedNode | LazyQuery;
  readonly variables: (url: URL) => Q['variables'];
  readonly page: () => Promise<{ default: ComponentType<PageProps<Q>> }>;
  /**
   * Looks at the loaded data and names the URL this one really is (a category shown by another
   * route, a filter that does not belong), or null. The loader then redirects before anything
   * renders: the history and the visit log only ever see the final URL.
   */
  readonly redirectTo?: (data: Q['response'], url: URL) => string | null;
  /**
   * The URL cannot be answered (e.g. /search without a keyword): no query is sent and the page
   * gets `queryRef` null (declare it with OptionalQueryPageProps) to say why.
   */
  readonly skip?: (url: URL) => boolean;
  /**
   * 'store-or-network' (default) shows data the store already has; 'network-only' always asks
   * again (search results are fresh, and a list shown again starts at its first page, §4).
   * A kept-alive page coming back to the same URL is reused either way.
   */
  readonly fetchPolicy?: 'store-or-network' | 'network-only';
}

export interface PlainRouteOptions extends BaseRouteOptions {
  readonly page: () => Promise<{ default: ComponentType<PlainPageProps> }>;
}

/**
 * A route whose loader preloads its one query (render-as-you-fetch: the page's code and its data
 * load in parallel), waits until the data is there so the old page stays on screen under the
 * progress bar meanwhile, and hands the query reference to the route host.
 *
 * Kept-alive routes: when the route host still holds this route's payload for the same variables,
 * the loader returns that very payload: no new reference, no refetch, and the page keeps its state
 * (refetched filters, loaded pages, scroll position).
 */
export function defineQueryRoute<Q extends OperationType>(
  runtime: RouteRuntime,
  options: QueryRouteOptions<Q>,
): RouteObject {
  const { redirectTo, skip, fetchPolicy } = options;
  return buildRoute(runtime, options, (url) => {
    const variables = options.variables(url);
    const skipped = skip?.(url) ?? false;
    return {
      cacheKey: skipped ? `skip:${stableKey(variables)}` : stableKey(variables),
      query: skipped ? null : options.query,
      variables,
      fetchPolicy,
      redirectTo: redirectTo
        ? (environment, query) => {
            const data = readLoadedData(environment, query, variables);
            return data === null ? null : redirectTo(data as Q['response'], url);
          }
        : undefined,
    };
  });
}

/** The query's data as the store holds it once loaded, or null when some of it is missing. */
function readLoadedData(
  environment: IEnvironment,
  query: GraphQLTaggedNode,
  variables: Record<string, unknown>,
): unknown {
  const operation = createOperationDescriptor(getRequest(query), variables);
  const snapshot = environment.lookup(operation.fragment);
  return snapshot.isMissingData ? null : snapshot.data;
}

export function definePlainRoute(runtime: RouteRuntime, options: PlainRouteOptions): RouteObject {
  return buildRoute(runtime, options, () => ({ cacheKey: '', query: null, variables: {} }));
}

interface DataPlan {
  cacheKey: string;
  query: GraphQLTaggedNode | LazyQuery | null;
  variables: Record<string, unknown>;
  fetchPolicy?: 'store-or-network' | 'network-only' | undefined;
  /** After the data settled: the URL to go to instead, if any. */
  redirectTo?: ((environment: IEnvironment, query: GraphQLTaggedNode) => string | null) | undefined;
}

function buildRoute(
  runtime: RouteRuntime,
  options: BaseRouteOptions & { page: () => Promise<{ default: unknown }> },
  plan: (url: URL) => DataPlan,
): RouteObject {
  const handle: RouteHandle = {
    title: options.title,
    keepAlive: options.keepAlive ?? false,
    ...(options.personal ? { personal: true } : {}),
  };
  let pageModule: Promise<{ default: unknown }> | null = null;
  const loadPage = () => {
    pageModule ??= options.page().catch((error: unknown) => {
      pageModule = null; // a later navigation may try again
      throw error;
    });
    return pageModule;
  };

  const loader = async ({ request }: LoaderFunctionArgs): Promise<PagePayload | Response> => {
    const url = new URL(request.url);
    // §2 navigation guard, on every navigation: phones and tablets leave for the mobile site
    if (redirectMobileVisitor(url.href)) return neverSettles();
    await options.guard?.(url, runtime);
    const { cacheKey, query: planned, variables, redirectTo, fetchPolicy = 'store-or-network' } = plan(url);
    // the page's code and a lazy query's module load side by side (a kept-alive page has both already)
    const pagePromise = loadPage();
    pagePromise.catch(() => undefined); // awaited below; a kept-alive answer may not wait for it
    let query: GraphQLTaggedNode | null;
    try {
      query = planned && isLazyQuery(planned) ? await planned.load() : planned;
    } catch (error) {
      return { routeId: options.id, cacheKey, Page: null, queryRef: null, error };
    }

    if (handle.keepAlive && !runtime.forceReload.delete(options.id)) {
      const kept = runtime.keptAlive.get(options.id);
      if (
        kept &&
        kept.cacheKey === cacheKey &&
        !kept.error &&
        !networkErrorOf(kept.queryRef) &&
        !isStale(runtime.environment, query, variables)
      ) {
        return kept;
      }
    }

    let queryRef: PreloadedQuery<OperationType> | null = null;
    if (query) {
      queryRef = runtime.registry.register(
        loadQuery<OperationType>(runtime.environment, query, variables, {
          // the server's first screen is hydrated from the records it was rendered from
          fetchPolicy: runtime.firstScreenFromServer ? 'store-or-network' : fetchPolicy,
        }),
      );
      const created = queryRef;
      request.signal.addEventListener('abort', () => runtime.registry.release(created), { once: true });
    }

    try {
      const [module] = await Promise.all([pagePromise, queryRef ? dataSettled(queryRef) : null]);
      const target =
        query && queryRef && !networkErrorOf(queryRef) ? (redirectTo?.(runtime.environment, query) ?? null) : null;
      if (target !== null && target !== `${url.pathname}${url.search}`) {
        runtime.registry.release(queryRef);
        return redirect(target);
      }
      return { routeId: options.id, cacheKey, Page: module.default as PagePayload['Page'], queryRef, error: null };
    } catch (error) {
      return { routeId: options.id, cacheKey, Page: null, queryRef, error };
    }
  };

  return {
    id: options.id,
    path: options.path,
    handle,
    loader,
    // The route host renders pages itself (keep-alive); `null` tells react-router nothing is missing.
    element: null,
    ...(options.shouldRevalidate ? { shouldRevalidate: options.shouldRevalidate } : {}),
  };
}

/**
 * Resolves when the reference's network request finished (either way: an error is thrown by
 * usePreloadedQuery inside the page's error boundary) or after MAX_DATA_WAIT_MS.
 */
export function dataSettled(ref: PreloadedQuery<OperationType>, maxWaitMs = MAX_DATA_WAIT_MS): Promise<void> {
  const source = ref.source;
  if (!source) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    source.subscribe({ complete: done, error: done });
  });
}

/**
 * The store says the data of a kept-alive page is out of date (a record it reads was invalidated
 * after it was written, e.g. the viewer after a logout): the page loads again instead of coming
 * back with the previous person's lists.
 */
function isStale(
  environment: IEnvironment,
  query: GraphQLTaggedNode | null,
  variables: Record<string, unknown>,
): boolean {
  if (!query) return false;
  return environment.check(createOperationDescriptor(getRequest(query), variables)).status === 'stale';
}

/** A loader's answer while the browser leaves the app (location.replace): nothing renders meanwhile. */
export function neverSettles(): Promise<never> {
  return new Promise<never>(() => {});
}

/** loadQuery's references carry the failure of their request (not in the published types). */
function networkErrorOf(ref: PreloadedQuery<OperationType> | null): unknown {
  return ref ? (ref as unknown as { networkError?: unknown }).networkError : null;
}

/** JSON with sorted keys and without undefined values: equal variables give equal keys. */
export function stableKey(variables: Record<string, unknown>): string {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(variables).sort()) {
    const value = variables[key];
    if (value !== undefined) sorted[key] = value;
  }
  return JSON.stringify(sorted);
}

/** Integer query parameter, or `fallback` when missing or not a non-negative integer. */
export function intParam(url: URL | URLSearchParams, name: string, fallback: number): number {
  const params = url instanceof URL ? url.searchParams : url;
  const raw = params.get(name);
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return fallback;
  return Number(raw.trim());
}
