/**
 * The main API in the product's terms, one instance per GraphQL request. Resolvers call these
 * methods; this is where REST paths, parameter names, page mapping and codes live. Reads go through
 * the request's REST loader (de-duplicated), lecturers through a batching loader, the catalogue
 * trees are loaded once per operation.
 */
import DataLoader from 'dataloader';
import { buildCatalogueIndex, type CatalogueIndex } from '../loaders/catalogueTree';
import { createRestLoader, type RestLoader } from '../loaders/restLoader';
import type { RestAIContent, RestAISuggestion } from '../ai/types';
import type { RequestScope, StreamAnswer, UpstreamClient } from './client';
import { CODE_BAD_PARAMETER, CODE_NOT_FOUND, CODE_READ_OK, CODE_REFUSED, type Envelope } from './envelope';
import { UpstreamError, UpstreamRefusal } from './errors';
import { operationResult, type OperationResult } from './operations';
import type { ParamValue } from './sign';
import type {
  RestAuthor,
  RestAuthorDetail,
  RestAuthorHit,
  RestBanner,
  RestCatalogue,
  RestCatalogueHit,
  RestCollectedCourse,
  RestCourse,
  RestCourseHit,
  RestCourseTag,
  RestDanmaku,
  RestFragment,
  RestHotKeyword,
  RestKnowledgePoint,
  RestMessage,
  RestNote,
  RestOperateState,
  RestPage,
  RestPlayLog,
  RestPlayPageData,
  RestResourceCount,
  RestSearchCounts,
  RestSearchResult,
  RestSubtitles,
  RestTopic,
  RestTopicHit,
  RestViewLog,
} from './types';

export type { OperationResult } from './operations';

/**
 * The organisation the calls are made for: the viewer's when they belong to one, else the site's
 * (product-spec §1). Asked for lazily: only the calls that name an organisation (topics, banners,
 * searches) wait for the viewer to be resolved.
 */
export interface Organisation {
  comId: number;
  comCode: string;
}

/** GetNoteList's noteType: the user's own notes, or the notes they collected (收录). */
export type NoteType = 0 | 1;

/** UserOperate's operateType: 0 like, 1 favourite. */
export type OperateType = 0 | 1;

/** The play page's GetNoteList noteType: 0 全部笔记 (public + the caller's private), 1 我的笔记. */
export type VideoNoteType = 0 | 1;

/** The play-log fields of AddPlayLog (product-spec §7 "Logging"); userId and the names are the gateway's. */
export interface PlayLogFields {
  /** the id of the previous report of this viewing; 0 = a new viewing */
  id: number;
  userId: number;
  userName: string;
  comId: number;
  comCode: string;
  comName: string;
  catalogId: number;
  courseId: number;
  courseName: string;
  videoName: string;
  videoId: number;
  videoCode: string;
  lastPlayTime: number;
  duration: number;
  stayTime: number;
  esLogId: string;
}

/** Sort values of product-spec §9 / API.md. */
export type CourseOrderBy = 'b.PublishTime' | 'ViewCount' | 'NoteCount' | 'collectCount';

/** How many lecturers one list call reads when several are wanted at once (upstream pageSize max). */
const AUTHOR_LIST_PAGE = 100;

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


export class MainApi {
  readonly rest: RestLoader;
  private readonly authors: DataLoader<number, RestAuthor | null>;
  private subjectTree?: Promise<CatalogueIndex>;
  private authorTree?: Promise<CatalogueIndex>;

  constructor(
    private readonly client: UpstreamClient,
    readonly scope: RequestScope,
    readonly productId: number,
    private readonly organisation: () => Promise<Organisation>,
    /**
     * The signed-in viewer's user id, null for anyone else: searches send it so that hot keywords
     * count people rather than addresses (a library's readers share one). Resolved with the
     * organisation, which the search calls need anyway.
     */
    private readonly viewerUserId: () => Promise<number | null>,
  ) {
    this.rest = createRestLoader(client, scope);
    this.authors = new DataLoader((ids) => this.loadAuthors(ids));
  }

  // ---- reads: envelope handling -------------------------------------------------------------

  /** A read that must succeed: 4000 and 4004 are the upstream's refusals (UpstreamRefusal), other codes an UpstreamError. */
  private async read<T>(path: string, params: Record<string, ParamValue>): Promise<T> {
    const envelope = await this.rest.load({ path, params });
    return this.expectRead<T>(path, envelope);
  }

