/**
 * 收录 someone else's public note (product-spec §4 note collection, §6 userType 1 or 2). The note comes
 * back as the viewer now sees it (collectedByViewer), read from their collected notes.
 */
import { idOfType } from '../../graphql/globalId';
import type { MutationArgs, NoteParent, Resolver, UserErrorResult } from '../../graphql/types';
import { invalid, loginRequired, orUnavailable, refused, signedIn } from '../../graphql/userErrors';
import { MESSAGES, mayTakePart, playRefusal } from '../../play/rules';
import { CENTRE_PAGE_SIZES } from '../centre';

interface Payload {
  note: NoteParent | null;
  errors: UserErrorResult[];
}

export const collectNote: Resolver<unknown, MutationArgs['collectNote'], Payload> = async (_parent, { input }, ctx) => {
  const failed = (error: UserErrorResult): Payload => ({ note: null, errors: [error] });
  const me = await signedIn(ctx);
  if (!me) return failed(loginRequired());
  if (!mayTakePart(me.viewer)) return failed(refused(MESSAGES.noPermission));
  const noteId = idOfType(input.noteId, 'Note');
  if (noteId === null) return failed(invalid('noteId', MESSAGES.noteNotFound));
  const userId = me.viewer.userId;
  return orUnavailable(async () => {
    const result = await ctx.api.collectNote({ userId, noteId, userName: me.viewer.name ?? '' });
    if (!result.ok) return failed(playRefusal(result, MESSAGES.collectFailed, ctx.logger, '/api/operate/CollectionNotes'));
    const collected = await ctx.api.notes(userId, 1, 1, CENTRE_PAGE_SIZES.notes);
    const note = collected.dataList.find((candidate) => candidate.id === noteId);
    return { note: note ? { ...note, viewerUserId: userId } : null, errors: [] };
  }, failed);
};
