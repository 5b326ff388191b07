import { connectionFromPages, readWindow } from '../graphql/connection';
import { toGlobalId } from '../graphql/globalId';
import type { AuthorParent, CatalogueParent, CourseArgs, CourseConnectionResult, CourseParent, NoArgs, Resolver, VideoParent } from '../graphql/types';
import { trailOf } from '../loaders/catalogueTree';

type Field<R, A = NoArgs> = Resolver<CourseParent, A, R>;

const catalogue: Field<CatalogueParent | null> = async (course, _args, { catalogues }) =>
  (await catalogues.subjects()).byId.get(course.catalogId) ?? null;

/** From the subject tree (already loaded for the operation); the item's own catalogTree is the fallback. */
const catalogueTrail: Field<CatalogueParent[]> = async (course, _args, { catalogues }) => {
  const index = await catalogues.subjects();
  const node = index.byId.get(course.catalogId);
  if (node) return trailOf(node);
  return (course.catalogTree ?? []).flatMap((entry) => {
    const known = index.byId.get(entry.id);
    return known ? [known] : [];
  });
};

const author: Field<AuthorParent | null> = (course, _args, { api }) => (course.authorId > 0 ? api.authors.load(course.authorId) : null);

/**
 * Lists do not carry videos; the play-page call does (one per course, shared by the operation).
 * Fields here that call the upstream per course are weighed in yoga/limits.ts (UPSTREAM_FIELDS).
 */
const videos: Field<VideoParent[]> = async (course, _args, { api }) => {
  if (course.videoList) return course.videoList;
  return (await api.play.courseData(course.courseId))?.videoList ?? [];
};

const relatedCourses: Field<CourseConnectionResult, CourseArgs['relatedCourses']> = (course, args, { api }) =>
  connectionFromPages(readWindow(args.first, args.after, 10), (pageIndex, pageSize) =>
    api.catalogue.relatedCourses({ courseId: course.courseId, catalogId: course.catalogId, pageIndex, pageSize }),
  );

export const Course = {
  id: (course: CourseParent) => toGlobalId('Course', course.courseId),
  courseId: (course: CourseParent) => course.courseId,
  catalogueId: (course: CourseParent) => course.catalogId,
  name: (course: CourseParent) => course.courseName,
  image: (course: CourseParent) => course.courseImage ?? '',
  info: (course: CourseParent) => course.courseInfo ?? '',
  exclusive: (course: CourseParent) => Number(course.exclusive) === 1,
  authorName: (course: CourseParent) => course.authorName ?? '',
  authorPosition: (course: CourseParent) => course.authorPosition ?? '',
  author,
  catalogue,
  catalogueName: (course: CourseParent) => course.catalogName ?? '',
  catalogueTrail,
  viewCount: (course: CourseParent) => course.viewCount ?? 0,
  collectCount: (course: CourseParent) => course.collectCount ?? 0,
  likeCount: (course: CourseParent) => course.startCount ?? 0,
  noteCount: (course: CourseParent) => course.noteCount ?? 0,
  videoCount: (course: CourseParent) => course.videoCount ?? 0,
  publishTime: (course: CourseParent) => course.publishTime ?? '',
  updateTime: (course: CourseParent) => course.updateTime ?? '',
  videos,
  relatedCourses,
};