  /** A read of one thing by id: unknown ids (4004) answer null. */
  private async readOrNull<T>(path: string, params: Record<string, ParamValue>): Promise<T | null> {
    const envelope = await this.rest.load({ path, params });
    if (envelope.code === CODE_NOT_FOUND) return null;
    return this.expectRead<T>(path, envelope);
  }

  private expectRead<T>(path: string, envelope: Envelope): T {
    if (envelope.code === CODE_READ_OK) return envelope.items as T;
    if (envelope.code === CODE_BAD_PARAMETER || envelope.code === CODE_NOT_FOUND) {
      throw new UpstreamRefusal(path, envelope.code, envelope.message ?? '');
    }
    throw new UpstreamError('rejected', path, null, envelope.code, 'unexpected code for a read');
  }

  // ---- catalogue ----------------------------------------------------------------------------

  subjectCatalogues(): Promise<CatalogueIndex> {
    this.subjectTree ??= this.read<RestCatalogue[]>('/api/catalog/GetCatalogListByParentId', { parentId: 0 }).then(
      (roots) => buildCatalogueIndex(roots ?? [], 'subject'),
    );
    return this.subjectTree;
  }

  authorCatalogues(): Promise<CatalogueIndex> {
    this.authorTree ??= this.read<RestCatalogue[]>('/api/catalog/GetCatalogResourceByAuthor', {}).then((roots) =>
      buildCatalogueIndex(roots ?? [], 'author'),
    );
    return this.authorTree;
  }

  /** The direct children of a catalogue with their course counts for a year (one call per parent). */
  catalogueChildrenCounts(parentId: number, year: number | undefined): Promise<RestCatalogue[]> {
    return this.read<RestCatalogue[]>('/api/catalog/GetCatalogList4', { catalogId: parentId, year });
  }

  resourceCount(catalogId: number, year: number | undefined): Promise<RestResourceCount> {
    return this.read<RestResourceCount>('/api/courses/GetCourseAndVideoCount', { catalogId, year });
  }

  statistics(year: number | undefined): Promise<RestResourceCount> {
    return this.read<RestResourceCount>('/api/courses/GetResourceStatistics', { catalogId: 0, year });
  }

  // ---- courses ------------------------------------------------------------------------------

  coursesOfCatalogue(args: {
    catalogId: number;
    year: number | undefined;
    orderBy: CourseOrderBy;
    pageIndex: number;
    pageSize: number;
  }): Promise<RestPage<RestCourse>> {
    return this.read<RestPage<RestCourse>>('/api/courses/GetListByCatalogId', { ...args });
  }

  relatedCourses(args: { courseId: number; catalogId: number; pageIndex: number; pageSize: number }): Promise<RestPage<RestCourse>> {
    return this.read<RestPage<RestCourse>>('/api/courses/GetRelevantList', { ...args });
  }

  recommendedCourses(startIndex: number, endIndex: number): Promise<RestCourse[]> {
    return this.read<RestCourse[]>('/api/Recommend/GetRecommendCourses', {
      productId: this.productId,
      startIndex,
      endIndex,
    });
  }

  selectedCourses(startIndex: number, endIndex: number): Promise<RestCourse[]> {
    return this.read<RestCourse[]>('/api/Recommend/GetSelectedCourses', {
      startIndex,
      endIndex,
      productId: this.productId,
    });
  }

  /** The play-page data of a course: the course and its videos. Null for an unknown course. */
  playData(courseId: number): Promise<RestPlayPageData | null> {
    return this.readOrNull<RestPlayPageData>('/api/play/GetPlayPageData', { courseId });
  }

  // ---- play page (issue 5) ------------------------------------------------------------------

  /**
   * The play page of a course for a signed-in user: the course, its videos, the video shown (videoId,
   * else the first) and the user's resume point; counts the course's viewCount once per user per video
   * a day. Null for an unknown course or a video not of the course (4004). The course and its videos are
   * the same as playData's, so that call is answered from this one for the rest of the operation.
   */
  async playPage(args: { courseId: number; catalogId: number; videoId: number; userId: number }): Promise<RestPlayPageData | null> {
    const path = '/api/play/GetPlayPageData';
    const envelope = await this.rest.load({
      path,
      params: { courseId: args.courseId, catalogId: args.catalogId || undefined, videoId: args.videoId || undefined, userId: args.userId },
    });
    if (envelope.code === CODE_NOT_FOUND) return null;
    const data = this.expectRead<RestPlayPageData>(path, envelope);
    this.rest.prime({ path, params: { courseId: args.courseId } }, envelope);
    return data;
  }

