/**
 * The play page (/Play?catalogId=&courseId=&videoId=, product-spec §2, §7 GetPlayPageData). Playing
 * needs a signed-in viewer (§6), but the course around the player is public, as on MOOC sites: a
 * visitor gets the course, its outline, lecturer and AI content read without a user id (no view
 * counted, no resume point), and the media addresses unsigned, which the media server refuses; the
 * page shows 登录后观看 on the player. A signed-in viewer's id goes with the call, so the upstream
 * answers their resume point and counts the view.
 */
import { requireId } from '../../graphql/args';
import type { Field, QueryResolvers } from '../../graphql/resolverTypes';
import { signedIn } from '../../userErrors';

export const playPage: Field<QueryResolvers, 'playPage'> = async (_parent, args, ctx) => {
  const courseId = requireId('courseId', args.courseId);
  const videoId = requireId('videoId', args.videoId ?? 0);
  const catalogueId = requireId('catalogueId', args.catalogueId ?? 0);
  // an unknown course, or a video that is not the course's: null (the client's 课程出错啦~看一下其他课程吧)
  if (courseId === 0) return null;
  const me = await signedIn(ctx);
  const userId = me ? me.viewer.userId : null;
  const data = await ctx.api.play.page({ courseId, catalogId: catalogueId, videoId, userId });
  return data ? { data, courseId, catalogueId, userId } : null;
};
