/**
 * The main API's contract in types: the JSON `items` its routes answer, as upstream/API.md describes
 * them, with the field names of product-spec §3 (including their historical spellings: properTile,
 * authorposition, startCount, GetPalyLog). The presenters (presenters.ts, center-presenters.ts,
 * search-presenters.ts) and the services return these; the tests of tests/upstream read answers as
 * these. Types only: nothing here runs. The gateway keeps its own view of the same answers
 * (gateway/src/upstream/types.ts): the parts talk over HTTP only.
 */
import type { Major } from '../ai/majors';

/** A list page: `totalCount` matches of the query, `dataList` the requested page. */
export interface Paged<T> {
  totalCount: number;
  dataList: T[];
}

// ---- catalogue, courses, lecturers, topics, banners ---------------------------------------------

export interface CatalogueTrailItem {
  id: number;
  name: string;
  level: number;
}

export interface CourseItem {
  courseId: number;
  catalogId: number;
  courseName: string;
  courseImage: string;
  authorName: string;
  authorPosition: string;
  authorId: number;
  exclusive: 0 | 1;
  viewCount: number;
  collectCount: number;
  /** likes (the spec's name) */
  startCount: number;
  noteCount: number;
  videoCount: number;
  courseInfo: string;
  catalogName: string;
  catalogTree: CatalogueTrailItem[];
  publishTime: string;
  updateTime: string;
}

/** GetCatalogListByParentId, GetCatalogList4, GetAuthorCatalogList: a node with its subtree. */
export interface CatalogueNode {
  id: number;
  name: string;
  parentId: number;
  level: number;
  catalogType: number;
  resourceCount: number;
  child: CatalogueNode[];
}

/** GetCourseAndVideoCount, GetStatistics. */
export interface CountAnswer {
  courseCount: number;
  videoCount: number;
}

