/** The paged lists: catalogue listing, topics, lecturers. */
import { optionalFirstWord, optionalYear, requireId } from '../../graphql/args';
import { connectionFromPages, readWindow } from '../../graphql/connection';
import type {
  AuthorConnectionResult,
  CourseConnectionResult,
  QueryArgs,
  ResourceCountResult,
  Resolver,
  TopicConnectionResult,
} from '../../graphql/types';
import { authorSortType, courseOrderBy } from '../orders';

export const courses: Resolver<unknown, QueryArgs['courses'], CourseConnectionResult> = (_parent, args, { api }) => {
  const catalogId = requireId('catalogueId', args.catalogueId);
  const year = optionalYear(args.year);
  const orderBy = courseOrderBy(args.orderBy);
  return connectionFromPages(readWindow(args.first, args.after, 20), (pageIndex, pageSize) =>
    api.coursesOfCatalogue({ catalogId, year, orderBy, pageIndex, pageSize }),
  );
};

export const resourceCount: Resolver<unknown, QueryArgs['resourceCount'], ResourceCountResult> = (_parent, args, { api }) =>
  api.resourceCount(requireId('catalogueId', args.catalogueId), optionalYear(args.year));

export const statistics: Resolver<unknown, QueryArgs['statistics'], ResourceCountResult> = (_parent, args, { api }) =>
  api.statistics(optionalYear(args.year));

export const topics: Resolver<unknown, QueryArgs['topics'], TopicConnectionResult> = (_parent, args, { api }) =>
  connectionFromPages(readWindow(args.first, args.after, 12), (pageIndex, pageSize) => api.topicsPage(pageIndex, pageSize));

export const authors: Resolver<unknown, QueryArgs['authors'], AuthorConnectionResult> = (_parent, args, { api }) => {
  const catalogId = requireId('catalogueId', args.catalogueId ?? 0);
  const firstWord = optionalFirstWord(args.firstWord);
  const sortType = authorSortType(args.sort);
  return connectionFromPages(readWindow(args.first, args.after, 18), (pageIndex, pageSize) =>
    api.authorsPage({ catalogId, firstWord, sortType, pageIndex, pageSize }),
  );
};
