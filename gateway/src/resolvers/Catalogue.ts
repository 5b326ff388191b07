import { optionalYear } from '../graphql/args';
import { toGlobalId } from '../graphql/globalId';
import type { CatalogueResolvers, Field } from '../graphql/resolverTypes';

/**
 * Without a year the count comes with the tree. With a year, one GetCatalogList4 call answers
 * all siblings at once (the sub-category dropdown asks for each of them), so a list of siblings
 * costs one call, not one per node.
 */
const resourceCount: Field<CatalogueResolvers, 'resourceCount'> = async (node, args, { api }) => {
  const year = optionalYear(args.year);
  // the lecturer tree counts lecturers, which have no year
  if (year === undefined || node.tree === 'author') return node.resourceCount;
  const siblings = await api.catalogue.childrenCounts(node.parentId, year);
  const match = siblings.find((sibling) => sibling.id === node.id);
  if (match) return match.resourceCount ?? 0;
  return (await api.catalogue.resourceCount(node.id, year)).courseCount;
};

export const Catalogue = {
  id: (node) => toGlobalId('Catalogue', node.key),
  catalogueId: (node) => node.id,
  name: (node) => node.name,
  level: (node) => node.level,
  parent: (node) => node.parent,
  children: (node) => node.children,
  resourceCount,
} satisfies CatalogueResolvers;
