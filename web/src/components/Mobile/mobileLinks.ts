import { MOBILE_CENTER, MOBILE_HOME, MOBILE_ROOT, type MobileCenterSection } from './mobilePaths';

/*
 * Links of the mobile site's pages: every link of a mobile page stays under /m/.
 * Only the mobile pages and their parts import this module (their own chunks); the router reads mobileParams.
 */

export { MOBILE_CENTER, MOBILE_HOME };
export const MOBILE_SEARCH = `${MOBILE_ROOT}/search`;
/** 推荐专题 and 名校名师, the mobile counterparts of /special and /author. */
export const MOBILE_TOPICS = `${MOBILE_ROOT}/special`;
export const MOBILE_LECTURERS = `${MOBILE_ROOT}/author`;

/** A course on the mobile player page (/m/play?catalogId=&courseId=&videoId=[&vtime=], vtime: a second of the video). */
export function mobilePlayUrl(course: {
  readonly courseId: number;
  readonly catalogueId: number;
  readonly videoId?: number | null;
  readonly vtime?: number | null;
}): string {
  const params = new URLSearchParams({ catalogId: String(course.catalogueId), courseId: String(course.courseId) });
  if (course.videoId !== undefined && course.videoId !== null) params.set('videoId', String(course.videoId));
  if (course.vtime !== undefined && course.vtime !== null) params.set('vtime', String(course.vtime));
  return `${MOBILE_ROOT}/play?${params.toString()}`;
}

/** A page under 我的: /m/center/history, favourites, notes, fragments or messages. */
export function mobileCenterUrl(section: MobileCenterSection): string {
  return `${MOBILE_CENTER}/${section}`;
}

export function mobileLecturerUrl(authorId: number): string {
  return `${MOBILE_ROOT}/authorDes?id=${authorId}`;
}

/** A part of the catalogue (a subject, a category or a sub-category) and its courses. */
export function mobileCatalogueUrl(catalogueId: number): string {
  return `${MOBILE_ROOT}/catalog?scId=${catalogueId}`;
}

export function mobileTopicUrl(topicId: number): string {
  return `${MOBILE_ROOT}/special/des?speciaId=${topicId}`;
}

/** A search, on its 综合 tab unless another menuIndex (1 课程 … 4 讲师) is given. */
export function mobileSearchUrl(keyword: string, menuIndex = 0): string {
  const params = new URLSearchParams({ key: keyword });
  if (menuIndex > 0) params.set('menuIndex', String(menuIndex));
  return `${MOBILE_SEARCH}?${params.toString()}`;
}
