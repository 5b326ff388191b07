/**
 * Resolver types, written from schema.graphql's shapes in one place: what each GraphQL type's
 * resolvers receive as parent (mostly the upstream item itself) and what each field's arguments
 * are. Field resolvers map upstream names (courseName, authorposition, ...) to the schema's.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../context';
import type { CatalogueNode } from '../loaders/catalogueTree';
import type {
  RestAuthor,
  RestAuthorHit,
  RestBanner,
  RestCatalogueHit,
  RestCourse,
  RestCourseHit,
  RestCourseTag,
  RestDanmaku,
  RestFragment,
  RestKnowledgePoint,
  RestMessage,
  RestNote,
  RestPlayPageData,
  RestTopic,
  RestTopicHit,
  RestUserProfile,
  RestVideo,
  RestViewLog,
} from '../upstream/types';
import type { UserErrorResult } from '../userErrors';
import type { Viewer } from '../viewer';
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
/** Lists and the detail call carry courses; a search hit does not (Topic.courses reads its detail then). */
export type TopicParent = Omit<RestTopic, 'courseList'> & { courseList?: RestCourse[] };
export type BannerParent = RestBanner;
export type CatalogueParent = CatalogueNode;

/** The viewer's records carry whose list they came from (Note.isMine compares with it). */
export type NoteParent = RestNote & { viewerUserId: number };
export type MessageParent = RestMessage;
export type FragmentParent = RestFragment;
export type ViewLogEntryParent = RestViewLog;
export type ViewerParent = Viewer;

/** The play page of one course for the signed-in viewer (Query.playPage). */
export interface PlayPageParent {
  data: RestPlayPageData;
  courseId: number;
  /** the catalogue the page was opened from (0: the course's own) */
  catalogueId: number;
  userId: number;
}
/** A scrolling comment with the video it belongs to (its global id names both). */
export type DanmakuParent = RestDanmaku & { videoId: number };
export type CourseTagParent = RestCourseTag;

/** One search: the checked keyword (trimmed) and catalogue; each field of Search makes its own call. */
export interface SearchParent {
  keyword: string;
  catalogueId: number;
}
/** Hits are the upstream's items with their `highlight`: the hit's object is the item itself. */
export type CourseHitParent = RestCourseHit;
export type TopicHitParent = RestTopicHit;
export type AuthorHitParent = RestAuthorHit;
export type KnowledgePointParent = RestKnowledgePoint;
export type CatalogueSuggestionParent = RestCatalogueHit;

/** The profile and the browser-facing base URL of the login service's account pages. */
export interface UserProfileParent {
  profile: RestUserProfile;
  /** e.g. http://ketang.example.edu.cn:5200/login: the account pages are its siblings */
  loginPageUrl: string;
  /** where those pages' 返回 link leads: the platform's /center, on its 账户设置 tab */
  centreUrl: string;
}

export type NodeParent =
  | ({ __typename: 'Course' } & CourseParent)
  | ({ __typename: 'Video' } & VideoParent)
  | ({ __typename: 'Author' } & AuthorParent)
  | ({ __typename: 'Topic' } & TopicParent)
  | ({ __typename: 'Banner' } & BannerParent)
  | ({ __typename: 'Catalogue' } & CatalogueParent)
  | ({ __typename: 'Note' } & NoteParent)
  | ({ __typename: 'Message' } & MessageParent)
  | ({ __typename: 'Fragment' } & FragmentParent)
  | ({ __typename: 'Danmaku' } & DanmakuParent);

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

export interface SearchCountsResult {
  courseCount: number;
  knowledgePointCount: number;
  topicCount: number;
  authorCount: number;
}

export interface SearchOverviewResult {
  courses: CourseHitParent[];
  courseCount: number;
  knowledgePoints: KnowledgePointParent[];
  knowledgePointCount: number;
  topics: TopicHitParent[];
  topicCount: number;
  authors: AuthorHitParent[];
  authorCount: number;
}

export interface HotKeywordResult {
  keyword: string;
  searchCount: number;
}

export type { UserErrorResult } from '../userErrors';

export interface RecordVisitPayloadResult {
  logId: string | null;
  errors: UserErrorResult[];
}

export type CourseConnectionResult = Connection<CourseParent>;
export type NoteConnectionResult = Connection<NoteParent>;
export type MessageConnectionResult = Connection<MessageParent>;
export type FragmentConnectionResult = Connection<FragmentParent>;
export type AuthorConnectionResult = Connection<AuthorParent>;
export type TopicConnectionResult = Connection<TopicParent>;
export type CourseHitConnectionResult = Connection<CourseHitParent>;
export type KnowledgePointConnectionResult = Connection<KnowledgePointParent>;
export type TopicHitConnectionResult = Connection<TopicHitParent>;
export type AuthorHitConnectionResult = Connection<AuthorHitParent>;

// ---- enums --------------------------------------------------------------------------------------

