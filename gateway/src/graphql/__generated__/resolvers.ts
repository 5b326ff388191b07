import type { UploadedFile } from '../models';
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { NodeParent, ViewerParent, UserProfileParent, NoteParent, ViewLogEntryParent, MessageParent, FragmentParent, CatalogueParent, CourseParent, VideoParent, AuthorParent, TopicParent, BannerParent, DanmakuParent, PlayPageParent, PlayResumeParent, CourseTagParent, SearchParent, CourseHitParent, TopicHitParent, AuthorHitParent, KnowledgePointParent, CatalogueSuggestionParent, SearchSuggestionsParent, CourseProgressParent, VideoProgressParent, AIThinkingDeltaParent, AIAnswerDeltaParent, AIAnswerDoneParent, AISourceParent, AIContentParent } from '../models';
import type { UserErrorResult } from '../../userErrors';
import type { GatewayContext } from '../../context';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A file sent with the GraphQL multipart request specification. */
  File: { input: UploadedFile; output: never; }
};

/** A piece of answer text; citation markers like [2] are never split across pieces. */
export type AIAnswerDelta = {
  __typename?: 'AIAnswerDelta';
  text: Scalars['String']['output'];
};

/** The end of the answer, with its sources in index order (may be empty when nothing relevant was found). */
export type AIAnswerDone = {
  __typename?: 'AIAnswerDone';
  sources: Array<AISource>;
};

export type AIAnswerEvent = AIAnswerDelta | AIAnswerDone | AIThinkingDelta;

/** The AI content block of the play page (product-spec §3 AI content), generated ahead by the upstream. */
export type AIContent = {
  __typename?: 'AIContent';
  coreContent: Array<AICoreTag>;
  courseOverview: Scalars['String']['output'];
  guessYouAsk: Array<Scalars['String']['output']>;
  /** Key points with timestamps, in time order (the page shows 15 before 显示更多). */
  keyPoints: Array<AIKeyPoint>;
  relatedMajors: Array<AIMajor>;
  videoAbstract: Scalars['String']['output'];
};

export type AICoreTag = {
  __typename?: 'AICoreTag';
  catalogLevel: Scalars['Int']['output'];
  parentId: Scalars['Int']['output'];
  /** The catalogue's or lecturer's upstream id (0 for a key concept); not `id`, which Relay reserves for record identity. */
  tagId: Scalars['Int']['output'];
  tagName: Scalars['String']['output'];
  /** 1 catalogue trail, 2 lecturer, 3 key concept. */
  tagType: Scalars['Int']['output'];
};

export type AIKeyPoint = {
  __typename?: 'AIKeyPoint';
  description: Scalars['String']['output'];
  keyPointsShow: Scalars['String']['output'];
  timePoint: Scalars['Int']['output'];
};

/** A major of the Ministry of Education's undergraduate catalogue (普通高等学校本科专业目录). */
export type AIMajor = {
  __typename?: 'AIMajor';
  /** Major code, e.g. 030503. */
  code: Scalars['String']['output'];
  /** 学科门类, e.g. 法学. */
  discipline: Scalars['String']['output'];
  /** 专业类, e.g. 马克思主义理论类. */
  majorClass: Scalars['String']['output'];
  name: Scalars['String']['output'];
};

/** A passage of a lecture the answer draws on: the player opens it at timePoint. */
export type AISource = {
  __typename?: 'AISource';
  catalogueId: Scalars['Int']['output'];
  courseId: Scalars['Int']['output'];
  courseName: Scalars['String']['output'];
  /** The passage itself (≤ 120 characters). */
  excerpt: Scalars['String']['output'];
  /** Thumbnail (a /media path) or empty. */
  image: Scalars['String']['output'];
  /** 1-based; the answer's [index] markers refer to it. */
  index: Scalars['Int']['output'];
  /** Site path of the player at that second: /Play?catalogId=&courseId=&videoId=&vtime= */
  playPath: Scalars['String']['output'];
  /** timePoint as 05:12 (1:02:03 from an hour). */
  timeLabel: Scalars['String']['output'];
  /** Second of the video where the passage is spoken or shown. */
  timePoint: Scalars['Int']['output'];
  videoId: Scalars['Int']['output'];
  videoName: Scalars['String']['output'];
};

/** A piece of thinking text (shown apart from the answer, e.g. folded). */
export type AIThinkingDelta = {
  __typename?: 'AIThinkingDelta';
  text: Scalars['String']['output'];
};

export type AccountBinding = {
  __typename?: 'AccountBinding';
  /** The login service's bind page for this provider (opens in a new tab). */
  bindUrl: Scalars['String']['output'];
  bound: Scalars['Boolean']['output'];
  /** QQ, 微信, 微博 */
  label: Scalars['String']['output'];
  provider: OAuthProvider;
};

export type AddNoteInput = {
  catalogueId?: InputMaybe<Scalars['Int']['input']>;
  content: Scalars['String']['input'];
  courseId: Scalars['Int']['input'];
  videoId: Scalars['Int']['input'];
  visibility?: InputMaybe<NoteVisibility>;
  /** Second of the video the note is about (the player's current time). */
  vtime: Scalars['Int']['input'];
};

export type AddNotePayload = {
  __typename?: 'AddNotePayload';
  errors: Array<UserError>;
  note?: Maybe<Note>;
  /** The edge to prepend to Video.notes connections. */
  noteEdge?: Maybe<NoteEdge>;
};

export type AskAIInput = {
  /** The asking client's conversation id ([A-Za-z0-9_-], ≤ 64); the gateway makes one when absent. */
  clientId?: InputMaybe<Scalars['String']['input']>;
  /** Ask about this course / video first (the play page's drawer); 0 = the whole knowledge base. */
  courseId?: InputMaybe<Scalars['Int']['input']>;
  /** The deep-thinking toggle: true asks the reasoning model (model=reasoner upstream), false the chat model (model=chat). */
  deepThinking?: InputMaybe<Scalars['Boolean']['input']>;
  /** 1..200 characters (code points) after trimming. */
  question: Scalars['String']['input'];
  videoId?: InputMaybe<Scalars['Int']['input']>;
};

export type Author = Node & {
  __typename?: 'Author';
  authorId: Scalars['Int']['output'];
  courseCount: Scalars['Int']['output'];
  courses: CourseConnection;
  firstWord: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  image: Scalars['String']['output'];
  /** Sanitised HTML. */
  intro: Scalars['String']['output'];
  name: Scalars['String']['output'];
  position: Scalars['String']['output'];
  videoCount: Scalars['Int']['output'];
};


export type AuthorcoursesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  catalogueId?: InputMaybe<Scalars['Int']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  order?: InputMaybe<CourseOrder>;
};

export type AuthorConnection = {
  __typename?: 'AuthorConnection';
  edges: Array<AuthorEdge>;
  pageInfo: PageInfo;
  totalCount?: Maybe<Scalars['Int']['output']>;
};

export type AuthorEdge = {
  __typename?: 'AuthorEdge';
  cursor: Scalars['String']['output'];
  node: Author;
};

export type AuthorHit = {
  __typename?: 'AuthorHit';
  author: Author;
  name: Array<TextSegment>;
  position: Array<TextSegment>;
};

export type AuthorHitConnection = {
  __typename?: 'AuthorHitConnection';
  edges: Array<AuthorHitEdge>;
  pageInfo: PageInfo;
  totalCount: Scalars['Int']['output'];
};

export type AuthorHitEdge = {
  __typename?: 'AuthorHitEdge';
  cursor: Scalars['String']['output'];
  node: AuthorHit;
};

export type AuthorSort =
  | 'DEFAULT'
  | 'MOST_COURSES'
  | 'MOST_PLAYED'
  | 'NAME';

export type Banner = Node & {
  __typename?: 'Banner';
  gotoUrl: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  image: Scalars['String']['output'];
  /** A link to a page of the mobile site only: the web shows 请从手机端查看 instead of navigating. */
  mobileOnly: Scalars['Boolean']['output'];
  title: Scalars['String']['output'];
};

export type Catalogue = Node & {
  __typename?: 'Catalogue';
  catalogueId: Scalars['Int']['output'];
  children: Array<Catalogue>;
  id: Scalars['ID']['output'];
  /** 1 subject, 2 category, 3 sub-category. */
  level: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  parent?: Maybe<Catalogue>;
  /** Courses in the subtree; with year, only those updated in that year. */
  resourceCount: Scalars['Int']['output'];
};


export type CatalogueresourceCountArgs = {
  year?: InputMaybe<Scalars['Int']['input']>;
};

/** A catalogue entry suggested for a keyword (SearchCatalog). */
export type CatalogueSuggestion = {
  __typename?: 'CatalogueSuggestion';
  /** The node in the catalogue tree (null when the tree no longer has it). */
  catalogue?: Maybe<Catalogue>;
  catalogueId: Scalars['Int']['output'];
  /** 1 subject, 2 category, 3 sub-category. */
  level: Scalars['Int']['output'];
  name: Array<TextSegment>;
  parentId: Scalars['Int']['output'];
};

export type ChangePasswordInput = {
  confirmPassword: Scalars['String']['input'];
  newPassword: Scalars['String']['input'];
  oldPassword: Scalars['String']['input'];
};

export type ChangePasswordPayload = {
  __typename?: 'ChangePasswordPayload';
  errors: Array<UserError>;
  message?: Maybe<Scalars['String']['output']>;
};

export type ClearHistoryInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
};

export type ClearHistoryPayload = {
  __typename?: 'ClearHistoryPayload';
  errors: Array<UserError>;
  /** The server's sentence (shown as the success toast, product-spec §8). */
  message?: Maybe<Scalars['String']['output']>;
  viewer: Viewer;
};

export type ClipVideoInput = {
  courseId: Scalars['Int']['input'];
  endTime: Scalars['Int']['input'];
  /** Empty: <video name>-片段<n>. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Seconds. */
  startTime: Scalars['Int']['input'];
  videoId: Scalars['Int']['input'];
};

export type ClipVideoPayload = {
  __typename?: 'ClipVideoPayload';
  errors: Array<UserError>;
  fragment?: Maybe<Fragment>;
  /** The server's sentence (片段截取成功), shown as the success toast. */
  message?: Maybe<Scalars['String']['output']>;
};

export type CollectNoteInput = {
  noteId: Scalars['ID']['input'];
};

export type CollectNotePayload = {
  __typename?: 'CollectNotePayload';
  errors: Array<UserError>;
  note?: Maybe<Note>;
};

export type CompanyLoginInput = {
  /** The organisation's no-login id from /DissimilarLogin.aspx?gid=... */
  gid: Scalars['String']['input'];
};

export type CompanyLoginPayload = {
  __typename?: 'CompanyLoginPayload';
  errors: Array<UserError>;
  /** Code -2: the message is a URL the client opens in a new window (product-spec §2). */
  openUrl?: Maybe<Scalars['String']['output']>;
  /**
   * The viewer after the attempt: the organisation's (or the member's own) identity on success, else
   * unchanged, except that isIP is false whenever the login service answered, whatever its code
   * (product-spec §4: company login sets isIP false regardless of code).
   */
  viewer: Viewer;
};

export type Course = Node & {
  __typename?: 'Course';
  author?: Maybe<Author>;
  authorName: Scalars['String']['output'];
  authorPosition: Scalars['String']['output'];
  catalogue?: Maybe<Catalogue>;
  catalogueId: Scalars['Int']['output'];
  catalogueName: Scalars['String']['output'];
  /** Path from the subject down to the course's catalogue. */
  catalogueTrail: Array<Catalogue>;
  collectCount: Scalars['Int']['output'];
  courseId: Scalars['Int']['output'];
  exclusive: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  image: Scalars['String']['output'];
  info: Scalars['String']['output'];
  likeCount: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  noteCount: Scalars['Int']['output'];
  publishTime: Scalars['String']['output'];
  relatedCourses: CourseConnection;
  updateTime: Scalars['String']['output'];
  videoCount: Scalars['Int']['output'];
  videos: Array<Video>;
  viewCount: Scalars['Int']['output'];
  /**
   * The viewer's progress in this course (the outline's 已看完 / percentages); null for a visitor, an
   * organisation's network identity, or a viewer who has not watched it.
   */
  viewerProgress?: Maybe<CourseProgress>;
};


export type CourserelatedCoursesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type CourseConnection = {
  __typename?: 'CourseConnection';
  edges: Array<CourseEdge>;
  pageInfo: PageInfo;
  /** Null where the upstream list has no total (recommended courses). */
  totalCount?: Maybe<Scalars['Int']['output']>;
};

export type CourseEdge = {
  __typename?: 'CourseEdge';
  cursor: Scalars['String']['output'];
  node: Course;
};

export type CourseHit = {
  __typename?: 'CourseHit';
  authorName: Array<TextSegment>;
  course: Course;
  /** A snippet of the course introduction around the first match (at most 120 characters). */
  info: Array<TextSegment>;
  name: Array<TextSegment>;
};

export type CourseHitConnection = {
  __typename?: 'CourseHitConnection';
  edges: Array<CourseHitEdge>;
  pageInfo: PageInfo;
  totalCount: Scalars['Int']['output'];
};

export type CourseHitEdge = {
  __typename?: 'CourseHitEdge';
  cursor: Scalars['String']['output'];
  node: CourseHit;
};

export type CourseOrder =
  /** b.PublishTime: 最新 / 最近更新 (default) */
  | 'LATEST'
  /** collectCount: 最多收藏 */
  | 'MOST_FAVOURITED'
  /** NoteCount: 最多笔记 */
  | 'MOST_NOTES'
  /** ViewCount: 最多播放 */
  | 'MOST_PLAYED';

/**
 * 继续学习: a course the viewer has watched and how far they got. A video counts as learned (已看完)
 * when at most 10 s of it remain after where they stopped (the player's resume rule, product-spec §4).
 */
