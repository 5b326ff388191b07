/**
 * Play log (product-spec §7 AddPlayLog): the player reports 1 s after play starts, then every 5 s.
 * Visitors are ignored (logId null, no error, no call). The leaving page's last report arrives by
 * beacon instead (http/playLogBeacon.ts); both go through play/playLog.ts.
 */
import type { Field, MutationResolvers } from '../../graphql/resolverTypes';
import { signedIn } from '../../userErrors';
import { reportPlayFor } from '../../play/playLog';

export const reportPlay: Field<MutationResolvers, 'reportPlay'> = async (_parent, { input }, ctx) => {
  const me = await signedIn(ctx);
  if (!me) return { logId: null, errors: [] };
  return reportPlayFor(
    { api: ctx.api, playVideos: ctx.playVideos, playLogs: ctx.playLogs, logger: ctx.logger },
    me.viewer,
    input,
  );
};
