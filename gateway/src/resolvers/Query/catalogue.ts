import { requireId } from '../../graphql/args';
import type { CatalogueParent, QueryArgs, Resolver } from '../../graphql/types';

/** Top-level subjects, each with its subtree: the one tree call of the operation. */
export const subjects: Resolver<unknown, Record<string, never>, CatalogueParent[]> = async (_parent, _args, { catalogues }) =>
  (await catalogues.subjects()).roots;

export const catalogue: Resolver<unknown, QueryArgs['catalogue'], CatalogueParent | null> = async (_parent, args, { catalogues }) => {
  const catalogueId = requireId('catalogueId', args.catalogueId);
  return (await catalogues.subjects()).byId.get(catalogueId) ?? null;
};

/** Lecturer categories: level-1 nodes that have lecturers, with their level-2 children. */
export const authorCatalogues: Resolver<unknown, Record<string, never>, CatalogueParent[]> = async (_parent, _args, { catalogues }) =>
  (await catalogues.lecturers()).roots;
