import type { Field, QueryResolvers } from '../../graphql/resolverTypes';

/** Asked of the upstream rather than answered locally: it proves what the platform sees (X-Forwarded-For). */
export const clientIp: Field<QueryResolvers, 'clientIp'> = async (_parent, _args, { api }) =>
  (await api.common.clientIp()) || null;
