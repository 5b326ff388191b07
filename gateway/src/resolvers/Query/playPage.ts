/**
 * The play page (/Play?catalogId=&courseId=&videoId=, product-spec §2, §7 GetPlayPageData). Playing
 * needs a signed-in viewer (§6): a visitor gets the LOGIN_REQUIRED error and no upstream call. The
 * viewer's user id goes with the call, so the upstream answers their resume point and counts the view.
 */
import { createGraphQLError } from 'graphql-yoga';
import { requireId } from '../../graphql/args';
import type { Field, QueryResolvers } from '../../graphql/resolverTypes';
import { LOGIN_REQUIRED_MESSAGE, signedIn } from '../../userErrors';

export const LOGIN_REQUIRED = 'LOGIN_REQUIRED';

export const playPage: Field<QueryResolvers, 'playPage'> = async (_parent, args, ctx) => {
  const courseId = requireId('courseId', args.courseId);
  const videoId = requireId('videoId', args.videoId ?? 0);
  const catalogueId = requireId('catalogueId', args.catalogueId ?? 0);
  const me = await signedIn(ctx);
  if (!me) throw createGraphQLError(LOGIN_REQUIRED_MESSAGE, { extensions: { code: LOGIN_REQUIRED } });
  // an unknown course, or a video that is not the course's: null (the client's 课程出错啦~看一下其他课程吧)
  if (courseId === 0) return null;
  const data = await ctx.api.play.page({ courseId, catalogId: catalogueId, videoId, userId: me.viewer.userId });
  return data ? { data, courseId, catalogueId, userId: me.viewer.userId } : null;
};
