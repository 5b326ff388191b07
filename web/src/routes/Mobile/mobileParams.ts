import { MOBILE_HOME, type MobileCenterSection } from '../../components/Mobile/mobilePaths';
import { intParam } from '../../routing/defineRoute';
import { SEARCH_MENU } from '../../constants';
import { readSearchParams } from '../Search/searchParams';

/**
 * What the mobile site's routes read from their URLs. The router (first-load code)
 * imports this module: keep it to the loaders' needs; the pages' links live in
 * components/Mobile/mobileLinks (the paths both need, in mobilePaths beside it).
 */

/** The router sends an unknown /m/ path home and types 我的's sections: it reads both here. */
export { MOBILE_HOME, type MobileCenterSection };

/**
 * /m/play?catalogId=&courseId=&videoId=&vtime=: the course (0 when the URL has none), the video
 * (0 = the course's first), the catalogue it was opened from (0 = the course's own) and the second
 * to start at (null when absent: a note's or a knowledge point's moment, as on /Play).
 */
export function mobilePlayParams(url: URL | URLSearchParams): {
  courseId: number;
  videoId: number;
  catalogueId: number;
  vtime: number | null;
} {
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

export function mobileLecturerVariables(url: URL): { authorId: number } {
  return { authorId: intParam(url, 'id', 0) };
}

export function skipMobileLecturer(url: URL): boolean {
  return mobileLecturerVariables(url).authorId <= 0;
}

/** /m/catalog?scId=: the part of the catalogue (the desktop's scId, or its tcId when narrowed). */
export function mobileCatalogueVariables(url: URL): { catalogueId: number } {
  return { catalogueId: intParam(url, 'scId', 0) };
}

export function skipMobileCatalogue(url: URL): boolean {
  return mobileCatalogueVariables(url).catalogueId <= 0;
}

/** /m/special/des?speciaId=: the mobile site's spelling of the topic id. */
export function mobileTopicVariables(url: URL): { topicId: number } {
  return { topicId: intParam(url, 'speciaId', 0) };
}

export function skipMobileTopic(url: URL): boolean {
  return mobileTopicVariables(url).topicId <= 0;
}

/** /m/search?key=: the keyword as /search reads it (cleaned by the text policy); nothing is asked when it has a problem. */
export function mobileSearchKeyword(params: URLSearchParams): string {
  return readSearchParams(params).keyword;
}

/**
 * /m/search?key=&menuIndex=: the tab is in the URL as on /search (0 综合 … 4 讲师), so a tab is one
 * load of the route's query with that tab's first page (§4: a tab starts again at page 1).
 */
export function mobileSearchMenuIndex(params: URLSearchParams): number {
  return readSearchParams(params).menuIndex;
}

export function mobileSearchVariables(url: URL): {
  keyword: string;
  isAll: boolean;
  isCourses: boolean;
  isPoints: boolean;
  isTopics: boolean;
  isLecturers: boolean;
} {
  const menuIndex = mobileSearchMenuIndex(url.searchParams);
  return {
    keyword: mobileSearchKeyword(url.searchParams),
    isAll: menuIndex === SEARCH_MENU.all,
    isCourses: menuIndex === SEARCH_MENU.courses,
    isPoints: menuIndex === SEARCH_MENU.knowledgePoints,
    isTopics: menuIndex === SEARCH_MENU.topics,
    isLecturers: menuIndex === SEARCH_MENU.lecturers,
  };
}

export function skipMobileSearch(url: URL): boolean {
  return readSearchParams(url.searchParams).problem !== null;
}

/** MobileCenterQuery's variables: 我的 itself (null) asks for none of the lists, a section for its own only. */
export function mobileCenterVariables(section: MobileCenterSection | null): Record<MobileCenterSection, boolean> {
  return {
    history: section === 'history',
    favourites: section === 'favourites',
    notes: section === 'notes',
    fragments: section === 'fragments',
    messages: section === 'messages',
  };
}
