/**
 * Relay connections over the upstream's two paging styles. Cursors are opaque offsets
 * (base64 "cursor:<offset>"); `after` points at the last edge seen, so the next window starts
 * one past it.
 */
import { MAX_PAGE_SIZE } from './args';
import { badUserInput } from './errors';

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

/** totalCount: null where the upstream gives no total (connectionFromRange); paged lists always know it. */
export interface Connection<T, TotalCount extends number | null = number | null> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
  totalCount: TotalCount;
}

/** The slice [offset, offset + first) a connection field is asked for. */
export interface Window {
  offset: number;
  first: number;
}

export interface Page<T> {
  totalCount: number;
  dataList: T[];
}

const CURSOR_PREFIX = 'cursor:';

export function encodeCursor(offset: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${offset}`, 'utf8').toString('base64');
}

export function decodeCursor(cursor: string): number | null {
  if (cursor.length > 64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  if (!text.startsWith(CURSOR_PREFIX)) return null;
  const digits = text.slice(CURSOR_PREFIX.length);
  if (!/^\d{1,9}$/.test(digits)) return null;
  return Number(digits);
}

/**
 * `maxFirst` is 100 for the public lists; the personal centre's lists of the viewer's own records go
 * up to their spec page sizes (product-spec §9: 10000 / 1000), one upstream page each.
 */
export function readWindow(
  first: number | null | undefined,
  after: string | null | undefined,
  defaultFirst: number,
  maxFirst: number = MAX_PAGE_SIZE,
): Window {
  const size = first ?? defaultFirst;
  if (!Number.isInteger(size) || size < 1 || size > maxFirst) {
    throw badUserInput(`参数 first 必须是 1 到 ${maxFirst} 之间的整数`, 'first');
  }
  if (after === null || after === undefined || after === '') return { offset: 0, first: size };
  const last = decodeCursor(after);
  if (last === null) throw badUserInput('参数 after 不是有效的分页游标', 'after');
  return { offset: last + 1, first: size };
}

export function connectionFromSlice<T, TotalCount extends number | null = number | null>(
  nodes: T[],
  offset: number,
  totalCount: TotalCount,
  hasNextPage: boolean,
): Connection<T, TotalCount> {
  const edges = nodes.map((node, index) => ({ cursor: encodeCursor(offset + index), node }));
  return {
    edges,
    totalCount,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/**
 * Maps a window onto pageIndex/pageSize paging with pageSize = first. An aligned window is one
 * page; an odd offset straddles two pages, fetched one after the other (the second only when the
 * first says there is more), then sliced.
 */
export async function connectionFromPages<T>(
  window: Window,
  fetchPage: (pageIndex: number, pageSize: number) => Promise<Page<T>>,
): Promise<Connection<T, number>> {
  const { offset, first } = window;
  const pageSize = first;
  const firstPageIndex = Math.floor(offset / pageSize) + 1;
  const lastPageIndex = Math.floor((offset + first - 1) / pageSize) + 1;

  const head = await fetchPage(firstPageIndex, pageSize);
  let totalCount = head.totalCount;
  const items = [...head.dataList];
  if (lastPageIndex > firstPageIndex && firstPageIndex * pageSize < totalCount) {
    const tail = await fetchPage(lastPageIndex, pageSize);
    totalCount = tail.totalCount;
    items.push(...tail.dataList);
  }
  const start = offset - (firstPageIndex - 1) * pageSize;
  const nodes = items.slice(start, start + first);
  // A short page ends the list even when the total says there is more: an upstream may stop
  // serving deep pages (search answers hits only up to position 5 000) and a client that kept
  // asking would loop on empty pages.
  return connectionFromSlice(nodes, offset, totalCount, nodes.length === first && offset + nodes.length < totalCount);
}

/**
 * Maps a window onto startIndex/endIndex positions, for lists without a total: there is a next
 * page as long as a load returns as many items as it asked for (product-spec §4).
 */
export async function connectionFromRange<T>(
  window: Window,
  fetchRange: (startIndex: number, endIndex: number) => Promise<T[]>,
): Promise<Connection<T>> {
  const nodes = (await fetchRange(window.offset, window.offset + window.first)).slice(0, window.first);
  return connectionFromSlice(nodes, window.offset, null, nodes.length === window.first);
}