export type CourseProgress = {
  __typename?: 'CourseProgress';
  course: Course;
  /** The video watched last: where 继续学习 resumes. */
  lastVideo: VideoProgress;
  /** The video watched last, its name and 第N讲. */
  lastVideoName: Scalars['String']['output'];
  lastVideoNumberShow: Scalars['String']['output'];
  /** When the viewer last watched the course (ISO 8601). */
  lastWatchTime: Scalars['String']['output'];
  /** videos of the course the viewer has learned (已学 learnedCount/videoCount 讲) */
  learnedCount: Scalars['Int']['output'];
  /**
   * /Play?courseId=&catalogId=&videoId=&vtime= at resumeVideo (without vtime when it starts from the
   * beginning).
   */
  playPath: Scalars['String']['output'];
  /** Where 继续学习 opens: the last video where the viewer stopped, or when it was finished the next one. */
  resumeVideo: ResumePoint;
  videoCount: Scalars['Int']['output'];
  /** Every video of the course the viewer has watched, in episode order. */
  videos: Array<VideoProgress>;
};

export type CourseTag = {
  __typename?: 'CourseTag';
  name: Scalars['String']['output'];
  tagId: Scalars['Int']['output'];
  /** 1 catalogue, 2 lecturer */
  type: Scalars['Int']['output'];
};

/** A scrolling comment (弹幕) at a second of a video. */
export type Danmaku = Node & {
  __typename?: 'Danmaku';
  content: Scalars['String']['output'];
  createTime: Scalars['String']['output'];
  danmakuId: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  /** Sent by the viewer. */
  mine: Scalars['Boolean']['output'];
  /** Seconds into the video (one decimal). */
  vtime: Scalars['Float']['output'];
};

export type DeleteFragmentInput = {
  fragmentId: Scalars['ID']['input'];
};

export type DeleteFragmentPayload = {
  __typename?: 'DeleteFragmentPayload';
  deletedFragmentId?: Maybe<Scalars['ID']['output']>;
  errors: Array<UserError>;
  message?: Maybe<Scalars['String']['output']>;
};

export type DeleteMessageInput = {
  /** The Message's global id. */
  messageId: Scalars['ID']['input'];
};

export type DeleteMessagePayload = {
  __typename?: 'DeleteMessagePayload';
  deletedMessageId?: Maybe<Scalars['ID']['output']>;
  errors: Array<UserError>;
};

export type DeleteNoteInput = {
  noteId: Scalars['ID']['input'];
};

export type DeleteNotePayload = {
  __typename?: 'DeleteNotePayload';
  deletedNoteId?: Maybe<Scalars['ID']['output']>;
  errors: Array<UserError>;
};

export type Fragment = Node & {
  __typename?: 'Fragment';
  courseId: Scalars['Int']['output'];
  createTime: Scalars['String']['output'];
  /** download = 1 */
  downloadable: Scalars['Boolean']['output'];
  /** Seconds. */
  duration: Scalars['Int']['output'];
  expireTime: Scalars['String']['output'];
  fragmentId: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** Where the clip can be downloaded from (a /media path); empty while it is being cut. */
  videoAddress: Scalars['String']['output'];
  videoId: Scalars['Int']['output'];
  videoName: Scalars['String']['output'];
};

export type FragmentConnection = {
  __typename?: 'FragmentConnection';
  edges: Array<FragmentEdge>;
  pageInfo: PageInfo;
  totalCount?: Maybe<Scalars['Int']['output']>;
};

export type FragmentEdge = {
  __typename?: 'FragmentEdge';
  cursor: Scalars['String']['output'];
  node: Fragment;
};

export type Gender =
  | 'FEMALE'
  | 'MALE'
  | 'UNKNOWN';

export type HotKeyword = {
  __typename?: 'HotKeyword';
  keyword: Scalars['String']['output'];
  searchCount: Scalars['Int']['output'];
};

export type Keyframe = {
  __typename?: 'Keyframe';
  description: Scalars['String']['output'];
  /** Thumbnail of the frame (a /media path) or empty. */
  image: Scalars['String']['output'];
  keyPoints: Scalars['String']['output'];
  keyPointsShow: Scalars['String']['output'];
  timePoint: Scalars['Int']['output'];
};

/**
 * A knowledge point: a keyframe or a transcript passage of a video, at a second of it; opening it
 * plays the video from there (playPath). Not a Node: it cannot be fetched again by id, but its id is
 * globally unique (Relay keys its record by it).
 */
export type KnowledgePoint = {
  __typename?: 'KnowledgePoint';
  authorName: Scalars['String']['output'];
  catalogueId: Scalars['Int']['output'];
  courseId: Scalars['Int']['output'];
  courseName: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The keyframe's label; empty for a transcript passage. */
  keyPoints: Array<TextSegment>;
  kind: KnowledgePointKind;
  /** /Play?courseId=&catalogId=&videoId=&vtime= at timePoint. */
  playPath: Scalars['String']['output'];
  /** The keyframe's description or the passage (a snippet around the first match). */
  text: Array<TextSegment>;
  /** Second of the video (the vtime of /Play). */
  timePoint: Scalars['Int']['output'];
  /** timePoint as shown: 05:12, or 1:02:03 from an hour. */
  timePointShow: Scalars['String']['output'];
  videoId: Scalars['Int']['output'];
  videoImage: Scalars['String']['output'];
  videoName: Array<TextSegment>;
};

export type KnowledgePointConnection = {
  __typename?: 'KnowledgePointConnection';
  edges: Array<KnowledgePointEdge>;
  pageInfo: PageInfo;
  totalCount: Scalars['Int']['output'];
};

export type KnowledgePointEdge = {
  __typename?: 'KnowledgePointEdge';
  cursor: Scalars['String']['output'];
  node: KnowledgePoint;
};

export type KnowledgePointKind =
  /** a keyframe of the video (timePoint, label, description) */
  | 'KEYFRAME'
  /** a passage of the video's transcript (subtitles), at the second it is spoken */
  | 'TRANSCRIPT';

export type LogoutInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
};

export type LogoutPayload = {
  __typename?: 'LogoutPayload';
  errors: Array<UserError>;
  viewer: Viewer;
};

export type Message = Node & {
  __typename?: 'Message';
  createTime: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  message: Scalars['String']['output'];
  messageId: Scalars['Int']['output'];
  /** 1 系统通知, 2 笔记引用, 3 安全提醒, other 系统消息 */
  type: Scalars['Int']['output'];
  typeName: Scalars['String']['output'];
  videoName: Scalars['String']['output'];
};

export type MessageConnection = {
  __typename?: 'MessageConnection';
  edges: Array<MessageEdge>;
  pageInfo: PageInfo;
  totalCount?: Maybe<Scalars['Int']['output']>;
};

export type MessageEdge = {
  __typename?: 'MessageEdge';
  cursor: Scalars['String']['output'];
  node: Message;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Play page note input: ≤ 500 characters, empty refused with 请输入笔记内容; userType 1 or 2. */
  addNote: AddNotePayload;
  /** 个人中心 · 账户设置: password change. */
  changePassword: ChangePasswordPayload;
  /** 个人中心 · 历史记录: clear the viewer's viewing history. */
  clearHistory: ClearHistoryPayload;
  /** Clip a fragment (ClipVideo, ≤ 180 s, two per video). userType 1 or 2. */
  clipVideo: ClipVideoPayload;
  /** 收录 someone else's public note (recordStatus 0 → 1). userType 1 or 2. */
  collectNote: CollectNotePayload;
  /** /DissimilarLogin.aspx: the organisation's no-login link (CompanyLogin with cid = gid and the current token). */
  companyLogin: CompanyLoginPayload;
  /** 个人中心 · 截取片段: delete one of the viewer's fragments (after the confirmation of §2). */
  deleteFragment: DeleteFragmentPayload;
  /** 个人中心 · 消息: delete one of the viewer's messages. */
  deleteMessage: DeleteMessagePayload;
  /** 个人中心 · 我的笔记: delete one of the viewer's own notes. */
  deleteNote: DeleteNotePayload;
  /**
   * Sign out: revokes the token, clears `utoken`, then repeats the start-up sequence (so on a
   * recognised network the organisation identity takes over). Returns the viewer that results.
   */
  logout: LogoutPayload;
  /** Visit log on every route change (product-spec §7 AddVisitLog). The gateway fills the user or guest id. */
  recordVisit: RecordVisitPayload;
  /**
   * Play log (AddPlayLog): 1 s after play starts, then every 5 s; the unload beacon goes to
   * POST /beacon/play-log (form fields of ReportPlayInput) instead. Visitors are ignored (logId null).
   */
  reportPlay: ReportPlayPayload;
  /** Send a scrolling comment: trimmed, 1..30 characters (empty: 请输入弹幕内容). Any signed-in viewer. */
  sendDanmaku: SendDanmakuPayload;
  /**
   * Play page (product-spec §4 like/favourite toggle): set or cancel the viewer's like (LIKE) or
   * favourite (FAVOURITE) of a video. userType 1 or 2 only (else errors: 当前账号无权进行此操作).
   * Failure: errors[].message 操作失败，请稍后再试~ unless the server said why.
   */
  setVideoOperation: SetVideoOperationPayload;
  /** 个人中心 · 账户设置: unbind a third-party account. */
  unbindAccount: UnbindAccountPayload;
  /** 个人中心 · 我的笔记 (收录的笔记): stop collecting someone else's note. */
  uncollectNote: UncollectNotePayload;
  /** 个人中心 · 个人资料. */
  updateProfile: UpdateProfilePayload;
  /** 个人中心 · 个人资料: the cropped avatar, as a GraphQL multipart upload (field `file`). */
  uploadAvatar: UploadAvatarPayload;
};


export type MutationaddNoteArgs = {
  input: AddNoteInput;
};


export type MutationchangePasswordArgs = {
  input: ChangePasswordInput;
};


export type MutationclearHistoryArgs = {
  input: ClearHistoryInput;
};


export type MutationclipVideoArgs = {
  input: ClipVideoInput;
};


export type MutationcollectNoteArgs = {
  input: CollectNoteInput;
};


export type MutationcompanyLoginArgs = {
  input: CompanyLoginInput;
};


export type MutationdeleteFragmentArgs = {
  input: DeleteFragmentInput;
};


export type MutationdeleteMessageArgs = {
  input: DeleteMessageInput;
};


export type MutationdeleteNoteArgs = {
  input: DeleteNoteInput;
};


export type MutationlogoutArgs = {
  input: LogoutInput;
};


export type MutationrecordVisitArgs = {
  input: RecordVisitInput;
};


export type MutationreportPlayArgs = {
  input: ReportPlayInput;
};


export type MutationsendDanmakuArgs = {
  input: SendDanmakuInput;
};


export type MutationsetVideoOperationArgs = {
  input: SetVideoOperationInput;
};


export type MutationunbindAccountArgs = {
  input: UnbindAccountInput;
};


export type MutationuncollectNoteArgs = {
  input: UncollectNoteInput;
};


export type MutationupdateProfileArgs = {
  input: UpdateProfileInput;
};


export type MutationuploadAvatarArgs = {
  input: UploadAvatarInput;
};

export type Node = {
  id: Scalars['ID']['output'];
};

export type Note = Node & {
  __typename?: 'Note';
  authorName: Scalars['String']['output'];
  catalogueId: Scalars['Int']['output'];
  /** 收录 by the viewer (recordStatus 1). */
  collectedByViewer: Scalars['Boolean']['output'];
  content: Scalars['String']['output'];
  courseId: Scalars['Int']['output'];
  courseName: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Written by the viewer (only those can be deleted). */
  isMine: Scalars['Boolean']['output'];
  isPublic: Scalars['Boolean']['output'];
  noteId: Scalars['Int']['output'];
  noteTime: Scalars['String']['output'];
  videoId: Scalars['Int']['output'];
  videoImage: Scalars['String']['output'];
  videoName: Scalars['String']['output'];
  /** Second of the video the note refers to. */
  vtime: Scalars['Int']['output'];
};

export type NoteConnection = {
  __typename?: 'NoteConnection';
  edges: Array<NoteEdge>;
  pageInfo: PageInfo;
  totalCount?: Maybe<Scalars['Int']['output']>;
};

export type NoteEdge = {
  __typename?: 'NoteEdge';
  cursor: Scalars['String']['output'];
  node: Note;
};

export type NoteKind =
  /** other people's notes the viewer collected (收录) */
  | 'COLLECTED'
  /** the viewer's own notes, public and private */
  | 'MINE';

export type NoteVisibility =
  | 'PRIVATE'
  | 'PUBLIC';

export type OAuthProvider =
  | 'QQ'
  | 'WECHAT'
  | 'WEIBO';

export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  hasPreviousPage: Scalars['Boolean']['output'];
  startCursor?: Maybe<Scalars['String']['output']>;
};

export type PlayPage = {
  __typename?: 'PlayPage';
  /** The lecturer card's courses (AuthorDetail pageSize 3: the first two other than this course). */
  authorCourses: Array<Course>;
  course: Course;
  /** The /m/play page of this video (the QR code's target). */
  mobileUrl: Scalars['String']['output'];
  /** A PNG QR code of mobileUrl served by the gateway (GET /qr/play.png?...; MakePng upstream). */
  qrCodeUrl: Scalars['String']['output'];
  /**
   * Where the viewer stopped in this video (GetPalyLog). The client resumes there only when more than
   * 10 s of the video remain (product-spec §4).
   */
  resume?: Maybe<PlayResume>;
  /** Catalogue trail and lecturer tags (GetCourseTags). */
  tags: Array<CourseTag>;
  /** The video shown (videoId, else the first); null while the course has no videos. */
  video?: Maybe<Video>;
  /** The course's videos in order (the list beside the player). */
  videos: Array<Video>;
};


export type PlayPageauthorCoursesArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type PlayResume = {
  __typename?: 'PlayResume';
  duration: Scalars['Float']['output'];
  lastPlayTime: Scalars['Float']['output'];
  lastWatchTime: Scalars['String']['output'];
  /** The play log's id (the viewing history row); a new visit's reports start without it. */
  logId: Scalars['ID']['output'];
  videoId: Scalars['Int']['output'];
};

export type Query = {
  __typename?: 'Query';
  /**
   * Suggested questions for the AI drawer (GET /api/ai/recommend): those of a video (its AI content's
   * guessYouAsk) when videoId is given, else of a course, else the platform's general ones.
   * Anyone may read them (asking needs login). first: 1..20.
   */
  aiSuggestedQuestions: Array<Scalars['String']['output']>;
  author?: Maybe<Author>;
  /** Lecturer categories (the /author page's selects). */
  authorCatalogues: Array<Catalogue>;
  /** Lecturers (the /author list, 18 a page). */
  authors: AuthorConnection;
  /** Home: the banner carousel (5). */
  banners: Array<Banner>;
  /** A catalogue node by its upstream id, from the subject tree. */
  catalogue?: Maybe<Catalogue>;
  /**
   * Catalogue entries whose name matches the keyword: the all-tab's suggested catalogue items and
   * the right panel's recommended entries. Same keyword rules as search.
   */
  catalogueSuggestions: Array<CatalogueSuggestion>;
  /** The end user's address as the platform sees it. */
  clientIp?: Maybe<Scalars['String']['output']>;
  course?: Maybe<Course>;
  /**
   * Courses of a catalogue subtree (catalogueId 0 = all), the catalogue listing (20 a page).
   * year: only courses updated in that year. orderBy: the sort select.
   * An unknown catalogue has no courses (an empty connection, totalCount 0): `catalogue` says whether it exists.
   */
  courses: CourseConnection;
  /** Home: the special-topic carousel (6). */
  featuredTopics: Array<Topic>;
  /** 热门搜索 (8): the keywords most searched over the last 30 days (counted from real searches). */
  hotKeywords: Array<HotKeyword>;
  node?: Maybe<Node>;
  nodes: Array<Maybe<Node>>;
  /**
   * The play page (/Play?catalogId=&courseId=&videoId=, product-spec §2, §7 GetPlayPageData).
   * Public: a visitor (userType -1/0) gets the course, its videos and the video shown, without a resume
   * point and with media addresses the media server refuses until they sign in (playing needs login).
   * videoId 0 (or absent) = the course's first video. An unknown course or a video not of the course:
   * null (the client shows 课程出错啦~看一下其他课程吧).
   */
  playPage?: Maybe<PlayPage>;
  /** Home: recommended lecturers, 9 a batch; batch n wraps around to the first batch when past the end. */
  recommendedAuthors: Array<Author>;
  /**
   * Home: recommended courses, infinite scroll (first 14, then 12 a load).
   * There is no total upstream: hasNextPage is false once a load returns fewer than asked for.
   */
  recommendedCourses: CourseConnection;
  /** 'found N courses, M videos' of a catalogue subtree (0 = all), optionally only updated in year; zero for an unknown catalogue. */
  resourceCount: ResourceCount;
  /**
   * Site search (product-spec §2 /search, §7 Search). The keyword is trimmed: empty is the error
   * 请输入搜索关键词, more than 50 characters 搜索关键词不能超过50个字 (BAD_USER_INPUT, argument
   * "keyword"). catalogueId (0 = all) keeps results inside that catalogue subtree.
   * Every field of Search asked for costs one upstream call.
   */
  search: Search;
  /**
   * What the search box suggests as one types (SuggestKeyWord): hot keywords, courses and lecturers
   * whose name contains the keyword (names starting with it first), at most `limit` (1..10) of each.
   * Same keyword rules as search. Not a search: nothing is counted towards the hot keywords.
   */
  searchSuggestions: SearchSuggestions;
  /** Home: selected courses beside the banner (positions 0 to 10). */
  selectedCourses: Array<Course>;
  /** Site configuration of product-spec §1 as the gateway is configured. */
  site: Site;
  /** Sidebar resource statistics: the whole platform, or resources published in year. */
  statistics: ResourceCount;
  /** Top-level subjects (home tab bar), each with its whole subtree. */
  subjects: Array<Catalogue>;
  topic?: Maybe<Topic>;
  /** Recommended topics, newest first (the /special list, 12 a page). */
  topics: TopicConnection;
  /**
   * The person using the client, resolved by the gateway from the `utoken` cookie through the login
   * service (product-spec §4 start-up: validate, else refresh, else network auto-login, then user info).
   * Anonymous (userType -1) when none of these succeeds.
   */
  viewer: Viewer;
};


export type QueryaiSuggestedQuestionsArgs = {
  courseId?: InputMaybe<Scalars['Int']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  videoId?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryauthorArgs = {
  authorId: Scalars['Int']['input'];
};


export type QueryauthorsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  catalogueId?: InputMaybe<Scalars['Int']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  firstWord?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<AuthorSort>;
};


export type QuerybannersArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QuerycatalogueArgs = {
  catalogueId: Scalars['Int']['input'];
};


