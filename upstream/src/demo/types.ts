/**
 * The demo content as plain data: the generator (upstream/src/demo/generate.ts) produces it
 * deterministically, the seeder (upstream/src/demo/seed.ts) writes it into a fresh store.
 * Ids are small positive integers assigned by the generator; references use them.
 * Dates are ISO 8601 strings (UTC), computed from `GenerateOptions.now` so that
 * "updated this year" and the sidebar's this-year / last-year statistics have content.
 */
export interface DemoCatalogue {
  id: number;
  parentId: number; // 0 for a top-level subject
  level: 1 | 2 | 3; // 1 subject (home tab), 2 category (sidebar tree, /catalog scId), 3 sub-category (tcId dropdown)
  name: string;
  sort: number; // order among siblings, 思政 first at level 1
}

export interface DemoLecturer {
  id: number;
  name: string; // Chinese name, e.g. 曾国华 (files under Z by surname pinyin)
  position: string; // e.g. 北京大学马克思主义学院教授
  school: string;
  introHtml: string; // a few <p>, may use <strong>/<em>/<ul><li>; no scripts
  catalogueId: number; // a level-1 or level-2 catalogue the lecturer belongs to (for /author's selects)
  recommended: boolean; // appears in home "recommended lecturers"
  sort: number; // recommendation order (lower first)
  image: string; // file name under media/, e.g. "avatars/12.svg"
}

export interface DemoKeyframe {
  timePoint: number; // seconds from the start
  keyPoints: string; // short label, e.g. 实践的基本特征
  description: string; // one or two sentences
}

export interface DemoTranscriptPassage {
  text: string;
  startMs: number; // when the sentence starts, ms from the video's start
  endMs: number;
}

/** A reader's search of the demo's month of search history (hot keywords). */
export interface DemoSearch {
  keyword: string;
  searcher: string; // a stable key per demo reader, e.g. "demo:reader-07"
  at: string; // ISO
}

export interface DemoVideo {
  id: number;
  courseId: number;
  sort: number; // 1-based episode number within the course
  name: string;
  properTitle: string; // subtitle line shown under the name
  code: string; // stable video code, e.g. "V000123"
  abstract: string;
  durationSeconds: number;
  publishTime: string; // ISO
  keyframes: DemoKeyframe[]; // 3..6 per video
  transcript: DemoTranscriptPassage[]; // subtitle sentences in order (search, subtitles, AI), 4..12 per video
  image: string; // file name under media/
}

export interface DemoCourse {
  id: number;
  catalogueId: number; // a level-3 node, or a level-2 node without children
  lecturerId: number;
  name: string;
  info: string; // plain-text course introduction, 2..4 sentences
  exclusive: boolean;
  viewCount: number;
  collectCount: number;
  likeCount: number; // "startCount" in the REST answers
  noteCount: number;
  publishTime: string; // ISO: first publication
  updateTime: string; // ISO: latest video publication (>= publishTime); "updated this year" filters on it
  recommended: number | null; // position in home "recommended courses" (null = not recommended)
  selected: number | null; // position in the banner-side "selected courses" (null = not selected)
  image: string; // file name under media/
}

export interface DemoTopic {
  id: number;
  title: string;
  info: string; // 2..4 sentences
  courseIds: number[]; // 4..12 courses
  sort: number;
  publishTime: string;
  image: string;
}

export interface DemoBanner {
  id: number;
  title: string;
  imageUrl: string; // file name under media/
  gotoUrl: string; // "/Play?courseId=..&catalogId=.." or, for the mobile-only activity, "/m/activity/..."
  sort: number;
}

export interface DemoImage {
  path: string; // relative to DATA_DIR/media, e.g. "posters/course-12.svg"
  contentType: string; // "image/svg+xml"
  body: string | Uint8Array;
}

export interface DemoContent {
  catalogues: DemoCatalogue[];
  lecturers: DemoLecturer[];
  courses: DemoCourse[];
  videos: DemoVideo[];
  topics: DemoTopic[];
  banners: DemoBanner[];
  images: DemoImage[];
  /** a month of searches for the hot keywords (absent: none) */
  searches?: DemoSearch[];
}

export interface GenerateOptions {
  /** the moment the content is generated for; dates are spread over the ~3 years before it */
  now: Date;
}
