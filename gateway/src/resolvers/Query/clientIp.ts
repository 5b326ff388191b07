import type { Resolver } from '../../graphql/types';

/** Asked of the upstream rather than answered locally: it proves what the platform sees (X-Forwarded-For). */
export const clientIp: Resolver<unknown, Record<string, never>, string | null> = async (_parent, _args, { api }) =>
  (await api.common.clientIp()) || null;
