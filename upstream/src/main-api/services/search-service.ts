/**
 * Site search (/search): hits of the four groups from the store's search engine, their records
 * and highlights, the counts of the tabs, catalogue suggestions, and the hot keywords from the
 * search log (upstream/API.md "Main API: search").
 */
import { isIP } from 'node:net';
import type { Logger } from '../../logger';
import { foldForMatch } from '../../search/analyzer';
import type { CatchUpReport, SearchHitId, SearchIndex } from '../../search/engine';
import type { MainApiData } from '../data';
import type { CatalogueRecord } from '../../store';
import { toAuthorHit, toCatalogueHit, toCourseHit, toKnowledgePointHit, toTopicHit } from '../search-presenters';
import type { CatalogueHit, HotKeyword, Paged, SearchCounts, SearchResult } from '../contract';

export const SEARCH_TYPES = ['all', 'course', 'video', 'special', 'author'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** product-spec §9: the all-tab previews */
export const PREVIEW_KNOWLEDGE_POINTS = 10;
export const PREVIEW_TOPICS = 4;
export const PREVIEW_LECTURERS = 8;
/** hot keywords count the searches of this many days (today included) */
export const HOT_KEYWORD_DAYS = 30;
/** SearchCatalog ranks at most this many matches before it picks the best `limit` */
const CATALOGUE_CANDIDATES = 200;
/** how long the start of the main API may spend indexing queued content before it serves */
const START_INDEXING_MS = 5_000;
/** how long a request may spend indexing queued content before it searches; the rest follows between requests */
const REQUEST_INDEXING_MS = 250;
/**
 * SearchByKeyWord serves the first this many hits of a group: a page past them is empty
 * (totalCount stays exact). Deeper pages cost a scan of every row before them, and nobody reads
 * 5 000 hits.
 */
export const MAX_SEARCH_POSITION = 5_000;
/** the hot keywords are read from the log at most once a minute per limit: every page shows them */
export const HOT_KEYWORDS_CACHE_MS = 60_000;

export interface SearchRequest {
  /** trimmed, 1..50 characters */
  keyword: string;
  type: SearchType;
  catalogId: number;
  pageIndex: number;
  pageSize: number;
  /** who searched, for the hot keywords: u:<userId> or ip:<address> */
  searcher: string;
}

export interface SearchService {
  search(request: SearchRequest): Promise<SearchResult>;
  counts(query: { keyword: string; catalogId: number }): Promise<SearchCounts>;
  catalogues(query: { keyword: string; limit: number }): Promise<CatalogueHit[]>;
  hotKeywords(limit: number): Promise<HotKeyword[]>;
}

/**
 * Who searched, for the hot keywords, when nobody is signed in: the end user's address. An IPv6
 * host usually holds a whole /64 and picks addresses in it at will, so it counts by its /64; an
 * IPv4-mapped address (::ffff:a.b.c.d) is the IPv4 address.
 */
export function anonymousSearcher(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return `ip:${mapped[1]}`;
  const bare = address.split('%')[0]!.toLowerCase();
  if (isIP(bare) !== 6) return `ip:${address}`;
  const [head = '', tail = ''] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = bare.includes('::') && tail ? tail.split(':') : [];
  // an embedded IPv4 tail (…:1.2.3.4) stands for two groups, never among the first four
  const tailLength = tailGroups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailLength)).fill('0');
  const prefix = [...headGroups, ...zeros, ...tailGroups].slice(0, 4).map((g) => g.replace(/^0+(?=.)/, ''));
  return `ip:${prefix.join(':')}::/64`;
}

export interface SearchServiceOptions {
  /** the clock of the search log and of the hot keywords' cache */
  now?: () => number;
  /** where indexing and search-log failures go (they never fail a search) */
  logger?: Logger;
}

