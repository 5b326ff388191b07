/**
 * What the search box suggests as one types (SuggestKeyWord): hot keywords, courses
 * and lecturers whose name contains the keyword. The keyword is checked here by the upstream's rules,
 * as for search; a course or lecturer is the upstream's hit item, mapped as any search hit is.
 */
import { requireIntInRange, requireKeyword } from '../../graphql/args';
import type { Field, QueryResolvers, SearchSuggestionsResolvers } from '../../graphql/resolverTypes';

/** suggestions of each kind: 5 by default, at most 10 (the upstream's limit) */
export const SUGGESTIONS_DEFAULT = 5;
export const SUGGESTIONS_MAX = 10;

export const searchSuggestions: Field<QueryResolvers, 'searchSuggestions'> = async (_parent, args, { api }) => {
  const keyword = requireKeyword(args.keyword);
  const limit = requireIntInRange('limit', args.limit ?? SUGGESTIONS_DEFAULT, 1, SUGGESTIONS_MAX);
  const found = await api.search.suggestions(keyword, limit);
  return {
    keyword,
    keyWords: (found.keyWords ?? []).slice(0, limit),
    courses: (found.courses ?? []).slice(0, limit),
    authors: (found.authors ?? []).slice(0, limit),
  };
};

export const SearchSuggestions = {
  keyword: (found) => found.keyword,
  hotKeywords: (found) =>
    found.keyWords.map((entry) => ({ keyword: entry.keyWord ?? '', searchCount: entry.searchCount ?? 0 })),
  courses: (found) => found.courses,
  authors: (found) => found.authors,
} satisfies SearchSuggestionsResolvers;
