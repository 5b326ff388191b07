/** /api/search/*: site search, the counts of its tabs, catalogue suggestions and hot keywords. */
import { badParameter } from '../../http/envelope';
import { MAX_PAGE_SIZE, MAX_POSITION, type Params } from '../../http/params';
import { checkUserText } from '../../text/user-text';
import { anonymousSearcher, SEARCH_TYPES } from '../services/search-service';
import { SUGGESTIONS_DEFAULT, SUGGESTIONS_MAX } from '../services/suggest-service';
import { read, readComId, type RouteGroup } from './route';

/** product-spec §5 and §9: the search box takes 50 characters */
export const KEYWORD_MAX_LENGTH = 50;
export const KEYWORD_MISSING = '请输入搜索关键词';
export const KEYWORD_TOO_LONG = `搜索关键词不能超过${KEYWORD_MAX_LENGTH}个字`;
export const KEYWORD_BAD_CHARACTERS = '搜索关键词包含无法显示的字符';
/** product-spec §9: a search page shows 21 courses */
export const SEARCH_PAGE_SIZE = 21;
const CATALOGUE_SUGGESTIONS = 10;
const HOT_KEYWORDS = 8;

/** a keyword is one line; the rest of the text policy is text/user-text's */
const KEYWORD_FIELD = { multiline: false, maxLength: KEYWORD_MAX_LENGTH };

/** The keyword rules of every search call: cleaned by the text policy, required, at most 50 characters (code points). */
export function readKeyword(params: Params, name: string): string {
  const verdict = checkUserText(params.raw(name) ?? '', KEYWORD_FIELD);
  if (!verdict.ok) throw badParameter(verdict.problem === 'tooLong' ? KEYWORD_TOO_LONG : KEYWORD_BAD_CHARACTERS);
  if (verdict.text === '') throw badParameter(KEYWORD_MISSING);
  return verdict.text;
}

export const searchRoutes: RouteGroup = ({ search, suggestions }) => [
  {
    method: 'GET',
    path: '/api/search/SearchByKeyWord',
    handle: ({ params, clientIp }) => {
      readComId(params);
      const keyword = readKeyword(params, 'SearchByKeyWord');
      const type = params.oneOf('type', SEARCH_TYPES, 'all');
      const pageIndex = params.optionalInt('pageIndex', { min: 1, max: MAX_POSITION }) ?? 1;
      const pageSize = params.optionalInt('pageSize', { min: 1, max: MAX_PAGE_SIZE }) ?? SEARCH_PAGE_SIZE;
      const catalogId = params.optionalId('catalogId');
      // the hot keywords count people: the signed-in user, else the end user's address (an IPv6 /64)
      const userId = params.optionalId('userId');
      const searcher = userId > 0 ? `u:${userId}` : anonymousSearcher(clientIp);
      return read(search.search({ keyword, type, catalogId, pageIndex, pageSize, searcher }));
    },
  },
  {
    method: 'GET',
    path: '/api/search/GetSearchCountByKeyWord',
    handle: ({ params }) => {
      readComId(params);
      const keyword = readKeyword(params, 'SearchByKeyWord');
      return read(search.counts({ keyword, catalogId: params.optionalId('catalogId') }));
    },
  },
  {
    method: 'GET',
    path: '/api/search/SearchCatalog',
    handle: ({ params }) => {
      const keyword = readKeyword(params, 'keyWord');
      const limit = params.raw('limit') !== undefined ? params.limit() : CATALOGUE_SUGGESTIONS;
      return read(search.catalogues({ keyword, limit }));
    },
  },
  {
    method: 'GET',
    path: '/api/search/GetHotKeyWord',
    handle: ({ params }) => {
      const limit = params.raw('limit') !== undefined ? params.limit() : HOT_KEYWORDS;
      return read(search.hotKeywords(limit));
    },
  },
  {
    method: 'GET',
    path: '/api/search/SuggestKeyWord',
    handle: ({ params }) => {
      const keyword = readKeyword(params, 'keyWord');
      const limit = params.optionalInt('limit', { min: 1, max: SUGGESTIONS_MAX }) ?? SUGGESTIONS_DEFAULT;
      return read(suggestions.suggest({ keyword, limit }));
    },
  },
];
