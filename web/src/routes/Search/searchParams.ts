import { intParam } from '../../routing/defineRoute';
import type { SearchQuery } from '../../__generated__/SearchQuery.graphql';
import { SEARCH_MENU, SEARCH_TEXT, TEXT_LIMIT } from '../../constants';
import { checkUserText } from '../../lib/userText';

/**
 * /search?key=&menuIndex=&catalogId=: what the URL asks for. Kept apart from the page and its
 * query so that the router (first-load code) can read it without loading the search page.
 */
export interface SearchParams {
  /** The keyword as the gateway takes it: cleaned by the text policy (lib/userText). */
  readonly keyword: string;
  /** Why nothing can be searched (no keyword, too long), or null. */
  readonly problem: string | null;
  readonly menuIndex: number;
  /** The catalogue filter (0 = all). */
  readonly catalogueId: number;
}

const MENU_INDEXES: readonly number[] = Object.values(SEARCH_MENU);

/**
 * §5: the keyword cleaned by the text policy of every typed field (lib/userText: one line,
 * invisible characters removed, NFC, trimmed), with what is wrong with it: required (nothing
 * visible is nothing), at most 50 characters (code points, as the upstream counts), no control
 * characters or direction overrides.
 */
export function checkKeyword(raw: string): { keyword: string; problem: string | null } {
  const verdict = checkUserText(raw, { multiline: false, maxLength: TEXT_LIMIT.siteSearch });
  if (!verdict.ok) {
    return {
      keyword: raw.trim(),
      problem: verdict.problem === 'tooLong' ? SEARCH_TEXT.keywordTooLong : SEARCH_TEXT.keywordBadCharacters,
    };
  }
  return { keyword: verdict.text, problem: verdict.text === '' ? SEARCH_TEXT.noKeyword : null };
}

/** §5: what is wrong with a keyword, or null. */
export function keywordProblem(keyword: string): string | null {
  return checkKeyword(keyword).problem;
}

export function readSearchParams(params: URLSearchParams): SearchParams {
  const { keyword, problem } = checkKeyword(params.get('key') ?? '');
  const menuIndex = intParam(params, 'menuIndex', SEARCH_MENU.all);
  return {
    keyword,
    problem,
    menuIndex: MENU_INDEXES.includes(menuIndex) ? menuIndex : SEARCH_MENU.all,
    catalogueId: intParam(params, 'catalogId', 0),
  };
}

export function searchVariables(url: URL): SearchQuery['variables'] {
  const { keyword, menuIndex, catalogueId } = readSearchParams(url.searchParams);
  return {
    keyword,
    catalogueId,
    isAll: menuIndex === SEARCH_MENU.all,
    isCourses: menuIndex === SEARCH_MENU.courses,
    isPoints: menuIndex === SEARCH_MENU.knowledgePoints,
    isTopics: menuIndex === SEARCH_MENU.topics,
    isLecturers: menuIndex === SEARCH_MENU.lecturers,
  };
}

/** No query is sent for a URL that cannot be searched: the page says why (请输入搜索关键词). */
export function skipSearch(url: URL): boolean {
  return readSearchParams(url.searchParams).problem !== null;
}

export function searchUrl({
  keyword,
  menuIndex,
  catalogueId = 0,
}: {
  keyword: string;
  menuIndex: number;
  catalogueId?: number;
}): string {
  const params = new URLSearchParams({ key: keyword, menuIndex: String(menuIndex) });
  if (catalogueId > 0) params.set('catalogId', String(catalogueId));
  return `/search?${params.toString()}`;
}
