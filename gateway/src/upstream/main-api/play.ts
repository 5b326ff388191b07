/**
 * upstream/API.md "Main API: play page, operations, play logs, comments": a course's play data, the
 * signed-in play page, its notes, scrolling comments, subtitles and like/favourite state, and the
 * operations of the page (like, favourite, notes, clips, play logs, comments). userId is always the
 * signed-in viewer's (the resolvers pass Viewer.userId), never a client's value.
 */
import { CODE_NOT_FOUND, CODE_REFUSED } from '../envelope';
import type { OperationResult } from '../operations';
import type {
  RestCourseTag,
  RestDanmaku,
  RestFragment,
  RestNote,
  RestOperateState,
  RestPage,
  RestPlayLog,
  RestPlayPageData,
  RestSubtitles,
} from '../types';
import type { MainApiCalls } from './calls';

/** UserOperate's operateType: 0 like, 1 favourite. */
export type OperateType = 0 | 1;

/** The play page's GetNoteList noteType: 0 全部笔记 (public + the caller's private), 1 我的笔记. */
export type VideoNoteType = 0 | 1;

/** The play-log fields of AddPlayLog (product-spec §7 "Logging"); userId and the names are the gateway's. */
export interface PlayLogFields {
  /** the id of the previous report of this viewing; 0 = a new viewing */
  id: number;
  userId: number;
  userName: string;
  comId: number;
  comCode: string;
  comName: string;
  catalogId: number;
  courseId: number;
  courseName: string;
  videoName: string;
  videoId: number;
  videoCode: string;
  lastPlayTime: number;
  duration: number;
  stayTime: number;
  esLogId: string;
}

const PLAY_PAGE_DATA = '/api/play/GetPlayPageData';

export class PlayApi {
  constructor(private readonly calls: MainApiCalls) {}

  // ---- reads --------------------------------------------------------------------------------

  /** The play-page data of a course: the course and its videos. Null for an unknown course. */
  courseData(courseId: number): Promise<RestPlayPageData | null> {
    return this.calls.readOrNull<RestPlayPageData>(PLAY_PAGE_DATA, { courseId });
  }

  /**
   * The play page of a course: the course, its videos, the video shown (videoId, else the first) and,
   * for a signed-in user, their resume point, counting the course's viewCount once per user per video a
   * day (a visitor's read, userId null, counts nothing). Null for an unknown course or a video not of the course (4004). The course and its videos are
   * the same as courseData's, so that call is answered from this one for the rest of the operation.
   */
  async page(args: {
    courseId: number;
    catalogId: number;
    videoId: number;
    userId: number | null;
  }): Promise<RestPlayPageData | null> {
    const envelope = await this.calls.rest.load({
      path: PLAY_PAGE_DATA,
      params: {
        courseId: args.courseId,
        catalogId: args.catalogId || undefined,
        videoId: args.videoId || undefined,
        userId: args.userId ?? undefined,
      },
    });
    if (envelope.code === CODE_NOT_FOUND) return null;
    const data = this.calls.expectRead<RestPlayPageData>(PLAY_PAGE_DATA, envelope);
    this.calls.rest.prime({ path: PLAY_PAGE_DATA, params: { courseId: args.courseId } }, envelope);
    return data;
  }

  courseTags(courseId: number): Promise<RestCourseTag[]> {
    return this.calls.read<RestCourseTag[]>('/api/play/GetCourseTags', { courseId });
  }

  /** The user's like/favourite state of a video and its counts. */
  operateState(args: {
    courseId: number;
    catalogId: number;
    userId: number;
    videoId: number;
  }): Promise<RestOperateState | null> {
    return this.calls.readOrNull<RestOperateState>('/api/operate/GetUserOperateVideo', {
      productId: this.calls.productId,
      courseId: args.courseId,
      catalogId: args.catalogId || undefined,
      userId: args.userId,
      videoId: args.videoId,
    });
  }