export type QuerycatalogueSuggestionsArgs = {
  keyword: Scalars['String']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QuerycourseArgs = {
  courseId: Scalars['Int']['input'];
};


export type QuerycoursesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  catalogueId: Scalars['Int']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<CourseOrder>;
  year?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryfeaturedTopicsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryhotKeywordsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QuerynodeArgs = {
  id: Scalars['ID']['input'];
};


export type QuerynodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


export type QueryplayPageArgs = {
  catalogueId?: InputMaybe<Scalars['Int']['input']>;
  courseId: Scalars['Int']['input'];
  videoId?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryrecommendedAuthorsArgs = {
  batch?: InputMaybe<Scalars['Int']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryrecommendedCoursesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryresourceCountArgs = {
  catalogueId: Scalars['Int']['input'];
  year?: InputMaybe<Scalars['Int']['input']>;
};


export type QuerysearchArgs = {
  catalogueId?: InputMaybe<Scalars['Int']['input']>;
  keyword: Scalars['String']['input'];
};


export type QuerysearchSuggestionsArgs = {
  keyword: Scalars['String']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryselectedCoursesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QuerystatisticsArgs = {
  year?: InputMaybe<Scalars['Int']['input']>;
};


export type QuerytopicArgs = {
  topicId: Scalars['Int']['input'];
};


export type QuerytopicsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type RecordVisitInput = {
  actId?: InputMaybe<Scalars['String']['input']>;
  /** The route's title (the page's module), e.g. 首页. */
  moduleName: Scalars['String']['input'];
  /** The page's path and query, e.g. /home?scId=3. */
  pageUrl: Scalars['String']['input'];
  /**
   * Where the visitor came from: the previous page's path and query, or the full http(s) URL of
   * another site (the referrer of the first page). At most 2048 characters; a malformed value is
   * logged as empty rather than refusing the visit.
   */
  previousPageUrl?: InputMaybe<Scalars['String']['input']>;
};

export type RecordVisitPayload = {
  __typename?: 'RecordVisitPayload';
  /** User-facing failures (empty on success). */
  errors: Array<UserError>;
  logId?: Maybe<Scalars['ID']['output']>;
};

export type ReportPlayInput = {
  catalogueId?: InputMaybe<Scalars['Int']['input']>;
  courseId: Scalars['Int']['input'];
  duration: Scalars['Float']['input'];
  lastPlayTime: Scalars['Float']['input'];
  /**
   * The logId the previous report of this viewing returned; absent for the first report after the
   * video was opened (a new viewing: its stayTime is added to what earlier viewings accumulated).
   */
  logId?: InputMaybe<Scalars['ID']['input']>;
  /** Seconds watched in this viewing so far (the running total). */
  stayTime: Scalars['Float']['input'];
  videoId: Scalars['Int']['input'];
};

export type ReportPlayPayload = {
  __typename?: 'ReportPlayPayload';
  errors: Array<UserError>;
  logId?: Maybe<Scalars['ID']['output']>;
};

export type ResourceCount = {
  __typename?: 'ResourceCount';
  courseCount: Scalars['Int']['output'];
  videoCount: Scalars['Int']['output'];
};

/**
 * Where 继续学习 opens a course: the video watched last at the second the viewer stopped; when that one
 * was finished, the next video of the course not finished (past the last, the first not finished; all
 * finished: the last one again from the beginning).
 */
export type ResumePoint = {
  __typename?: 'ResumePoint';
  /** Whether it is another video than the one watched last (that one was finished). */
  isNext: Scalars['Boolean']['output'];
  /** 第N讲 */
  numberShow: Scalars['String']['output'];
  /** The second to start at; 0: from the beginning. */
  startAt: Scalars['Int']['output'];
  videoId: Scalars['Int']['output'];
  videoName: Scalars['String']['output'];
};

/** One search (Query.search). Each field asked for is one upstream call. */
export type Search = {
  __typename?: 'Search';
  /** 讲师 tab, 21 a page. */
  authors: AuthorHitConnection;
  catalogueId: Scalars['Int']['output'];
  /** The tab counts (GetSearchCountByKeyWord). */
  counts: SearchCounts;
  /** 课程 tab, 21 a page. */
  courses: CourseHitConnection;
  keyword: Scalars['String']['output'];
  /** 知识点 tab: keyframes and transcript passages, each at a second of its video, 21 a page. */
  knowledgePoints: KnowledgePointConnection;
  /** 综合 tab: the first results of every group in one upstream call (type all). */
  overview: SearchOverview;
  /** 专题 tab, 21 a page. */
  topics: TopicHitConnection;
};


/** One search (Query.search). Each field asked for is one upstream call. */
export type SearchauthorsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** One search (Query.search). Each field asked for is one upstream call. */
export type SearchcoursesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** One search (Query.search). Each field asked for is one upstream call. */
export type SearchknowledgePointsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** One search (Query.search). Each field asked for is one upstream call. */
export type SearchtopicsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type SearchCounts = {
  __typename?: 'SearchCounts';
  authorCount: Scalars['Int']['output'];
  courseCount: Scalars['Int']['output'];
  knowledgePointCount: Scalars['Int']['output'];
  topicCount: Scalars['Int']['output'];
};

/** The all-tab previews (product-spec §9: 21 courses, 10 knowledge points, 4 topics, 8 lecturers). */
export type SearchOverview = {
  __typename?: 'SearchOverview';
  authorCount: Scalars['Int']['output'];
  authors: Array<AuthorHit>;
  courseCount: Scalars['Int']['output'];
  courses: Array<CourseHit>;
  knowledgePointCount: Scalars['Int']['output'];
  knowledgePoints: Array<KnowledgePoint>;
  topicCount: Scalars['Int']['output'];
  topics: Array<TopicHit>;
};

/** What the search box suggests for a keyword (Query.searchSuggestions). */
export type SearchSuggestions = {
  __typename?: 'SearchSuggestions';
  /** Lecturers whose name contains it. */
  authors: Array<AuthorHit>;
  /** Courses whose name contains it; name highlighted where the keyword is. */
  courses: Array<CourseHit>;
  /** 热门搜索 containing the keyword. */
  hotKeywords: Array<HotKeyword>;
  keyword: Scalars['String']['output'];
};

export type SendDanmakuInput = {
  content: Scalars['String']['input'];
  videoId: Scalars['Int']['input'];
  vtime: Scalars['Float']['input'];
};

export type SendDanmakuPayload = {
  __typename?: 'SendDanmakuPayload';
  danmaku?: Maybe<Danmaku>;
  errors: Array<UserError>;
};

export type SetVideoOperationInput = {
  catalogueId?: InputMaybe<Scalars['Int']['input']>;
  courseId: Scalars['Int']['input'];
  kind: VideoOperationKind;
  /** true: like/favourite; false: cancel */
  on: Scalars['Boolean']['input'];
  videoId: Scalars['Int']['input'];
};

export type SetVideoOperationPayload = {
  __typename?: 'SetVideoOperationPayload';
  /** The course, refetched for its counters. */
  course?: Maybe<Course>;
  errors: Array<UserError>;
  message?: Maybe<Scalars['String']['output']>;
  operations?: Maybe<VideoOperations>;
};

export type Site = {
  __typename?: 'Site';
  comCode: Scalars['String']['output'];
  comId: Scalars['Int']['output'];
  /** The platform's current year, counted in UTC+8: 'this year' of the year filters and statistics. */
  currentYear: Scalars['Int']['output'];
  description: Scalars['String']['output'];
  /**
   * The external login page (the login service's /login) as the browser reaches it; clients append
   * ?redirect=<absolute URL to come back to>. LOGIN_PUBLIC_URL, or derived from the request's host.
   */
  loginUrl: Scalars['String']['output'];
  productId: Scalars['Int']['output'];
  title: Scalars['String']['output'];
};

/** Subscriptions go over SSE (graphql-sse protocol, the same /graphql endpoint). */
export type Subscription = {
  __typename?: 'Subscription';
  /**
   * Asks the AI a question and streams its answer (GET /api/ai/flowQuestion, product-spec §2 AI drawer,
   * §4 AI chat, §5 AI question rules). Events come in order: any number of AIThinkingDelta (deep thinking
   * only, or the retrieval steps), then AIAnswerDelta, and exactly one AIAnswerDone last, which carries
   * the sources that the answer's citation markers [n] refer to (n = AISource.index).
   * Refused before any event, as a GraphQL error with extensions.code:
   * LOGIN_REQUIRED (visitor, userType -1/0), INVALID (empty: 请输入内容; over 200 characters:
   * 输入限200字以内; argument named in extensions.field), REFUSED (the upstream's -1 message, e.g. the
   * per-user rate limit), UNAVAILABLE (the upstream cannot be reached, or answers neither a stream nor
   * a refusal of at most 64 KB). A failure after the first event ends the stream with an error (code
   * UNAVAILABLE); its message is the upstream's own err: sentence when that is short plain Chinese text
   * (at most 100 characters with a Chinese character, no control or format characters, e.g.
   * AI 解答超时，请稍后再试, AI 服务暂时不可用，请稍后再试), else 回答中断，请稍后再试 (a reset, a timeout,
   * a stream without end:, a line over 64 KB or an event over 1 MB, whose upstream request is then
   * cancelled). Closing the subscription cancels the upstream request.
   * Decided in the gateway where the contract left it open: a refusal is the stream's only result
   * ({data: null, errors}) on both SSE endpoints (/graphql and /graphql/stream); the failure after the
   * first event is likewise one last result {data: null, errors} before the stream completes; an invalid
   * clientId, or a negative courseId/videoId, is INVALID naming that field; an unknown course or video
   * (upstream 4004 课程不存在 / 视频不存在) is INVALID naming courseId / videoId. The user asking is the
   * signed-in viewer (their userId goes upstream); the client never names a user. Counts as 4 upstream
   * calls in the operation cost limit.
   */
  askAI: AIAnswerEvent;
};


/** Subscriptions go over SSE (graphql-sse protocol, the same /graphql endpoint). */
export type SubscriptionaskAIArgs = {
  input: AskAIInput;
};

/**
 * Highlighted text, in pieces: the client renders every piece as text (never as HTML) and the
 * pieces with hit = true emphasised (<mark>). Joined, the pieces are the field's text.
 */
export type TextSegment = {
  __typename?: 'TextSegment';
  hit: Scalars['Boolean']['output'];
  text: Scalars['String']['output'];
};

export type Topic = Node & {
  __typename?: 'Topic';
  courseCount: Scalars['Int']['output'];
  /** The topic's courses (the list calls carry the first 4, the detail call all of them). */
  courses: Array<Course>;
  id: Scalars['ID']['output'];
  image: Scalars['String']['output'];
  info: Scalars['String']['output'];
  /** Other topics for the topic page (6). */
  moreTopics: Array<Topic>;
  publishTime: Scalars['String']['output'];
  title: Scalars['String']['output'];
  topicId: Scalars['Int']['output'];
};


export type TopicmoreTopicsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};

export type TopicConnection = {
  __typename?: 'TopicConnection';
  edges: Array<TopicEdge>;
  pageInfo: PageInfo;
  totalCount?: Maybe<Scalars['Int']['output']>;
};

export type TopicEdge = {
  __typename?: 'TopicEdge';
  cursor: Scalars['String']['output'];
  node: Topic;
};

export type TopicHit = {
  __typename?: 'TopicHit';
  info: Array<TextSegment>;
  title: Array<TextSegment>;
  topic: Topic;
};

export type TopicHitConnection = {
  __typename?: 'TopicHitConnection';
  edges: Array<TopicHitEdge>;
  pageInfo: PageInfo;
  totalCount: Scalars['Int']['output'];
};

export type TopicHitEdge = {
  __typename?: 'TopicHitEdge';
  cursor: Scalars['String']['output'];
  node: TopicHit;
};

export type UnbindAccountInput = {
  provider: OAuthProvider;
};

export type UnbindAccountPayload = {
  __typename?: 'UnbindAccountPayload';
  errors: Array<UserError>;
  profile?: Maybe<UserProfile>;
};

export type UncollectNoteInput = {
  noteId: Scalars['ID']['input'];
};

export type UncollectNotePayload = {
  __typename?: 'UncollectNotePayload';
  errors: Array<UserError>;
  uncollectedNoteId?: Maybe<Scalars['ID']['output']>;
};

export type UpdateProfileInput = {
  address: Scalars['String']['input'];
  /** YYYY-MM-DD or empty. */
  birthday: Scalars['String']['input'];
  className: Scalars['String']['input'];
  gender: Gender;
  /** At most 400 characters. */
  info: Scalars['String']['input'];
  major: Scalars['String']['input'];
  realName: Scalars['String']['input'];
  school: Scalars['String']['input'];
  studentId: Scalars['String']['input'];
};

export type UpdateProfilePayload = {
  __typename?: 'UpdateProfilePayload';
  /** field: the input field the message is about (realName, info, ...). */
  errors: Array<UserError>;
  profile?: Maybe<UserProfile>;
  viewer: Viewer;
};

export type UploadAvatarInput = {
  /** The cropped image; at most 10240 KB, at least 300x300 px, an image by content. */
  file: Scalars['File']['input'];
};

export type UploadAvatarPayload = {
  __typename?: 'UploadAvatarPayload';
  errors: Array<UserError>;
  headPicture?: Maybe<Scalars['String']['output']>;
  viewer: Viewer;
};

export type UserError = {
  __typename?: 'UserError';
  code: Scalars['String']['output'];
  field?: Maybe<Scalars['String']['output']>;
  message: Scalars['String']['output'];
};

export type UserProfile = {
  __typename?: 'UserProfile';
  address: Scalars['String']['output'];
  bindings: Array<AccountBinding>;
  /** YYYY-MM-DD or empty. */
  birthday: Scalars['String']['output'];
  /** False for an organisation's network identity, which has no password. */
  canChangePassword: Scalars['Boolean']['output'];
  /** External pages of the login service (open in a new tab). */
  changeEmailUrl: Scalars['String']['output'];
  changePhoneUrl: Scalars['String']['output'];
  className: Scalars['String']['output'];
  email: Scalars['String']['output'];
  findPasswordUrl: Scalars['String']['output'];
  gender: Gender;
  headPicture: Scalars['String']['output'];
  /** Introduction, at most 400 characters. */
  info: Scalars['String']['output'];
  major: Scalars['String']['output'];
  phoneNumber: Scalars['String']['output'];
  realName: Scalars['String']['output'];
  school: Scalars['String']['output'];
  studentId: Scalars['String']['output'];
  userId: Scalars['Int']['output'];
  userName: Scalars['String']['output'];
};

export type Video = Node & {
  __typename?: 'Video';
  abstract: Scalars['String']['output'];
  /** The AI content block (GET /api/ai/GetAIContent); null while none has been generated. Anyone may read it. */
  aiContent?: Maybe<AIContent>;
  code: Scalars['String']['output'];
  course?: Maybe<Course>;
  courseId: Scalars['Int']['output'];
  /** Scrolling comments between two seconds (default: the whole video), time order, at most 3 000. */
  danmaku: Array<Danmaku>;
  duration: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  image: Scalars['String']['output'];
  keyframes: Array<Keyframe>;
  /** The subtitle manuscript as plain text (GetSubtitlesManuscriptUrl); null when the video has none. */
  manuscript?: Maybe<Scalars['String']['output']>;
  /**
   * Whether the video's media plays: READY (videoUrl plays), GENERATING (its own lecture is being made
   * since a signed-in viewer opened it: ask again until READY; the player says 视频生成中，请稍候),
   * UNAVAILABLE (its lecture cannot be made on this server, e.g. ffmpeg or espeak-ng is missing:
   * 本讲视频暂未生成) or NONE (no media: 视频暂未上线).
   */
  mediaState: VideoMediaState;
  name: Scalars['String']['output'];
  /** Notes of this video, newest first (play page: 100). Empty for a visitor. */
  notes: NoteConnection;
  numberShow: Scalars['String']['output'];
  properTitle: Scalars['String']['output'];
  publishTime: Scalars['String']['output'];
  /** The renditions of the master playlist, highest first. */
  qualities: Array<VideoQuality>;
  /** WebVTT subtitles (a /media path) or empty. */
  subtitleUrl: Scalars['String']['output'];
  videoId: Scalars['Int']['output'];
  /** HLS master playlist (a /media path), empty while the video has no media (the client says 视频暂未上线). */
  videoUrl: Scalars['String']['output'];
  /** The viewer's like/favourite state and the counts; null for a visitor. */
  viewerOperations?: Maybe<VideoOperations>;
};


export type VideodanmakuArgs = {
  from?: InputMaybe<Scalars['Float']['input']>;
  to?: InputMaybe<Scalars['Float']['input']>;
};


export type VideonotesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  scope?: InputMaybe<VideoNoteScope>;
};

/** What a video's media is doing (GetPlayPageData's mediaState). */
export type VideoMediaState =
  | 'GENERATING'
  | 'NONE'
  | 'READY'
  | 'UNAVAILABLE';

export type VideoNoteScope =
  /** 全部笔记: the video's public notes and the viewer's private ones */
  | 'ALL'
  /** 我的笔记: the viewer's notes of this video */
  | 'MINE';

export type VideoOperationKind =
  | 'FAVOURITE'
  | 'LIKE';

/** A likes/favourites state of a video for the viewer (GetUserOperateVideo). */
export type VideoOperations = {
  __typename?: 'VideoOperations';
  favouriteCount: Scalars['Int']['output'];
  favourited: Scalars['Boolean']['output'];
  likeCount: Scalars['Int']['output'];
  liked: Scalars['Boolean']['output'];
};

/** Where the viewer is in one video. */
export type VideoProgress = {
  __typename?: 'VideoProgress';
  duration: Scalars['Int']['output'];
  /** Seconds into the video where the viewer stopped. */
  lastPlayTime: Scalars['Int']['output'];
  learned: Scalars['Boolean']['output'];
  /** 0..100 (100 when learned). */
  percent: Scalars['Int']['output'];
  videoId: Scalars['Int']['output'];
};

export type VideoQuality = {
  __typename?: 'VideoQuality';
  bandwidth: Scalars['Int']['output'];
  height: Scalars['Int']['output'];
  /** e.g. 720p */
  name: Scalars['String']['output'];
};

export type ViewLogEntry = {
  __typename?: 'ViewLogEntry';
  catalogueId: Scalars['Int']['output'];
  courseId: Scalars['Int']['output'];
  courseName: Scalars['String']['output'];
  duration: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  /** Seconds into the video where the viewer stopped. */
  lastPlayTime: Scalars['Int']['output'];
  numberShow: Scalars['String']['output'];
  /** When the video was last watched (ISO 8601). */
  updateTime: Scalars['String']['output'];
  videoId: Scalars['Int']['output'];
  videoImage: Scalars['String']['output'];
  videoName: Scalars['String']['output'];
};

export type Viewer = {
  __typename?: 'Viewer';
  comCode?: Maybe<Scalars['String']['output']>;
  comId?: Maybe<Scalars['Int']['output']>;
  /** The organisation the user belongs to (the header shows it); null for none. */
  comName?: Maybe<Scalars['String']['output']>;
  /**
   * 继续学习: the courses the viewer watched most recently, newest first, with their progress (from the
   * play records). Empty for a visitor and for an organisation's network identity (a whole network
   * signed in by address or no-login link, not a person). first: 1..20.
   */
  continueLearning: Array<CourseProgress>;
  email?: Maybe<Scalars['String']['output']>;
  /** 我的课程: courses the viewer favourited, newest first (upstream page size 10000). */
  favouriteCourses: CourseConnection;
  /** 截取片段: clips not yet expired (kept 30 days; upstream page size 10000). */
  fragments: FragmentConnection;
  headPicture?: Maybe<Scalars['String']['output']>;
  /** 历史记录: the last 100 videos watched, newest first. */
  history: Array<ViewLogEntry>;
  /** True while the user is anonymous (product-spec §4: a successful validation or login sets it false). */
  isIP: Scalars['Boolean']['output'];
  isLoggedIn: Scalars['Boolean']['output'];
  /** 消息 (upstream page size 1000). */
  messages: MessageConnection;
  /** The display name (UserName); null when anonymous. */
  name?: Maybe<Scalars['String']['output']>;
  /** 我的笔记: the viewer's own notes, or the notes they collected (upstream page size 1000). */
  notes: NoteConnection;
  /** Contact details, read-only in the personal centre (changed on the login service's pages). */
  phoneNumber?: Maybe<Scalars['String']['output']>;
  /** The full profile (个人资料, 账户设置); null when anonymous. */
  profile?: Maybe<UserProfile>;
  /** The upstream user id; null when anonymous. */
  userId?: Maybe<Scalars['Int']['output']>;
  /** -1 or 0: not logged in; 1 or 2: personal or organisation member (product-spec §6). */
  userType: Scalars['Int']['output'];
};


export type ViewercontinueLearningArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type ViewerfavouriteCoursesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type ViewerfragmentsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type ViewermessagesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type ViewernotesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  kind?: InputMaybe<NoteKind>;
};



export type ResolverTypeWrapper<T> = Promise<T> | T;

export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;



/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = {
  AIAnswerEvent:
    | ( AIAnswerDeltaParent )
    | ( AIAnswerDoneParent )
    | ( AIThinkingDeltaParent )
  ;
};


/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  AIAnswerDelta: ResolverTypeWrapper<AIAnswerDeltaParent>;
  AIAnswerDone: ResolverTypeWrapper<AIAnswerDoneParent>;
  AIAnswerEvent: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['AIAnswerEvent']>;
  AIContent: ResolverTypeWrapper<AIContentParent>;
  AICoreTag: ResolverTypeWrapper<AICoreTag>;
  AIKeyPoint: ResolverTypeWrapper<AIKeyPoint>;
  AIMajor: ResolverTypeWrapper<AIMajor>;
  AISource: ResolverTypeWrapper<AISourceParent>;
  AIThinkingDelta: ResolverTypeWrapper<AIThinkingDeltaParent>;
  AccountBinding: ResolverTypeWrapper<AccountBinding>;
  AddNoteInput: AddNoteInput;
  AddNotePayload: ResolverTypeWrapper<Omit<AddNotePayload, 'errors' | 'note' | 'noteEdge'> & { errors: Array<ResolversTypes['UserError']>, note?: Maybe<ResolversTypes['Note']>, noteEdge?: Maybe<ResolversTypes['NoteEdge']> }>;
  AskAIInput: AskAIInput;
  Author: ResolverTypeWrapper<AuthorParent>;
  AuthorConnection: ResolverTypeWrapper<Omit<AuthorConnection, 'edges'> & { edges: Array<ResolversTypes['AuthorEdge']> }>;
  AuthorEdge: ResolverTypeWrapper<Omit<AuthorEdge, 'node'> & { node: ResolversTypes['Author'] }>;
  AuthorHit: ResolverTypeWrapper<AuthorHitParent>;
  AuthorHitConnection: ResolverTypeWrapper<Omit<AuthorHitConnection, 'edges'> & { edges: Array<ResolversTypes['AuthorHitEdge']> }>;
  AuthorHitEdge: ResolverTypeWrapper<Omit<AuthorHitEdge, 'node'> & { node: ResolversTypes['AuthorHit'] }>;
  AuthorSort: AuthorSort;
  Banner: ResolverTypeWrapper<BannerParent>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Catalogue: ResolverTypeWrapper<CatalogueParent>;
  CatalogueSuggestion: ResolverTypeWrapper<CatalogueSuggestionParent>;
  ChangePasswordInput: ChangePasswordInput;
  ChangePasswordPayload: ResolverTypeWrapper<Omit<ChangePasswordPayload, 'errors'> & { errors: Array<ResolversTypes['UserError']> }>;
  ClearHistoryInput: ClearHistoryInput;
  ClearHistoryPayload: ResolverTypeWrapper<Omit<ClearHistoryPayload, 'errors' | 'viewer'> & { errors: Array<ResolversTypes['UserError']>, viewer: ResolversTypes['Viewer'] }>;
  ClipVideoInput: ClipVideoInput;
  ClipVideoPayload: ResolverTypeWrapper<Omit<ClipVideoPayload, 'errors' | 'fragment'> & { errors: Array<ResolversTypes['UserError']>, fragment?: Maybe<ResolversTypes['Fragment']> }>;
  CollectNoteInput: CollectNoteInput;
  CollectNotePayload: ResolverTypeWrapper<Omit<CollectNotePayload, 'errors' | 'note'> & { errors: Array<ResolversTypes['UserError']>, note?: Maybe<ResolversTypes['Note']> }>;
  CompanyLoginInput: CompanyLoginInput;
  CompanyLoginPayload: ResolverTypeWrapper<Omit<CompanyLoginPayload, 'errors' | 'viewer'> & { errors: Array<ResolversTypes['UserError']>, viewer: ResolversTypes['Viewer'] }>;
  Course: ResolverTypeWrapper<CourseParent>;
  CourseConnection: ResolverTypeWrapper<Omit<CourseConnection, 'edges'> & { edges: Array<ResolversTypes['CourseEdge']> }>;
  CourseEdge: ResolverTypeWrapper<Omit<CourseEdge, 'node'> & { node: ResolversTypes['Course'] }>;
  CourseHit: ResolverTypeWrapper<CourseHitParent>;
  CourseHitConnection: ResolverTypeWrapper<Omit<CourseHitConnection, 'edges'> & { edges: Array<ResolversTypes['CourseHitEdge']> }>;
  CourseHitEdge: ResolverTypeWrapper<Omit<CourseHitEdge, 'node'> & { node: ResolversTypes['CourseHit'] }>;
  CourseOrder: CourseOrder;
  CourseProgress: ResolverTypeWrapper<CourseProgressParent>;
  CourseTag: ResolverTypeWrapper<CourseTagParent>;
  Danmaku: ResolverTypeWrapper<DanmakuParent>;
  DeleteFragmentInput: DeleteFragmentInput;
  DeleteFragmentPayload: ResolverTypeWrapper<Omit<DeleteFragmentPayload, 'errors'> & { errors: Array<ResolversTypes['UserError']> }>;
  DeleteMessageInput: DeleteMessageInput;
  DeleteMessagePayload: ResolverTypeWrapper<Omit<DeleteMessagePayload, 'errors'> & { errors: Array<ResolversTypes['UserError']> }>;
  DeleteNoteInput: DeleteNoteInput;
  DeleteNotePayload: ResolverTypeWrapper<Omit<DeleteNotePayload, 'errors'> & { errors: Array<ResolversTypes['UserError']> }>;
  File: ResolverTypeWrapper<Scalars['File']['output']>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  Fragment: ResolverTypeWrapper<FragmentParent>;
  FragmentConnection: ResolverTypeWrapper<Omit<FragmentConnection, 'edges'> & { edges: Array<ResolversTypes['FragmentEdge']> }>;
  FragmentEdge: ResolverTypeWrapper<Omit<FragmentEdge, 'node'> & { node: ResolversTypes['Fragment'] }>;
  Gender: Gender;
  HotKeyword: ResolverTypeWrapper<HotKeyword>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  Keyframe: ResolverTypeWrapper<Keyframe>;
  KnowledgePoint: ResolverTypeWrapper<KnowledgePointParent>;
  KnowledgePointConnection: ResolverTypeWrapper<Omit<KnowledgePointConnection, 'edges'> & { edges: Array<ResolversTypes['KnowledgePointEdge']> }>;
  KnowledgePointEdge: ResolverTypeWrapper<Omit<KnowledgePointEdge, 'node'> & { node: ResolversTypes['KnowledgePoint'] }>;
  KnowledgePointKind: KnowledgePointKind;
  LogoutInput: LogoutInput;
  LogoutPayload: ResolverTypeWrapper<Omit<LogoutPayload, 'errors' | 'viewer'> & { errors: Array<ResolversTypes['UserError']>, viewer: ResolversTypes['Viewer'] }>;
  Message: ResolverTypeWrapper<MessageParent>;
  MessageConnection: ResolverTypeWrapper<Omit<MessageConnection, 'edges'> & { edges: Array<ResolversTypes['MessageEdge']> }>;
  MessageEdge: ResolverTypeWrapper<Omit<MessageEdge, 'node'> & { node: ResolversTypes['Message'] }>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Node: ResolverTypeWrapper<NodeParent>;
  Note: ResolverTypeWrapper<NoteParent>;
  NoteConnection: ResolverTypeWrapper<Omit<NoteConnection, 'edges'> & { edges: Array<ResolversTypes['NoteEdge']> }>;
  NoteEdge: ResolverTypeWrapper<Omit<NoteEdge, 'node'> & { node: ResolversTypes['Note'] }>;
  NoteKind: NoteKind;
  NoteVisibility: NoteVisibility;
  OAuthProvider: OAuthProvider;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  PlayPage: ResolverTypeWrapper<PlayPageParent>;
  PlayResume: ResolverTypeWrapper<PlayResumeParent>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RecordVisitInput: RecordVisitInput;
  RecordVisitPayload: ResolverTypeWrapper<Omit<RecordVisitPayload, 'errors'> & { errors: Array<ResolversTypes['UserError']> }>;
  ReportPlayInput: ReportPlayInput;
  ReportPlayPayload: ResolverTypeWrapper<Omit<ReportPlayPayload, 'errors'> & { errors: Array<ResolversTypes['UserError']> }>;
  ResourceCount: ResolverTypeWrapper<ResourceCount>;
  ResumePoint: ResolverTypeWrapper<ResumePoint>;
  Search: ResolverTypeWrapper<SearchParent>;
  SearchCounts: ResolverTypeWrapper<SearchCounts>;
  SearchOverview: ResolverTypeWrapper<Omit<SearchOverview, 'authors' | 'courses' | 'knowledgePoints' | 'topics'> & { authors: Array<ResolversTypes['AuthorHit']>, courses: Array<ResolversTypes['CourseHit']>, knowledgePoints: Array<ResolversTypes['KnowledgePoint']>, topics: Array<ResolversTypes['TopicHit']> }>;
  SearchSuggestions: ResolverTypeWrapper<SearchSuggestionsParent>;
  SendDanmakuInput: SendDanmakuInput;
  SendDanmakuPayload: ResolverTypeWrapper<Omit<SendDanmakuPayload, 'danmaku' | 'errors'> & { danmaku?: Maybe<ResolversTypes['Danmaku']>, errors: Array<ResolversTypes['UserError']> }>;
  SetVideoOperationInput: SetVideoOperationInput;
  SetVideoOperationPayload: ResolverTypeWrapper<Omit<SetVideoOperationPayload, 'course' | 'errors'> & { course?: Maybe<ResolversTypes['Course']>, errors: Array<ResolversTypes['UserError']> }>;
  Site: ResolverTypeWrapper<Site>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  TextSegment: ResolverTypeWrapper<TextSegment>;
  Topic: ResolverTypeWrapper<TopicParent>;
  TopicConnection: ResolverTypeWrapper<Omit<TopicConnection, 'edges'> & { edges: Array<ResolversTypes['TopicEdge']> }>;
  TopicEdge: ResolverTypeWrapper<Omit<TopicEdge, 'node'> & { node: ResolversTypes['Topic'] }>;
  TopicHit: ResolverTypeWrapper<TopicHitParent>;
  TopicHitConnection: ResolverTypeWrapper<Omit<TopicHitConnection, 'edges'> & { edges: Array<ResolversTypes['TopicHitEdge']> }>;
  TopicHitEdge: ResolverTypeWrapper<Omit<TopicHitEdge, 'node'> & { node: ResolversTypes['TopicHit'] }>;
  UnbindAccountInput: UnbindAccountInput;
  UnbindAccountPayload: ResolverTypeWrapper<Omit<UnbindAccountPayload, 'errors' | 'profile'> & { errors: Array<ResolversTypes['UserError']>, profile?: Maybe<ResolversTypes['UserProfile']> }>;
  UncollectNoteInput: UncollectNoteInput;
  UncollectNotePayload: ResolverTypeWrapper<Omit<UncollectNotePayload, 'errors'> & { errors: Array<ResolversTypes['UserError']> }>;
  UpdateProfileInput: UpdateProfileInput;
  UpdateProfilePayload: ResolverTypeWrapper<Omit<UpdateProfilePayload, 'errors' | 'profile' | 'viewer'> & { errors: Array<ResolversTypes['UserError']>, profile?: Maybe<ResolversTypes['UserProfile']>, viewer: ResolversTypes['Viewer'] }>;
  UploadAvatarInput: UploadAvatarInput;
  UploadAvatarPayload: ResolverTypeWrapper<Omit<UploadAvatarPayload, 'errors' | 'viewer'> & { errors: Array<ResolversTypes['UserError']>, viewer: ResolversTypes['Viewer'] }>;
  UserError: ResolverTypeWrapper<UserErrorResult>;
  UserProfile: ResolverTypeWrapper<UserProfileParent>;
  Video: ResolverTypeWrapper<VideoParent>;
  VideoMediaState: VideoMediaState;
  VideoNoteScope: VideoNoteScope;
  VideoOperationKind: VideoOperationKind;
  VideoOperations: ResolverTypeWrapper<VideoOperations>;
  VideoProgress: ResolverTypeWrapper<VideoProgressParent>;
  VideoQuality: ResolverTypeWrapper<VideoQuality>;
  ViewLogEntry: ResolverTypeWrapper<ViewLogEntryParent>;
  Viewer: ResolverTypeWrapper<ViewerParent>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  AIAnswerDelta: AIAnswerDeltaParent;
  AIAnswerDone: AIAnswerDoneParent;
  AIAnswerEvent: ResolversUnionTypes<ResolversParentTypes>['AIAnswerEvent'];
  AIContent: AIContentParent;
  AICoreTag: AICoreTag;
  AIKeyPoint: AIKeyPoint;
  AIMajor: AIMajor;
  AISource: AISourceParent;
  AIThinkingDelta: AIThinkingDeltaParent;
  AccountBinding: AccountBinding;
  AddNoteInput: AddNoteInput;
  AddNotePayload: Omit<AddNotePayload, 'errors' | 'note' | 'noteEdge'> & { errors: Array<ResolversParentTypes['UserError']>, note?: Maybe<ResolversParentTypes['Note']>, noteEdge?: Maybe<ResolversParentTypes['NoteEdge']> };
  AskAIInput: AskAIInput;
  Author: AuthorParent;
  AuthorConnection: Omit<AuthorConnection, 'edges'> & { edges: Array<ResolversParentTypes['AuthorEdge']> };
  AuthorEdge: Omit<AuthorEdge, 'node'> & { node: ResolversParentTypes['Author'] };
  AuthorHit: AuthorHitParent;
  AuthorHitConnection: Omit<AuthorHitConnection, 'edges'> & { edges: Array<ResolversParentTypes['AuthorHitEdge']> };
  AuthorHitEdge: Omit<AuthorHitEdge, 'node'> & { node: ResolversParentTypes['AuthorHit'] };
  Banner: BannerParent;
  Boolean: Scalars['Boolean']['output'];
  Catalogue: CatalogueParent;
  CatalogueSuggestion: CatalogueSuggestionParent;
  ChangePasswordInput: ChangePasswordInput;
  ChangePasswordPayload: Omit<ChangePasswordPayload, 'errors'> & { errors: Array<ResolversParentTypes['UserError']> };
  ClearHistoryInput: ClearHistoryInput;
  ClearHistoryPayload: Omit<ClearHistoryPayload, 'errors' | 'viewer'> & { errors: Array<ResolversParentTypes['UserError']>, viewer: ResolversParentTypes['Viewer'] };
  ClipVideoInput: ClipVideoInput;
  ClipVideoPayload: Omit<ClipVideoPayload, 'errors' | 'fragment'> & { errors: Array<ResolversParentTypes['UserError']>, fragment?: Maybe<ResolversParentTypes['Fragment']> };
  CollectNoteInput: CollectNoteInput;
  CollectNotePayload: Omit<CollectNotePayload, 'errors' | 'note'> & { errors: Array<ResolversParentTypes['UserError']>, note?: Maybe<ResolversParentTypes['Note']> };
  CompanyLoginInput: CompanyLoginInput;
  CompanyLoginPayload: Omit<CompanyLoginPayload, 'errors' | 'viewer'> & { errors: Array<ResolversParentTypes['UserError']>, viewer: ResolversParentTypes['Viewer'] };
  Course: CourseParent;
  CourseConnection: Omit<CourseConnection, 'edges'> & { edges: Array<ResolversParentTypes['CourseEdge']> };
  CourseEdge: Omit<CourseEdge, 'node'> & { node: ResolversParentTypes['Course'] };
  CourseHit: CourseHitParent;
  CourseHitConnection: Omit<CourseHitConnection, 'edges'> & { edges: Array<ResolversParentTypes['CourseHitEdge']> };
  CourseHitEdge: Omit<CourseHitEdge, 'node'> & { node: ResolversParentTypes['CourseHit'] };
  CourseProgress: CourseProgressParent;
  CourseTag: CourseTagParent;
  Danmaku: DanmakuParent;
  DeleteFragmentInput: DeleteFragmentInput;
  DeleteFragmentPayload: Omit<DeleteFragmentPayload, 'errors'> & { errors: Array<ResolversParentTypes['UserError']> };
  DeleteMessageInput: DeleteMessageInput;
  DeleteMessagePayload: Omit<DeleteMessagePayload, 'errors'> & { errors: Array<ResolversParentTypes['UserError']> };
  DeleteNoteInput: DeleteNoteInput;
  DeleteNotePayload: Omit<DeleteNotePayload, 'errors'> & { errors: Array<ResolversParentTypes['UserError']> };
  File: Scalars['File']['output'];
  Float: Scalars['Float']['output'];
  Fragment: FragmentParent;
  FragmentConnection: Omit<FragmentConnection, 'edges'> & { edges: Array<ResolversParentTypes['FragmentEdge']> };
  FragmentEdge: Omit<FragmentEdge, 'node'> & { node: ResolversParentTypes['Fragment'] };
  HotKeyword: HotKeyword;
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  Keyframe: Keyframe;
  KnowledgePoint: KnowledgePointParent;
  KnowledgePointConnection: Omit<KnowledgePointConnection, 'edges'> & { edges: Array<ResolversParentTypes['KnowledgePointEdge']> };
  KnowledgePointEdge: Omit<KnowledgePointEdge, 'node'> & { node: ResolversParentTypes['KnowledgePoint'] };
  LogoutInput: LogoutInput;
  LogoutPayload: Omit<LogoutPayload, 'errors' | 'viewer'> & { errors: Array<ResolversParentTypes['UserError']>, viewer: ResolversParentTypes['Viewer'] };
  Message: MessageParent;
  MessageConnection: Omit<MessageConnection, 'edges'> & { edges: Array<ResolversParentTypes['MessageEdge']> };
  MessageEdge: Omit<MessageEdge, 'node'> & { node: ResolversParentTypes['Message'] };
  Mutation: Record<PropertyKey, never>;
  Node: NodeParent;
  Note: NoteParent;
  NoteConnection: Omit<NoteConnection, 'edges'> & { edges: Array<ResolversParentTypes['NoteEdge']> };
  NoteEdge: Omit<NoteEdge, 'node'> & { node: ResolversParentTypes['Note'] };
  PageInfo: PageInfo;
  PlayPage: PlayPageParent;
  PlayResume: PlayResumeParent;
  Query: Record<PropertyKey, never>;
  RecordVisitInput: RecordVisitInput;
  RecordVisitPayload: Omit<RecordVisitPayload, 'errors'> & { errors: Array<ResolversParentTypes['UserError']> };
  ReportPlayInput: ReportPlayInput;
  ReportPlayPayload: Omit<ReportPlayPayload, 'errors'> & { errors: Array<ResolversParentTypes['UserError']> };
  ResourceCount: ResourceCount;
  ResumePoint: ResumePoint;
  Search: SearchParent;
  SearchCounts: SearchCounts;
  SearchOverview: Omit<SearchOverview, 'authors' | 'courses' | 'knowledgePoints' | 'topics'> & { authors: Array<ResolversParentTypes['AuthorHit']>, courses: Array<ResolversParentTypes['CourseHit']>, knowledgePoints: Array<ResolversParentTypes['KnowledgePoint']>, topics: Array<ResolversParentTypes['TopicHit']> };
  SearchSuggestions: SearchSuggestionsParent;
  SendDanmakuInput: SendDanmakuInput;
  SendDanmakuPayload: Omit<SendDanmakuPayload, 'danmaku' | 'errors'> & { danmaku?: Maybe<ResolversParentTypes['Danmaku']>, errors: Array<ResolversParentTypes['UserError']> };
  SetVideoOperationInput: SetVideoOperationInput;
  SetVideoOperationPayload: Omit<SetVideoOperationPayload, 'course' | 'errors'> & { course?: Maybe<ResolversParentTypes['Course']>, errors: Array<ResolversParentTypes['UserError']> };
  Site: Site;
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  TextSegment: TextSegment;
  Topic: TopicParent;
  TopicConnection: Omit<TopicConnection, 'edges'> & { edges: Array<ResolversParentTypes['TopicEdge']> };
  TopicEdge: Omit<TopicEdge, 'node'> & { node: ResolversParentTypes['Topic'] };
  TopicHit: TopicHitParent;
  TopicHitConnection: Omit<TopicHitConnection, 'edges'> & { edges: Array<ResolversParentTypes['TopicHitEdge']> };
  TopicHitEdge: Omit<TopicHitEdge, 'node'> & { node: ResolversParentTypes['TopicHit'] };
  UnbindAccountInput: UnbindAccountInput;
  UnbindAccountPayload: Omit<UnbindAccountPayload, 'errors' | 'profile'> & { errors: Array<ResolversParentTypes['UserError']>, profile?: Maybe<ResolversParentTypes['UserProfile']> };
  UncollectNoteInput: UncollectNoteInput;
  UncollectNotePayload: Omit<UncollectNotePayload, 'errors'> & { errors: Array<ResolversParentTypes['UserError']> };
  UpdateProfileInput: UpdateProfileInput;
  UpdateProfilePayload: Omit<UpdateProfilePayload, 'errors' | 'profile' | 'viewer'> & { errors: Array<ResolversParentTypes['UserError']>, profile?: Maybe<ResolversParentTypes['UserProfile']>, viewer: ResolversParentTypes['Viewer'] };
  UploadAvatarInput: UploadAvatarInput;
  UploadAvatarPayload: Omit<UploadAvatarPayload, 'errors' | 'viewer'> & { errors: Array<ResolversParentTypes['UserError']>, viewer: ResolversParentTypes['Viewer'] };
  UserError: UserErrorResult;
  UserProfile: UserProfileParent;
  Video: VideoParent;
  VideoOperations: VideoOperations;
  VideoProgress: VideoProgressParent;
  VideoQuality: VideoQuality;
  ViewLogEntry: ViewLogEntryParent;
  Viewer: ViewerParent;
};