  courseTags(courseId: number): Promise<RestCourseTag[]> {
    return this.read<RestCourseTag[]>('/api/play/GetCourseTags', { courseId });
  }

  /** The user's like/favourite state of a video and its counts. */
  operateState(args: { courseId: number; catalogId: number; userId: number; videoId: number }): Promise<RestOperateState | null> {
    return this.readOrNull<RestOperateState>('/api/operate/GetUserOperateVideo', {
      productId: this.productId,
      courseId: args.courseId,
      catalogId: args.catalogId || undefined,
      userId: args.userId,
      videoId: args.videoId,
    });
  }

  /** The subtitles of a video; null when it has none (-1 该视频暂无字幕) or is unknown. */
  async subtitles(videoCode: string): Promise<RestSubtitles | null> {
    const path = '/api/play/GetSubtitlesManuscriptUrl';
    const envelope = await this.rest.load({ path, params: { videoCode } });
    if (envelope.code === CODE_REFUSED || envelope.code === CODE_NOT_FOUND) return null;
    return this.expectRead<RestSubtitles>(path, envelope);
  }

  /** The user's play record of a video (GetPalyLog, the spec's spelling), or null. */
  playLog(args: { courseId: number; catalogId: number; userId: number; videoId: number }): Promise<RestPlayLog | null> {
    return this.readOrNull<RestPlayLog | null>('/api/log/GetPalyLog', {
      courseId: args.courseId,
      catalogId: args.catalogId || undefined,
      userId: args.userId,
      videoId: args.videoId,
    });
  }

  /** The play page's notes of a video for the user, newest first. */
  videoNotes(args: { videoId: number; userId: number; noteType: VideoNoteType; pageIndex: number; pageSize: number }): Promise<RestPage<RestNote>> {
    return this.read<RestPage<RestNote>>('/api/play/GetNoteList', { ...args });
  }

  /**
   * Scrolling comments of a video between two seconds (the whole video by default), time order; none
   * for an unknown video. userId (the signed-in viewer's) marks their own comments `mine`.
   */
  async danmaku(args: { videoId: number; from: number | undefined; to: number | undefined; userId: number | undefined }): Promise<RestDanmaku[]> {
    return (await this.readOrNull<RestDanmaku[]>('/api/danmaku/GetList', { ...args })) ?? [];
  }

  // ---- lecturers ----------------------------------------------------------------------------

  async recommendedAuthors(startIndex: number, endIndex: number): Promise<RestAuthor[]> {
    const authors = await this.read<RestAuthor[]>('/api/Recommend/GetRecommendAuthor', { startIndex, endIndex });
    for (const author of authors) this.authors.prime(author.id, author);
    return authors;
  }

  async authorsPage(args: {
    catalogId: number;
    firstWord: string | undefined;
    sortType: number;
    pageIndex: number;
    pageSize: number;
  }): Promise<RestPage<RestAuthor>> {
    const page = await this.read<RestPage<RestAuthor>>('/api/author/GetListByPage', { ...args });
    for (const author of page.dataList) this.authors.prime(author.id, author);
    return page;
  }

  authorDetail(args: {
    id: number;
    catalogId: number;
    sortType: number;
    pageIndex: number;
    pageSize: number;
  }): Promise<RestAuthorDetail | null> {
    return this.readOrNull<RestAuthorDetail>('/api/author/AuthorDetail', { ...args });
  }

  author(id: number): Promise<RestAuthor | null> {
    return this.authors.load(id);
  }

  /**
   * Several lecturers wanted in one tick (e.g. Course.author on a page of courses): read the
   * lecturer list 100 at a time rather than one detail call each, unless that would take more
   * calls than the ids left to find. So the calls are at most min(ceil(total/100), 1 + ids).
   */
  private async loadAuthors(ids: readonly number[]): Promise<(RestAuthor | null)[]> {
    const found = new Map<number, RestAuthor>();
    const single = async (id: number) => {
      const detail = await this.authorDetail({ id, catalogId: 0, sortType: 0, pageIndex: 1, pageSize: 1 });
      if (detail) found.set(id, detail);
    };
    if (ids.length === 1) {
      await single(ids[0]!);
    } else {
      const missing = () => ids.filter((id) => !found.has(id));
      const first = await this.authorsPage({ catalogId: 0, firstWord: undefined, sortType: 0, pageIndex: 1, pageSize: AUTHOR_LIST_PAGE });
      for (const author of first.dataList) found.set(author.id, author);
      const pages = Math.ceil(first.totalCount / AUTHOR_LIST_PAGE);
      if (missing().length > 0 && pages > 1) {
        if (pages - 1 <= missing().length) {
          const rest = await Promise.all(
            Array.from({ length: pages - 1 }, (_, index) =>
              this.authorsPage({ catalogId: 0, firstWord: undefined, sortType: 0, pageIndex: index + 2, pageSize: AUTHOR_LIST_PAGE }),
            ),
          );
          for (const page of rest) for (const author of page.dataList) found.set(author.id, author);
        } else {
          await Promise.all(missing().map(single));
        }
      }
    }
    return ids.map((id) => found.get(id) ?? null);
  }

