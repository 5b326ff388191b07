/**
 * The main API in the product's terms, one instance per GraphQL request (or per plain HTTP request
 * that acts for the viewer). Its sections follow upstream/API.md's: resolvers call
 * `api.<section>.<method>`, and each section is where that part's REST paths, parameter names,
 * page mapping and codes live (./main-api/). All of them share the request's calls (main-api/calls.ts):
 * reads go through the request's REST loader (de-duplicated), lecturers through a batching loader.
 * It speaks REST and throws only the transport's errors (./errors.ts): what they mean to a client is
 * decided above it.
 */
import type { RequestScope, UpstreamClient } from './client';
import { AIApi } from './main-api/ai';
import { LecturersApi } from './main-api/lecturers';
import { MainApiCalls, type Organisation } from './main-api/calls';
import { CatalogueApi } from './main-api/catalogue';
import { CenterApi } from './main-api/center';
import { CommonApi } from './main-api/common';
import { PlayApi } from './main-api/play';
import { SearchApi } from './main-api/search';
import { TopicsApi } from './main-api/topics';

export type { Organisation } from './main-api/calls';
export type { CourseOrderBy } from './main-api/catalogue';
export type { NoteType } from './main-api/center';
export type { OperateType, PlayLogFields, VideoNoteType } from './main-api/play';
export { SEARCH_PAGE_SIZE, type SearchGroups, type SearchTab } from './main-api/search';
export type { OperationResult } from './operations';

export class MainApi {
  /** catalogue and courses: the trees, counts, course lists, the home's lists and banners */
  readonly catalogue: CatalogueApi;
  /** lecturers: lists, detail, one by id (batched) */
  readonly lecturers: LecturersApi;
  readonly topics: TopicsApi;
  readonly search: SearchApi;
  /** play page, operations, play logs, comments */
  readonly play: PlayApi;
  readonly ai: AIApi;
  /** the personal centre: the viewer's own lists and their deletions */
  readonly center: CenterApi;
  /** logging and common: the visit log, the client's address */
  readonly common: CommonApi;

  constructor(
    client: UpstreamClient,
    readonly scope: RequestScope,
    productId: number,
    organisation: () => Promise<Organisation>,
    /** the signed-in viewer's user id, null for anyone else (the search calls send it) */
    viewerUserId: () => Promise<number | null>,
  ) {
    const calls = new MainApiCalls(client, scope, productId, organisation, viewerUserId);
    this.catalogue = new CatalogueApi(calls);
    this.lecturers = new LecturersApi(calls);
    this.topics = new TopicsApi(calls);
    this.search = new SearchApi(calls, this.lecturers);
    this.play = new PlayApi(calls);
    this.ai = new AIApi(calls);
    this.center = new CenterApi(calls);
    this.common = new CommonApi(calls);
  }
}
