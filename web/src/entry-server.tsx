/**
 * The server render of a first screen, built by `vite build` into
 * web/dist-server/entry-server.js and run by the gateway (gateway/src/http/pageRender.ts).
 *
 * The same routes, loaders and components as the browser (router.tsx, App.tsx) run on a memory
 * router with a Relay environment whose network is the gateway executing the operation in-process
 * for the request's own viewer. Once the loaders have the data, React renders the whole tree
 * (prerender: every Suspense boundary resolved, no streaming scripts, which the CSP forbids).
 * The styles go first in #root as <style data-emotion> elements, those of the classes in the HTML
 * (Emotion's critical-style extraction, a cache of the request's own), which the client's Emotion
 * cache moves into <head> before it hydrates. Not written beside each component, Emotion's default:
 * a part of the tree that waits for data is rendered again, and the styles written in its first try
 * were marked as sent but went with it (the page's sections then moved when the JavaScript came). The store's records go with the
 * HTML so the client renders the same tree from them without asking again.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, matchRoutes } from 'react-router-dom';
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type GraphQLResponse,
  type Variables,
} from 'relay-runtime';
import { App } from './app/App';
import { PageOriginContext } from './lib/pageOrigin';
import { ServerPageTitleContext } from './routing/pageTitle';
import { SERVER_RENDERED_ROUTES, SERVER_ROUTE_MODULES, serializeRecords } from './routing/firstScreen';
import { appRoutes, createRouteRuntime } from './app/router';
import { isPagePayload, type RouteHandle } from './routing/routeTypes';
import { documentTitle } from './site';

/** One GraphQL operation, executed by the gateway for the page request's viewer. */
export interface OperationRequest {
  readonly operationName: string;
  readonly query: string;
  readonly variables: Variables;
}

export interface RenderRequest {
  /** The page's path and query string (/home?scId=2). */
  readonly url: string;
  /** The origin the browser asked (https://host:port): absolute links are made on it. */
  readonly origin: string;
  readonly execute: (operation: OperationRequest) => Promise<GraphQLResponse>;
  /** Aborted when the gateway stops waiting (its time budget): React stops rendering. */
  readonly signal: AbortSignal;
}

export type RenderResult =
  | {
      readonly kind: 'page';
      /** The inside of #root. */
      readonly html: string;
      /** The records, already escaped for a <script type="application/json">. */
      readonly records: string;
      /** The document's <title>. */
      readonly title: string;
      /** The page's source modules (manifest keys): the gateway preloads their chunks. */
      readonly modules: readonly string[];
    }
  /** Not rendered here: the gateway sends the SPA shell (`reason` is for its log). */
  | { readonly kind: 'skip'; readonly reason: string };

const ORIGIN = 'http://first-screen.invalid';

export async function render({ url, origin, execute, signal }: RenderRequest): Promise<RenderResult> {
  const environment = new Environment({
    network: Network.create((operation, variables) => {
      if (!operation.text)
        return Observable.create<GraphQLResponse>((sink) => sink.error(new Error(`${operation.name}: no text`)));
      return Observable.from(execute({ operationName: operation.name, query: operation.text, variables }));
    }),
    store: new Store(new RecordSource()),
    isServer: true,
  });
  const runtime = createRouteRuntime(environment);
  const routes = appRoutes(runtime);

  const location = new URL(url, ORIGIN);
  const matches = matchRoutes(routes, { pathname: location.pathname, search: location.search });
  const leaf = matches?.[matches.length - 1]?.route;
  if (!leaf?.id || !SERVER_RENDERED_ROUTES.has(leaf.id))
    return { kind: 'skip', reason: 'route not rendered on the server' };

  const router = createMemoryRouter(routes, { initialEntries: [`${location.pathname}${location.search}`] });
  runtime.latestLoaderData = () => Object.values(router.state.loaderData);
  runtime.isNavigating = () => router.state.navigation.state !== 'idle';
  try {
    await initialized(router, signal);
    const { state } = router;
    if (state.errors) return { kind: 'skip', reason: 'a loader failed' };
    if (`${state.location.pathname}${state.location.search}` !== `${location.pathname}${location.search}`) {
      return { kind: 'skip', reason: 'the route redirected' };
    }
    const last = state.matches[state.matches.length - 1];
    const payload = last ? state.loaderData[last.route.id] : undefined;
    if (!last || !isPagePayload(payload) || payload.error || !payload.Page)
      return { kind: 'skip', reason: 'the page did not load' };

    const errors: unknown[] = [];
    // the request's own: it keeps every rule the render made (compat mode), for the classes the HTML has
    const styleCache = createCache({ key: 'css' });
    const styles = createEmotionServer(styleCache);
    // a page naming itself (the video and course on /Play) while it renders
    let pageTitle = '';
    const notePageTitle = (title: string) => {
      pageTitle = title;
    };
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <CacheProvider value={styleCache}>
          <PageOriginContext.Provider value={origin}>
            <ServerPageTitleContext.Provider value={notePageTitle}>
              <App environment={environment} router={router} />
            </ServerPageTitleContext.Provider>
          </PageOriginContext.Provider>
        </CacheProvider>
      </StrictMode>,
      {
        signal,
        onError: (error) => void errors.push(error),
        // every boundary in place: a large one would otherwise come after the shell with an inline
        // script to move it in ($RC), which the CSP (script-src 'self') refuses to run
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    let html = '';
    for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    // an error inside a boundary leaves its fallback for the client to replace: not a first screen to hydrate
    if (errors.length > 0) return { kind: 'skip', reason: `render failed: ${describe(errors[0])}` };
    if (signal.aborted) return { kind: 'skip', reason: 'out of time' };

    const title = pageTitle || ((last.route.handle as RouteHandle | undefined)?.title ?? '');
    return {
      kind: 'page',
      html: styles.constructStyleTagsFromChunks(styles.extractCriticalToChunks(html)) + html,
      records: serializeRecords(environment.getStore().getSource().toJSON()),
      title: documentTitle(title),
      modules: SERVER_ROUTE_MODULES[leaf.id] ?? [],
    };
  } finally {
    router.dispose();
  }
}

function initialized(router: ReturnType<typeof createMemoryRouter>, signal: AbortSignal): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
    signal.addEventListener(
      'abort',
      () => {
        stop();
        reject(new Error('out of time'));
      },
      { once: true },
    );
  });
}

/** The message and the first frames: where a component reached for what only a browser has. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return (error.stack ?? error.message)
    .split('\n')
    .slice(0, 4)
    .map((line) => line.trim())
    .join(' | ');
}
