/**
 * upstream/API.md "Main API: personal centre (and the note/message deletions it offers)": the
 * viewer's own lists and their deletions. userId is always the signed-in viewer's (the resolvers
 * pass Viewer.userId), never a client's value.
 */
import type { OperationResult } from '../operations';
import type {
  RestCollectedCourse,
  RestCourseProgress,
  RestFragment,
  RestMessage,
  RestNote,
  RestPage,
  RestViewLog,
} from '../types';
import type { MainApiCalls } from './calls';

/** GetNoteList's noteType: the user's own notes, or the notes they collected (收录). */
export type NoteType = 0 | 1;

export class CenterApi {
  constructor(private readonly calls: MainApiCalls) {}

  // ---- the viewer's lists -------------------------------------------------------------------

  /** 我的课程: courses the user favourited, newest favourite first. */
  collectList(userId: number, pageIndex: number, pageSize: number): Promise<RestPage<RestCollectedCourse>> {
    return this.calls.read<RestPage<RestCollectedCourse>>('/api/usercenter/GetCollectList', {
      userId,
      pageSize,
      pageIndex,
    });
  }

  /** 我的笔记: the user's own notes (0) or the notes they collected (1), newest first. */
  notes(userId: number, noteType: NoteType, pageIndex: number, pageSize: number): Promise<RestPage<RestNote>> {
    return this.calls.read<RestPage<RestNote>>('/api/usercenter/GetNoteList', {
      userId,
      noteType,
      pageIndex,
      pageSize,
    });
  }

  /** 历史记录: at most 100 play records, newest first. */
  viewLogs(userId: number): Promise<RestViewLog[]> {
    return this.calls.read<RestViewLog[]>('/api/usercenter/GetViewLogList', { userId });
  }

  /** 继续学习: the courses the user watched most recently (limit), or one course (courseId), with progress. */
  learningProgress(userId: number, query: { courseId: number } | { limit: number }): Promise<RestCourseProgress[]> {
    return this.calls.read<RestCourseProgress[]>('/api/usercenter/GetLearningProgress', { userId, ...query });
  }

  messages(userId: number, pageIndex: number, pageSize: number): Promise<RestPage<RestMessage>> {
    return this.calls.read<RestPage<RestMessage>>('/api/usercenter/GetMessageList', { userId, pageIndex, pageSize });
  }

  /** 截取片段 not yet expired, newest first. */
  fragments(userId: number, pageIndex: number, pageSize: number): Promise<RestPage<RestFragment>> {
    return this.calls.read<RestPage<RestFragment>>('/api/usercenter/GetInterceptFragmentsList', {
      userId,
      productId: this.calls.productId,
      pageSize,
      pageIndex,
    });
  }

  // ---- deletions ----------------------------------------------------------------------------

  clearViewLog(userId: number): Promise<OperationResult<number>> {
    return this.calls.operation('POST', '/api/usercenter/ClearViewLog', { userId });
  }

  /** A GET that deletes (the upstream's contract): sent as an operation, never through the read loader. */
  deleteMessage(messageId: number, userId: number): Promise<OperationResult<unknown>> {
    return this.calls.operation('GET', '/api/operate/DeleteMessage', { messageId, userId });
  }

  deleteFragment(id: number, userId: number): Promise<OperationResult<unknown>> {
    return this.calls.operation('GET', '/api/usercenter/deleteInterceptFragments', { id, userId });
  }

  deleteNote(noteId: number, userId: number): Promise<OperationResult<unknown>> {
    return this.calls.operation('POST', '/api/operate/DeleteNotes', { noteId, userId });
  }

  uncollectNote(noteId: number, userId: number): Promise<OperationResult<unknown>> {
    return this.calls.operation('POST', '/api/operate/DeleteCollectionNotes', { noteId, userId });
  }
}
