/**
 * One search (Query.search) and its hits. Each field of Search is one upstream call (weighed in
 * yoga/limits.ts), identical calls of the operation sent once (the REST loader): the counts
 * (GetSearchCountByKeyWord), the 综合 overview (SearchByKeyWord type all, page 1 of 21) and one
 * connection per tab (type course / video / special / author, 21 a page, product-spec §9).
 * A hit's course, topic or lecturer is the upstream item itself, so Course, Topic and Author map it
 * as they map any list's item; its highlighted fields become TextSegment pieces (graphql/highlight.ts).
 */
import { connectionFromPages, readWindow } from '../graphql/connection';
import { toGlobalId } from '../graphql/globalId';
import { segmentsOf } from '../graphql/highlight';
import type {
  AuthorHitConnectionResult,
  AuthorHitParent,
  CatalogueParent,
  CatalogueSuggestionParent,
  CourseHitConnectionResult,
  CourseHitParent,
  KnowledgePointConnectionResult,
  KnowledgePointParent,
  NoArgs,
  Resolver,
  SearchArgs,
  SearchCountsResult,
  SearchOverviewResult,
  SearchParent,
  TopicHitConnectionResult,
  TopicHitParent,
} from '../graphql/types';
import { SEARCH_PAGE_SIZE, type SearchGroups, type SearchTab } from '../upstream/mainApi';
import type { RestPage } from '../upstream/types';
import type { GatewayContext } from '../context';

type Field<R, A = NoArgs> = Resolver<SearchParent, A, R>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const int = (value: unknown): number => (Number.isFinite(Number(value)) ? Math.trunc(Number(value)) : 0);

const counts: Field<SearchCountsResult> = async (search, _args, { api }) => {
  const found = await api.search.counts(search.keyword, search.catalogueId);
  return {
    courseCount: int(found?.courseCount),
    knowledgePointCount: int(found?.videoCount),
    topicCount: int(found?.specialCount),
    authorCount: int(found?.authorCount),
  };
};

const overview: Field<SearchOverviewResult> = async (search, _args, { api }) => {
  const { courseData, keyframesData, specialData, authorData } = await api.search.overview(search.keyword, search.catalogueId);
  return {
    courses: courseData.dataList,
    courseCount: int(courseData.totalCount),
    knowledgePoints: keyframesData.dataList,
    knowledgePointCount: int(keyframesData.totalCount),
    topics: specialData.dataList,
    topicCount: int(specialData.totalCount),
    authors: authorData.dataList,
    authorCount: int(authorData.totalCount),
  };
};

/** A tab's connection: its window mapped onto pageIndex/pageSize (pageSize = first, connection.ts). */
function tab<T extends SearchTab>(name: T) {
  return (search: SearchParent, args: SearchArgs['courses'], { api }: GatewayContext) =>
    connectionFromPages(
      readWindow(args.first, args.after, SEARCH_PAGE_SIZE),
      (pageIndex, pageSize): Promise<RestPage<SearchGroups[T]>> =>
        api.search.page(name, { keyword: search.keyword, catalogId: search.catalogueId, pageIndex, pageSize }),
    );
}

const courses: Field<CourseHitConnectionResult, SearchArgs['courses']> = tab('course');
const knowledgePoints: Field<KnowledgePointConnectionResult, SearchArgs['knowledgePoints']> = tab('video');
const topics: Field<TopicHitConnectionResult, SearchArgs['topics']> = tab('special');
const authors: Field<AuthorHitConnectionResult, SearchArgs['authors']> = tab('author');

export const Search = {
  keyword: (search: SearchParent) => search.keyword,
  catalogueId: (search: SearchParent) => search.catalogueId,
  counts,
  overview,
  courses,
  knowledgePoints,
  topics,
  authors,
};

// ---- hits ---------------------------------------------------------------------------------------