export type AIAnswerDeltaResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AIAnswerDelta'] = ResolversParentTypes['AIAnswerDelta']> = {
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AIAnswerDoneResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AIAnswerDone'] = ResolversParentTypes['AIAnswerDone']> = {
  sources?: Resolver<Array<ResolversTypes['AISource']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AIAnswerEventResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AIAnswerEvent'] = ResolversParentTypes['AIAnswerEvent']> = {
  __resolveType: TypeResolveFn<'AIAnswerDelta' | 'AIAnswerDone' | 'AIThinkingDelta', ParentType, ContextType>;
};

export type AIContentResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AIContent'] = ResolversParentTypes['AIContent']> = {
  coreContent?: Resolver<Array<ResolversTypes['AICoreTag']>, ParentType, ContextType>;
  courseOverview?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  guessYouAsk?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  keyPoints?: Resolver<Array<ResolversTypes['AIKeyPoint']>, ParentType, ContextType>;
  relatedMajors?: Resolver<Array<ResolversTypes['AIMajor']>, ParentType, ContextType>;
  videoAbstract?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AICoreTagResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AICoreTag'] = ResolversParentTypes['AICoreTag']> = {
  catalogLevel?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  parentId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tagId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tagName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tagType?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AIKeyPointResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AIKeyPoint'] = ResolversParentTypes['AIKeyPoint']> = {
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  keyPointsShow?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timePoint?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AIMajorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AIMajor'] = ResolversParentTypes['AIMajor']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  discipline?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  majorClass?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AISourceResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AISource'] = ResolversParentTypes['AISource']> = {
  catalogueId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courseName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  excerpt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  image?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  index?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  playPath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timeLabel?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timePoint?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AIThinkingDeltaResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AIThinkingDelta'] = ResolversParentTypes['AIThinkingDelta']> = {
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AccountBindingResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AccountBinding'] = ResolversParentTypes['AccountBinding']> = {
  bindUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bound?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  provider?: Resolver<ResolversTypes['OAuthProvider'], ParentType, ContextType>;
};

