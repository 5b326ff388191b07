/**
 * The main API in the product's terms, one instance per GraphQL request. Resolvers call these
 * methods; this is where REST paths, parameter names, page mapping and codes live. Reads go through
 * the request's REST loader (de-duplicated), lecturers through a batching loader, the catalogue
 * trees are loaded once per operation.
 */
import DataLoader from 'dataloader';
import { badUserInput, notFound } from '../graphql/errors';
import { buildCatalogueIndex, type CatalogueIndex } from '../loaders/catalogueTree';
import { createRestLoader, type RestLoader } from '../loaders/restLoader';
import type { RequestScope, UpstreamClient } from './client';
import {
  CODE_BAD_PARAMETER,
  CODE_NOT_FOUND,
  CODE_OPERATION_OK,
  CODE_READ_OK,
  type Envelope,
} from './envelope';
import { UpstreamError } from './errors';
import type { ParamValue } from './sign';
import type {
  RestAuthor,
  RestAuthorDetail,
  RestBanner,
  RestCatalogue,
  RestCourse,
  RestPage,
  RestPlayPageData,
  RestResourceCount,
  RestTopic,
} from './types';

/** The organisation the calls are made for: the site's (product-spec §1) until accounts arrive. */
export interface Tenant {
  productId: number;
  comId: number;
  comCode: string;
}

/** Sort values of product-spec §9 / API.md. */
export type CourseOrderBy = 'b.PublishTime' | 'ViewCount' | 'NoteCount' | 'collectCount';

/** How many lecturers one list call reads when several are wanted at once (upstream pageSize max). */
const AUTHOR_LIST_PAGE = 100;

/** Outcome of an operation call: success, or the upstream's sentence for the user. */
export type OperationResult<T> = { ok: true; items: T } | { ok: false; code: number; message: string };

export class MainApi {
  readonly rest: RestLoader;
  private readonly authors: DataLoader<number, RestAuthor | null>;
  private subjectTree?: Promise<CatalogueIndex>;
  private authorTree?: Promise<CatalogueIndex>;

  constructor(
    private readonly client: UpstreamClient,
    readonly scope: RequestScope,
    readonly tenant: Tenant,
  ) {
    this.rest = createRestLoader(client, scope);
    this.authors = new DataLoader((ids) => this.loadAuthors(ids));
  }

  // ---- reads: envelope handling -------------------------------------------------------------

  /** A read that must succeed: 4000 becomes BAD_USER_INPUT, 4004 NOT_FOUND, other codes an UpstreamError. */
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
    if (envelope.code === CODE_BAD_PARAMETER) throw badUserInput(envelope.message || '参数错误');
    if (envelope.code === CODE_NOT_FOUND) throw notFound(envelope.message || '内容不存在');
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
      productId: this.tenant.productId,
      startIndex,
      endIndex,
    });
  }

  selectedCourses(startIndex: number, endIndex: number): Promise<RestCourse[]> {
    return this.read<RestCourse[]>('/api/Recommend/GetSelectedCourses', {
      startIndex,
      endIndex,
      productId: this.tenant.productId,
    });
  }

  /** The play-page data of a course: the course and its videos. Null for an unknown course. */
  playData(courseId: number): Promise<RestPlayPageData | null> {
    return this.readOrNull<RestPlayPageData>('/api/play/GetPlayPageData', { courseId });
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

  topicsPage(pageIndex: number, pageSize: number): Promise<RestPage<RestTopic>> {
    return this.read<RestPage<RestTopic>>('/api/special/GetSpecialListByPage', { comId: this.tenant.comId, pageSize, pageIndex });
  }

  topic(id: number): Promise<RestTopic | null> {
    return this.readOrNull<RestTopic>('/api/special/GetSpecialDetails', { comId: this.tenant.comId, id });
  }

  /** Topics by sort order, excluding one (0 = none): the home carousel. */
  moreTopics(excludeId: number, limit: number): Promise<RestTopic[]> {
    return this.read<RestTopic[]>('/api/special/GetMoreSpecialList', { comId: this.tenant.comId, id: excludeId, limit });
  }

  /** The topic page's "more topics": those sharing most catalogues with it. */
  relatedTopics(id: number, limit: number): Promise<RestTopic[]> {
    return this.read<RestTopic[]>('/api/special/GetRelatedSpecialList', { comId: this.tenant.comId, id, limit });
  }

  // ---- banners, common ----------------------------------------------------------------------

  banners(limit: number): Promise<RestBanner[]> {
    return this.read<RestBanner[]>('/api/banner/GetList', { comCode: this.tenant.comCode, limit });
  }

  clientIp(): Promise<string | null> {
    return this.read<string | null>('/api/Common/GetIP', {});
  }

  // ---- operations (never de-duplicated: each is meant to happen) ----------------------------

  async addVisitLog(fields: Record<string, string>): Promise<OperationResult<string | number>> {
    const envelope = await this.client.call<string | number>({ method: 'POST', path: '/api/log/AddVisitLog', params: fields }, this.scope);
    return operationResult('/api/log/AddVisitLog', envelope);
  }
}

function operationResult<T>(path: string, envelope: Envelope<T>): OperationResult<T> {
  if (envelope.code === CODE_OPERATION_OK || envelope.code === CODE_READ_OK) return { ok: true, items: envelope.items };
  if (envelope.code === -1 || envelope.code === CODE_BAD_PARAMETER || envelope.code === CODE_NOT_FOUND) {
    return { ok: false, code: envelope.code, message: envelope.message };
  }
  throw new UpstreamError('rejected', path, null, envelope.code, 'unexpected code for an operation');
}
