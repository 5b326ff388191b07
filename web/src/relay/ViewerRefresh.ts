// commitLocalUpdate from react-relay: a lazy chunk reaching relay-runtime without react-relay makes
// the bundler split the first-load react-relay chunk in two (+0.8 KB gzip)
import { commitLocalUpdate, graphql } from 'react-relay';
import {
  Observable,
  createOperationDescriptor,
  getRequest,
  type GraphQLResponse,
  type IEnvironment,
} from 'relay-runtime';
import type { ViewerRefreshQuery } from '../__generated__/ViewerRefreshQuery.graphql';
import { ANONYMOUS_USER_TYPES } from '../constants';
import { forgetPreviousViewer } from './ViewerIdentity';

/**
 * Who the viewer is now. Viewer has no id, so the answer is normalized straight into the root
 * viewer (`client:root:viewer`) that the header, the sidebar and the centre read: every field the
 * shell shows is written over the old value, nothing is copied by hand. Unmasked so that the
 * refresher can compare identities before and after.
 */
const viewerRefreshQuery = graphql`
  query ViewerRefreshQuery {
    viewer {
      ...ViewerIdentity_viewer @relay(mask: false)
    }
  }
`;

/** A tab catches up with sign-ins and sign-outs of other tabs at most this often. */
export const VIEWER_REFRESH_INTERVAL_MS = 5000;

export type ViewerRefreshOutcome =
  /** The same person (their name or avatar may have been updated). */
  | { readonly kind: 'unchanged' }
  /** Someone else: the previous person's data in the store is marked stale. */
  | { readonly kind: 'changed'; readonly loggedIn: boolean }
  /**
   * The viewer was written by something else (a logout, an avatar upload, another query) while
   * this answer was under way: it may be the older of the two, so it was not written.
   */
  | { readonly kind: 'overtaken' }
  /** The request failed; the store is as it was. */
  | { readonly kind: 'failed' };

type Viewer = ViewerRefreshQuery['response']['viewer'];

/** The viewer's own fields, without Relay's bookkeeping (`__id`, `__fragments`, ...). */
function identityKey(viewer: Viewer | undefined): string {
  if (!viewer) return '';
  return JSON.stringify(Object.entries(viewer).filter(([key]) => !key.startsWith('__')));
}

/**
 * Asks the gateway who the viewer is (network only) and writes the answer over the root viewer,
 * unless the viewer changed in the store meanwhile (see `overtaken`). When the person changed
 * (another userId), the previous person's data is invalidated exactly as a logout does it
 * (forgetPreviousViewer): kept-alive pages and guards that read the viewer load again.
 */
export function refreshViewer(environment: IEnvironment): Promise<ViewerRefreshOutcome> {
  const request = getRequest(viewerRefreshQuery);
  const operation = createOperationDescriptor(request, {}, { force: true });
  const read = (): Viewer | undefined =>
    (environment.lookup(operation.fragment).data as ViewerRefreshQuery['response'] | null)?.viewer ?? undefined;
  const before = read();
  const beforeKey = identityKey(before);

  return new Promise((resolve) => {
    let overtaken = false;
    let answered = false;
    // The network's answer reaches the store only through this gate: it is checked just before
    // Relay would write it, so an answer older than what the store holds now never lands.
    const source = Observable.create<GraphQLResponse>((sink) =>
      environment
        .getNetwork()
        .execute(request.params, operation.request.variables, operation.request.cacheConfig ?? {})
        .subscribe({
          next: (response) => {
            if (identityKey(read()) !== beforeKey) {
              overtaken = true;
              sink.complete();
              return;
            }
            answered = true;
            sink.next(response);
          },
          error: (error: Error) => sink.error(error),
          complete: () => sink.complete(),
        }),
    );
    environment.executeWithSource({ operation, source }).subscribe({
      complete: () => {
        if (overtaken) return resolve({ kind: 'overtaken' });
        const after = read();
        if (!answered || !after) return resolve({ kind: 'failed' });
        if (before?.userId === after.userId) return resolve({ kind: 'unchanged' });
        commitLocalUpdate(environment, forgetPreviousViewer);
        resolve({ kind: 'changed', loggedIn: !ANONYMOUS_USER_TYPES.includes(after.userType) });
      },
      error: () => resolve({ kind: 'failed' }),
    });
  });
}

export interface ViewerRefresher {
  /** The tab came to the front (visible again, or the window focused). */
  readonly wake: () => void;
  readonly dispose: () => void;
}

export interface ViewerRefresherOptions {
  /** The viewer is another person now (the store is already updated and invalidated). */
  readonly onIdentityChange: (loggedIn: boolean) => void;
  readonly minIntervalMs?: number;
}

/**
 * Throttles refreshViewer: a wake refreshes at once unless the last refresh started less than
 * `minIntervalMs` ago; then (or while one is under way) one more refresh follows when the interval
 * is over, so the last wake is always answered. Nothing is asked while the document is hidden:
 * the next wake comes when it is shown again.
 */
export function createViewerRefresher(
  environment: IEnvironment,
  { onIdentityChange, minIntervalMs = VIEWER_REFRESH_INTERVAL_MS }: ViewerRefresherOptions,
): ViewerRefresher {
  let lastStart = Number.NEGATIVE_INFINITY;
  let running = false;
  let wokenMeanwhile = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const run = async () => {
    if (disposed || document.visibilityState === 'hidden') return;
    running = true;
    lastStart = Date.now();
    const outcome = await refreshViewer(environment);
    running = false;
    if (disposed) return;
    if (outcome.kind === 'changed') onIdentityChange(outcome.loggedIn);
    // an overtaken answer was dropped: ask once more, after the interval, for the newest state
    if (wokenMeanwhile || outcome.kind === 'overtaken') {
      wokenMeanwhile = false;
      wake();
    }
  };

  const wake = () => {
    if (disposed) return;
    if (running) {
      wokenMeanwhile = true;
      return;
    }
    if (timer !== undefined) return;
    const wait = lastStart + minIntervalMs - Date.now();
    if (wait <= 0) {
      void run();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, wait);
  };

  return {
    wake,
    dispose: () => {
      disposed = true;
      clearTimeout(timer);
    },
  };
}
