import { intParam } from '../../app/defineRoute';
import { TEXT_LIMIT } from '../../constants';

/**
 * What the mobile site's routes (issue 7) read from their URLs. The router (first-load code)
 * imports this module: keep it to the loaders' needs; the pages' links live in mobileLinks.
 */
export const MOBILE_ROOT = '/m';
export const MOBILE_HOME = `${MOBILE_ROOT}/home`;

/**
 * /m/play?catalogId=&courseId=&videoId=&vtime=: the course (0 when the URL has none), the video
 * (0 = the course's first), the catalogue it was opened from (0 = the course's own) and the second
 * to start at (null when absent: a note's or a knowledge point's moment, as on /Play).
 */
export function mobilePlayParams(url: URL | URLSearchParams): { courseId: number; videoId: number; catalogueId: number; vtime: number | null } {
  const vtime = intParam(url, 'vtime', -1);
  return {
    courseId: intParam(url, 'courseId', 0),
    videoId: intParam(url, 'videoId', 0),
    catalogueId: intParam(url, 'catalogId', 0),
    vtime: vtime >= 0 ? vtime : null,
  };
}

/** vtime is not part of the data: the same video at another second is the same page. */
export function mobilePlayVariables(url: URL): { courseId: number; videoId: number; catalogueId: number } {
  const { courseId, videoId, catalogueId } = mobilePlayParams(url);
  return { courseId, videoId, catalogueId };
}

export function skipMobilePlay(url: URL): boolean {
  return mobilePlayParams(url).courseId <= 0;
}

export function mobileAuthorVariables(url: URL): { authorId: number } {
  return { authorId: intParam(url, 'id', 0) };
}

export function skipMobileAuthor(url: URL): boolean {
  return mobileAuthorVariables(url).authorId <= 0;
}

/** /m/special/des?speciaId=: the mobile site's spelling of the topic id. */
export function mobileTopicVariables(url: URL): { topicId: number } {
  return { topicId: intParam(url, 'speciaId', 0) };
}

export function skipMobileTopic(url: URL): boolean {
  return mobileTopicVariables(url).topicId <= 0;
}

/** /m/search?key=: the trimmed keyword; nothing is asked without one or over 50 characters. */
export function mobileSearchKeyword(params: URLSearchParams): string {
  return (params.get('key') ?? '').trim();
}

export function mobileSearchVariables(url: URL): { keyword: string } {
  return { keyword: mobileSearchKeyword(url.searchParams) };
}

export function skipMobileSearch(url: URL): boolean {
  const keyword = mobileSearchKeyword(url.searchParams);
  return keyword === '' || [...keyword].length > TEXT_LIMIT.siteSearch;
}
