/** The play page's parts (PlayPage), its course tags (CourseTag) and the viewer's resume point (PlayResume). */
import { requireIntInRange } from '../graphql/args';
import { emptyOnFailure } from '../graphql/fieldErrors';
import type { PlayPageParent, VideoParent } from '../graphql/models';
import type { CourseTagResolvers, Field, PlayPageResolvers, PlayResumeResolvers } from '../graphql/resolverTypes';
import { AUTHOR_CARD_COURSES, AUTHOR_CARD_PAGE_SIZE } from '../play/rules';
import { platformPageUrl, type SiteRequest } from '../http/origin';

/** The video shown: the one asked for, else the course's first; null while the course has none. */
export function shownVideo(page: PlayPageParent): VideoParent | null {
  return page.data.video ?? page.data.videoList[0] ?? null;
}

/** The catalogue of the page's links: the one it was opened from, else the course's own. */
const catalogueOf = (page: PlayPageParent): number => page.catalogueId || page.data.course.catalogId || 0;

/** /m/play?catalogId=&courseId=&videoId= of the video shown (the QR code's target, the share panel's link). */
function mobileQuery(page: PlayPageParent): string {
  const video = shownVideo(page);
  return `catalogId=${catalogueOf(page)}&courseId=${page.courseId}&videoId=${video?.videoId ?? 0}`;
}

const course: Field<PlayPageResolvers, 'course'> = (page) => ({ ...page.data.course, videoList: page.data.videoList });

/** A secondary part of the page: a failure answers no tags and an error on this field (fieldErrors.ts). */
const tags: Field<PlayPageResolvers, 'tags'> = (page, _args, ctx, info) =>
  emptyOnFailure(ctx, info, [], async () => (await ctx.api.play.courseTags(page.courseId)) ?? []);

/**
 * The viewer's record of the video shown, as GetPlayPageData answered it (lastPlay: the same record
 * GetPalyLog reads, asked for with the viewer's id): no second call. Only it has the log id a report continues.
 */
const resume: Field<PlayPageResolvers, 'resume'> = (page) => {
  const video = shownVideo(page);
  const last = page.data.lastPlay;
  if (!video || !last || Number(last.videoId) !== video.videoId || !Number.isSafeInteger(Number(last.id))) return null;
  return {
    id: Number(last.id),
    lastPlayTime: last.lastPlayTime,
    duration: last.duration,
    lastWatchTime: last.lastWatchTime,
    videoId: video.videoId,
  };
};

const mobileUrl: Field<PlayPageResolvers, 'mobileUrl'> = (page, _args, ctx) =>
  platformPageUrl(ctx.config, ctx as unknown as SiteRequest, `/m/play?${mobileQuery(page)}`);

const qrCodeUrl: Field<PlayPageResolvers, 'qrCodeUrl'> = (page) => `/qr/play.png?${mobileQuery(page)}`;

/**
 * The lecturer card: AuthorDetail pageSize 3, the first courses other than this one. A secondary part
 * of the page: a failure answers none and an error on this field (fieldErrors.ts).
 */
const authorCourses: Field<PlayPageResolvers, 'authorCourses'> = async (page, args, ctx, info) => {
  const first = requireIntInRange('first', args.first ?? AUTHOR_CARD_COURSES, 1, 10);
  const authorId = page.data.course.authorId;
  if (!authorId || authorId <= 0) return [];
  return emptyOnFailure(ctx, info, [], async () => {
    const detail = await ctx.api.lecturers.detail({
      id: authorId,
      catalogId: 0,
      sortType: 0,
      pageIndex: 1,
      pageSize: Math.max(AUTHOR_CARD_PAGE_SIZE, first + 1),
    });
    return (detail?.courseList ?? []).filter((other) => other.courseId !== page.courseId).slice(0, first);
  });
};

export const PlayPage = {
  course,
  video: (page) => shownVideo(page),
  videos: (page) => page.data.videoList,
  tags,
  resume,
  mobileUrl,
  qrCodeUrl,
  authorCourses,
} satisfies PlayPageResolvers;

export const CourseTag = {
  name: (tag) => tag.tagName ?? '',
  type: (tag) => Number(tag.tagType) || 0,
  tagId: (tag) => Number(tag.id) || 0,
} satisfies CourseTagResolvers;

const seconds = (value: unknown): number => (Number.isFinite(Number(value)) ? Number(value) : 0);

export const PlayResume = {
  logId: (resume) => String(resume.id),
  videoId: (resume) => resume.videoId,
  lastPlayTime: (resume) => seconds(resume.lastPlayTime),
  duration: (resume) => seconds(resume.duration),
  lastWatchTime: (resume) => (typeof resume.lastWatchTime === 'string' ? resume.lastWatchTime : ''),
} satisfies PlayResumeResolvers;