export type AddNotePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AddNotePayload'] = ResolversParentTypes['AddNotePayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  note?: Resolver<Maybe<ResolversTypes['Note']>, ParentType, ContextType>;
  noteEdge?: Resolver<Maybe<ResolversTypes['NoteEdge']>, ParentType, ContextType>;
};

export type AuthorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Author'] = ResolversParentTypes['Author']> = {
  authorId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courseCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courses?: Resolver<ResolversTypes['CourseConnection'], ParentType, ContextType, RequireFields<AuthorcoursesArgs, 'catalogueId' | 'first' | 'order'>>;
  firstWord?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  image?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  intro?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  position?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AuthorConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AuthorConnection'] = ResolversParentTypes['AuthorConnection']> = {
  edges?: Resolver<Array<ResolversTypes['AuthorEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type AuthorEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AuthorEdge'] = ResolversParentTypes['AuthorEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Author'], ParentType, ContextType>;
};

export type AuthorHitResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AuthorHit'] = ResolversParentTypes['AuthorHit']> = {
  author?: Resolver<ResolversTypes['Author'], ParentType, ContextType>;
  name?: Resolver<Array<ResolversTypes['TextSegment']>, ParentType, ContextType>;
  position?: Resolver<Array<ResolversTypes['TextSegment']>, ParentType, ContextType>;
};

export type AuthorHitConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AuthorHitConnection'] = ResolversParentTypes['AuthorHitConnection']> = {
  edges?: Resolver<Array<ResolversTypes['AuthorHitEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AuthorHitEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AuthorHitEdge'] = ResolversParentTypes['AuthorHitEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['AuthorHit'], ParentType, ContextType>;
};

export type BannerResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Banner'] = ResolversParentTypes['Banner']> = {
  gotoUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  image?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  mobileOnly?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type CatalogueResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Catalogue'] = ResolversParentTypes['Catalogue']> = {
  catalogueId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  children?: Resolver<Array<ResolversTypes['Catalogue']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  level?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  parent?: Resolver<Maybe<ResolversTypes['Catalogue']>, ParentType, ContextType>;
  resourceCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType, Partial<CatalogueresourceCountArgs>>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type CatalogueSuggestionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CatalogueSuggestion'] = ResolversParentTypes['CatalogueSuggestion']> = {
  catalogue?: Resolver<Maybe<ResolversTypes['Catalogue']>, ParentType, ContextType>;
  catalogueId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  level?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  name?: Resolver<Array<ResolversTypes['TextSegment']>, ParentType, ContextType>;
  parentId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ChangePasswordPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ChangePasswordPayload'] = ResolversParentTypes['ChangePasswordPayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ClearHistoryPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ClearHistoryPayload'] = ResolversParentTypes['ClearHistoryPayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  viewer?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
};

export type ClipVideoPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ClipVideoPayload'] = ResolversParentTypes['ClipVideoPayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  fragment?: Resolver<Maybe<ResolversTypes['Fragment']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CollectNotePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CollectNotePayload'] = ResolversParentTypes['CollectNotePayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  note?: Resolver<Maybe<ResolversTypes['Note']>, ParentType, ContextType>;
};

export type CompanyLoginPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CompanyLoginPayload'] = ResolversParentTypes['CompanyLoginPayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  openUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  viewer?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
};

export type CourseResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Course'] = ResolversParentTypes['Course']> = {
  author?: Resolver<Maybe<ResolversTypes['Author']>, ParentType, ContextType>;
  authorName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  authorPosition?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  catalogue?: Resolver<Maybe<ResolversTypes['Catalogue']>, ParentType, ContextType>;
  catalogueId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  catalogueName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  catalogueTrail?: Resolver<Array<ResolversTypes['Catalogue']>, ParentType, ContextType>;
  collectCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  exclusive?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  image?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  info?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  likeCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  noteCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  publishTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  relatedCourses?: Resolver<ResolversTypes['CourseConnection'], ParentType, ContextType, RequireFields<CourserelatedCoursesArgs, 'first'>>;
  updateTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videos?: Resolver<Array<ResolversTypes['Video']>, ParentType, ContextType>;
  viewCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  viewerProgress?: Resolver<Maybe<ResolversTypes['CourseProgress']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type CourseConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CourseConnection'] = ResolversParentTypes['CourseConnection']> = {
  edges?: Resolver<Array<ResolversTypes['CourseEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type CourseEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CourseEdge'] = ResolversParentTypes['CourseEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Course'], ParentType, ContextType>;
};

export type CourseHitResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CourseHit'] = ResolversParentTypes['CourseHit']> = {
  authorName?: Resolver<Array<ResolversTypes['TextSegment']>, ParentType, ContextType>;
  course?: Resolver<ResolversTypes['Course'], ParentType, ContextType>;
  info?: Resolver<Array<ResolversTypes['TextSegment']>, ParentType, ContextType>;
  name?: Resolver<Array<ResolversTypes['TextSegment']>, ParentType, ContextType>;
};