export interface AuthorItem {
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

/** AuthorDetail: the lecturer with one page of their courses. */
export interface AuthorDetail extends AuthorItem {
  /** courses of the requested page */
  courseList: CourseItem[];
  /** courses matching catalogId (the paging total) */
  totalCount: number;
}

export interface TopicItem {
  id: number;
  title: string;
  info: string;
  imageUrl: string;
  courseCount: number;
  publishTime: string;
  courseList: CourseItem[];
}

export interface BannerItem {
  id: number;
  imageUrl: string;
  title: string;
  gotoUrl: string;
}

// ---- videos and the play page -------------------------------------------------------------------

export interface KeyframeItem {
  keyPoints: string;
  keyPointsShow: string;
  timePoint: number;
  description: string;
  /** thumbnail of the frame (a /media path) or '' */
  image: string;
}

/** One rendition of a video's HLS master playlist. */
export interface QualityItem {
  /** e.g. 720p */
  name: string;
  height: number;
  bandwidth: number;
}

export interface VideoItem {
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
  videoKeyframes: KeyframeItem[];
  /** HLS master playlist (a /media path); '' while the video has no media */
  videoUrl: string;
  /** the renditions, highest first */
  qualities: QualityItem[];
  /** WebVTT subtitles (a /media path) or '' */
  subtitleUrl: string;
  /** the media's poster frame (a /media path) or '' */
  poster: string;
  /**
   * ready: videoUrl plays; generating: its own lecture is being made (opening it started the job;
   * ask again); unavailable: its lecture cannot be made here (ffmpeg or espeak-ng missing, or it
   * failed); none: no media
   */
  mediaState: 'ready' | 'generating' | 'unavailable' | 'none';
}

/** where the viewer stopped in the video shown */
export interface LastPlay {
  /** the play record's id (AddPlayLog continues that viewing with it) */
  id: number;
  videoId: number;
  lastPlayTime: number;
  duration: number;
  lastWatchTime: string;
}

/** GetPlayPageData. */
export interface PlayPageData {
  course: CourseItem;
  courseName: string;
  courseImage: string;
  videoList: VideoItem[];
  /** the requested video, else the first; null while the course has no videos */
  video: VideoItem | null;
  /** with a userId: the viewer's record of the video shown, else null */
  lastPlay: LastPlay | null;
}

/** GetCourseTags. */
export interface CourseTag {
  tagName: string;
  /** 1 catalogue, 2 lecturer */
  tagType: 1 | 2;
  id: number;
}

/** GetSubtitlesManuscriptUrl. */
export interface SubtitleData {
  /** master playlist path */
  url: string;
  /** WebVTT path */
  vtt: string;
  manuscript: string;
}

/** GetUserOperateVideo, UserOperate, CancelUserOperate. */
export interface OperateState {
  userLike: 0 | 1;
  userCollect: 0 | 1;
  likeCount: number;
  collectCount: number;
}

/** GetPalyLog. */
export interface PlayLogItem {
  id: number;
  lastWatchTime: string;
  lastPlayTime: number;
  duration: number;
}

/** A scrolling comment (danmaku GetList, Send). */
export interface DanmakuItem {
  id: number;
  /** seconds, one decimal */
  vtime: number;
  content: string;
  /** the sender when it is the caller, else 0 */
  userId: number;
  mine: 0 | 1;
  createTime: string;
}

// ---- personal centre ----------------------------------------------------------------------------

export interface NoteItem {
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
  /** 1 = collected by the calling user */
  recordStatus: 0 | 1;
  videoName: string;
  videoImage: string;
  courseName: string;
}

/** GetCollectList: a favourited course. */
export interface FavouriteCourseItem extends CourseItem {
  collectTime: string;
}

export interface ViewLogItem {
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

export interface MessageItem {
  id: number;
  type: number;
  typeName: string;
  message: string;
  createTime: string;
  videoId: number | null;
  videoName: string;
}

export interface FragmentItem {
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

// ---- search -------------------------------------------------------------------------------------
// Hits are the list items of the other calls plus `highlight`: the displayed text fields with every
// matched word wrapped in U+E000 … U+E001, the long ones cut to a snippet around the first match.

export interface CourseHit extends CourseItem {
  highlight: { courseName: string; courseInfo: string; authorName: string };
}

export interface KnowledgePointHit {
  /** k-<videoId>-<seq> (keyframe) or t-<videoId>-<seq> (transcript passage) */
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
  highlight: { videoName: string; keyPoints: string; description: string };
}

/** A topic as search finds it: no courseList. */
export type TopicHit = Omit<TopicItem, 'courseList'> & { highlight: { title: string; info: string } };

export interface AuthorHit extends AuthorItem {
  highlight: { name: string; authorposition: string };
}

export interface CatalogueHit {
  id: number;
  name: string;
  catalogType: number;
  level: number;
  parentId: number;
  highlight: { name: string };
}

/** SearchByKeyWord: type all answers every group, any other type only its own. */
export interface SearchResult {
  courseData?: Paged<CourseHit>;
  keyframesData?: Paged<KnowledgePointHit>;
  specialData?: Paged<TopicHit>;
  authorData?: Paged<AuthorHit>;
}

/** GetSearchCountByKeyWord. */
export interface SearchCounts {
  courseCount: number;
  specialCount: number;
  authorCount: number;
  /** knowledge points */
  videoCount: number;
}

/** GetHotKeyWords. */
export interface HotKeyword {
  keyWord: string;
  searchCount: number;
}

// ---- AI -----------------------------------------------------------------------------------------

export interface CoreContentTag {
  tagName: string;
  /** 1 catalogue trail, 2 lecturer, 3 key concept */
  tagType: number;
  /** the catalogue's or lecturer's id; 0 for a concept */
  id: number;
  parentId: number;
  catalogLevel: number;
}

/** GetAIContent (null while none has been written for the video). */
export interface AiContentItem {
  courseOverview: string;
  coreContent: CoreContentTag[];
  videoAbstract: string;
  videoKeyframes: { keyPointsShow: string; timePoint: number; description: string }[];
  guessYouAsk: string[];
  relatedDisciplinesMajors: Major[];
  provider: string;
  generatedAt: string;
}

/** recommend: a suggested question. */
export interface AiSuggestion {
  question: string;
}

/** flowQuestion: one entry of the `end:` chunk's JSON source list. */
export interface AiSource {
  /** 1-based; the answer's [index] markers refer to it */
  index: number;
  videoId: number;
  courseId: number;
  catalogId: number;
  videoName: string;
  courseName: string;
  timePoint: number;
  keyPointsShow: string;
  excerpt: string;
  videoImage: string;
}

/** GetLearningProgress: where the user is in one video of a course. */
export interface VideoProgressItem {
  videoId: number;
  /** seconds into the video where the user stopped */
  lastPlayTime: number;
  /** the video's length as recorded (seconds) */
  duration: number;
  /** 1 when at most LEARNED_REMAINING_SECONDS remain (已看完), else 0 */
  learned: 0 | 1;
  /** 0..100 (100 when learned) */
  percent: number;
}

/** GetLearningProgress: the video and second 继续学习 opens. */
export interface ResumePoint {
  videoId: number;
  videoName: string;
  numberShow: string;
  /** the second to start at; 0: from the beginning */
  startAt: number;
}

/** GetLearningProgress: a course the user has watched (继续学习), from their play records. */
export interface CourseProgressItem {
  course: CourseItem;
  courseId: number;
  /** the catalogue of the newest record (the one /Play was opened from) */
  catalogId: number;
  videoCount: number;
  /** videos of the course the user has learned */
  learnedCount: number;
  /** when the user last watched the course (ISO) */
  updateTime: string;
  /** the newest record of the course: the video watched last */
  lastVideo: VideoProgressItem & { videoName: string; numberShow: string };
  /**
   * where 继续学习 opens: the last video at the second the user stopped; when that one is learned, the
   * next video of the course (from where the user stopped in it, unless learned too), else the first
   * one not learned, else the last video again from the beginning
   */
  resume: ResumePoint;
  /** every video of the course the user has a record of, in episode order */
  videos: VideoProgressItem[];
}