export type CourseOrder = 'LATEST' | 'MOST_PLAYED' | 'MOST_NOTES' | 'MOST_FAVOURITED';
export type AuthorSort = 'DEFAULT' | 'MOST_COURSES' | 'MOST_PLAYED' | 'NAME';
export type NoteKind = 'MINE' | 'COLLECTED';
export type Gender = 'MALE' | 'FEMALE' | 'UNKNOWN';
export type OAuthProvider = 'QQ' | 'WECHAT' | 'WEIBO';

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
  search: { keyword: string; catalogueId?: Maybe<number> };
  hotKeywords: { limit?: Maybe<number> };
  catalogueSuggestions: { keyword: string; limit?: Maybe<number> };
  playPage: { courseId: number; videoId?: Maybe<number>; catalogueId?: Maybe<number> };
}

export interface RecordVisitInput {
  pageUrl: string;
  previousPageUrl?: Maybe<string>;
  moduleName: string;
  actId?: Maybe<string>;
}

export interface UpdateProfileInput {
  realName: string;
  gender: Gender;
  address: string;
  birthday: string;
  school: string;
  major: string;
  className: string;
  studentId: string;
  info: string;
}

/** What yoga hands a resolver for the File scalar (a Fetch API File). */
/** A File of a multipart request, as yoga's parser gives it (a PonyfillFile): read by streaming it. */
export interface UploadedFile {
  name: string;
  type: string;
  size: number;
  stream(): ReadableStream<Uint8Array>;
}

export interface MutationArgs {
  recordVisit: { input: RecordVisitInput };
  logout: { input: { clientMutationId?: Maybe<string> } };
  companyLogin: { input: { gid: string } };
  deleteMessage: { input: { messageId: string } };
  clearHistory: { input: { clientMutationId?: Maybe<string> } };
  deleteFragment: { input: { fragmentId: string } };
  deleteNote: { input: { noteId: string } };
  uncollectNote: { input: { noteId: string } };
  updateProfile: { input: UpdateProfileInput };
  uploadAvatar: { input: { file: UploadedFile } };
  changePassword: { input: { oldPassword: string; newPassword: string; confirmPassword: string } };
  unbindAccount: { input: { provider: OAuthProvider } };
  setVideoOperation: { input: SetVideoOperationInput };
  addNote: { input: AddNoteInput };
  collectNote: { input: { noteId: string } };
  clipVideo: { input: ClipVideoInput };
  reportPlay: { input: ReportPlayInput };
  sendDanmaku: { input: SendDanmakuInput };
}

// ---- play page mutations (issue 5) ----------------------------------------------------------------

export type VideoOperationKind = 'LIKE' | 'FAVOURITE';
export type NoteVisibility = 'PUBLIC' | 'PRIVATE';
export type VideoNoteScope = 'ALL' | 'MINE';

export interface SetVideoOperationInput {
  videoId: number;
  courseId: number;
  catalogueId?: Maybe<number>;
  kind: VideoOperationKind;
  on: boolean;
}

export interface AddNoteInput {
  videoId: number;
  courseId: number;
  catalogueId?: Maybe<number>;
  content: string;
  visibility?: Maybe<NoteVisibility>;
  vtime: number;
}

export interface ClipVideoInput {
  videoId: number;
  courseId: number;
  startTime: number;
  endTime: number;
  name?: Maybe<string>;
}

export interface ReportPlayInput {
  logId?: Maybe<string>;
  videoId: number;
  courseId: number;
  catalogueId?: Maybe<number>;
  lastPlayTime: number;
  duration: number;
  stayTime: number;
}

export interface SendDanmakuInput {
  videoId: number;
  vtime: number;
  content: string;
}

export interface VideoOperationsResult {
  liked: boolean;
  favourited: boolean;
  likeCount: number;
  favouriteCount: number;
}

export interface ViewerArgs {
  favouriteCourses: PagingArgs;
  notes: PagingArgs & { kind?: Maybe<NoteKind> };
  messages: PagingArgs;
  fragments: PagingArgs;
}

export interface CatalogueArgs {
  resourceCount: { year?: Maybe<number> };
}

export interface VideoArgs {
  notes: PagingArgs & { scope?: Maybe<VideoNoteScope> };
  danmaku: { from?: Maybe<number>; to?: Maybe<number> };
}

export interface PlayPageArgs {
  authorCourses: { first?: Maybe<number> };
}

export interface CourseArgs {
  relatedCourses: PagingArgs;
}

export interface AuthorArgs {
  courses: PagingArgs & { catalogueId?: Maybe<number>; order?: Maybe<CourseOrder> };
}

export interface SearchArgs {
  courses: PagingArgs;
  knowledgePoints: PagingArgs;
  topics: PagingArgs;
  authors: PagingArgs;
}

export interface TopicArgs {
  moreTopics: { limit?: Maybe<number> };
}
