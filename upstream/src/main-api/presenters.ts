/**
 * Store records → the item shapes of upstream/API.md, with the field names of product-spec §3
 * (including their historical spellings: properTile, authorposition, startCount).
 */
import type {
  BannerRecord,
  CatalogueRecord,
  CourseRecord,
  KeyframeRecord,
  LecturerRecord,
  StoredKeyframe,
  TopicRecord,
  VideoMediaRecord,
  VideoRecord,
} from '../store';
import { clockText } from '../text/clock';

/** where a video's second is shown (text/clock.ts) */
export { clockText };

/** Site-absolute URL of a file under DATA_DIR/media; each segment is percent-encoded. */
export function mediaUrl(relative: string): string {
  if (!relative) return '';
  return '/media/' + relative.split('/').filter(Boolean).map(encodeURIComponent).join('/');
}

export const isoTime = (ms: number): string => new Date(ms).toISOString();

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
  startCount: number;
  noteCount: number;
  videoCount: number;
  courseInfo: string;
  catalogName: string;
  catalogTree: CatalogueTrailItem[];
  publishTime: string;
  updateTime: string;
}

export function toCourseItem(c: CourseRecord): CourseItem {
  return {
    courseId: c.id,
    catalogId: c.catalogueId,
    courseName: c.name,
    courseImage: mediaUrl(c.image),
    authorName: c.lecturerName,
    authorPosition: c.lecturerPosition,
    authorId: c.lecturerId,
    exclusive: c.exclusive ? 1 : 0,
    viewCount: c.viewCount,
    collectCount: c.collectCount,
    startCount: c.likeCount,
    noteCount: c.noteCount,
    videoCount: c.videoCount,
    courseInfo: c.info,
    catalogName: c.catalogueName,
    catalogTree: c.catalogueTrail.map(({ id, name, level }) => ({ id, name, level })),
    publishTime: isoTime(c.publishTime),
    updateTime: isoTime(c.updateTime),
  };
}

export interface KeyframeItem {
  keyPoints: string;
  keyPointsShow: string;
  timePoint: number;
  description: string;
  /** thumbnail of the frame (a /media path) or '' */
  image: string;
}

export interface QualityItem {
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
}

export const toKeyframeItem = (k: KeyframeRecord | StoredKeyframe): KeyframeItem => ({
  keyPoints: k.keyPoints,
  keyPointsShow: clockText(k.timePoint),
  timePoint: k.timePoint,
  description: k.description,
  image: 'image' in k ? k.image : '',
});

/** A video with its media (store.media) when it has any; keyframe thumbnails come with StoredVideo's keyframes. */
export function toVideoItem(v: VideoRecord, media: VideoMediaRecord | null | undefined = null): VideoItem {
  return {
    videoId: v.id,
    courseId: v.courseId,
    videoName: v.name,
    properTile: v.properTitle,
    videoImage: mediaUrl(v.image),
    videoCode: v.code,
    numberShow: `第${v.sort}讲`,
    duration: v.durationSeconds,
    publishTime: isoTime(v.publishTime),
    videoAbstract: v.abstract,
    videoKeyframes: v.keyframes.map(toKeyframeItem),
    videoUrl: media?.masterPath ?? '',
    qualities: (media?.qualities ?? []).map(({ name, height, bandwidth }) => ({ name, height, bandwidth })),
    subtitleUrl: media?.subtitlePath ?? '',
    poster: media?.poster ?? '',
  };
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

export function toAuthorItem(l: LecturerRecord): AuthorItem {
  return {
    id: l.id,
    name: l.name,
    authorposition: l.position,
    authorImage: mediaUrl(l.image),
    authorInfo: l.introHtml,
    videoCount: l.videoCount,
    courseCount: l.courseCount,
    catalogId: l.catalogueId ?? 0,
    firstWord: l.firstWord,
  };
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

export function toTopicItem(t: TopicRecord, courses: CourseRecord[]): TopicItem {
  return {
    id: t.id,
    title: t.title,
    info: t.info,
    imageUrl: mediaUrl(t.image),
    courseCount: t.courseCount,
    publishTime: isoTime(t.publishTime),
    courseList: courses.map(toCourseItem),
  };
}

export interface BannerItem {
  id: number;
  imageUrl: string;
  title: string;
  gotoUrl: string;
}

export const toBannerItem = (b: BannerRecord): BannerItem => ({
  id: b.id,
  imageUrl: mediaUrl(b.image),
  title: b.title,
  gotoUrl: b.gotoUrl,
});

export interface CatalogueNode {
  id: number;
  name: string;
  parentId: number;
  level: number;
  catalogType: number;
  resourceCount: number;
  child: CatalogueNode[];
}

export const toCatalogueNode = (c: CatalogueRecord, resourceCount: number, child: CatalogueNode[] = []): CatalogueNode => ({
  id: c.id,
  name: c.name,
  parentId: c.parentId,
  level: c.level,
  catalogType: c.level,
  resourceCount,
  child,
});

export interface Paged<T> {
  totalCount: number;
  dataList: T[];
}