  // ---- topics -------------------------------------------------------------------------------

  async topicsPage(pageIndex: number, pageSize: number): Promise<RestPage<RestTopic>> {
    const { comId } = await this.organisation();
    return this.read<RestPage<RestTopic>>('/api/special/GetSpecialListByPage', { comId, pageSize, pageIndex });
  }

  async topic(id: number): Promise<RestTopic | null> {
    const { comId } = await this.organisation();
    return this.readOrNull<RestTopic>('/api/special/GetSpecialDetails', { comId, id });
  }

  /** Topics by sort order, excluding one (0 = none): the home carousel. */
  async moreTopics(excludeId: number, limit: number): Promise<RestTopic[]> {
    const { comId } = await this.organisation();
    return this.read<RestTopic[]>('/api/special/GetMoreSpecialList', { comId, id: excludeId, limit });
  }

  /** The topic page's "more topics": those sharing most catalogues with it. */
  async relatedTopics(id: number, limit: number): Promise<RestTopic[]> {
    const { comId } = await this.organisation();
    return this.read<RestTopic[]>('/api/special/GetRelatedSpecialList', { comId, id, limit });
  }

  // ---- search -------------------------------------------------------------------------------
  // The keyword is already trimmed and checked (graphql/args.ts requireKeyword); the upstream checks
  // it again, and its refusal is about the `keyword` parameter.

  /** A read of the search calls: a 4000 about the keyword is a refusal of the `keyword` parameter. */
  private async searchRead<T>(path: string, params: Record<string, ParamValue>): Promise<T> {
    const envelope = await this.rest.load({ path, params });
    if (envelope.code === CODE_BAD_PARAMETER && KEYWORD_REFUSAL.test(envelope.message ?? '')) {
      throw new UpstreamRefusal(path, CODE_BAD_PARAMETER, envelope.message, 'keyword');
    }
    return this.expectRead<T>(path, envelope);
  }

  /** comId as the topic calls send it, and the signed-in viewer's userId (else none: the address counts). */
  private async searcher(): Promise<{ comId: number; userId: number | undefined }> {
    const [{ comId }, userId] = await Promise.all([this.organisation(), this.viewerUserId()]);
    return { comId, userId: userId ?? undefined };
  }

  private async searchByKeyword(
    type: 'all' | SearchTab,
    args: { keyword: string; catalogId: number; pageIndex: number; pageSize: number },
  ): Promise<RestSearchResult> {
    const { comId, userId } = await this.searcher();
    return this.searchRead<RestSearchResult>('/api/search/SearchByKeyWord', {
      SearchByKeyWord: args.keyword,
      type,
      pageIndex: args.pageIndex,
      pageSize: args.pageSize,
      catalogId: args.catalogId,
      comId,
      userId,
    });
  }

  /** The 综合 tab: the first page of courses and the previews of every other group, in one call. */
  async searchOverview(keyword: string, catalogId: number): Promise<Required<RestSearchResult>> {
    const answer = await this.searchByKeyword('all', { keyword, catalogId, pageIndex: 1, pageSize: SEARCH_PAGE_SIZE });
    const overview = {
      courseData: this.searchGroup(answer, 'courseData'),
      keyframesData: this.searchGroup(answer, 'keyframesData'),
      specialData: this.searchGroup(answer, 'specialData'),
      authorData: this.searchGroup(answer, 'authorData'),
    };
    for (const author of overview.authorData.dataList) this.authors.prime(author.id, author);
    return overview;
  }

