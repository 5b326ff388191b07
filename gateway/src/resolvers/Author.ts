import { requireId } from '../graphql/args';
import { connectionFromPages, readWindow } from '../graphql/connection';
import { toGlobalId } from '../graphql/globalId';
import type { AuthorArgs, AuthorParent, CourseConnectionResult, Resolver } from '../graphql/types';
import { authorCourseSortType } from './orders';

/** The lecturer detail call pages the lecturer's courses (pageSize 18 on the web, §9); one call per lecturer, weighed in yoga/limits.ts. */
const courses: Resolver<AuthorParent, AuthorArgs['courses'], CourseConnectionResult> = (author, args, { api }) => {
  const catalogId = requireId('catalogueId', args.catalogueId ?? 0);
  const sortType = authorCourseSortType(args.order);
  return connectionFromPages(readWindow(args.first, args.after, 18), async (pageIndex, pageSize) => {
    const detail = await api.authors.detail({ id: author.id, catalogId, sortType, pageIndex, pageSize });
    return { totalCount: detail?.totalCount ?? 0, dataList: detail?.courseList ?? [] };
  });
};

export const Author = {
  id: (author: AuthorParent) => toGlobalId('Author', author.id),
  authorId: (author: AuthorParent) => author.id,
  name: (author: AuthorParent) => author.name,
  position: (author: AuthorParent) => author.authorposition ?? '',
  image: (author: AuthorParent) => author.authorImage ?? '',
  // the upstream sanitises lecturer HTML (API.md); the gateway passes it on unchanged
  intro: (author: AuthorParent) => author.authorInfo ?? '',
  courseCount: (author: AuthorParent) => author.courseCount ?? 0,
  videoCount: (author: AuthorParent) => author.videoCount ?? 0,
  firstWord: (author: AuthorParent) => author.firstWord ?? '',
  courses,
};
