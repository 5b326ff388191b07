/**
 * The gateway's one home of the REST answers' types: the item shapes of the main API, its AI calls
 * and the login service as upstream/API.md documents them (product-spec §3 field names). The
 * transport's sections return them, the resolvers receive them as parents (graphql/models.ts), the
 * gateway's tests read stand-in answers as them. Only what the gateway reads is typed; the upstream
 * may send more. (The upstream's own types of the same answers are upstream/src/main-api/contract.ts:
 * the parts talk over HTTP only.)
 */

export interface RestCatalogTrailEntry {
  id: number;
  name: string;
  level: number;
}

export interface RestCourse {
  courseId: number;
  catalogId: number;
  courseName: string;
  courseImage: string;
  authorName: string;
  authorPosition: string;
  authorId: number;
  exclusive: number;
  viewCount: number;
  collectCount: number;
  /** likes (the spec's name) */
  startCount: number;
  noteCount: number;
  videoCount: number;
  courseInfo: string;
  catalogName: string;
  catalogTree?: RestCatalogTrailEntry[];
  publishTime: string;
  updateTime: string;
}

export interface RestKeyframe {
  keyPoints: string;
  keyPointsShow: string;
  timePoint: number;
  description: string;
  /** thumbnail of the frame (a /media path) or '' */
  image?: string;
}

/** One rendition of a video's HLS master playlist. */
export interface RestVideoQuality {
  /** e.g. 720p */
  name: string;
  height: number;
  bandwidth: number;
}

export interface RestVideo {
  videoId: number;
  courseId: number;
  videoName: string;
  properTile: string;
  videoImage: string;
  videoCode: string;
  numberShow: string;
  duration: number;
  publishTime: string;
  videoAbstract: string;
  videoKeyframes?: RestKeyframe[];
  /** HLS master playlist (a /media path), '' while the video has no media */
  videoUrl?: string;
  /** the renditions, highest first */
  qualities?: RestVideoQuality[];
  /** WebVTT subtitles (a /media path) or '' */
  subtitleUrl?: string;
  /** ready, generating (its own lecture is being made), unavailable (it cannot be made here), none; absent from older upstreams */
  mediaState?: string;
}

export interface RestAuthor {
  id: number;
  name: string;
  authorposition: string;
  authorImage: string;
  authorInfo: string;
  videoCount: number;
  courseCount: number;
  catalogId: number;
  firstWord: string;
}

export interface RestAuthorDetail extends RestAuthor {
  courseList: RestCourse[];
  totalCount: number;
}

export interface RestTopic {
  id: number;
  title: string;
  info: string;
  imageUrl: string;
  courseCount: number;
  publishTime: string;
  courseList: RestCourse[];
}

export interface RestBanner {
  id: number;
  imageUrl: string;
  title: string;
  gotoUrl: string;
}

export interface RestCatalogue {
  id: number;
  name: string;
  parentId: number;
  level: number;
  catalogType?: number;
  resourceCount: number;
  child?: RestCatalogue[];
}

export interface RestPage<T> {
  totalCount: number;
  dataList: T[];
}

export interface RestResourceCount {
  courseCount: number;
  videoCount: number;
}

export interface RestPlayPageData {
  course: RestCourse;
  courseName: string;
  courseImage: string;
  videoList: RestVideo[];
  video: RestVideo | null;
  /** with a userId: where that user stopped in the video shown */
  lastPlay?: { id: number; videoId: number; lastPlayTime: number; duration: number; lastWatchTime: string } | null;
}

// ---- play page (main API) --------------------------------------------------------------

/** GetCourseTags: the course's catalogue trail (tagType 1) and its lecturer (tagType 2). */
export interface RestCourseTag {
  tagName: string;
  tagType: number;
  id: number;
}

/** GetUserOperateVideo, UserOperate, CancelUserOperate: the viewer's like/favourite state of a video. */
export interface RestOperateState {
  userLike: number;
  userCollect: number;
  likeCount: number;
  collectCount: number;
}

/** GetSubtitlesManuscriptUrl. */
export interface RestSubtitles {
  url: string;
  vtt: string;
  manuscript: string;
}

/** GetPalyLog: the user's play record of a video (the resume point). */
export interface RestPlayLog {
  id: number;
  /** ISO 8601 */
  lastWatchTime: string;
  lastPlayTime: number;
  duration: number;
}

/** A scrolling comment (danmaku GetList / Send). */
export interface RestDanmaku {
  id: number;
  /** seconds, one decimal */
  vtime: number;
  content: string;
  /** 0 when not the caller's */
  userId: number;
  mine: number;
  createTime: string;
}

// ---- search (main API) --------------------------------------------------------------------------
// Hit items carry `highlight`: their displayed text fields with every matched word wrapped in
// U+E000 … U+E001 (upstream/API.md "Main API: search"); graphql/highlight.ts splits them.

export interface RestCourseHit extends RestCourse {
  highlight?: { courseName?: string; courseInfo?: string; authorName?: string };
}

/** A keyframe (`k-<videoId>-<seq>`) or a transcript passage (`t-<videoId>-<seq>`) of a video. */
export interface RestKnowledgePoint {
  id: string;
  kind: 'keyframe' | 'transcript';
  videoId: number;
  videoName: string;
  videoImage: string;
  courseId: number;
  catalogId: number;
  courseName: string;
  authorName: string;
  /** seconds */
  timePoint: number;
  keyPointsShow: string;
  keyPoints: string;
  description: string;
  highlight?: { videoName?: string; keyPoints?: string; description?: string };
}

