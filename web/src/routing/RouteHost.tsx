import {
  Activity,
  Suspense,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { useLocation, useMatches, useNavigation, useNavigationType, useRevalidator } from 'react-router-dom';
import type { PreloadedQuery } from 'react-relay';
import type { OperationType } from 'relay-runtime';
import { KEEP_ALIVE_MAX_HIDDEN } from '../constants';
import { documentTitle } from '../site';
import { ErrorView } from '../components/Feedback/ErrorView';
import { PageSkeleton } from '../components/Feedback/PageSkeleton';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { PageTitleContext } from './pageTitle';
import {
  isPagePayload,
  type PagePayload,
  type PageProps,
  type RouteHandle,
  type RouteRuntime,
  type Visit,
} from './routeTypes';

/** One rendered page: visible, or hidden but alive (kept-alive routes). */
export interface RouteEntry {
  /** The route id: one entry per route, so a kept-alive page keeps one instance. */
  readonly key: string;
  readonly title: string;
  readonly keepAlive: boolean;
  readonly payload: PagePayload;
  /** The URL the entry shows: a hidden page keeps seeing its own. */
  readonly search: URLSearchParams;
  readonly pageUrl: string;
  readonly locationKey: string;
  /** Activation order, for evicting the least recently used hidden entry. */
  readonly activatedAt: number;
}

let activationCounter = 0;

/**
 * The entries to render after activating `current`: the current one replaces its route's previous
 * entry (same component instance, new data), the previous transient page goes, kept-alive pages
 * stay hidden, and beyond `maxHidden` the least recently used hidden one is evicted.
 * Returns `previous` itself when nothing changes.
 */
export function mergeEntries(
  previous: readonly RouteEntry[],
  current: RouteEntry,
  maxHidden: number,
): readonly RouteEntry[] {
  let changed = false;
  let placed = false;
  const next: RouteEntry[] = [];
  for (const entry of previous) {
    if (entry.key === current.key) {
      next.push(current);
      placed = true;
      if (entry !== current) changed = true;
    } else if (entry.keepAlive) {
      next.push(entry);
    } else {
      changed = true;
    }
  }
  if (!placed) {
    next.push(current);
    changed = true;
  }
  const hidden = next.filter((e) => e !== current);
  if (hidden.length > maxHidden) {
    const evict = new Set(
      [...hidden].sort((a, b) => a.activatedAt - b.activatedAt).slice(0, hidden.length - maxHidden),
    );
    changed = true;
    return next.filter((e) => !evict.has(e));
  }
  return changed ? next : previous;
}

/**
 * Renders the leaf route's page and keeps kept-alive pages mounted under React's <Activity>:
 * hidden pages keep their component state (filters, loaded pages) while their effects are
 * cleaned up, and their window scroll position is restored when they come back.
 *
 * Ownership: loaders create query references and register them with `runtime.registry`; this
 * host tells the registry, after each commit, which references are still rendered, and the
 * registry disposes the rest (replaced, evicted or never used).
 */
export function RouteHost({ runtime }: { readonly runtime: RouteRuntime }) {
  const matches = useMatches();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  const revalidator = useRevalidator();

  const leaf = matches[matches.length - 1];
  const payload = leaf && isPagePayload(leaf.loaderData) ? leaf.loaderData : null;
  const handle = (leaf?.handle ?? null) as RouteHandle | null;

  const current = useMemo<RouteEntry | null>(() => {
    if (!payload || !handle) return null;
    return {
      key: payload.routeId,
      title: handle.title,
      keepAlive: handle.keepAlive,
      payload,
      search: new URLSearchParams(location.search),
      pageUrl: `${location.pathname}${location.search}`,
      locationKey: location.key,
      activatedAt: ++activationCounter,
    };
  }, [payload, handle, location.key, location.pathname, location.search]);

  const [committed, setCommitted] = useState<readonly RouteEntry[]>([]);
  const entries = useMemo(
    () => (current ? mergeEntries(committed, current, KEEP_ALIVE_MAX_HIDDEN) : committed),
    [committed, current],
  );

  // After commit: remember the rendered entries, tell loaders which kept-alive payloads exist,
  // and dispose the query references nobody renders any more.
  useEffect(() => {
    runtime.keptAlive.clear();
    for (const entry of entries) if (entry.keepAlive) runtime.keptAlive.set(entry.key, entry.payload);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- only committed entries are remembered: a render React threw away (a suspended transition) must not evict kept-alive pages
    if (entries !== committed) setCommitted(entries);
  }, [entries, committed, runtime]);

  useEffect(() => {
    if (navigation.state !== 'idle' || runtime.isNavigating()) return;
    const inUse: Array<PreloadedQuery<OperationType> | null> = entries.map((e) => e.payload.queryRef);
    for (const data of runtime.latestLoaderData()) if (isPagePayload(data)) inUse.push(data.queryRef);
    runtime.registry.sweep(inUse);
  }, [entries, navigation.state, runtime]);

  // the pages' own titles (usePageTitle), by the data they were shown for
  const [pageTitles] = useState(() => new WeakMap<PagePayload, string>());
  useScrollAndTitle(current, committed, navigationType, pageTitles);

  const visit = useMemo<Visit | null>(
    () =>
      current
        ? {
            locationKey: current.locationKey,
            pageUrl: current.pageUrl,
            moduleName: current.title,
            replace: navigationType === 'REPLACE',
          }
        : null,
    [current, navigationType],
  );
  runtime.useVisit(visit);

  const retry = useCallback(
    (routeId: string) => {
      runtime.forceReload.add(routeId);
      startTransition(() => {
        void revalidator.revalidate();
      });
    },
    [revalidator, runtime],
  );

  return (
    <>
      {entries.map((entry) => (
        <Activity key={entry.key} mode={entry.key === current?.key ? 'visible' : 'hidden'} name={entry.key}>
          <RouteFrame entry={entry} onRetry={retry} titles={pageTitles} />
        </Activity>
      ))}
    </>
  );
}

/** Scroll positions remembered, most recent last; the oldest go beyond this many. */
const MAX_SCROLL_POSITIONS = 100;
/** A restored position waits this long at most for the page to grow tall enough. */
const SCROLL_RESTORE_MAX_MS = 1500;

/** Saved scroll positions are per URL within a route entry: /home and /home?scId=2 each keep theirs. */
export function scrollKey(entry: Pick<RouteEntry, 'key' | 'pageUrl'>): string {
  return `${entry.key} ${entry.pageUrl}`;
}

/**
 * Where the window goes when `current` becomes the visible entry (null: stay put).
 * - Back/forward (POP) to a URL seen before: where it was left.
 * - A kept-alive page coming back from hidden (same data): where it was left, for the URL it shows.
 * - The same page with new data: the top; a replace within the page (filters in the URL) stays put.
 * - Any other page: the top.
 */
export function scrollTargetFor(
  current: RouteEntry,
  before: RouteEntry | null,
  committed: readonly RouteEntry[],
  navigationType: string,
  positions: ReadonlyMap<string, number>,
): number | null {
  const saved = positions.get(scrollKey(current));
  if (before && before.key === current.key) {
    if (navigationType === 'POP' && saved !== undefined) return saved;
    return before.payload === current.payload || navigationType === 'REPLACE' ? null : 0;
  }
  const hidden = committed.find((e) => e.key === current.key && e.payload === current.payload);
  if (hidden) return positions.get(scrollKey(current)) ?? positions.get(scrollKey(hidden)) ?? 0;
  if (navigationType === 'POP' && saved !== undefined) return saved;
  return 0;
}

/**
 * Window scroll per URL: see scrollTargetFor. A restored position may need the page to finish
 * rendering (a page suspended on its data, images without a size yet): the window follows it for
 * a moment, until the page is tall enough, the user scrolls or another navigation starts.
 */
function useScrollAndTitle(
  current: RouteEntry | null,
  committed: readonly RouteEntry[],
  navigationType: string,
  pageTitles: WeakMap<PagePayload, string>,
) {
  const positions = useRef(new Map<string, number>());
  const activeKey = useRef<string | null>(null);
  const previous = useRef<RouteEntry | null>(null);
  const restoring = useRef<{ cancel: () => void } | null>(null);

  const remember = (key: string, top: number) => {
    const map = positions.current;
    map.delete(key);
    map.set(key, top);
    if (map.size > MAX_SCROLL_POSITIONS) map.delete(map.keys().next().value!);
  };

  // a layout effect: listening from the first commit on, so a scroll right after the page appears counts
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (activeKey.current && !restoring.current) remember(activeKey.current, window.scrollY);
    };
    const stopRestoring = () => restoring.current?.cancel();
    window.addEventListener('scroll', onScroll, { passive: true });
    // the user takes over: a restore in progress stops
    window.addEventListener('wheel', stopRestoring, { passive: true });
    window.addEventListener('touchstart', stopRestoring, { passive: true });
    window.addEventListener('keydown', stopRestoring);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('wheel', stopRestoring);
      window.removeEventListener('touchstart', stopRestoring);
      window.removeEventListener('keydown', stopRestoring);
      stopRestoring();
    };
  }, []);

  useLayoutEffect(() => {
    if (!current) return;
    const before = previous.current;
    if (before && before.locationKey === current.locationKey) return;
    previous.current = current;
    document.title = documentTitle(pageTitles.get(current.payload) ?? current.title);
    restoring.current?.cancel();

    const top = scrollTargetFor(current, before, committed, navigationType, positions.current);
    const key = scrollKey(current);
    activeKey.current = key;
    if (top === null) {
      remember(key, window.scrollY);
      return;
    }
    window.scrollTo({ top, left: 0, behavior: 'instant' });
    remember(key, top);
    if (top > 0 && Math.abs(window.scrollY - top) > 1) restoring.current = followUntilReached(key, top);

    function followUntilReached(forKey: string, target: number): { cancel: () => void } {
      const started = performance.now();
      let frame = 0;
      const handle = {
        cancel: () => {
          cancelAnimationFrame(frame);
          if (restoring.current === handle) restoring.current = null;
          if (activeKey.current === forKey) remember(forKey, window.scrollY);
        },
      };
      const step = () => {
        if (activeKey.current !== forKey) return handle.cancel();
        window.scrollTo({ top: target, left: 0, behavior: 'instant' });
        if (Math.abs(window.scrollY - target) <= 1 || performance.now() - started > SCROLL_RESTORE_MAX_MS) {
          return handle.cancel();
        }
        frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
      return handle;
    }
  }, [current, committed, navigationType, pageTitles]);
}

const RouteFrame = memo(function RouteFrame({
  entry,
  onRetry,
  titles,
}: {
  readonly entry: RouteEntry;
  readonly onRetry: (routeId: string) => void;
  readonly titles: WeakMap<PagePayload, string>;
}) {
  const { payload } = entry;
  const retry = useCallback(() => onRetry(payload.routeId), [onRetry, payload.routeId]);
  const setTitle = useCallback(
    (title: string) => {
      titles.set(payload, title);
      document.title = documentTitle(title);
    },
    [titles, payload],
  );
  if (payload.error || !payload.Page) {
    return <ErrorView title="页面加载失败" description="页面资源加载失败，请检查网络后重试。" onRetry={retry} />;
  }
  const Page = payload.Page as ComponentType<PageProps<OperationType>>;
  return (
    <PageTitleContext.Provider value={setTitle}>
      <RouteErrorBoundary resetKey={payload} onRetry={retry}>
        <Suspense fallback={<PageSkeleton />}>
          {payload.queryRef ? (
            <Page queryRef={payload.queryRef} search={entry.search} />
          ) : (
            <Page queryRef={undefined as never} search={entry.search} />
          )}
        </Suspense>
      </RouteErrorBoundary>
    </PageTitleContext.Provider>
  );
});
