import { requireId } from '../../graphql/args';
import type { Field, QueryResolvers } from '../../graphql/resolverTypes';

/** Top-level subjects, each with its subtree: the one tree call of the operation. */
export const subjects: Field<QueryResolvers, 'subjects'> = async (_parent, _args, { catalogues }) =>
  (await catalogues.subjects()).roots;

export const catalogue: Field<QueryResolvers, 'catalogue'> = async (_parent, args, { catalogues }) => {
  const catalogueId = requireId('catalogueId', args.catalogueId);
  return (await catalogues.subjects()).byId.get(catalogueId) ?? null;
};

/** Lecturer categories: level-1 nodes that have lecturers, with their level-2 children. */
export const authorCatalogues: Field<QueryResolvers, 'authorCatalogues'> = async (_parent, _args, { catalogues }) =>
  (await catalogues.lecturers()).roots;