/** A topic as search finds it: no courseList (TopicHit). */
export interface RestTopicHit extends Omit<RestTopic, 'courseList'> {
  courseList?: RestCourse[];
  highlight?: { title?: string; info?: string };
}

export interface RestAuthorHit extends RestAuthor {
  highlight?: { name?: string; authorposition?: string };
}

/** SearchByKeyWord: type all answers every group, any other type only its own. */
export interface RestSearchResult {
  courseData?: RestPage<RestCourseHit>;
  keyframesData?: RestPage<RestKnowledgePoint>;
  specialData?: RestPage<RestTopicHit>;
  authorData?: RestPage<RestAuthorHit>;
}

export interface RestSearchCounts {
  courseCount: number;
  specialCount: number;
  authorCount: number;
  /** knowledge points */
  videoCount: number;
}

export interface RestCatalogueHit {
  id: number;
  name: string;
  catalogType?: number;
  level: number;
  parentId: number;
  highlight?: { name?: string };
}

export interface RestHotKeyword {
  keyWord: string;
  searchCount: number;
}

// ---- personal centre (main API) -----------------------------------------------------------------

/** GetCollectList: a favourited course. */
export interface RestCollectedCourse extends RestCourse {
  collectTime?: string;
}

export interface RestNote {
  id: number;
  videoId: number;
  courseId: number;
  catalogId: number;
  content: string;
  /** seconds */
  vtime: number;
  userId: number;
  userName: string;
  noteTime: string;
  /** 0 public, 1 private */
  type: number;
  /** 1 = collected by the calling userId */
  recordStatus: number;
  videoName: string;
  videoImage: string;
  courseName: string;
}

export interface RestViewLog {
  id: number;
  updateTime: string;
  lastPlayTime: number;
  duration: number;
  stayTime: number;
  videoId: number;
  videoName: string;
  videoImage: string;
  numberShow: string;
  courseId: number;
  catalogId: number;
  courseName: string;
}

export interface RestMessage {
  id: number;
  type: number;
  typeName?: string;
  message: string;
  createTime: string;
  videoId: number | null;
  videoName: string;
}

export interface RestFragment {
  id: number;
  fragmentName: string;
  videoId: number;
  videoName: string;
  courseId: number;
  startTime: number;
  endTime: number;
  duration: number;
  createTime: string;
  expireTime: string;
  download: number;
  videoAddress: string;
}

// ---- login service ------------------------------------------------------------------------------

/** GetUserInfo (strings '' when empty, ComId 0 = none). */
export interface RestUserInfo {
  UserName: string;
  UserType: number;
  ComId: number;
  UserId: number;
  ComName: string;
  HeadPicture: string;
  PhoneNumber: string;
  Email: string;
  ComCode: string;
}

/** Login and RefreshToken. */
export interface RestSession {
  token: string;
  /** ISO 8601 */
  expiresAt?: string;
}

/** GetUserExtraInfo, UpdateUserExtraInfo and UnBindOautAccount. */
export interface RestUserProfile {
  userId: number;
  UserName: string;
  RealName: string;
  /** 1 male, 0 female, 2 unknown */
  Gender: number;
  Address: string;
  Birthday: string;
  School: string;
  Major: string;
  ClassName: string;
  StudentID: string;
  Info: string;
  PhoneNumber?: string;
  Email?: string;
  HeadPicture?: string;
  QQBindState: number;
  WeixinBindState: number;
  WeiboBindState: number;
  CanChangePassword?: boolean;
}

/** GET /api/ai/GetAIContent items (null while none has been generated). */
export interface RestAIContent {
  courseOverview?: string;
  coreContent?: { tagName?: string; tagType?: number; id?: number; parentId?: number; catalogLevel?: number }[];
  videoAbstract?: string;
  videoKeyframes?: { keyPointsShow?: string; timePoint?: number; description?: string }[];
  guessYouAsk?: string[];
  relatedDisciplinesMajors?: { code?: string; name?: string; majorClass?: string; discipline?: string }[];
  provider?: string;
  generatedAt?: string;
}

/** GET /api/ai/recommend items. */
export type RestAISuggestion = { question?: string };

/** GET /api/ai/flowQuestion: one entry of the `end:` chunk's JSON source list. */
export interface RestAISource {
  index: number;
  videoId: number;
  courseId: number;
  catalogId: number;
  videoName: string;
  courseName: string;
  timePoint: number;
  keyPointsShow?: string;
  excerpt: string;
  videoImage?: string;
}

/** GetLearningProgress: where the viewer is in one video of a course. */
export interface RestVideoProgress {
  videoId: number;
  lastPlayTime: number;
  duration: number;
  /** 1: at most 10 s remain (已看完) */
  learned: number;
  percent: number;
}

/** GetLearningProgress: a course the viewer has watched (继续学习). */
export interface RestCourseProgress {
  course: RestCourse;
  courseId: number;
  catalogId: number;
  videoCount: number;
  learnedCount: number;
  updateTime: string;
  lastVideo: RestVideoProgress & { videoName: string; numberShow: string };
  /** where 继续学习 opens (the next video when the last one was learned); absent from an older upstream */
  resume?: { videoId: number; videoName: string; numberShow: string; startAt: number };
  videos: RestVideoProgress[];
}

/** SuggestKeyWord: what the search box suggests as one types. */
export interface RestSuggestions {
  keyWords: RestHotKeyword[];
  courses: RestCourseHit[];
  authors: RestAuthorHit[];
}
