/**
 * 收录 someone else's public note (product-spec §4 note collection, §6 userType 1 or 2). The note comes
 * back as the viewer now sees it (collectedByViewer). What a collection settles is known without a
 * read: the note's id, that the viewer collected it, that it is public and not theirs (the upstream
 * refuses anything else). The play page asks for no more, so that costs no call. Any other field is
 * read from the viewer's collected notes, page after page until the note is found: the first page of
 * 1 000 is not enough for someone who collected more (they are in the notes' order, not the collections').
 */
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { idOfType } from '../../graphql/globalId';
import type { NoteParent } from '../../graphql/models';
import type { Field, MutationResolvers, ResolversParentTypes } from '../../graphql/resolverTypes';
import { invalid, loginRequired, orUnavailable, refused, signedIn, type UserErrorResult } from '../../userErrors';
import { MESSAGES, mayTakePart, playRefusal } from '../../play/rules';
import type { MainApi } from '../../upstream/mainApi';
import { CENTER_PAGE_SIZES } from '../center';

type Payload = ResolversParentTypes['CollectNotePayload'];

/** The Note fields a successful collection answers by itself. */
const SETTLED_FIELDS = new Set(['__typename', 'id', 'noteId', 'collectedByViewer', 'isMine', 'isPublic']);

/** The field names asked for under the payload's `note`, through fragments. */
function noteFieldsAsked(info: GraphQLResolveInfo): Set<string> {
  const asked = new Set<string>();
  const visit = (selectionSet: SelectionSetNode | undefined, inNote: boolean) => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        if (inNote) asked.add(selection.name.value);
        else if (selection.name.value === 'note') visit(selection.selectionSet, true);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, inNote);
      } else {
        visit(info.fragments[selection.name.value]?.selectionSet, inNote);
      }
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet, false);
  return asked;
}

/** The note among the viewer's collected notes, read a page (1 000) at a time. */
async function findCollected(api: MainApi, userId: number, noteId: number): Promise<NoteParent | null> {
  const pageSize = CENTER_PAGE_SIZES.notes;
  for (let pageIndex = 1; ; pageIndex += 1) {
    const page = await api.center.notes(userId, 1, pageIndex, pageSize);
    const note = page.dataList.find((candidate) => candidate.id === noteId);
    if (note) return { ...note, viewerUserId: userId };
    if (page.dataList.length < pageSize || pageIndex * pageSize >= page.totalCount) return null;
  }
}

export const collectNote: Field<MutationResolvers, 'collectNote'> = async (_parent, { input }, ctx, info) => {
  const failed = (error: UserErrorResult): Payload => ({ note: null, errors: [error] });
  const me = await signedIn(ctx);
  if (!me) return failed(loginRequired());
  if (!mayTakePart(me.viewer)) return failed(refused(MESSAGES.noPermission));
  const noteId = idOfType(input.noteId, 'Note');
  if (noteId === null) return failed(invalid('noteId', MESSAGES.noteNotFound));
  const userId = me.viewer.userId;
  return orUnavailable(async () => {
    const result = await ctx.api.play.collectNote({ userId, noteId, userName: '' });
    if (!result.ok)
      return failed(playRefusal(result, MESSAGES.collectFailed, ctx.logger, '/api/operate/CollectionNotes'));
    if ([...noteFieldsAsked(info)].every((field) => SETTLED_FIELDS.has(field))) {
      // someone else's (userId 0 is nobody's), public, collected by the viewer
      const settled = { id: noteId, userId: 0, type: 0, recordStatus: 1, viewerUserId: userId } as NoteParent;
      return { note: settled, errors: [] };
    }
    return { note: await findCollected(ctx.api, userId, noteId), errors: [] };
  }, failed);
};
