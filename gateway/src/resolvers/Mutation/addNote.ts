/**
 * Play page note input (product-spec §5: required 请输入笔记内容, at most 500 characters; §6 userType 1
 * or 2; §8 a failure is 笔记记录失败 unless the service said why). The new note comes back with the
 * edge to prepend to the video's notes.
 */
import { encodeCursor } from '../../graphql/connection';
import { requireId } from '../../graphql/args';
import type { NoteParent } from '../../graphql/models';
import type { Field, MutationResolvers, ResolversParentTypes } from '../../graphql/resolverTypes';
import {
  invalid,
  loginRequired,
  orUnavailable,
  refused,
  signedIn,
  userError,
  type UserErrorResult,
} from '../../userErrors';
import { MESSAGES, NOTE_MAX_LENGTH, characters, mayTakePart, playRefusal } from '../../play/rules';

type Payload = ResolversParentTypes['AddNotePayload'];

export const addNote: Field<MutationResolvers, 'addNote'> = async (_parent, { input }, ctx) => {
  const failed = (error: UserErrorResult): Payload => ({ note: null, noteEdge: null, errors: [error] });
  const me = await signedIn(ctx);
  if (!me) return failed(loginRequired());
  if (!mayTakePart(me.viewer)) return failed(refused(MESSAGES.noPermission));
  const content = input.content.trim();
  if (content === '') return failed(invalid('content', MESSAGES.noteRequired));
  if (characters(content) > NOTE_MAX_LENGTH) return failed(invalid('content', MESSAGES.noteTooLong));
  if (!Number.isSafeInteger(input.vtime) || input.vtime < 0) return failed(invalid('vtime', MESSAGES.badVtime));
  const videoId = requireId('videoId', input.videoId);
  const courseId = requireId('courseId', input.courseId);
  const catalogId = requireId('catalogueId', input.catalogueId ?? 0);
  return orUnavailable(
    async () => {
      const result = await ctx.api.play.addNote({
        userId: me.viewer.userId,
        // empty: the upstream shows its display name (the real name, else the user name), never the
        // login account's name (a student number, a phone number) the viewer's name may be
        userName: '',
        comId: me.viewer.comId ?? 0,
        videoId,
        courseId,
        catalogId,
        content,
        type: input.visibility === 'PRIVATE' ? 1 : 0,
        vtime: input.vtime,
      });
      if (!result.ok) return failed(playRefusal(result, MESSAGES.noteFailed, ctx.logger, '/api/operate/AddNote'));
      if (!result.items || typeof result.items !== 'object') {
        ctx.logger.warn('/api/operate/AddNote: the answer carries no note');
        return { note: null, noteEdge: null, errors: [] };
      }
      const note: NoteParent = { ...result.items, viewerUserId: me.viewer.userId };
      return { note, noteEdge: { cursor: encodeCursor(0), node: note }, errors: [] };
    },
    () => failed(userError('UNAVAILABLE', MESSAGES.noteFailed)),
  );
};