  /** One page of one tab's hits. */
  async searchPage<T extends SearchTab>(
    tab: T,
    args: { keyword: string; catalogId: number; pageIndex: number; pageSize: number },
  ): Promise<RestPage<SearchGroups[T]>> {
    const answer = await this.searchByKeyword(tab, args);
    const page = this.searchGroup(answer, SEARCH_GROUP[tab]) as RestPage<SearchGroups[T]>;
    if (tab === 'author') for (const author of page.dataList as RestAuthorHit[]) this.authors.prime(author.id, author);
    return page;
  }

  private searchGroup<K extends keyof RestSearchResult>(answer: RestSearchResult, key: K): NonNullable<RestSearchResult[K]> {
    const group = answer?.[key];
    if (!group || !Array.isArray(group.dataList)) {
      throw new UpstreamError('bad-response', '/api/search/SearchByKeyWord', null, CODE_READ_OK, `the answer has no ${key}`);
    }
    return group as NonNullable<RestSearchResult[K]>;
  }

  async searchCounts(keyword: string, catalogId: number): Promise<RestSearchCounts> {
    const { comId } = await this.organisation();
    return this.searchRead<RestSearchCounts>('/api/search/GetSearchCountByKeyWord', { SearchByKeyWord: keyword, catalogId, comId });
  }

  /** Catalogue nodes whose name matches: exact name first (SearchCatalog). */
  catalogueHits(keyword: string, limit: number): Promise<RestCatalogueHit[]> {
    return this.searchRead<RestCatalogueHit[]>('/api/search/SearchCatalog', { keyWord: keyword, limit });
  }

  hotKeywords(limit: number): Promise<RestHotKeyword[]> {
    return this.read<RestHotKeyword[]>('/api/search/GetHotKeyWord', { limit });
  }

  // ---- banners, common ----------------------------------------------------------------------

  async banners(limit: number): Promise<RestBanner[]> {
    const { comCode } = await this.organisation();
    return this.read<RestBanner[]>('/api/banner/GetList', { comCode, limit });
  }

  clientIp(): Promise<string | null> {
    return this.read<string | null>('/api/Common/GetIP', {});
  }

  // ---- personal centre: the viewer's own lists ----------------------------------------------
  // userId is always the signed-in viewer's (resolvers pass Viewer.userId), never a client's value.

  /** 我的课程: courses the user favourited, newest favourite first. */
  collectList(userId: number, pageIndex: number, pageSize: number): Promise<RestPage<RestCollectedCourse>> {
    return this.read<RestPage<RestCollectedCourse>>('/api/usercenter/GetCollectList', { userId, pageSize, pageIndex });
  }

  /** 我的笔记: the user's own notes (0) or the notes they collected (1), newest first. */
  notes(userId: number, noteType: NoteType, pageIndex: number, pageSize: number): Promise<RestPage<RestNote>> {
    return this.read<RestPage<RestNote>>('/api/usercenter/GetNoteList', { userId, noteType, pageIndex, pageSize });
  }

  /** 历史记录: at most 100 play records, newest first. */
  viewLogs(userId: number): Promise<RestViewLog[]> {
    return this.read<RestViewLog[]>('/api/usercenter/GetViewLogList', { userId });
  }

  messages(userId: number, pageIndex: number, pageSize: number): Promise<RestPage<RestMessage>> {
    return this.read<RestPage<RestMessage>>('/api/usercenter/GetMessageList', { userId, pageIndex, pageSize });
  }

  /** 截取片段 not yet expired, newest first. */
  fragments(userId: number, pageIndex: number, pageSize: number): Promise<RestPage<RestFragment>> {
    return this.read<RestPage<RestFragment>>('/api/usercenter/GetInterceptFragmentsList', {
      userId,
      productId: this.productId,
      pageSize,
      pageIndex,
    });
  }

  // ---- operations (never de-duplicated: each is meant to happen) ----------------------------

  private async operation<T>(method: 'GET' | 'POST', path: string, params: Record<string, ParamValue>): Promise<OperationResult<T>> {
    const envelope = await this.client.call<T>({ method, path, params }, this.scope);
    return operationResult(path, envelope);
  }

  clearViewLog(userId: number): Promise<OperationResult<number>> {
    return this.operation('POST', '/api/usercenter/ClearViewLog', { userId });
  }

  /** A GET that deletes (the upstream's contract): sent as an operation, never through the read loader. */
  deleteMessage(messageId: number, userId: number): Promise<OperationResult<unknown>> {
    return this.operation('GET', '/api/operate/DeleteMessage', { messageId, userId });
  }

