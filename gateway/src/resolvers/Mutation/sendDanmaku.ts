/**
 * Send a scrolling comment (product-spec §2: at most 30 characters; §8 an empty one is not sent and
 * asks for content). Any signed-in viewer; the upstream also limits how often.
 */
import type { Field, MutationResolvers, ResolversParentTypes } from '../../graphql/resolverTypes';
import { requireId } from '../../graphql/args';
import { invalid, loginRequired, orUnavailable, signedIn, type UserErrorResult } from '../../userErrors';
import { DANMAKU_MAX_LENGTH, MAX_PLAY_SECONDS, MESSAGES, characters, playRefusal } from '../../play/rules';

type Payload = ResolversParentTypes['SendDanmakuPayload'];

export const sendDanmaku: Field<MutationResolvers, 'sendDanmaku'> = async (_parent, { input }, ctx) => {
  const failed = (error: UserErrorResult): Payload => ({ danmaku: null, errors: [error] });
  const me = await signedIn(ctx);
  if (!me) return failed(loginRequired());
  const content = input.content.trim();
  if (content === '') return failed(invalid('content', MESSAGES.danmakuRequired));
  if (characters(content) > DANMAKU_MAX_LENGTH) return failed(invalid('content', MESSAGES.danmakuTooLong));
  if (!Number.isFinite(input.vtime) || input.vtime < 0 || input.vtime > MAX_PLAY_SECONDS)
    return failed(invalid('vtime', MESSAGES.badVtime));
  const videoId = requireId('videoId', input.videoId);
  return orUnavailable(async () => {
    const result = await ctx.api.play.sendDanmaku({ userId: me.viewer.userId, videoId, vtime: input.vtime, content });
    if (!result.ok) return failed(playRefusal(result, MESSAGES.danmakuFailed, ctx.logger, '/api/danmaku/Send'));
    const comment = result.items && typeof result.items === 'object' ? { ...result.items, videoId } : null;
    return { danmaku: comment, errors: [] };
  }, failed);
};