export type CourseHitConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CourseHitConnection'] = ResolversParentTypes['CourseHitConnection']> = {
  edges?: Resolver<Array<ResolversTypes['CourseHitEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CourseHitEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CourseHitEdge'] = ResolversParentTypes['CourseHitEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['CourseHit'], ParentType, ContextType>;
};

export type CourseProgressResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CourseProgress'] = ResolversParentTypes['CourseProgress']> = {
  course?: Resolver<ResolversTypes['Course'], ParentType, ContextType>;
  lastVideo?: Resolver<ResolversTypes['VideoProgress'], ParentType, ContextType>;
  lastVideoName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastVideoNumberShow?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastWatchTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  learnedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  playPath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  resumeVideo?: Resolver<ResolversTypes['ResumePoint'], ParentType, ContextType>;
  videoCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videos?: Resolver<Array<ResolversTypes['VideoProgress']>, ParentType, ContextType>;
};

export type CourseTagResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CourseTag'] = ResolversParentTypes['CourseTag']> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tagId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type DanmakuResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Danmaku'] = ResolversParentTypes['Danmaku']> = {
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  danmakuId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  mine?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  vtime?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type DeleteFragmentPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteFragmentPayload'] = ResolversParentTypes['DeleteFragmentPayload']> = {
  deletedFragmentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type DeleteMessagePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteMessagePayload'] = ResolversParentTypes['DeleteMessagePayload']> = {
  deletedMessageId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type DeleteNotePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteNotePayload'] = ResolversParentTypes['DeleteNotePayload']> = {
  deletedNoteId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export interface FileScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['File'], any> {
  name: 'File';
}

export type FragmentResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Fragment'] = ResolversParentTypes['Fragment']> = {
  courseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  downloadable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  duration?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  expireTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  fragmentId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type FragmentConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FragmentConnection'] = ResolversParentTypes['FragmentConnection']> = {
  edges?: Resolver<Array<ResolversTypes['FragmentEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type FragmentEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FragmentEdge'] = ResolversParentTypes['FragmentEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Fragment'], ParentType, ContextType>;
};

export type HotKeywordResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['HotKeyword'] = ResolversParentTypes['HotKeyword']> = {
  keyword?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  searchCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type KeyframeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Keyframe'] = ResolversParentTypes['Keyframe']> = {
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  image?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  keyPoints?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  keyPointsShow?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timePoint?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type KnowledgePointResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KnowledgePoint'] = ResolversParentTypes['KnowledgePoint']> = {
  authorName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  catalogueId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courseName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  keyPoints?: Resolver<Array<ResolversTypes['TextSegment']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['KnowledgePointKind'], ParentType, ContextType>;
  playPath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  text?: Resolver<Array<ResolversTypes['TextSegment']>, ParentType, ContextType>;
  timePoint?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  timePointShow?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoImage?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoName?: Resolver<Array<ResolversTypes['TextSegment']>, ParentType, ContextType>;
};

export type KnowledgePointConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KnowledgePointConnection'] = ResolversParentTypes['KnowledgePointConnection']> = {
  edges?: Resolver<Array<ResolversTypes['KnowledgePointEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type KnowledgePointEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KnowledgePointEdge'] = ResolversParentTypes['KnowledgePointEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['KnowledgePoint'], ParentType, ContextType>;
};

export type LogoutPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['LogoutPayload'] = ResolversParentTypes['LogoutPayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  viewer?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
};

export type MessageResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Message'] = ResolversParentTypes['Message']> = {
  createTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  messageId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  typeName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MessageConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MessageConnection'] = ResolversParentTypes['MessageConnection']> = {
  edges?: Resolver<Array<ResolversTypes['MessageEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type MessageEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MessageEdge'] = ResolversParentTypes['MessageEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Message'], ParentType, ContextType>;
};

export type MutationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  addNote?: Resolver<ResolversTypes['AddNotePayload'], ParentType, ContextType, RequireFields<MutationaddNoteArgs, 'input'>>;
  changePassword?: Resolver<ResolversTypes['ChangePasswordPayload'], ParentType, ContextType, RequireFields<MutationchangePasswordArgs, 'input'>>;
  clearHistory?: Resolver<ResolversTypes['ClearHistoryPayload'], ParentType, ContextType, RequireFields<MutationclearHistoryArgs, 'input'>>;
  clipVideo?: Resolver<ResolversTypes['ClipVideoPayload'], ParentType, ContextType, RequireFields<MutationclipVideoArgs, 'input'>>;
  collectNote?: Resolver<ResolversTypes['CollectNotePayload'], ParentType, ContextType, RequireFields<MutationcollectNoteArgs, 'input'>>;
  companyLogin?: Resolver<ResolversTypes['CompanyLoginPayload'], ParentType, ContextType, RequireFields<MutationcompanyLoginArgs, 'input'>>;
  deleteFragment?: Resolver<ResolversTypes['DeleteFragmentPayload'], ParentType, ContextType, RequireFields<MutationdeleteFragmentArgs, 'input'>>;
  deleteMessage?: Resolver<ResolversTypes['DeleteMessagePayload'], ParentType, ContextType, RequireFields<MutationdeleteMessageArgs, 'input'>>;
  deleteNote?: Resolver<ResolversTypes['DeleteNotePayload'], ParentType, ContextType, RequireFields<MutationdeleteNoteArgs, 'input'>>;
  logout?: Resolver<ResolversTypes['LogoutPayload'], ParentType, ContextType, RequireFields<MutationlogoutArgs, 'input'>>;
  recordVisit?: Resolver<ResolversTypes['RecordVisitPayload'], ParentType, ContextType, RequireFields<MutationrecordVisitArgs, 'input'>>;
  reportPlay?: Resolver<ResolversTypes['ReportPlayPayload'], ParentType, ContextType, RequireFields<MutationreportPlayArgs, 'input'>>;
  sendDanmaku?: Resolver<ResolversTypes['SendDanmakuPayload'], ParentType, ContextType, RequireFields<MutationsendDanmakuArgs, 'input'>>;
  setVideoOperation?: Resolver<ResolversTypes['SetVideoOperationPayload'], ParentType, ContextType, RequireFields<MutationsetVideoOperationArgs, 'input'>>;
  unbindAccount?: Resolver<ResolversTypes['UnbindAccountPayload'], ParentType, ContextType, RequireFields<MutationunbindAccountArgs, 'input'>>;
  uncollectNote?: Resolver<ResolversTypes['UncollectNotePayload'], ParentType, ContextType, RequireFields<MutationuncollectNoteArgs, 'input'>>;
  updateProfile?: Resolver<ResolversTypes['UpdateProfilePayload'], ParentType, ContextType, RequireFields<MutationupdateProfileArgs, 'input'>>;
  uploadAvatar?: Resolver<ResolversTypes['UploadAvatarPayload'], ParentType, ContextType, RequireFields<MutationuploadAvatarArgs, 'input'>>;
};

export type NodeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Node'] = ResolversParentTypes['Node']> = {
  __resolveType: TypeResolveFn<'Author' | 'Banner' | 'Catalogue' | 'Course' | 'Danmaku' | 'Fragment' | 'Message' | 'Note' | 'Topic' | 'Video', ParentType, ContextType>;
};

export type NoteResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Note'] = ResolversParentTypes['Note']> = {
  authorName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  catalogueId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  collectedByViewer?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  courseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courseName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isMine?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isPublic?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  noteId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  noteTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoImage?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  vtime?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type NoteConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['NoteConnection'] = ResolversParentTypes['NoteConnection']> = {
  edges?: Resolver<Array<ResolversTypes['NoteEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type NoteEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['NoteEdge'] = ResolversParentTypes['NoteEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Note'], ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PlayPageResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PlayPage'] = ResolversParentTypes['PlayPage']> = {
  authorCourses?: Resolver<Array<ResolversTypes['Course']>, ParentType, ContextType, RequireFields<PlayPageauthorCoursesArgs, 'first'>>;
  course?: Resolver<ResolversTypes['Course'], ParentType, ContextType>;
  mobileUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  qrCodeUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  resume?: Resolver<Maybe<ResolversTypes['PlayResume']>, ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['CourseTag']>, ParentType, ContextType>;
  video?: Resolver<Maybe<ResolversTypes['Video']>, ParentType, ContextType>;
  videos?: Resolver<Array<ResolversTypes['Video']>, ParentType, ContextType>;
};

export type PlayResumeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PlayResume'] = ResolversParentTypes['PlayResume']> = {
  duration?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  lastPlayTime?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  lastWatchTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  logId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  videoId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  aiSuggestedQuestions?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType, RequireFields<QueryaiSuggestedQuestionsArgs, 'courseId' | 'first' | 'videoId'>>;
  author?: Resolver<Maybe<ResolversTypes['Author']>, ParentType, ContextType, RequireFields<QueryauthorArgs, 'authorId'>>;
  authorCatalogues?: Resolver<Array<ResolversTypes['Catalogue']>, ParentType, ContextType>;
  authors?: Resolver<ResolversTypes['AuthorConnection'], ParentType, ContextType, RequireFields<QueryauthorsArgs, 'catalogueId' | 'first' | 'sort'>>;
  banners?: Resolver<Array<ResolversTypes['Banner']>, ParentType, ContextType, RequireFields<QuerybannersArgs, 'limit'>>;
  catalogue?: Resolver<Maybe<ResolversTypes['Catalogue']>, ParentType, ContextType, RequireFields<QuerycatalogueArgs, 'catalogueId'>>;
  catalogueSuggestions?: Resolver<Array<ResolversTypes['CatalogueSuggestion']>, ParentType, ContextType, RequireFields<QuerycatalogueSuggestionsArgs, 'keyword' | 'limit'>>;
  clientIp?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  course?: Resolver<Maybe<ResolversTypes['Course']>, ParentType, ContextType, RequireFields<QuerycourseArgs, 'courseId'>>;
  courses?: Resolver<ResolversTypes['CourseConnection'], ParentType, ContextType, RequireFields<QuerycoursesArgs, 'catalogueId' | 'first' | 'orderBy'>>;
  featuredTopics?: Resolver<Array<ResolversTypes['Topic']>, ParentType, ContextType, RequireFields<QueryfeaturedTopicsArgs, 'limit'>>;
  hotKeywords?: Resolver<Array<ResolversTypes['HotKeyword']>, ParentType, ContextType, RequireFields<QueryhotKeywordsArgs, 'limit'>>;
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType, RequireFields<QuerynodeArgs, 'id'>>;
  nodes?: Resolver<Array<Maybe<ResolversTypes['Node']>>, ParentType, ContextType, RequireFields<QuerynodesArgs, 'ids'>>;
  playPage?: Resolver<Maybe<ResolversTypes['PlayPage']>, ParentType, ContextType, RequireFields<QueryplayPageArgs, 'catalogueId' | 'courseId' | 'videoId'>>;
  recommendedAuthors?: Resolver<Array<ResolversTypes['Author']>, ParentType, ContextType, RequireFields<QueryrecommendedAuthorsArgs, 'batch' | 'size'>>;
  recommendedCourses?: Resolver<ResolversTypes['CourseConnection'], ParentType, ContextType, RequireFields<QueryrecommendedCoursesArgs, 'first'>>;
  resourceCount?: Resolver<ResolversTypes['ResourceCount'], ParentType, ContextType, RequireFields<QueryresourceCountArgs, 'catalogueId'>>;
  search?: Resolver<ResolversTypes['Search'], ParentType, ContextType, RequireFields<QuerysearchArgs, 'catalogueId' | 'keyword'>>;
  searchSuggestions?: Resolver<ResolversTypes['SearchSuggestions'], ParentType, ContextType, RequireFields<QuerysearchSuggestionsArgs, 'keyword' | 'limit'>>;
  selectedCourses?: Resolver<Array<ResolversTypes['Course']>, ParentType, ContextType, RequireFields<QueryselectedCoursesArgs, 'limit'>>;
  site?: Resolver<ResolversTypes['Site'], ParentType, ContextType>;
  statistics?: Resolver<ResolversTypes['ResourceCount'], ParentType, ContextType, Partial<QuerystatisticsArgs>>;
  subjects?: Resolver<Array<ResolversTypes['Catalogue']>, ParentType, ContextType>;
  topic?: Resolver<Maybe<ResolversTypes['Topic']>, ParentType, ContextType, RequireFields<QuerytopicArgs, 'topicId'>>;
  topics?: Resolver<ResolversTypes['TopicConnection'], ParentType, ContextType, RequireFields<QuerytopicsArgs, 'first'>>;
  viewer?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
};

export type RecordVisitPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RecordVisitPayload'] = ResolversParentTypes['RecordVisitPayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  logId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type ReportPlayPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ReportPlayPayload'] = ResolversParentTypes['ReportPlayPayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  logId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type ResourceCountResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ResourceCount'] = ResolversParentTypes['ResourceCount']> = {
  courseCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ResumePointResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ResumePoint'] = ResolversParentTypes['ResumePoint']> = {
  isNext?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  numberShow?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  startAt?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SearchResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Search'] = ResolversParentTypes['Search']> = {
  authors?: Resolver<ResolversTypes['AuthorHitConnection'], ParentType, ContextType, RequireFields<SearchauthorsArgs, 'first'>>;
  catalogueId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  counts?: Resolver<ResolversTypes['SearchCounts'], ParentType, ContextType>;
  courses?: Resolver<ResolversTypes['CourseHitConnection'], ParentType, ContextType, RequireFields<SearchcoursesArgs, 'first'>>;
  keyword?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  knowledgePoints?: Resolver<ResolversTypes['KnowledgePointConnection'], ParentType, ContextType, RequireFields<SearchknowledgePointsArgs, 'first'>>;
  overview?: Resolver<ResolversTypes['SearchOverview'], ParentType, ContextType>;
  topics?: Resolver<ResolversTypes['TopicHitConnection'], ParentType, ContextType, RequireFields<SearchtopicsArgs, 'first'>>;
};

