/**
 * What the store hands to the services: plain records in the product's words, with the joins
 * already done (a course carries its lecturer's name and its catalogue trail). Times are unix ms.
 */

export interface TimeRange {
  /** inclusive lower bound, unix ms */
  from: number;
  /** exclusive upper bound, unix ms */
  to: number;
}

export interface CatalogueRecord {
  id: number;
  parentId: number;
  level: number;
  name: string;
  sort: number;
}

export interface CatalogueWithCount extends CatalogueRecord {
  count: number;
}

export interface CatalogueTrailEntry {
  id: number;
  name: string;
  level: number;
}

export interface CourseRecord {
  id: number;
  catalogueId: number;
  lecturerId: number;
  name: string;
  info: string;
  exclusive: boolean;
  viewCount: number;
  collectCount: number;
  likeCount: number;
  noteCount: number;
  videoCount: number;
  publishTime: number;
  updateTime: number;
  image: string;
  lecturerName: string;
  lecturerPosition: string;
  catalogueName: string;
  /** from the subject (level 1) down to the course's own catalogue */
  catalogueTrail: CatalogueTrailEntry[];
}

export interface KeyframeRecord {
  timePoint: number;
  keyPoints: string;
  description: string;
}

/** A sentence of a video's transcript (subtitles) and when it is spoken, in ms from the start. */
export interface TranscriptPassage {
  text: string;
  startMs: number;
  endMs: number;
}

/** A keyframe or a transcript passage with what a search hit shows of its video and course. */
export interface KnowledgePointRecord {
  kind: 'keyframe' | 'transcript';
  videoId: number;
  seq: number;
  /** seconds from the start: the keyframe's time, the passage's start */
  timePoint: number;
  /** the keyframe's label; '' for a passage */
  keyPoints: string;
  /** the keyframe's description or the passage's text */
  description: string;
  videoName: string;
  videoImage: string;
  courseId: number;
  catalogueId: number;
  courseName: string;
  lecturerName: string;
}

export interface VideoRecord {
  id: number;
  courseId: number;
  sort: number;
  name: string;
  properTitle: string;
  code: string;
  abstract: string;
  durationSeconds: number;
  publishTime: number;
  image: string;
  keyframes: KeyframeRecord[];
}

export interface LecturerRecord {
  id: number;
  name: string;
  namePinyin: string;
  firstWord: string;
  position: string;
  school: string;
  introHtml: string;
  catalogueId: number | null;
  recommended: boolean;
  sort: number;
  image: string;
  courseCount: number;
  videoCount: number;
  /** total plays of the lecturer's courses ("most played" sort) */
  viewCount: number;
}

export interface TopicRecord {
  id: number;
  title: string;
  info: string;
  sort: number;
  publishTime: number;
  image: string;
  courseCount: number;
}

export interface BannerRecord {
  id: number;
  title: string;
  image: string;
  gotoUrl: string;
  sort: number;
}

export interface VisitLogInput {
  actId: string;
  customerCode: string;
  customerId: string;
  customerName: string;
  moduleName: string;
  pageUrl: string;
  previousPageUrl: string;
  productIds: string;
  sourceType: string;
  userId: string;
  userName: string;
  clientIp: string;
}

export interface VisitLogRecord extends VisitLogInput {
  id: number;
  createdAt: number;
}

export interface Page<T> {
  totalCount: number;
  rows: T[];
}
