/**
 * What each GraphQL type's resolvers receive as parent: mostly the upstream's REST item itself
 * (../upstream/types.ts), sometimes with what the field resolvers need besides. The resolver types
 * (./__generated__/resolvers.ts) are generated from schema.graphql with these as mappers
 * (gateway/codegen.ts); field resolvers map upstream names (courseName, authorposition, ...) to
 * the schema's.
 */
import type { AnswerEvent } from '../ai/types';
import type { CatalogueNode } from '../loaders/catalogueTree';
import type {
  RestAuthor,
  RestAIContent,
  RestAISource,
  RestAuthorHit,
  RestBanner,
  RestCatalogueHit,
  RestCourse,
  RestCourseHit,
  RestCourseProgress,
  RestCourseTag,
  RestDanmaku,
  RestFragment,
  RestKnowledgePoint,
  RestMessage,
  RestNote,
  RestPlayLog,
  RestPlayPageData,
  RestSuggestions,
  RestTopic,
  RestTopicHit,
  RestUserProfile,
  RestVideo,
  RestVideoProgress,
  RestViewLog,
} from '../upstream/types';
import type { Viewer } from '../viewer';

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
  /** the signed-in viewer's id; null for a visitor (the course is public, playing is not) */
  userId: number | null;
}
/** The viewer's play record of the video shown, with that video's id. */
export interface PlayResumeParent extends RestPlayLog {
  videoId: number;
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
/** SuggestKeyWord's answer with the keyword it was asked for. */
export type SearchSuggestionsParent = RestSuggestions & { keyword: string };
export type CourseProgressParent = RestCourseProgress;
export type VideoProgressParent = RestVideoProgress;

/** The profile and the browser-facing base URL of the login service's account pages. */
export interface UserProfileParent {
  profile: RestUserProfile;
  /** e.g. http://ketang.example.edu.cn:5200/login: the account pages are its siblings */
  loginPageUrl: string;
  /** where those pages' 返回 link leads: the platform's /center, on its 账户设置 tab */
  centerUrl: string;
}

/** The answer stream's events are the AIAnswerEvent members (a `failed` one is thrown, never resolved). */
export type AIThinkingDeltaParent = Extract<AnswerEvent, { kind: 'thinking' }>;
export type AIAnswerDeltaParent = Extract<AnswerEvent, { kind: 'answer' }>;
export type AIAnswerDoneParent = Extract<AnswerEvent, { kind: 'done' }>;
export type AISourceParent = RestAISource;
export type AIContentParent = RestAIContent;

/**
 * Objects reach the Node interface only through loadNode, which tags them with their type
 * (Node.__resolveType reads the tag).
 */
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

/** A File of a multipart request, as yoga's parser gives it (a PonyfillFile): read by streaming it. */
export interface UploadedFile {
  name: string;
  type: string;
  size: number;
  stream(): ReadableStream<Uint8Array>;
}
