/**
 * Item shapes of the main API as upstream/API.md documents them (product-spec §3 field names).
 * Only what the gateway reads is typed; the upstream may send more.
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
}
