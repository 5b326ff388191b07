import type { Field, MutationResolvers } from '../../graphql/resolverTypes';
import { actOnOwnRecord } from './ownRecord';

/** 个人中心 · 我的笔记 (收录的笔记): DeleteCollectionNotes with the viewer's user id. */
export const uncollectNote: Field<MutationResolvers, 'uncollectNote'> = async (_parent, { input }, ctx) => {
  const outcome = await actOnOwnRecord(ctx, {
    globalId: input.noteId,
    type: 'Note',
    field: 'noteId',
    unknownMessage: '未收录该笔记',
    failureMessage: '操作失败',
    path: '/api/operate/DeleteCollectionNotes',
    call: (noteId, userId) => ctx.api.center.uncollectNote(noteId, userId),
  });
  return { uncollectedNoteId: outcome.id, errors: outcome.errors };
};
