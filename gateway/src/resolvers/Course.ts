import { connectionFromPages, readWindow } from '../graphql/connection';
import { toGlobalId } from '../graphql/globalId';
import type { CourseResolvers, Field } from '../graphql/resolverTypes';
import { trailOf } from '../loaders/catalogueTree';
import { courseViewerProgress } from './Progress';

const catalogue: Field<CourseResolvers, 'catalogue'> = async (course, _args, { catalogues }) =>
  (await catalogues.subjects()).byId.get(course.catalogId) ?? null;

/** From the subject tree (already loaded for the operation); the item's own catalogTree is the fallback. */
const catalogueTrail: Field<CourseResolvers, 'catalogueTrail'> = async (course, _args, { catalogues }) => {
  const index = await catalogues.subjects();
  const node = index.byId.get(course.catalogId);
  if (node) return trailOf(node);
  return (course.catalogTree ?? []).flatMap((entry) => {
    const known = index.byId.get(entry.id);
    return known ? [known] : [];
  });
};

const author: Field<CourseResolvers, 'author'> = (course, _args, { api }) =>
  course.authorId > 0 ? api.lecturers.load(course.authorId) : null;

/**
 * Lists do not carry videos; the play-page call does (one per course, shared by the operation).
 * Fields here that call the upstream per course are weighed in yoga/limits.ts (UPSTREAM_FIELDS).
 */
const videos: Field<CourseResolvers, 'videos'> = async (course, _args, { api }) => {
  if (course.videoList) return course.videoList;
  return (await api.play.courseData(course.courseId))?.videoList ?? [];
};

const relatedCourses: Field<CourseResolvers, 'relatedCourses'> = (course, args, { api }) =>
  connectionFromPages(readWindow(args.first, args.after, 10), (pageIndex, pageSize) =>
    api.catalogue.relatedCourses({ courseId: course.courseId, catalogId: course.catalogId, pageIndex, pageSize }),
  );

export const Course = {
  id: (course) => toGlobalId('Course', course.courseId),
  courseId: (course) => course.courseId,
  catalogueId: (course) => course.catalogId,
  name: (course) => course.courseName,
  image: (course) => course.courseImage ?? '',
  info: (course) => course.courseInfo ?? '',
  exclusive: (course) => Number(course.exclusive) === 1,
  authorName: (course) => course.authorName ?? '',
  authorPosition: (course) => course.authorPosition ?? '',
  author,
  catalogue,
  catalogueName: (course) => course.catalogName ?? '',
  catalogueTrail,
  viewCount: (course) => course.viewCount ?? 0,
  collectCount: (course) => course.collectCount ?? 0,
  likeCount: (course) => course.startCount ?? 0,
  noteCount: (course) => course.noteCount ?? 0,
  videoCount: (course) => course.videoCount ?? 0,
  publishTime: (course) => course.publishTime ?? '',
  updateTime: (course) => course.updateTime ?? '',
  videos,
  relatedCourses,
  viewerProgress: courseViewerProgress,
} satisfies CourseResolvers;
