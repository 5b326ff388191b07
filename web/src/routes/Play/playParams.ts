import { intParam } from '../../routing/defineRoute';

/**
 * What the /Play route's loader reads from /Play?catalogId=&courseId=&videoId=&vtime= (§2). The
 * router (first-load code) imports this module: keep it to the loader's needs (the page reads
 * vtime itself, see PlayPage).
 */

/** vtime is not part of the data: the same video at another second is the same page. videoId 0 = the first video. */
export function playVariables(url: URL): { courseId: number; videoId: number; catalogueId: number } {
  return {
    courseId: intParam(url, 'courseId', 0),
    videoId: intParam(url, 'videoId', 0),
    catalogueId: intParam(url, 'catalogId', 0),
  };
}

/** No course id: nothing is asked, the page shows 课程出错啦~看一下其他课程吧. */
export function skipPlay(url: URL): boolean {
  return intParam(url, 'courseId', 0) <= 0;
}
