/**
 * Store records → the item shapes of upstream/API.md (the types of ./contract.ts), with the field
 * names of product-spec §3 (including their historical spellings: properTile, authorposition, startCount).
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
import type { AuthorItem, BannerItem, CatalogueNode, CourseItem, KeyframeItem, TopicItem, VideoItem } from './contract';

/** where a video's second is shown (text/clock.ts) */
export { clockText };

/** Site-absolute URL of a file under DATA_DIR/media; each segment is percent-encoded. */
export function mediaUrl(relative: string): string {
  if (!relative) return '';
  return '/media/' + relative.split('/').filter(Boolean).map(encodeURIComponent).join('/');
}

export const isoTime = (ms: number): string => new Date(ms).toISOString();

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

export const toKeyframeItem = (k: KeyframeRecord | StoredKeyframe): KeyframeItem => ({
  keyPoints: k.keyPoints,
  keyPointsShow: clockText(k.timePoint),
  timePoint: k.timePoint,
  description: k.description,
  image: 'image' in k ? k.image : '',
});

/**
 * A video with its media (store.media) when it has any; keyframe thumbnails come with StoredVideo's
 * keyframes. mediaState: what the play service knows of media on the way (media/lecture/on-open.ts).
 */
export function toVideoItem(
  v: VideoRecord,
  media: VideoMediaRecord | null | undefined = null,
  mediaState: VideoItem['mediaState'] = media?.masterPath ? 'ready' : 'none',
): VideoItem {
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
    mediaState,
  };
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

export const toBannerItem = (b: BannerRecord): BannerItem => ({
  id: b.id,
  imageUrl: mediaUrl(b.image),
  title: b.title,
  gotoUrl: b.gotoUrl,
});

export const toCatalogueNode = (
  c: CatalogueRecord,
  resourceCount: number,
  child: CatalogueNode[] = [],
): CatalogueNode => ({
  id: c.id,
  name: c.name,
  parentId: c.parentId,
  level: c.level,
  catalogType: c.level,
  resourceCount,
  child,
});