  deleteFragment(id: number, userId: number): Promise<OperationResult<unknown>> {
    return this.operation('GET', '/api/usercenter/deleteInterceptFragments', { id, userId });
  }

  deleteNote(noteId: number, userId: number): Promise<OperationResult<unknown>> {
    return this.operation('POST', '/api/operate/DeleteNotes', { noteId, userId });
  }

  uncollectNote(noteId: number, userId: number): Promise<OperationResult<unknown>> {
    return this.operation('POST', '/api/operate/DeleteCollectionNotes', { noteId, userId });
  }

  addVisitLog(fields: Record<string, string>): Promise<OperationResult<string | number>> {
    return this.operation('POST', '/api/log/AddVisitLog', fields);
  }

  // ---- play page operations (issue 5) -------------------------------------------------------

  /** Like (0) or favourite (1) a video, or cancel it (`on` false); answers the new state. */
  setOperation(args: {
    on: boolean;
    userId: number;
    videoId: number;
    courseId: number;
    operateType: OperateType;
    comId: number;
    catalogId: number;
  }): Promise<OperationResult<RestOperateState | null>> {
    const { on, ...params } = args;
    return this.operation('POST', on ? '/api/operate/UserOperate' : '/api/operate/CancelUserOperate', {
      ...params,
      comId: params.comId || undefined,
      catalogId: params.catalogId || undefined,
    });
  }

  addNote(args: {
    userId: number;
    userName: string;
    comId: number;
    videoId: number;
    courseId: number;
    catalogId: number;
    content: string;
    type: 0 | 1;
    vtime: number;
  }): Promise<OperationResult<RestNote | null>> {
    return this.operation('POST', '/api/operate/AddNote', {
      ...args,
      comId: args.comId || undefined,
      catalogId: args.catalogId || undefined,
    });
  }

  collectNote(args: { userId: number; noteId: number; userName: string }): Promise<OperationResult<unknown>> {
    return this.operation('POST', '/api/operate/CollectionNotes', { ...args });
  }

  /** A GET that cuts a fragment (the upstream's contract): an operation, never through the read loader. */
  clipVideo(args: {
    videoCode: string;
    userId: number;
    startTime: number;
    endTime: number;
    fragmentName: string;
  }): Promise<OperationResult<RestFragment | null>> {
    return this.operation('GET', '/api/play/ClipVideo', { ...args, productId: this.productId });
  }

  addPlayLog(fields: PlayLogFields): Promise<OperationResult<number | string | null>> {
    return this.operation('POST', '/api/log/AddPlayLog', { ...fields });
  }

  sendDanmaku(args: { userId: number; videoId: number; vtime: number; content: string }): Promise<OperationResult<RestDanmaku | null>> {
    return this.operation('POST', '/api/danmaku/Send', { ...args });
  }

  // ---- AI (issue 6) -------------------------------------------------------------------------

  /**
   * Asks the AI (GET /api/ai/flowQuestion): an event stream, or the envelope of a refusal made before
   * streaming (4000, -1, 4004). Never through the read loader: every question is its own answer.
   * userId is the signed-in viewer's. Aborting `signal` cancels the answer upstream.
   */
  askAI(
    args: { question: string; userId: number; clientId: string; model: 'chat' | 'reasoner'; courseId: number; videoId: number },
    signal: AbortSignal,
  ): Promise<StreamAnswer> {
    return this.client.stream(
      {
        path: '/api/ai/flowQuestion',
        params: {
          question: args.question,
          productId: this.productId,
          userId: args.userId,
          clientId: args.clientId,
          model: args.model,
          courseId: args.courseId || undefined,
          videoId: args.videoId || undefined,
        },
      },
      this.scope,
      signal,
    );
  }

  /** Suggested questions: the video's, else the course's, else general ones (GET /api/ai/recommend). */
  async aiSuggestions(args: { courseId: number; videoId: number; limit: number }): Promise<RestAISuggestion[]> {
    const items = await this.read<RestAISuggestion[] | null>('/api/ai/recommend', {
      courseId: args.courseId || undefined,
      videoId: args.videoId || undefined,
      limit: args.limit,
    });
    return Array.isArray(items) ? items : [];
  }

  /** The AI content of a video and its course; null while none was generated, or for an unknown video. */
  aiContent(videoId: number): Promise<RestAIContent | null> {
    return this.readOrNull<RestAIContent | null>('/api/ai/GetAIContent', { videoId });
  }
}

