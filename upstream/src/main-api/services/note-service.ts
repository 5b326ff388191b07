/**
 * 我的笔记: the user's own notes (public and private) or the notes they collected (收录), and the two
 * deletions the list offers. Only the author deletes a note; someone else's note answers exactly
 * like one that does not exist.
 */
import { refused } from '../../http/envelope';
import type { NoteKind, Store } from '../../store';
import { toNoteItem, type NoteItem } from '../centre-presenters';
import type { Paged } from '../presenters';
import { requireUser, type PageWindow } from './centre-user';

export const NOTE_DELETED = '笔记已删除';
export const NOTE_NOT_FOUND = '笔记不存在';
export const NOTE_UNCOLLECTED = '已取消收录';
export const NOTE_NOT_COLLECTED = '未收录该笔记';

/** noteType of GetNoteList */
export const NOTE_LIST_KINDS: Readonly<Record<number, NoteKind>> = { 0: 'own', 1: 'collected' };

export interface NoteListQuery extends PageWindow {
  userId: number;
  kind: NoteKind;
  videoId?: number;
  courseId?: number;
}

export interface NoteService {
  list(query: NoteListQuery): Paged<NoteItem>;
  /** refused with NOTE_NOT_FOUND unless the user wrote the note */
  deleteOwn(userId: number, noteId: number): void;
  /** refused with NOTE_NOT_COLLECTED unless the user collected the note */
  uncollect(userId: number, noteId: number): void;
}

export function createNoteService(store: Store): NoteService {
  return {
    list({ userId, kind, videoId, courseId, limit, offset }) {
      requireUser(store, userId);
      const query = { userId, kind, videoId, courseId };
      return {
        totalCount: store.notes.count(query),
        dataList: store.notes.list(query, limit, offset).map(toNoteItem),
      };
    },

    deleteOwn(userId, noteId) {
      requireUser(store, userId);
      if (!store.notes.deleteOwn(noteId, userId)) throw refused(NOTE_NOT_FOUND);
    },

    uncollect(userId, noteId) {
      requireUser(store, userId);
      if (!store.notes.uncollect(userId, noteId)) throw refused(NOTE_NOT_COLLECTED);
    },
  };
}
