/**
 * Notes (product-spec §5, §6): writing one on the play page, the notes under a video (全部笔记 /
 * 我的笔记), collecting someone else's public note (收录, which tells its author), and the
 * personal centre's list and deletions. Only userType 1 or 2 write and collect notes; only the
 * author deletes a note; someone else's private note answers exactly like one that does not exist.
 */
import { refused } from '../../http/envelope';
import { NOTE_MAX_LENGTH } from '../../learning-limits';
import type { NoteKind, Store } from '../../store';
import { MESSAGE_TYPE } from '../../store/messages';
import { NOTE_TYPE } from '../../store/notes';
import { checkUserText } from '../../text/user-text';
import { toNoteItem } from '../center-presenters';
import { displayNameOf, requireMember, requireUser, type PageWindow } from './center-user';
import { requireVideo } from './videos';
import type { NoteItem, Paged } from '../contract';

export const NOTE_ADDED = '笔记记录成功';
export const NOTE_EMPTY = '请输入笔记内容';
export const NOTE_TOO_LONG = `笔记内容不能超过${NOTE_MAX_LENGTH}字`;
export const NOTE_BAD_CHARACTERS = '笔记包含无法显示的字符';
export const NOTE_DELETED = '笔记已删除';
export const NOTE_NOT_FOUND = '笔记不存在';
export const NOTE_COLLECTED = '收录成功';
export const NOTE_OWN_NOT_COLLECTABLE = '不能收录自己的笔记';
export const NOTE_UNCOLLECTED = '已取消收录';
export const NOTE_NOT_COLLECTED = '未收录该笔记';

/** noteType of the personal centre's GetNoteList */
export const NOTE_LIST_KINDS: Readonly<Record<number, NoteKind>> = { 0: 'own', 1: 'collected' };

export interface NoteListQuery extends PageWindow {
  userId: number;
  kind: NoteKind;
  videoId?: number;
  courseId?: number;
}

export interface NewNote {
  userId: number;
  /** as sent; '' = the account's display name */
  userName: string;
  videoId: number;
  /** 0 = not checked */
  courseId: number;
  catalogId: number;
  /** untrimmed, as typed */
  content: string;
  /** 0 public, 1 private */
  type: number;
  /** seconds into the video (≥ 0, at most its duration) */
  vtime: number;
}

export interface NoteService {
  list(query: NoteListQuery): Promise<Paged<NoteItem>>;
  /** the play page's notes of a video: mineOnly false = public notes and the caller's private ones */
  listForVideo(query: PageWindow & { userId: number; videoId: number; mineOnly: boolean }): Promise<Paged<NoteItem>>;
  add(note: NewNote): Promise<NoteItem>;
  /** refused unless the note is someone else's public note; collecting it again changes nothing */
  collect(userId: number, noteId: number): Promise<void>;
  /** refused with NOTE_NOT_FOUND unless the user wrote the note */
  deleteOwn(userId: number, noteId: number): Promise<void>;
  /** refused with NOTE_NOT_COLLECTED unless the user collected the note */
  uncollect(userId: number, noteId: number): Promise<void>;
}

/** a note keeps its line breaks; the rest of the text policy is text/user-text's */
const NOTE_FIELD = { multiline: true, maxLength: NOTE_MAX_LENGTH };

export function createNoteService(store: Store, now: () => number = Date.now): NoteService {
  return {
    async list({ userId, kind, videoId, courseId, limit, offset }) {
      await requireUser(store, userId);
      const query = { userId, kind, videoId, courseId };
      return {
        totalCount: await store.notes.count(query),
        dataList: (await store.notes.list(query, limit, offset)).map(toNoteItem),
      };
    },

    async listForVideo({ userId, videoId, mineOnly, limit, offset }) {
      await requireUser(store, userId);
      await requireVideo(store, videoId);
      const query = { videoId, viewerId: userId, mineOnly };
      return {
        totalCount: await store.notes.countForVideo(query),
        dataList: (await store.notes.listForVideo(query, limit, offset)).map(toNoteItem),
      };
    },

    async add(note) {
      const user = await requireMember(store, note.userId);
      const video = await requireVideo(store, note.videoId, note.courseId);
      const verdict = checkUserText(note.content, NOTE_FIELD);
      if (!verdict.ok) throw refused(verdict.problem === 'tooLong' ? NOTE_TOO_LONG : NOTE_BAD_CHARACTERS);
      const content = verdict.text;
      if (content === '') throw refused(NOTE_EMPTY);
      const noteId = await store.notes.insert(
        {
          userId: user.userId,
          userName: note.userName.trim() || displayNameOf(user),
          videoId: video.id,
          catalogId: note.catalogId,
          content,
          vtime: Math.min(note.vtime, video.durationSeconds),
          type: note.type,
        },
        now(),
      );
      const written = noteId === null ? undefined : await store.notes.get(noteId, user.userId);
      if (!written) throw refused(NOTE_NOT_FOUND); // the video went away meanwhile
      return toNoteItem(written);
    },

    async collect(userId, noteId) {
      const collector = await requireMember(store, userId);
      const note = await store.notes.get(noteId, userId);
      if (!note) throw refused(NOTE_NOT_FOUND);
      if (note.userId === userId) throw refused(NOTE_OWN_NOT_COLLECTABLE);
      // the note read above was visible to the caller; a private note of someone else never is
      if (note.type !== NOTE_TYPE.public) throw refused(NOTE_NOT_FOUND);
      await store.transaction(async () => {
        const at = now();
        if (!(await store.notes.collect(userId, noteId, at))) return; // already collected: nothing new to tell
        await store.messages.add(
          {
            userId: note.userId,
            type: MESSAGE_TYPE.noteQuoted,
            message: `${displayNameOf(collector)} 收录了你在《${note.videoName}》中的笔记。`,
            videoId: note.videoId,
          },
          at,
        );
      });
    },

    async deleteOwn(userId, noteId) {
      await requireUser(store, userId);
      if (!(await store.notes.deleteOwn(noteId, userId))) throw refused(NOTE_NOT_FOUND);
    },

    async uncollect(userId, noteId) {
      await requireUser(store, userId);
      if (!(await store.notes.uncollect(userId, noteId))) throw refused(NOTE_NOT_COLLECTED);
    },
  };
}
