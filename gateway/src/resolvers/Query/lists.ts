/** The paged lists: catalogue listing, topics, lecturers. */
import { optionalFirstWord, optionalYear, requireId } from '../../graphql/args';
import { connectionFromPages, connectionFromSlice, readWindow } from '../../graphql/connection';
import { isNotFoundRefusal } from '../../graphql/errors';
import type { GatewayContext } from '../../context';
import type { Field, QueryResolvers } from '../../graphql/resolverTypes';
import { authorSortType, courseOrderBy } from '../orders';

/**
 * A catalogue that does not exist has no courses: the listing of an unknown id is empty, as
 * `catalogue(catalogueId:)` is null for it, so a page asking for both still gets its data (and
 * shows 分类不存在) instead of losing the whole response to a non-null NOT_FOUND. The upstream's
 * NOT_FOUND is believed only when the subject tree (loaded once per operation) agrees; any other
 * NOT_FOUND (an unknown path of a misconfigured upstream) still fails.
 */
async function orEmptyForUnknownCatalogue<T>(
  catalogues: GatewayContext['catalogues'],
  catalogId: number,
  read: () => Promise<T>,
  empty: () => T,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (catalogId !== 0 && isNotFoundRefusal(error) && !(await catalogues.subjects()).byId.has(catalogId))
      return empty();
    throw error;
  }
}

export const courses: Field<QueryResolvers, 'courses'> = (_parent, args, { api, catalogues }) => {
  const catalogId = requireId('catalogueId', args.catalogueId);
  const year = optionalYear(args.year);
  const orderBy = courseOrderBy(args.orderBy);
  const window = readWindow(args.first, args.after, 20);
  return orEmptyForUnknownCatalogue(
    catalogues,
    catalogId,
    () =>
      connectionFromPages(window, (pageIndex, pageSize) =>
        api.catalogue.courses({ catalogId, year, orderBy, pageIndex, pageSize }),
      ),
    () => connectionFromSlice([], window.offset, 0, false),
  );
};

export const resourceCount: Field<QueryResolvers, 'resourceCount'> = (_parent, args, { api, catalogues }) => {
  const catalogId = requireId('catalogueId', args.catalogueId);
  const year = optionalYear(args.year);
  return orEmptyForUnknownCatalogue(
    catalogues,
    catalogId,
    () => api.catalogue.resourceCount(catalogId, year),
    () => ({ courseCount: 0, videoCount: 0 }),
  );
};

export const statistics: Field<QueryResolvers, 'statistics'> = (_parent, args, { api }) =>
  api.catalogue.statistics(optionalYear(args.year));

export const topics: Field<QueryResolvers, 'topics'> = (_parent, args, { api }) =>
  connectionFromPages(readWindow(args.first, args.after, 12), (pageIndex, pageSize) =>
    api.topics.page(pageIndex, pageSize),
  );

export const authors: Field<QueryResolvers, 'authors'> = (_parent, args, { api }) => {
  const catalogId = requireId('catalogueId', args.catalogueId ?? 0);
  const firstWord = optionalFirstWord(args.firstWord);
  const sortType = authorSortType(args.sort);
  return connectionFromPages(readWindow(args.first, args.after, 18), (pageIndex, pageSize) =>
    api.lecturers.page({ catalogId, firstWord, sortType, pageIndex, pageSize }),
  );
};
