/**
 * Search hits in the shapes of upstream/API.md "Main API: search" (the types of ./contract.ts): the
 * list items of the other calls plus `highlight`, the displayed text fields with every matched word
 * wrapped in U+E000 … U+E001 and the long ones cut to a snippet around the first match.
 */
import { stripMarks } from '../search/analyzer';
import { highlight, snippet } from '../search/highlight';
import type { CatalogueRecord, CourseRecord, KnowledgePointRecord, LecturerRecord, TopicRecord } from '../store';
import type { AuthorHit, CatalogueHit, CourseHit, KnowledgePointHit, TopicHit } from './contract';
import { clockText, mediaUrl, toAuthorItem, toCourseItem, toTopicItem } from './presenters';

export function toCourseHit(c: CourseRecord, terms: readonly string[]): CourseHit {
  const item = toCourseItem(c);
  return {
    ...item,
    courseName: stripMarks(item.courseName),
    courseInfo: stripMarks(item.courseInfo),
    authorName: stripMarks(item.authorName),
    highlight: {
      courseName: highlight(c.name, terms),
      courseInfo: snippet(c.info, terms),
      authorName: highlight(c.lecturerName, terms),
    },
  };
}

export function toKnowledgePointHit(k: KnowledgePointRecord, terms: readonly string[]): KnowledgePointHit {
  return {
    id: `${k.kind === 'keyframe' ? 'k' : 't'}-${k.videoId}-${k.seq}`,
    kind: k.kind,
    videoId: k.videoId,
    videoName: stripMarks(k.videoName),
    videoImage: mediaUrl(k.videoImage),
    courseId: k.courseId,
    catalogId: k.catalogueId,
    courseName: stripMarks(k.courseName),
    authorName: stripMarks(k.lecturerName),
    timePoint: k.timePoint,
    keyPointsShow: clockText(k.timePoint),
    keyPoints: stripMarks(k.keyPoints),
    description: stripMarks(k.description),
    highlight: {
      videoName: highlight(k.videoName, terms),
      keyPoints: highlight(k.keyPoints, terms),
      description: snippet(k.description, terms),
    },
  };
}

export function toTopicHit(t: TopicRecord, terms: readonly string[]): TopicHit {
  const { courseList: _courses, ...item } = toTopicItem(t, []);
  return {
    ...item,
    title: stripMarks(item.title),
    info: stripMarks(item.info),
    highlight: { title: highlight(t.title, terms), info: snippet(t.info, terms) },
  };
}

export function toAuthorHit(l: LecturerRecord, terms: readonly string[]): AuthorHit {
  const item = toAuthorItem(l);
  return {
    ...item,
    name: stripMarks(item.name),
    authorposition: stripMarks(item.authorposition),
    highlight: { name: highlight(l.name, terms), authorposition: highlight(l.position, terms) },
  };
}

export const toCatalogueHit = (c: CatalogueRecord, terms: readonly string[]): CatalogueHit => ({
  id: c.id,
  name: stripMarks(c.name),
  catalogType: c.level,
  level: c.level,
  parentId: c.parentId,
  highlight: { name: highlight(c.name, terms) },
});
