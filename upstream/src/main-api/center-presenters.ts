/**
 * The personal centre's records → the Note, ViewLog, Message and Fragment shapes of upstream/API.md
 * ("Main API: personal centre"; the types of ./contract.ts), with the field names of product-spec §3.
 */
import type { FavouriteCourseRecord, FragmentRecord, MessageRecord, NoteRecord, PlayLogRecord } from '../store';
import { MESSAGE_TYPE } from '../store/messages';
import type { FavouriteCourseItem, FragmentItem, MessageItem, NoteItem, ViewLogItem } from './contract';
import { isoTime, mediaUrl, toCourseItem } from './presenters';

export const toNoteItem = (n: NoteRecord): NoteItem => ({
  id: n.id,
  videoId: n.videoId,
  courseId: n.courseId,
  catalogId: n.catalogId,
  content: n.content,
  vtime: n.vtime,
  userId: n.userId,
  userName: n.userName,
  noteTime: isoTime(n.createdAt),
  type: n.type,
  recordStatus: n.collectedByViewer ? 1 : 0,
  videoName: n.videoName,
  videoImage: mediaUrl(n.videoImage),
  courseName: n.courseName,
});

export const toFavouriteCourseItem = ({ course, collectTime }: FavouriteCourseRecord): FavouriteCourseItem => ({
  ...toCourseItem(course),
  collectTime: isoTime(collectTime),
});

export const toViewLogItem = (p: PlayLogRecord): ViewLogItem => ({
  id: p.id,
  updateTime: isoTime(p.updatedAt),
  lastPlayTime: p.lastPlayTime,
  duration: p.duration,
  stayTime: p.stayTime,
  videoId: p.videoId,
  videoName: p.videoName,
  videoImage: mediaUrl(p.videoImage),
  numberShow: `第${p.videoSort}讲`,
  courseId: p.courseId,
  catalogId: p.catalogId,
  courseName: p.courseName,
});

/** product-spec §3: the label of each message type; any other type is a 系统消息 */
export const MESSAGE_TYPE_NAMES: Readonly<Record<number, string>> = {
  [MESSAGE_TYPE.system]: '系统通知',
  [MESSAGE_TYPE.noteQuoted]: '笔记引用',
  [MESSAGE_TYPE.security]: '安全提醒',
};
export const OTHER_MESSAGE_TYPE_NAME = '系统消息';

export const toMessageItem = (m: MessageRecord): MessageItem => ({
  id: m.id,
  type: m.type,
  typeName: MESSAGE_TYPE_NAMES[m.type] ?? OTHER_MESSAGE_TYPE_NAME,
  message: m.message,
  createTime: isoTime(m.createdAt),
  videoId: m.videoId,
  videoName: m.videoName,
});

export const toFragmentItem = (f: FragmentRecord): FragmentItem => ({
  id: f.id,
  fragmentName: f.fragmentName,
  videoId: f.videoId,
  videoName: f.videoName,
  courseId: f.courseId,
  startTime: f.startTime,
  endTime: f.endTime,
  duration: Math.max(0, f.endTime - f.startTime),
  createTime: isoTime(f.createdAt),
  expireTime: isoTime(f.expiresAt),
  download: f.download,
  videoAddress: f.videoAddress,
});
