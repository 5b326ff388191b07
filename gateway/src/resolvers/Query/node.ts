import { badUserInput } from '../../graphql/errors';
import { MAX_NODE_IDS as MAX_NODES } from '../../graphql/globalId';
import type { Field, QueryResolvers } from '../../graphql/resolverTypes';
import { loadNode } from '../loadNode';

// nodes(ids) reads each id, one upstream request each: the cost limit refuses more first (yoga/limits.ts)

export const node: Field<QueryResolvers, 'node'> = (_parent, { id }, ctx) => loadNode(id, ctx);

export const nodes: Field<QueryResolvers, 'nodes'> = (_parent, { ids }, ctx) => {
  if (ids.length > MAX_NODES) throw badUserInput(`参数 ids 最多包含 ${MAX_NODES} 个 id`, 'ids');
  return Promise.all(ids.map((id) => loadNode(id, ctx)));
};
