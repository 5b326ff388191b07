/** The home page's lists (product-spec §2 "Home", §9 sizes are the schema's defaults). */
import { requireIntInRange, requireLimit } from '../../graphql/args';
import { connectionFromRange, readWindow } from '../../graphql/connection';
import type { Field, QueryResolvers } from '../../graphql/resolverTypes';

/** GetRecommendAuthor answers at most 100 positions per call. */
const LECTURER_WINDOW = 100;

export const banners: Field<QueryResolvers, 'banners'> = (_parent, args, { api }) =>
  api.catalogue.banners(requireLimit('limit', args.limit, 5));

export const selectedCourses: Field<QueryResolvers, 'selectedCourses'> = (_parent, args, { api }) =>
  api.catalogue.selectedCourses(0, requireLimit('limit', args.limit, 10));

export const recommendedCourses: Field<QueryResolvers, 'recommendedCourses'> = (_parent, args, { api }) =>
  connectionFromRange(readWindow(args.first, args.after, 14), (start, end) =>
    api.catalogue.recommendedCourses(start, end),
  );

/**
 * Batch n of `size` recommended lecturers; past the end it wraps around. The upstream gives no
 * total, so a later batch reads the first 100 positions at once: that one call both holds the
 * batch and tells how many there are.
 */
export const recommendedAuthors: Field<QueryResolvers, 'recommendedAuthors'> = async (_parent, args, { api }) => {
  const size = requireIntInRange('size', args.size ?? 9, 1, LECTURER_WINDOW);
  const batch = requireIntInRange('batch', args.batch ?? 0, 0, 1_000_000);
  if (batch === 0) return api.lecturers.recommended(0, size);
  const start = batch * size;
  if (start + size <= LECTURER_WINDOW) {
    const window = await api.lecturers.recommended(0, LECTURER_WINDOW);
    if (window.length === 0) return [];
    const effective = window.length < LECTURER_WINDOW ? batch % Math.ceil(window.length / size) : batch;
    return window.slice(effective * size, effective * size + size);
  }
  const page = await api.lecturers.recommended(start, start + size);
  return page.length > 0 ? page : api.lecturers.recommended(0, size);
};

export const featuredTopics: Field<QueryResolvers, 'featuredTopics'> = (_parent, args, { api }) =>
  api.topics.more(0, requireLimit('limit', args.limit, 6));
