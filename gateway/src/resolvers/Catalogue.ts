import { optionalYear } from '../graphql/args';
import { toGlobalId } from '../graphql/globalId';
import type { CatalogueArgs, CatalogueParent, Resolver } from '../graphql/types';

/**
 * Without a year the count comes with the tree. With a year, one GetCatalogList4 call answers
 * all siblings at once (the sub-category dropdown asks for each of them), so a list of siblings
 * costs one call, not one per node.
 */
const resourceCount: Resolver<CatalogueParent, CatalogueArgs['resourceCount'], number> = async (node, args, { api }) => {
  const year = optionalYear(args.year);
  // the lecturer tree counts lecturers, which have no year
  if (year === undefined || node.tree === 'author') return node.resourceCount;
  const siblings = await api.catalogue.childrenCounts(node.parentId, year);
  const match = siblings.find((sibling) => sibling.id === node.id);
  if (match) return match.resourceCount ?? 0;
  return (await api.catalogue.resourceCount(node.id, year)).courseCount;
};

export const Catalogue = {
  id: (node: CatalogueParent) => toGlobalId('Catalogue', node.key),
  catalogueId: (node: CatalogueParent) => node.id,
  name: (node: CatalogueParent) => node.name,
  level: (node: CatalogueParent) => node.level,
  parent: (node: CatalogueParent) => node.parent,
  children: (node: CatalogueParent) => node.children,
  resourceCount,
};
