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
import { isPagePayload, type PagePayload, type PageProps, type RouteHandle, type RouteRuntime } from './routeTypes';
import { useVisitLog, type Visit } from './VisitLog';

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
export function mergeEntries(previous: readonly RouteEntry[], current: RouteEntry, maxHidden: number): readonly RouteEntry[] {
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
    if (entries !== committed) setCommitted(entries);
  }, [entries, committed, runtime]);

  useEffect(() => {
    if (navigation.state !== 'idle' || runtime.isNavigating()) return;
    const inUse: Array<PreloadedQuery<OperationType> | null> = entries.map((e) => e.payload.queryRef);
    for (const data of runtime.latestLoaderData()) if (isPagePayload(data)) inUse.push(data.queryRef);
    runtime.registry.sweep(inUse);
  }, [entries, navigation.state, runtime]);

  useScrollAndTitle(current, committed, navigationType);

  const visit = useMemo<Visit | null>(
    () => (current ? { locationKey: current.locationKey, pageUrl: current.pageUrl, moduleName: current.title } : null),
    [current],
  );
  useVisitLog(runtime.environment, visit);

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
          <RouteFrame entry={entry} onRetry={retry} />
        </Activity>
      ))}
    </>
  );
}

/**
 * Window scroll per entry: a page coming back from hidden gets its position again, a new page
 * starts at the top, a replace navigation within the same page (filters in the URL) stays put.
 */
function useScrollAndTitle(current: RouteEntry | null, committed: readonly RouteEntry[], navigationType: string) {
  const positions = useRef(new Map<string, number>());
  const activeKey = useRef<string | null>(null);
  const previous = useRef<RouteEntry | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (activeKey.current) positions.current.set(activeKey.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    if (!current) return;
    const before = previous.current;
    if (before && before.locationKey === current.locationKey) return;
    previous.current = current;
    document.title = documentTitle(current.title);

    let top: number | null;
    if (before && before.key === current.key) {
      // Same page, another URL: new data scrolls to the top unless it only replaced the URL.
      top = before.payload === current.payload || navigationType === 'REPLACE' ? null : 0;
    } else {
      const cameBack = committed.some((e) => e.key === current.key && e.payload === current.payload);
      top = cameBack ? (positions.current.get(current.key) ?? 0) : 0;
    }
    activeKey.current = current.key;
    if (top !== null) {
      window.scrollTo({ top, left: 0, behavior: 'instant' });
      positions.current.set(current.key, top);
    }
  }, [current, committed, navigationType]);
}

const RouteFrame = memo(function RouteFrame({
  entry,
  onRetry,
}: {
  readonly entry: RouteEntry;
  readonly onRetry: (routeId: string) => void;
}) {
  const { payload } = entry;
  const retry = useCallback(() => onRetry(payload.routeId), [onRetry, payload.routeId]);
  if (payload.error || !payload.Page) {
    return <ErrorView title="页面加载失败" description="页面资源加载失败，请检查网络后重试。" onRetry={retry} />;
  }
  const Page = payload.Page as ComponentType<PageProps<OperationType>>;
  return (
    <RouteErrorBoundary resetKey={payload} onRetry={retry}>
      <Suspense fallback={<PageSkeleton />}>
        {payload.queryRef ? (
          <Page queryRef={payload.queryRef} search={entry.search} />
        ) : (
          <Page queryRef={undefined as never} search={entry.search} />
        )}
      </Suspense>
    </RouteErrorBoundary>
  );
});
