/**
 * Resolver types, written from schema.graphql's shapes in one place: what each GraphQL type's
 * resolvers receive as parent (mostly the upstream item itself) and what each field's arguments
 * are. Field resolvers map upstream names (courseName, authorposition, ...) to the schema's.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../context';
import type { CatalogueNode } from '../loaders/catalogueTree';
import type { RestAuthor, RestBanner, RestCourse, RestTopic, RestVideo } from '../upstream/types';
import type { Connection } from './connection';

export type Maybe<T> = T | null | undefined;

export type Resolver<TParent, TArgs, TResult> = (
  parent: TParent,
  args: TArgs,
  context: GatewayContext,
  info: GraphQLResolveInfo,
) => TResult | Promise<TResult>;

export type NoArgs = Record<string, never>;

// ---- parents ------------------------------------------------------------------------------------

/** A course as any list returns it; the play-page call adds its videos. */
export type CourseParent = RestCourse & { videoList?: RestVideo[] };
export type VideoParent = RestVideo;
export type AuthorParent = RestAuthor;
export type TopicParent = RestTopic;
export type BannerParent = RestBanner;
export type CatalogueParent = CatalogueNode;

export type NodeParent =
  | ({ __typename: 'Course' } & CourseParent)
  | ({ __typename: 'Video' } & VideoParent)
  | ({ __typename: 'Author' } & AuthorParent)
  | ({ __typename: 'Topic' } & TopicParent)
  | ({ __typename: 'Banner' } & BannerParent)
  | ({ __typename: 'Catalogue' } & CatalogueParent);

export interface ResourceCountResult {
  courseCount: number;
  videoCount: number;
}

export interface SiteResult {
  title: string;
  description: string;
  productId: number;
  comId: number;
  comCode: string;
  loginUrl: string;
  currentYear: number;
}

export interface ViewerResult {
  userType: number;
  isLoggedIn: boolean;
  isIP: boolean;
  name: string | null;
  comName: string | null;
  comId: number | null;
  headPicture: string | null;
}

export interface UserErrorResult {
  message: string;
  code: string;
  field: string | null;
}

export interface RecordVisitPayloadResult {
  logId: string | null;
  errors: UserErrorResult[];
}

export type CourseConnectionResult = Connection<CourseParent>;
export type AuthorConnectionResult = Connection<AuthorParent>;
export type TopicConnectionResult = Connection<TopicParent>;

// ---- enums --------------------------------------------------------------------------------------

export type CourseOrder = 'LATEST' | 'MOST_PLAYED' | 'MOST_NOTES' | 'MOST_FAVOURITED';
export type AuthorSort = 'DEFAULT' | 'MOST_COURSES' | 'MOST_PLAYED' | 'NAME';

// ---- arguments ----------------------------------------------------------------------------------

export interface PagingArgs {
  first?: Maybe<number>;
  after?: Maybe<string>;
}

export interface QueryArgs {
  node: { id: string };
  nodes: { ids: string[] };
  catalogue: { catalogueId: number };
  banners: { limit?: Maybe<number> };
  selectedCourses: { limit?: Maybe<number> };
  recommendedCourses: PagingArgs;
  recommendedAuthors: { batch?: Maybe<number>; size?: Maybe<number> };
  featuredTopics: { limit?: Maybe<number> };
  topics: PagingArgs;
  courses: PagingArgs & { catalogueId: number; year?: Maybe<number>; orderBy?: Maybe<CourseOrder> };
  resourceCount: { catalogueId: number; year?: Maybe<number> };
  statistics: { year?: Maybe<number> };
  authors: PagingArgs & { catalogueId?: Maybe<number>; firstWord?: Maybe<string>; sort?: Maybe<AuthorSort> };
  course: { courseId: number };
  author: { authorId: number };
  topic: { topicId: number };
}

export interface RecordVisitInput {
  pageUrl: string;
  previousPageUrl?: Maybe<string>;
  moduleName: string;
  actId?: Maybe<string>;
}

export interface MutationArgs {
  recordVisit: { input: RecordVisitInput };
}

export interface CatalogueArgs {
  resourceCount: { year?: Maybe<number> };
}

export interface CourseArgs {
  relatedCourses: PagingArgs;
}

export interface AuthorArgs {
  courses: PagingArgs & { catalogueId?: Maybe<number>; order?: Maybe<CourseOrder> };
}

export interface TopicArgs {
  moreTopics: { limit?: Maybe<number> };
}
