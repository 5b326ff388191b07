/**
 * upstream/API.md "Main API: search": the overview and the tabs of one keyword (SearchByKeyWord),
 * the counts, catalogue suggestions and hot keywords. The keyword is already trimmed and checked
 * (graphql/args.ts requireKeyword); the upstream checks it again, and its refusal of it is a
 * refusal of the `keyword` parameter (UpstreamRefusal.parameter).
 */
import { CODE_BAD_PARAMETER, CODE_READ_OK } from '../envelope';
import { UpstreamError, UpstreamRefusal } from '../errors';
import type {
  RestAuthorHit,
  RestCatalogueHit,
  RestCourseHit,
  RestHotKeyword,
  RestSuggestions,
  RestKnowledgePoint,
  RestPage,
  RestSearchCounts,
  RestSearchResult,
  RestTopicHit,
} from '../types';
import type { LecturersApi } from './lecturers';
import type { MainApiCalls, Params } from './calls';

/** SearchByKeyWord's type for one tab, and the group of the answer that holds its hits. */
export interface SearchGroups {
  course: RestCourseHit;
  video: RestKnowledgePoint;
  special: RestTopicHit;
  author: RestAuthorHit;
}
export type SearchTab = keyof SearchGroups;

const SEARCH_GROUP: { [tab in SearchTab]: keyof RestSearchResult } = {
  course: 'courseData',
  video: 'keyframesData',
  special: 'specialData',
  author: 'authorData',
};

/** The overview (type all): courses paged like the 课程 tab's first page (product-spec §9: 21). */
export const SEARCH_PAGE_SIZE = 21;

/** A 4000 of the search calls about the keyword (API.md's keyword rules) names the argument. */
const KEYWORD_REFUSAL = /关键词/;

export class SearchApi {
  constructor(
    private readonly calls: MainApiCalls,
    /** the lecturers found are primed there: Author fields of a hit cost no further call */
    private readonly lecturers: LecturersApi,
  ) {}

  /** The 综合 tab: the first page of courses and the previews of every other group, in one call. */
  async overview(keyword: string, catalogId: number): Promise<Required<RestSearchResult>> {
    const answer = await this.byKeyword('all', { keyword, catalogId, pageIndex: 1, pageSize: SEARCH_PAGE_SIZE });
    const overview = {
      courseData: this.group(answer, 'courseData'),
      keyframesData: this.group(answer, 'keyframesData'),
      specialData: this.group(answer, 'specialData'),
      authorData: this.group(answer, 'authorData'),
    };
    this.lecturers.prime(overview.authorData.dataList);
    return overview;
  }

  /** One page of one tab's hits. */
  async page<T extends SearchTab>(
    tab: T,
    args: { keyword: string; catalogId: number; pageIndex: number; pageSize: number },
  ): Promise<RestPage<SearchGroups[T]>> {
    const answer = await this.byKeyword(tab, args);
    const page = this.group(answer, SEARCH_GROUP[tab]) as RestPage<SearchGroups[T]>;
    if (tab === 'author') this.lecturers.prime(page.dataList as RestAuthorHit[]);
    return page;
  }

  async counts(keyword: string, catalogId: number): Promise<RestSearchCounts> {
    const { comId } = await this.calls.organisation();
    return this.read<RestSearchCounts>('/api/search/GetSearchCountByKeyWord', {
      SearchByKeyWord: keyword,
      catalogId,
      comId,
    });
  }

  /** Catalogue nodes whose name matches: exact name first (SearchCatalog). */
  catalogueHits(keyword: string, limit: number): Promise<RestCatalogueHit[]> {
    return this.read<RestCatalogueHit[]>('/api/search/SearchCatalog', { keyWord: keyword, limit });
  }

  /** What the search box suggests as one types: hot keywords, course and lecturer names (SuggestKeyWord). */
  suggestions(keyword: string, limit: number): Promise<RestSuggestions> {
    return this.read<RestSuggestions>('/api/search/SuggestKeyWord', { keyWord: keyword, limit });
  }

  hotKeywords(limit: number): Promise<RestHotKeyword[]> {
    return this.calls.read<RestHotKeyword[]>('/api/search/GetHotKeyWord', { limit });
  }

  /** A read of the search calls: a 4000 about the keyword is a refusal of the `keyword` parameter. */
  private async read<T>(path: string, params: Params): Promise<T> {
    const envelope = await this.calls.rest.load({ path, params });
    if (envelope.code === CODE_BAD_PARAMETER && KEYWORD_REFUSAL.test(envelope.message ?? '')) {
      throw new UpstreamRefusal(path, CODE_BAD_PARAMETER, envelope.message, 'keyword');
    }
    return this.calls.expectRead<T>(path, envelope);
  }

  /** comId as the topic calls send it, and the signed-in viewer's userId (else none: the address counts). */
  private async searcher(): Promise<{ comId: number; userId: number | undefined }> {
    const [{ comId }, userId] = await Promise.all([this.calls.organisation(), this.calls.viewerUserId()]);
    return { comId, userId: userId ?? undefined };
  }

  private async byKeyword(
    type: 'all' | SearchTab,
    args: { keyword: string; catalogId: number; pageIndex: number; pageSize: number },
  ): Promise<RestSearchResult> {
    const { comId, userId } = await this.searcher();
    return this.read<RestSearchResult>('/api/search/SearchByKeyWord', {
      SearchByKeyWord: args.keyword,
      type,
      pageIndex: args.pageIndex,
      pageSize: args.pageSize,
      catalogId: args.catalogId,
      comId,
      userId,
    });
  }

  private group<K extends keyof RestSearchResult>(answer: RestSearchResult, key: K): NonNullable<RestSearchResult[K]> {
    const group = answer?.[key];
    if (!group || !Array.isArray(group.dataList)) {
      throw new UpstreamError(
        'bad-response',
        '/api/search/SearchByKeyWord',
        null,
        CODE_READ_OK,
        `the answer has no ${key}`,
      );
    }
    return group as NonNullable<RestSearchResult[K]>;
  }
}