export type SearchCountsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SearchCounts'] = ResolversParentTypes['SearchCounts']> = {
  authorCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courseCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  knowledgePointCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  topicCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type SearchOverviewResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SearchOverview'] = ResolversParentTypes['SearchOverview']> = {
  authorCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  authors?: Resolver<Array<ResolversTypes['AuthorHit']>, ParentType, ContextType>;
  courseCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courses?: Resolver<Array<ResolversTypes['CourseHit']>, ParentType, ContextType>;
  knowledgePointCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  knowledgePoints?: Resolver<Array<ResolversTypes['KnowledgePoint']>, ParentType, ContextType>;
  topicCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  topics?: Resolver<Array<ResolversTypes['TopicHit']>, ParentType, ContextType>;
};

export type SearchSuggestionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SearchSuggestions'] = ResolversParentTypes['SearchSuggestions']> = {
  authors?: Resolver<Array<ResolversTypes['AuthorHit']>, ParentType, ContextType>;
  courses?: Resolver<Array<ResolversTypes['CourseHit']>, ParentType, ContextType>;
  hotKeywords?: Resolver<Array<ResolversTypes['HotKeyword']>, ParentType, ContextType>;
  keyword?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SendDanmakuPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SendDanmakuPayload'] = ResolversParentTypes['SendDanmakuPayload']> = {
  danmaku?: Resolver<Maybe<ResolversTypes['Danmaku']>, ParentType, ContextType>;
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type SetVideoOperationPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SetVideoOperationPayload'] = ResolversParentTypes['SetVideoOperationPayload']> = {
  course?: Resolver<Maybe<ResolversTypes['Course']>, ParentType, ContextType>;
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  operations?: Resolver<Maybe<ResolversTypes['VideoOperations']>, ParentType, ContextType>;
};

export type SiteResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Site'] = ResolversParentTypes['Site']> = {
  comCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  comId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  currentYear?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  loginUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  askAI?: SubscriptionResolver<ResolversTypes['AIAnswerEvent'], "askAI", ParentType, ContextType, RequireFields<SubscriptionaskAIArgs, 'input'>>;
};

export type TextSegmentResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TextSegment'] = ResolversParentTypes['TextSegment']> = {
  hit?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TopicResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Topic'] = ResolversParentTypes['Topic']> = {
  courseCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courses?: Resolver<Array<ResolversTypes['Course']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  image?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  info?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  moreTopics?: Resolver<Array<ResolversTypes['Topic']>, ParentType, ContextType, RequireFields<TopicmoreTopicsArgs, 'limit'>>;
  publishTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  topicId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type TopicConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TopicConnection'] = ResolversParentTypes['TopicConnection']> = {
  edges?: Resolver<Array<ResolversTypes['TopicEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type TopicEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TopicEdge'] = ResolversParentTypes['TopicEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Topic'], ParentType, ContextType>;
};

export type TopicHitResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TopicHit'] = ResolversParentTypes['TopicHit']> = {
  info?: Resolver<Array<ResolversTypes['TextSegment']>, ParentType, ContextType>;
  title?: Resolver<Array<ResolversTypes['TextSegment']>, ParentType, ContextType>;
  topic?: Resolver<ResolversTypes['Topic'], ParentType, ContextType>;
};

export type TopicHitConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TopicHitConnection'] = ResolversParentTypes['TopicHitConnection']> = {
  edges?: Resolver<Array<ResolversTypes['TopicHitEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type TopicHitEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TopicHitEdge'] = ResolversParentTypes['TopicHitEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['TopicHit'], ParentType, ContextType>;
};

export type UnbindAccountPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UnbindAccountPayload'] = ResolversParentTypes['UnbindAccountPayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  profile?: Resolver<Maybe<ResolversTypes['UserProfile']>, ParentType, ContextType>;
};

export type UncollectNotePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UncollectNotePayload'] = ResolversParentTypes['UncollectNotePayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  uncollectedNoteId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type UpdateProfilePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdateProfilePayload'] = ResolversParentTypes['UpdateProfilePayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  profile?: Resolver<Maybe<ResolversTypes['UserProfile']>, ParentType, ContextType>;
  viewer?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
};

export type UploadAvatarPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UploadAvatarPayload'] = ResolversParentTypes['UploadAvatarPayload']> = {
  errors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  headPicture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  viewer?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
};

export type UserErrorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserError'] = ResolversParentTypes['UserError']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type UserProfileResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserProfile'] = ResolversParentTypes['UserProfile']> = {
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bindings?: Resolver<Array<ResolversTypes['AccountBinding']>, ParentType, ContextType>;
  birthday?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  canChangePassword?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  changeEmailUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  changePhoneUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  className?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  findPasswordUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  gender?: Resolver<ResolversTypes['Gender'], ParentType, ContextType>;
  headPicture?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  info?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  major?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  phoneNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  realName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  school?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  studentId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  userName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type VideoResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Video'] = ResolversParentTypes['Video']> = {
  abstract?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  aiContent?: Resolver<Maybe<ResolversTypes['AIContent']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  course?: Resolver<Maybe<ResolversTypes['Course']>, ParentType, ContextType>;
  courseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  danmaku?: Resolver<Array<ResolversTypes['Danmaku']>, ParentType, ContextType, Partial<VideodanmakuArgs>>;
  duration?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  image?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  keyframes?: Resolver<Array<ResolversTypes['Keyframe']>, ParentType, ContextType>;
  manuscript?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  mediaState?: Resolver<ResolversTypes['VideoMediaState'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  notes?: Resolver<ResolversTypes['NoteConnection'], ParentType, ContextType, RequireFields<VideonotesArgs, 'first' | 'scope'>>;
  numberShow?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  properTitle?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  publishTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  qualities?: Resolver<Array<ResolversTypes['VideoQuality']>, ParentType, ContextType>;
  subtitleUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  viewerOperations?: Resolver<Maybe<ResolversTypes['VideoOperations']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type VideoOperationsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['VideoOperations'] = ResolversParentTypes['VideoOperations']> = {
  favouriteCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  favourited?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  likeCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  liked?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type VideoProgressResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['VideoProgress'] = ResolversParentTypes['VideoProgress']> = {
  duration?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  lastPlayTime?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  learned?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  percent?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type VideoQualityResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['VideoQuality'] = ResolversParentTypes['VideoQuality']> = {
  bandwidth?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  height?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ViewLogEntryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ViewLogEntry'] = ResolversParentTypes['ViewLogEntry']> = {
  catalogueId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  courseName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  duration?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastPlayTime?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  numberShow?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updateTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoImage?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videoName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ViewerResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Viewer'] = ResolversParentTypes['Viewer']> = {
  comCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  comId?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  comName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  continueLearning?: Resolver<Array<ResolversTypes['CourseProgress']>, ParentType, ContextType, RequireFields<ViewercontinueLearningArgs, 'first'>>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  favouriteCourses?: Resolver<ResolversTypes['CourseConnection'], ParentType, ContextType, RequireFields<ViewerfavouriteCoursesArgs, 'first'>>;
  fragments?: Resolver<ResolversTypes['FragmentConnection'], ParentType, ContextType, RequireFields<ViewerfragmentsArgs, 'first'>>;
  headPicture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  history?: Resolver<Array<ResolversTypes['ViewLogEntry']>, ParentType, ContextType>;
  isIP?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isLoggedIn?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  messages?: Resolver<ResolversTypes['MessageConnection'], ParentType, ContextType, RequireFields<ViewermessagesArgs, 'first'>>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  notes?: Resolver<ResolversTypes['NoteConnection'], ParentType, ContextType, RequireFields<ViewernotesArgs, 'first' | 'kind'>>;
  phoneNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  profile?: Resolver<Maybe<ResolversTypes['UserProfile']>, ParentType, ContextType>;
  userId?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  userType?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type Resolvers<ContextType = GatewayContext> = {
  AIAnswerDelta?: AIAnswerDeltaResolvers<ContextType>;
  AIAnswerDone?: AIAnswerDoneResolvers<ContextType>;
  AIAnswerEvent?: AIAnswerEventResolvers<ContextType>;
  AIContent?: AIContentResolvers<ContextType>;
  AICoreTag?: AICoreTagResolvers<ContextType>;
  AIKeyPoint?: AIKeyPointResolvers<ContextType>;
  AIMajor?: AIMajorResolvers<ContextType>;
  AISource?: AISourceResolvers<ContextType>;
  AIThinkingDelta?: AIThinkingDeltaResolvers<ContextType>;
  AccountBinding?: AccountBindingResolvers<ContextType>;
  AddNotePayload?: AddNotePayloadResolvers<ContextType>;
  Author?: AuthorResolvers<ContextType>;
  AuthorConnection?: AuthorConnectionResolvers<ContextType>;
  AuthorEdge?: AuthorEdgeResolvers<ContextType>;
  AuthorHit?: AuthorHitResolvers<ContextType>;
  AuthorHitConnection?: AuthorHitConnectionResolvers<ContextType>;
  AuthorHitEdge?: AuthorHitEdgeResolvers<ContextType>;
  Banner?: BannerResolvers<ContextType>;
  Catalogue?: CatalogueResolvers<ContextType>;
  CatalogueSuggestion?: CatalogueSuggestionResolvers<ContextType>;
  ChangePasswordPayload?: ChangePasswordPayloadResolvers<ContextType>;
  ClearHistoryPayload?: ClearHistoryPayloadResolvers<ContextType>;
  ClipVideoPayload?: ClipVideoPayloadResolvers<ContextType>;
  CollectNotePayload?: CollectNotePayloadResolvers<ContextType>;
  CompanyLoginPayload?: CompanyLoginPayloadResolvers<ContextType>;
  Course?: CourseResolvers<ContextType>;
  CourseConnection?: CourseConnectionResolvers<ContextType>;
  CourseEdge?: CourseEdgeResolvers<ContextType>;
  CourseHit?: CourseHitResolvers<ContextType>;
  CourseHitConnection?: CourseHitConnectionResolvers<ContextType>;
  CourseHitEdge?: CourseHitEdgeResolvers<ContextType>;
  CourseProgress?: CourseProgressResolvers<ContextType>;
  CourseTag?: CourseTagResolvers<ContextType>;
  Danmaku?: DanmakuResolvers<ContextType>;
  DeleteFragmentPayload?: DeleteFragmentPayloadResolvers<ContextType>;
  DeleteMessagePayload?: DeleteMessagePayloadResolvers<ContextType>;
  DeleteNotePayload?: DeleteNotePayloadResolvers<ContextType>;
  File?: GraphQLScalarType;
  Fragment?: FragmentResolvers<ContextType>;
  FragmentConnection?: FragmentConnectionResolvers<ContextType>;
  FragmentEdge?: FragmentEdgeResolvers<ContextType>;
  HotKeyword?: HotKeywordResolvers<ContextType>;
  Keyframe?: KeyframeResolvers<ContextType>;
  KnowledgePoint?: KnowledgePointResolvers<ContextType>;
  KnowledgePointConnection?: KnowledgePointConnectionResolvers<ContextType>;
  KnowledgePointEdge?: KnowledgePointEdgeResolvers<ContextType>;
  LogoutPayload?: LogoutPayloadResolvers<ContextType>;
  Message?: MessageResolvers<ContextType>;
  MessageConnection?: MessageConnectionResolvers<ContextType>;
  MessageEdge?: MessageEdgeResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Node?: NodeResolvers<ContextType>;
  Note?: NoteResolvers<ContextType>;
  NoteConnection?: NoteConnectionResolvers<ContextType>;
  NoteEdge?: NoteEdgeResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  PlayPage?: PlayPageResolvers<ContextType>;
  PlayResume?: PlayResumeResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RecordVisitPayload?: RecordVisitPayloadResolvers<ContextType>;
  ReportPlayPayload?: ReportPlayPayloadResolvers<ContextType>;
  ResourceCount?: ResourceCountResolvers<ContextType>;
  ResumePoint?: ResumePointResolvers<ContextType>;
  Search?: SearchResolvers<ContextType>;
  SearchCounts?: SearchCountsResolvers<ContextType>;
  SearchOverview?: SearchOverviewResolvers<ContextType>;
  SearchSuggestions?: SearchSuggestionsResolvers<ContextType>;
  SendDanmakuPayload?: SendDanmakuPayloadResolvers<ContextType>;
  SetVideoOperationPayload?: SetVideoOperationPayloadResolvers<ContextType>;
  Site?: SiteResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  TextSegment?: TextSegmentResolvers<ContextType>;
  Topic?: TopicResolvers<ContextType>;
  TopicConnection?: TopicConnectionResolvers<ContextType>;
  TopicEdge?: TopicEdgeResolvers<ContextType>;
  TopicHit?: TopicHitResolvers<ContextType>;
  TopicHitConnection?: TopicHitConnectionResolvers<ContextType>;
  TopicHitEdge?: TopicHitEdgeResolvers<ContextType>;
  UnbindAccountPayload?: UnbindAccountPayloadResolvers<ContextType>;
  UncollectNotePayload?: UncollectNotePayloadResolvers<ContextType>;
  UpdateProfilePayload?: UpdateProfilePayloadResolvers<ContextType>;
  UploadAvatarPayload?: UploadAvatarPayloadResolvers<ContextType>;
  UserError?: UserErrorResolvers<ContextType>;
  UserProfile?: UserProfileResolvers<ContextType>;
  Video?: VideoResolvers<ContextType>;
  VideoOperations?: VideoOperationsResolvers<ContextType>;
  VideoProgress?: VideoProgressResolvers<ContextType>;
  VideoQuality?: VideoQualityResolvers<ContextType>;
  ViewLogEntry?: ViewLogEntryResolvers<ContextType>;
  Viewer?: ViewerResolvers<ContextType>;
};

