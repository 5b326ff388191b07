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
import type { KnowledgePointParent, SearchParent } from '../graphql/models';
import type {
  AuthorHitResolvers,
  CatalogueSuggestionResolvers,
  CourseHitResolvers,
  Field,
  KnowledgePointResolvers,
  SearchcoursesArgs,
  SearchResolvers,
  TopicHitResolvers,
} from '../graphql/resolverTypes';
import { SEARCH_PAGE_SIZE, type SearchGroups, type SearchTab } from '../upstream/mainApi';
import type { RestPage } from '../upstream/types';
import type { GatewayContext } from '../context';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const int = (value: unknown): number => (Number.isFinite(Number(value)) ? Math.trunc(Number(value)) : 0);

const counts: Field<SearchResolvers, 'counts'> = async (search, _args, { api }) => {
  const found = await api.search.counts(search.keyword, search.catalogueId);
  return {
    courseCount: int(found?.courseCount),
    knowledgePointCount: int(found?.videoCount),
    topicCount: int(found?.specialCount),
    authorCount: int(found?.authorCount),
  };
};

const overview: Field<SearchResolvers, 'overview'> = async (search, _args, { api }) => {
  const { courseData, keyframesData, specialData, authorData } = await api.search.overview(
    search.keyword,
    search.catalogueId,
  );
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
  return (search: SearchParent, args: SearchcoursesArgs, { api }: GatewayContext) =>
    connectionFromPages(
      readWindow(args.first, args.after, SEARCH_PAGE_SIZE),
      (pageIndex, pageSize): Promise<RestPage<SearchGroups[T]>> =>
        api.search.page(name, { keyword: search.keyword, catalogId: search.catalogueId, pageIndex, pageSize }),
    );
}

const courses: Field<SearchResolvers, 'courses'> = tab('course');
const knowledgePoints: Field<SearchResolvers, 'knowledgePoints'> = tab('video');
const topics: Field<SearchResolvers, 'topics'> = tab('special');
const authors: Field<SearchResolvers, 'authors'> = tab('author');

export const Search = {
  keyword: (search) => search.keyword,
  catalogueId: (search) => search.catalogueId,
  counts,
  overview,
  courses,
  knowledgePoints,
  topics,
  authors,
} satisfies SearchResolvers;

// ---- hits ---------------------------------------------------------------------------------------

export const CourseHit = {
  course: (hit) => hit,
  name: (hit) => segmentsOf(hit.highlight?.courseName, hit.courseName),
  info: (hit) => segmentsOf(hit.highlight?.courseInfo, hit.courseInfo, { snippet: true }),
  authorName: (hit) => segmentsOf(hit.highlight?.authorName, hit.authorName),
} satisfies CourseHitResolvers;

export const TopicHit = {
  // no courseList: Topic.courses reads the topic's detail for it
  topic: (hit) => hit,
  title: (hit) => segmentsOf(hit.highlight?.title, hit.title),
  info: (hit) => segmentsOf(hit.highlight?.info, hit.info, { snippet: true }),
} satisfies TopicHitResolvers;

export const AuthorHit = {
  author: (hit) => hit,
  name: (hit) => segmentsOf(hit.highlight?.name, hit.name),
  position: (hit) => segmentsOf(hit.highlight?.authorposition, hit.authorposition),
} satisfies AuthorHitResolvers;

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
  id: (point) => toGlobalId('KnowledgePoint', text(point.id)),
  kind: (point) =>
    point.kind === 'transcript' || (point.kind === undefined && text(point.id).startsWith('t-'))
      ? 'TRANSCRIPT'
      : 'KEYFRAME',
  timePoint: (point) => Math.max(0, int(point.timePoint)),
  timePointShow: (point) => text(point.keyPointsShow) || formatTimePoint(int(point.timePoint)),
  keyPoints: (point) => segmentsOf(point.highlight?.keyPoints, point.keyPoints),
  text: (point) => segmentsOf(point.highlight?.description, point.description, { snippet: true }),
  videoId: (point) => int(point.videoId),
  videoName: (point) => segmentsOf(point.highlight?.videoName, point.videoName),
  videoImage: (point) => text(point.videoImage),
  courseId: (point) => int(point.courseId),
  catalogueId: (point) => int(point.catalogId),
  courseName: (point) => text(point.courseName),
  authorName: (point) => text(point.authorName),
  playPath: knowledgePointPlayPath,
} satisfies KnowledgePointResolvers;

/** From the subject tree, loaded once per operation (loaders/catalogueTree.ts). */
const suggestedCatalogue: Field<CatalogueSuggestionResolvers, 'catalogue'> = async (hit, _args, { catalogues }) =>
  (await catalogues.subjects()).byId.get(int(hit.id)) ?? null;

export const CatalogueSuggestion = {
  catalogueId: (hit) => int(hit.id),
  level: (hit) => int(hit.level ?? hit.catalogType),
  parentId: (hit) => int(hit.parentId),
  name: (hit) => segmentsOf(hit.highlight?.name, hit.name),
  catalogue: suggestedCatalogue,
} satisfies CatalogueSuggestionResolvers;
