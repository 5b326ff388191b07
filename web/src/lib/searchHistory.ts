import { useSyncExternalStore } from 'react';
import { SEARCH, SEARCH_HISTORY_KEY, TEXT_LIMIT } from '../constants';

/**
 * The local search history (§3 "search history entry: key", §9): newest first, deduplicated, at
 * most SEARCH.historyShown, in localStorage. Storage may be unusable (private mode, disabled
 * cookies, a full quota): the history then lives in memory for this page's life instead of
 * failing the search.
 */
type History = readonly string[];

const EMPTY: History = [];

/** The list when storage cannot be used (null while it can). */
let inMemory: History | null = null;
/** Last raw value read from storage and its parsed list: snapshots stay the same object until it changes. */
let cachedRaw: string | null | undefined;
let cached: History = EMPTY;

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // reading window.localStorage itself throws when storage is blocked
  }
}

function normalise(keyword: string): string {
  return [...keyword.trim()].slice(0, TEXT_LIMIT.siteSearch).join('');
}

function parse(raw: string | null): History {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    const keys = value
      .filter((k): k is string => typeof k === 'string')
      .map(normalise)
      .filter(Boolean);
    return [...new Set(keys)].slice(0, SEARCH.historyShown);
  } catch {
    return EMPTY;
  }
}

/** The history now, newest first (the same array until it changes). */
export function readSearchHistory(): History {
  if (inMemory) return inMemory;
  let raw: string | null;
  try {
    const store = storage();
    if (!store) return (inMemory = cached);
    raw = store.getItem(SEARCH_HISTORY_KEY);
  } catch {
    return (inMemory = cached);
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}

function write(next: History) {
  try {
    const store = storage();
    if (!store) throw new Error('no storage');
    if (next.length === 0) store.removeItem(SEARCH_HISTORY_KEY);
    else store.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
    inMemory = null;
  } catch {
    inMemory = next;
  }
  for (const listener of listeners) listener();
}

/** §4: making a search (or clicking a history or hot keyword) puts its keyword first. */
export function saveSearchKeyword(keyword: string): void {
  const key = normalise(keyword);
  if (!key) return;
  const previous = readSearchHistory();
  if (previous[0] === key) return;
  write([key, ...previous.filter((k) => k !== key)].slice(0, SEARCH.historyShown));
}

/** 清空 */
export function clearSearchHistory(): void {
  write(EMPTY);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // another tab of the site changed it
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SEARCH_HISTORY_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The history, re-rendering when it changes (here or in another tab). */
export function useSearchHistory(): History {
  return useSyncExternalStore(subscribe, readSearchHistory, () => EMPTY);
}
