/**
 * Clip a fragment of a video (product-spec §5: at most 180 s, start within the video, two per video;
 * §6 userType 1 or 2). The upstream cuts the MP4 and answers 片段截取成功 (the success toast) or its
 * reason; the range rules are its own (upstream/API.md ClipVideo), so its sentences reach the user.
 */
import { requireId } from '../../graphql/args';
import type { Field, MutationResolvers, ResolversParentTypes } from '../../graphql/resolverTypes';
import { invalid, loginRequired, orUnavailable, refused, signedIn, type UserErrorResult } from '../../userErrors';
import { FRAGMENT_NAME_MAX_LENGTH, MESSAGES, characters, mayTakePart, playRefusal } from '../../play/rules';

type Payload = ResolversParentTypes['ClipVideoPayload'];

export const clipVideo: Field<MutationResolvers, 'clipVideo'> = async (_parent, { input }, ctx) => {
  const failed = (error: UserErrorResult): Payload => ({ fragment: null, message: null, errors: [error] });
  const me = await signedIn(ctx);
  if (!me) return failed(loginRequired());
  if (!mayTakePart(me.viewer)) return failed(refused(MESSAGES.noPermission));
  const videoId = requireId('videoId', input.videoId);
  const courseId = requireId('courseId', input.courseId);
  const name = (input.name ?? '').trim();
  if (characters(name) > FRAGMENT_NAME_MAX_LENGTH) return failed(invalid('name', MESSAGES.fragmentNameTooLong));
  return orUnavailable(async () => {
    // ClipVideo names the video by its code: the course's play data has it (and proves the video is the course's)
    const play = await ctx.api.play.courseData(courseId);
    const video = play?.videoList.find((candidate) => candidate.videoId === videoId);
    if (!video || !video.videoCode) return failed(invalid('videoId', MESSAGES.videoNotFound));
    const result = await ctx.api.play.clipVideo({
      videoCode: video.videoCode,
      userId: me.viewer.userId,
      startTime: input.startTime,
      endTime: input.endTime,
      fragmentName: name,
    });
    if (!result.ok) return failed(playRefusal(result, MESSAGES.clipFailed, ctx.logger, '/api/play/ClipVideo'));
    const fragment = result.items && typeof result.items === 'object' ? result.items : null;
    return { fragment, message: result.message || null, errors: [] };
  }, failed);
};
