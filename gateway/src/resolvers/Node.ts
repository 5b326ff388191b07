import type { NodeResolvers } from '../graphql/resolverTypes';

/** Objects reach the Node interface only through loadNode, which tags them with their type (graphql/models.ts NodeParent). */
export const Node = {
  __resolveType: (node) => node.__typename,
} satisfies NodeResolvers;