export const CourseHit = {
  course: (hit: CourseHitParent) => hit,
  name: (hit: CourseHitParent) => segmentsOf(hit.highlight?.courseName, hit.courseName),
  info: (hit: CourseHitParent) => segmentsOf(hit.highlight?.courseInfo, hit.courseInfo, { snippet: true }),
  authorName: (hit: CourseHitParent) => segmentsOf(hit.highlight?.authorName, hit.authorName),
};

export const TopicHit = {
  // no courseList: Topic.courses reads the topic's detail for it
  topic: (hit: TopicHitParent) => hit,
  title: (hit: TopicHitParent) => segmentsOf(hit.highlight?.title, hit.title),
  info: (hit: TopicHitParent) => segmentsOf(hit.highlight?.info, hit.info, { snippet: true }),
};

export const AuthorHit = {
  author: (hit: AuthorHitParent) => hit,
  name: (hit: AuthorHitParent) => segmentsOf(hit.highlight?.name, hit.name),
  position: (hit: AuthorHitParent) => segmentsOf(hit.highlight?.authorposition, hit.authorposition),
};

/** 05:12, or 1:02:03 from an hour (the upstream's keyPointsShow, when it sends none). */
export function formatTimePoint(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

/** The player at the knowledge point's second: /Play?courseId=&catalogId=&videoId=&vtime= (product-spec §2). */
export function knowledgePointPlayPath(point: KnowledgePointParent): string {
  const params = new URLSearchParams({
    courseId: String(int(point.courseId)),
    catalogId: String(int(point.catalogId)),
    videoId: String(int(point.videoId)),
    vtime: String(Math.max(0, int(point.timePoint))),
  });
  return `/Play?${params.toString()}`;
}

export const KnowledgePoint = {
  id: (point: KnowledgePointParent) => toGlobalId('KnowledgePoint', text(point.id)),
  kind: (point: KnowledgePointParent) =>
    point.kind === 'transcript' || (point.kind === undefined && text(point.id).startsWith('t-')) ? 'TRANSCRIPT' : 'KEYFRAME',
  timePoint: (point: KnowledgePointParent) => Math.max(0, int(point.timePoint)),
  timePointShow: (point: KnowledgePointParent) => text(point.keyPointsShow) || formatTimePoint(int(point.timePoint)),
  keyPoints: (point: KnowledgePointParent) => segmentsOf(point.highlight?.keyPoints, point.keyPoints),
  text: (point: KnowledgePointParent) => segmentsOf(point.highlight?.description, point.description, { snippet: true }),
  videoId: (point: KnowledgePointParent) => int(point.videoId),
  videoName: (point: KnowledgePointParent) => segmentsOf(point.highlight?.videoName, point.videoName),
  videoImage: (point: KnowledgePointParent) => text(point.videoImage),
  courseId: (point: KnowledgePointParent) => int(point.courseId),
  catalogueId: (point: KnowledgePointParent) => int(point.catalogId),
  courseName: (point: KnowledgePointParent) => text(point.courseName),
  authorName: (point: KnowledgePointParent) => text(point.authorName),
  playPath: knowledgePointPlayPath,
};

/** From the subject tree, loaded once per operation (loaders/catalogueTree.ts). */
const suggestedCatalogue: Resolver<CatalogueSuggestionParent, NoArgs, CatalogueParent | null> = async (hit, _args, { catalogues }) =>
  (await catalogues.subjects()).byId.get(int(hit.id)) ?? null;

export const CatalogueSuggestion = {
  catalogueId: (hit: CatalogueSuggestionParent) => int(hit.id),
  level: (hit: CatalogueSuggestionParent) => int(hit.level ?? hit.catalogType),
  parentId: (hit: CatalogueSuggestionParent) => int(hit.parentId),
  name: (hit: CatalogueSuggestionParent) => segmentsOf(hit.highlight?.name, hit.name),
  catalogue: suggestedCatalogue,
};
