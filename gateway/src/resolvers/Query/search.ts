/**
 * Site search (product-spec §2 /search, §7 Search). The keyword is checked here, before any
 * upstream call, by the upstream's own rules; Query.search calls nothing itself: each field of
 * Search asked for is one call (Search.ts).
 */
import { requireId, requireKeyword, requireLimit } from '../../graphql/args';
import type { Field, QueryResolvers } from '../../graphql/resolverTypes';

export const search: Field<QueryResolvers, 'search'> = (_parent, args) => ({
  keyword: requireKeyword(args.keyword),
  catalogueId: requireId('catalogueId', args.catalogueId ?? 0),
});

/** 热门搜索 (§9: 8). */
export const hotKeywords: Field<QueryResolvers, 'hotKeywords'> = async (_parent, args, { api }) => {
  const limit = requireLimit('limit', args.limit, 8);
  return (await api.search.hotKeywords(limit)).slice(0, limit).map((entry) => ({
    keyword: entry.keyWord ?? '',
    searchCount: entry.searchCount ?? 0,
  }));
};

export const catalogueSuggestions: Field<QueryResolvers, 'catalogueSuggestions'> = async (_parent, args, { api }) => {
  const keyword = requireKeyword(args.keyword);
  const limit = requireLimit('limit', args.limit, 10);
  return (await api.search.catalogueHits(keyword, limit)).slice(0, limit);
};