export function createSearchService(store: MainApiData, options: SearchServiceOptions = {}): SearchService {
  const now = options.now ?? Date.now;
  const logger = options.logger;
  const report: CatchUpReport = (level, message, error) => {
    if (level === 'warn') logger?.warn(`${message}: ${error instanceof Error ? error.message : String(error)}`);
    else logger?.error(message, error);
  };

  // Content seeded or changed while no main API ran is queued: index it before serving (the
  // first request waits for it). catchUp never throws: a failure here must not keep the API from
  // starting (searches retry).
  const started = store.search.catchUp({ maxMs: START_INDEXING_MS, report });
  /** once per request, before its searches and counts */
  const catchUp = async () => {
    await started;
    await store.search.catchUp({ maxMs: REQUEST_INDEXING_MS, report });
  };

  async function recordSearch(keyword: string, searcher: string): Promise<void> {
    try {
      await store.searchLogs.record(keyword, searcher, now());
    } catch (error) {
      // best-effort: a lock held elsewhere (SQLITE_BUSY) or any other failure costs one count, not the search
      logger?.warn(`search log: not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const hotCache = new Map<number, { at: number; keywords: HotKeyword[] }>();

  async function group<I extends SearchIndex, T>(
    index: I,
    query: { keyword: string; catalogId: number; offset: number; limit: number },
    load: (ids: SearchHitId<I>[], terms: string[]) => Promise<T[]>,
  ): Promise<Paged<T>> {
    const limit = Math.min(query.limit, MAX_SEARCH_POSITION - query.offset);
    if (limit <= 0) {
      return {
        totalCount: await store.search.count(index, { keyword: query.keyword, catalogueId: query.catalogId }),
        dataList: [],
      };
    }
    const hits = await store.search.search(index, {
      keyword: query.keyword,
      catalogueId: query.catalogId,
      offset: query.offset,
      limit,
    });
    return { totalCount: hits.totalCount, dataList: hits.ids.length ? await load(hits.ids, hits.highlightTerms) : [] };
  }

  // Records are read one by one (a page is at most 100): an id the index still has but the content
  // no longer does (a change not applied yet) is left out.
  async function present<R, H>(
    ids: number[],
    get: (id: number) => Promise<R | null | undefined>,
    toHit: (record: R) => H,
  ) {
    const hits: H[] = [];
    for (const id of ids) {
      const record = await get(id);
      if (record) hits.push(toHit(record));
    }
    return hits;
  }
  const courses = (ids: number[], terms: string[]) => present(ids, store.courses.get, (c) => toCourseHit(c, terms));
  const knowledgePoints = async (ids: SearchHitId<'knowledgePoints'>[], terms: string[]) =>
    (await store.videos.knowledgePoints(ids)).map((k) => toKnowledgePointHit(k, terms));
  const topics = (ids: number[], terms: string[]) => present(ids, store.topics.get, (t) => toTopicHit(t, terms));
  const lecturers = (ids: number[], terms: string[]) => present(ids, store.lecturers.get, (l) => toAuthorHit(l, terms));

  return {
    async search({ keyword, type, catalogId, pageIndex, pageSize, searcher }) {
      await catchUp();
      const paged = { keyword, catalogId, offset: (pageIndex - 1) * pageSize, limit: pageSize };
      const preview = (limit: number) => ({ keyword, catalogId, offset: 0, limit });
      let result: SearchResult;
      switch (type) {
        case 'all': {
          // at once: an engine on a server (PostgreSQL) answers them on several connections
          const [courseData, keyframesData, specialData, authorData] = await Promise.all([
            group('courses', paged, courses),
            group('knowledgePoints', preview(PREVIEW_KNOWLEDGE_POINTS), knowledgePoints),
            group('topics', preview(PREVIEW_TOPICS), topics),
            group('lecturers', preview(PREVIEW_LECTURERS), lecturers),
          ]);
          result = { courseData, keyframesData, specialData, authorData };
          break;
        }
        case 'course':
          result = { courseData: await group('courses', paged, courses) };
          break;
        case 'video':
          result = { keyframesData: await group('knowledgePoints', paged, knowledgePoints) };
          break;
        case 'special':
          result = { specialData: await group('topics', paged, topics) };
          break;
        case 'author':
          result = { authorData: await group('lecturers', paged, lecturers) };
          break;
      }
      // a search that found something, seen once: the first page (later pages are the same search)
      const found = Object.values(result).some((g) => g !== undefined && g.totalCount > 0);
      if (pageIndex === 1 && found) await recordSearch(keyword, searcher);
      return result;
    },

    async counts({ keyword, catalogId }) {
      await catchUp();
      const query = { keyword, catalogueId: catalogId };
      const [courseCount, specialCount, authorCount, videoCount] = await Promise.all([
        store.search.count('courses', query),
        store.search.count('topics', query),
        store.search.count('lecturers', query),
        store.search.count('knowledgePoints', query),
      ]);
      return { courseCount, specialCount, authorCount, videoCount };
    },

    async catalogues({ keyword, limit }) {
      await catchUp();
      const hits = await store.search.search('catalogues', { keyword, offset: 0, limit: CATALOGUE_CANDIDATES });
      // compared as the index compares (café = cafe)
      const lower = foldForMatch(keyword);
      const ranked: { catalogue: CatalogueRecord; tier: number; rank: number }[] = [];
      for (const [rank, id] of hits.ids.entries()) {
        const catalogue = await store.catalogues.get(id);
        if (!catalogue) continue;
        const name = foldForMatch(catalogue.name);
        // the exact name, then names containing the keyword, then the rest by relevance
        const tier = name === lower ? 0 : name.includes(lower) ? 1 : 2;
        ranked.push({ catalogue, tier, rank: tier === 2 ? rank : 0 });
      }
      ranked.sort(
        (a, b) =>
          a.tier - b.tier ||
          a.rank - b.rank ||
          a.catalogue.level - b.catalogue.level ||
          a.catalogue.id - b.catalogue.id,
      );
      return ranked.slice(0, limit).map(({ catalogue }) => toCatalogueHit(catalogue, hits.highlightTerms));
    },

    async hotKeywords(limit) {
      // a minute stale at most (upstream/API.md): the count is of a month of searches anyway
      const at = now();
      const cached = hotCache.get(limit);
      if (cached && at >= cached.at && at - cached.at < HOT_KEYWORDS_CACHE_MS) return cached.keywords;
      const keywords = (await store.searchLogs.hot(limit, at, HOT_KEYWORD_DAYS)).map(({ keyword, count }) => ({
        keyWord: keyword,
        searchCount: count,
      }));
      hotCache.set(limit, { at, keywords });
      return keywords;
    },
  };
}
