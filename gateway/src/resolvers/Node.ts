import type { NodeParent } from '../graphql/types';

/** Objects reach the Node interface only through loadNode, which tags them with their type. */
export const Node = {
  __resolveType: (node: NodeParent) => node.__typename,
};
