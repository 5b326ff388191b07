/** The play page's parts (PlayPage), its course tags (CourseTag) and the viewer's resume point (PlayResume). */
import { requireIntInRange } from '../graphql/args';
import { emptyOnFailure } from '../graphql/fieldErrors';
import type { CourseParent, CourseTagParent, NoArgs, PlayPageArgs, PlayPageParent, Resolver, VideoParent } from '../graphql/types';
import { AUTHOR_CARD_COURSES, AUTHOR_CARD_PAGE_SIZE } from '../play/rules';
import type { RestPlayLog } from '../upstream/types';
import { platformPageUrl, type SiteRequest } from '../http/origin';

type Field<R, A = NoArgs> = Resolver<PlayPageParent, A, R>;

export interface PlayResumeParent extends RestPlayLog {
  videoId: number;
}

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

const course: Field<CourseParent> = (page) => ({ ...page.data.course, videoList: page.data.videoList });

/** A secondary part of the page: a failure answers no tags and an error on this field (fieldErrors.ts). */
const tags: Field<CourseTagParent[]> = (page, _args, ctx, info) =>
  emptyOnFailure(ctx, info, [], async () => (await ctx.api.play.courseTags(page.courseId)) ?? []);

/**
 * The viewer's record of the video shown, as GetPlayPageData answered it (lastPlay: the same record
 * GetPalyLog reads, asked for with the viewer's id): no second call. Only it has the log id a report continues.
 */
const resume: Field<PlayResumeParent | null> = (page) => {
  const video = shownVideo(page);
  const last = page.data.lastPlay;
  if (!video || !last || Number(last.videoId) !== video.videoId || !Number.isSafeInteger(Number(last.id))) return null;
  return { id: Number(last.id), lastPlayTime: last.lastPlayTime, duration: last.duration, lastWatchTime: last.lastWatchTime, videoId: video.videoId };
};

const mobileUrl: Field<string> = (page, _args, ctx) =>
  platformPageUrl(ctx.config, ctx as unknown as SiteRequest, `/m/play?${mobileQuery(page)}`);

const qrCodeUrl: Field<string> = (page) => `/qr/play.png?${mobileQuery(page)}`;

/**
 * The lecturer card: AuthorDetail pageSize 3, the first courses other than this one. A secondary part
 * of the page: a failure answers none and an error on this field (fieldErrors.ts).
 */
const authorCourses: Field<CourseParent[], PlayPageArgs['authorCourses']> = async (page, args, ctx, info) => {
  const first = requireIntInRange('first', args.first ?? AUTHOR_CARD_COURSES, 1, 10);
  const authorId = page.data.course.authorId;
  if (!authorId || authorId <= 0) return [];
  return emptyOnFailure(ctx, info, [], async () => {
    const detail = await ctx.api.authors.detail({ id: authorId, catalogId: 0, sortType: 0, pageIndex: 1, pageSize: Math.max(AUTHOR_CARD_PAGE_SIZE, first + 1) });
    return (detail?.courseList ?? []).filter((other) => other.courseId !== page.courseId).slice(0, first);
  });
};

export const PlayPage = {
  course,
  video: (page: PlayPageParent) => shownVideo(page),
  videos: (page: PlayPageParent) => page.data.videoList,
  tags,
  resume,
  mobileUrl,
  qrCodeUrl,
  authorCourses,
};

export const CourseTag = {
  name: (tag: CourseTagParent) => tag.tagName ?? '',
  type: (tag: CourseTagParent) => Number(tag.tagType) || 0,
  tagId: (tag: CourseTagParent) => Number(tag.id) || 0,
};

const seconds = (value: unknown): number => (Number.isFinite(Number(value)) ? Number(value) : 0);

export const PlayResume = {
  logId: (resume: PlayResumeParent) => String(resume.id),
  videoId: (resume: PlayResumeParent) => resume.videoId,
  lastPlayTime: (resume: PlayResumeParent) => seconds(resume.lastPlayTime),
  duration: (resume: PlayResumeParent) => seconds(resume.duration),
  lastWatchTime: (resume: PlayResumeParent) => (typeof resume.lastWatchTime === 'string' ? resume.lastWatchTime : ''),
};
