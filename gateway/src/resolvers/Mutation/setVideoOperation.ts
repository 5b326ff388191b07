/**
 * Play page: like (LIKE) or favourite (FAVOURITE) a video, or cancel it (product-spec §4 toggle, §6:
 * userType 1 or 2). The answer carries the new state and the course refetched for its counters. A
 * failure without the service's reason is §8's 操作失败，请稍后再试~.
 */
import { requireId } from '../../graphql/args';
import type { Field, MutationResolvers, ResolversParentTypes } from '../../graphql/resolverTypes';
import { loginRequired, orUnavailable, refused, signedIn, userError, type UserErrorResult } from '../../userErrors';
import { MESSAGES, mayTakePart, playRefusal } from '../../play/rules';
import { videoOperations } from '../Video';

type Payload = ResolversParentTypes['SetVideoOperationPayload'];

export const setVideoOperation: Field<MutationResolvers, 'setVideoOperation'> = async (_parent, { input }, ctx) => {
  const failed = (error: UserErrorResult): Payload => ({
    operations: null,
    course: null,
    message: null,
    errors: [error],
  });
  const me = await signedIn(ctx);
  if (!me) return failed(loginRequired());
  if (!mayTakePart(me.viewer)) return failed(refused(MESSAGES.noPermission));
  const videoId = requireId('videoId', input.videoId);
  const courseId = requireId('courseId', input.courseId);
  const catalogId = requireId('catalogueId', input.catalogueId ?? 0);
  const { api } = ctx;
  return orUnavailable(
    async () => {
      const result = await api.play.setOperation({
        on: input.on,
        userId: me.viewer.userId,
        videoId,
        courseId,
        operateType: input.kind === 'FAVOURITE' ? 1 : 0,
        comId: me.viewer.comId ?? 0,
        catalogId,
      });
      const path = input.on ? '/api/operate/UserOperate' : '/api/operate/CancelUserOperate';
      if (!result.ok) return failed(playRefusal(result, MESSAGES.operationFailed, ctx.logger, path));
      const [state, play] = await Promise.all([
        result.items && typeof result.items === 'object'
          ? result.items
          : api.play.operateState({ courseId, catalogId, userId: me.viewer.userId, videoId }),
        api.play.courseData(courseId),
      ]);
      return {
        operations: state ? videoOperations(state) : null,
        course: play ? { ...play.course, videoList: play.videoList } : null,
        message: result.message || null,
        errors: [],
      };
    },
    () => failed(userError('UNAVAILABLE', MESSAGES.operationFailed)),
  );
};