  /** The subtitles of a video for a signed-in user; null when it has none (-1 该视频暂无字幕) or is unknown. */
  async subtitles(videoCode: string, userId: number): Promise<RestSubtitles | null> {
    const path = '/api/play/GetSubtitlesManuscriptUrl';
    const envelope = await this.calls.rest.load({ path, params: { videoCode, userId } });
    if (envelope.code === CODE_REFUSED || envelope.code === CODE_NOT_FOUND) return null;
    return this.calls.expectRead<RestSubtitles>(path, envelope);
  }

  /** The user's play record of a video (GetPalyLog, the spec's spelling), or null. */
  playLog(args: { courseId: number; catalogId: number; userId: number; videoId: number }): Promise<RestPlayLog | null> {
    return this.calls.readOrNull<RestPlayLog | null>('/api/log/GetPalyLog', {
      courseId: args.courseId,
      catalogId: args.catalogId || undefined,
      userId: args.userId,
      videoId: args.videoId,
    });
  }

  /** The play page's notes of a video for the user, newest first. */
  notes(args: {
    videoId: number;
    userId: number;
    noteType: VideoNoteType;
    pageIndex: number;
    pageSize: number;
  }): Promise<RestPage<RestNote>> {
    return this.calls.read<RestPage<RestNote>>('/api/play/GetNoteList', { ...args });
  }

  /**
   * Scrolling comments of a video between two seconds (the whole video by default), time order; none
   * for an unknown video. userId (the signed-in viewer's) marks their own comments `mine`.
   */
  async danmaku(args: {
    videoId: number;
    from: number | undefined;
    to: number | undefined;
    userId: number | undefined;
  }): Promise<RestDanmaku[]> {
    return (await this.calls.readOrNull<RestDanmaku[]>('/api/danmaku/GetList', { ...args })) ?? [];
  }

  // ---- operations ---------------------------------------------------------------------------

  /** Like (0) or favourite (1) a video, or cancel it (`on` false); answers the new state. */
  setOperation(args: {
    on: boolean;
    userId: number;
    videoId: number;
    courseId: number;
    operateType: OperateType;
    comId: number;
    catalogId: number;
  }): Promise<OperationResult<RestOperateState | null>> {
    const { on, ...params } = args;
    return this.calls.operation('POST', on ? '/api/operate/UserOperate' : '/api/operate/CancelUserOperate', {
      ...params,
      comId: params.comId || undefined,
      catalogId: params.catalogId || undefined,
    });
  }

  addNote(args: {
    userId: number;
    userName: string;
    comId: number;
    videoId: number;
    courseId: number;
    catalogId: number;
    content: string;
    type: 0 | 1;
    vtime: number;
  }): Promise<OperationResult<RestNote | null>> {
    return this.calls.operation('POST', '/api/operate/AddNote', {
      ...args,
      comId: args.comId || undefined,
      catalogId: args.catalogId || undefined,
    });
  }

  collectNote(args: { userId: number; noteId: number; userName: string }): Promise<OperationResult<unknown>> {
    return this.calls.operation('POST', '/api/operate/CollectionNotes', { ...args });
  }

  /**
   * A GET that cuts a fragment (the upstream's contract): an operation, never through the read
   * loader, and a long one: the cutting may take up to the spec's 85 s.
   */
  clipVideo(args: {
    videoCode: string;
    userId: number;
    startTime: number;
    endTime: number;
    fragmentName: string;
  }): Promise<OperationResult<RestFragment | null>> {
    return this.calls.operation('GET', '/api/play/ClipVideo', { ...args, productId: this.calls.productId }, 'long');
  }

  addPlayLog(fields: PlayLogFields): Promise<OperationResult<number | string | null>> {
    return this.calls.operation('POST', '/api/log/AddPlayLog', { ...fields });
  }

  sendDanmaku(args: {
    userId: number;
    videoId: number;
    vtime: number;
    content: string;
  }): Promise<OperationResult<RestDanmaku | null>> {
    return this.calls.operation('POST', '/api/danmaku/Send', { ...args });
  }
}
