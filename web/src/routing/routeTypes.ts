import type { ComponentType } from 'react';
import type { PreloadedQuery } from 'react-relay';
import type { IEnvironment, OperationType } from 'relay-runtime';
import type { QueryRefRegistry } from './queryRefRegistry';

/** Props of a page that owns a route query. */
export interface PageProps<Q extends OperationType> {
  readonly queryRef: PreloadedQuery<Q>;
  /** The URL the page was loaded for: a hidden kept-alive page keeps seeing its own URL. */
  readonly search: URLSearchParams;
}

/** Props of a page whose route may skip its query (QueryRouteOptions.skip): `queryRef` is then null. */
export interface OptionalQueryPageProps<Q extends OperationType> {
  readonly queryRef: PreloadedQuery<Q> | null | undefined;
  readonly search: URLSearchParams;
}

/** Props of a page without data of its own (placeholders). */
export interface PlainPageProps {
  readonly search: URLSearchParams;
}

/** What a route loader hands to the route host. */
export interface PagePayload {
  readonly routeId: string;
  /** Identity of the page's data: the query variables (the same key means the same data). */
  readonly cacheKey: string;
  readonly Page: ComponentType<PageProps<OperationType>> | ComponentType<PlainPageProps> | null;
  readonly queryRef: PreloadedQuery<OperationType> | null;
  /** Loading the page's code failed (shown with a retry button inside the shell). */
  readonly error: unknown;
}

export interface RouteHandle {
  /** Page title: document.title `<title> - 思政云课堂` and the visit log's moduleName. */
  readonly title: string;
  /** §2 "kept alive": the page keeps its state and scroll position while the user is elsewhere. */
  readonly keepAlive: boolean;
  /**
   * The page shows the viewer's own data (the personal centre): when another tab signs someone
   * else in, it loads again for the new person (see useViewerRefreshOnFocus).
   */
  readonly personal?: boolean;
}

/** What loaders and the route host share. */
export interface RouteRuntime {
  readonly environment: IEnvironment;
  readonly registry: QueryRefRegistry;
  /** Kept-alive payloads by route id, as the route host last committed them. */
  readonly keptAlive: Map<string, PagePayload>;
  /** Route ids whose next load must not reuse the kept-alive payload (the error view's retry). */
  readonly forceReload: Set<string>;
  /** Loader data of the router's latest state (it may be ahead of what React has committed). */
  latestLoaderData: () => Iterable<unknown>;
  /** True while the router runs loaders for a navigation or revalidation. */
  isNavigating: () => boolean;
  /**
   * True while the router starts on the records the server rendered the page from: those first
   * loads take their data from the store whatever the route's fetch policy (a network-only search is
   * not asked again to hydrate the server's HTML).
   */
  firstScreenFromServer: boolean;
  /**
   * Told by the route host, as a hook, each page shown (null before the first): the site's visit log
   * (app/VisitLog.ts), given by the router that made the runtime. The same function for its life.
   */
  readonly useVisit: (visit: Visit | null) => void;
}

/** A page the route host shows. */
export interface Visit {
  /** react-router's location key: one log per navigation, even under StrictMode's double effects. */
  readonly locationKey: string;
  readonly pageUrl: string;
  readonly moduleName: string;
  /** The navigation replaced the current history entry (a redirect, or a filter kept in the URL). */
  readonly replace: boolean;
}

export function isPagePayload(value: unknown): value is PagePayload {
  return typeof value === 'object' && value !== null && 'routeId' in value && 'cacheKey' in value;
}
