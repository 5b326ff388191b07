import type { Field, MutationResolvers } from '../../graphql/resolverTypes';
import { actOnOwnRecord } from './ownRecord';

/** 个人中心 · 我的笔记: only the author may delete a note (the upstream refuses anyone else's as unknown). */
export const deleteNote: Field<MutationResolvers, 'deleteNote'> = async (_parent, { input }, ctx) => {
  const outcome = await actOnOwnRecord(ctx, {
    globalId: input.noteId,
    type: 'Note',
    field: 'noteId',
    unknownMessage: '笔记不存在',
    failureMessage: '操作失败',
    path: '/api/operate/DeleteNotes',
    call: (noteId, userId) => ctx.api.center.deleteNote(noteId, userId),
  });
  return { deletedNoteId: outcome.id, errors: outcome.errors };
};
