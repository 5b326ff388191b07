import { requireId } from '../graphql/args';
import { connectionFromPages, readWindow } from '../graphql/connection';
import { toGlobalId } from '../graphql/globalId';
import type { AuthorResolvers, Field } from '../graphql/resolverTypes';
import { authorCourseSortType } from './orders';

/** The lecturer detail call pages the lecturer's courses (pageSize 18 on the web, §9); one call per lecturer, weighed in yoga/limits.ts. */
const courses: Field<AuthorResolvers, 'courses'> = (author, args, { api }) => {
  const catalogId = requireId('catalogueId', args.catalogueId ?? 0);
  const sortType = authorCourseSortType(args.order);
  return connectionFromPages(readWindow(args.first, args.after, 18), async (pageIndex, pageSize) => {
    const detail = await api.lecturers.detail({ id: author.id, catalogId, sortType, pageIndex, pageSize });
    return { totalCount: detail?.totalCount ?? 0, dataList: detail?.courseList ?? [] };
  });
};

export const Author = {
  id: (author) => toGlobalId('Author', author.id),
  authorId: (author) => author.id,
  name: (author) => author.name,
  position: (author) => author.authorposition ?? '',
  image: (author) => author.authorImage ?? '',
  // the upstream sanitises lecturer HTML (API.md); the gateway passes it on unchanged
  intro: (author) => author.authorInfo ?? '',
  courseCount: (author) => author.courseCount ?? 0,
  videoCount: (author) => author.videoCount ?? 0,
  firstWord: (author) => author.firstWord ?? '',
  courses,
} satisfies AuthorResolvers;
