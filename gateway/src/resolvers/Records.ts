/** The viewer's records in the personal centre: notes, history entries, messages, fragments. */
import { toGlobalId } from '../graphql/globalId';
import type { FragmentParent, MessageParent, NoteParent, ViewLogEntryParent } from '../graphql/types';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const int = (value: unknown): number => (Number.isFinite(Number(value)) ? Math.trunc(Number(value)) : 0);

/**
 * A fragment's address as the browser gets it (the 下载 link's href): a path on this site ("/media/...")
 * or an http(s) URL, else ''. Not "//host" or "/\host" (browsers read both as another host), nor
 * anything with a control character (browsers drop tabs and newlines from URLs, so "/\t/host" would be
 * "//host"), nor javascript:, data: and the like.
 */
export function safeVideoAddress(value: unknown): string {
  if (typeof value !== 'string' || value === '' || /[\x00-\x1f\x7f]/.test(value)) return '';
  if (value.startsWith('/')) return value[1] === '/' || value[1] === '\\' ? '' : value;
  if (!/^https?:\/\//i.test(value)) return '';
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' ? url.href : '';
  } catch {
    return '';
  }
}

const MESSAGE_TYPE_NAMES: Record<number, string> = { 1: '系统通知', 2: '笔记引用', 3: '安全提醒' };

export const Note = {
  id: (note: NoteParent) => toGlobalId('Note', note.id),
  noteId: (note: NoteParent) => note.id,
  content: (note: NoteParent) => text(note.content),
  vtime: (note: NoteParent) => int(note.vtime),
  noteTime: (note: NoteParent) => text(note.noteTime),
  isPublic: (note: NoteParent) => int(note.type) === 0,
  isMine: (note: NoteParent) => note.userId === note.viewerUserId,
  collectedByViewer: (note: NoteParent) => int(note.recordStatus) === 1,
  authorName: (note: NoteParent) => text(note.userName),
  videoId: (note: NoteParent) => int(note.videoId),
  courseId: (note: NoteParent) => int(note.courseId),
  catalogueId: (note: NoteParent) => int(note.catalogId),
  videoName: (note: NoteParent) => text(note.videoName),
  videoImage: (note: NoteParent) => text(note.videoImage),
  courseName: (note: NoteParent) => text(note.courseName),
};

export const ViewLogEntry = {
  id: (entry: ViewLogEntryParent) => toGlobalId('ViewLogEntry', entry.id),
  updateTime: (entry: ViewLogEntryParent) => text(entry.updateTime),
  lastPlayTime: (entry: ViewLogEntryParent) => int(entry.lastPlayTime),
  duration: (entry: ViewLogEntryParent) => int(entry.duration),
  videoId: (entry: ViewLogEntryParent) => int(entry.videoId),
  courseId: (entry: ViewLogEntryParent) => int(entry.courseId),
  catalogueId: (entry: ViewLogEntryParent) => int(entry.catalogId),
  videoName: (entry: ViewLogEntryParent) => text(entry.videoName),
  videoImage: (entry: ViewLogEntryParent) => text(entry.videoImage),
  numberShow: (entry: ViewLogEntryParent) => text(entry.numberShow),
  courseName: (entry: ViewLogEntryParent) => text(entry.courseName),
};

export const Message = {
  id: (message: MessageParent) => toGlobalId('Message', message.id),
  messageId: (message: MessageParent) => message.id,
  type: (message: MessageParent) => int(message.type),
  // product-spec §3: any other type is 系统消息
  typeName: (message: MessageParent) => text(message.typeName) || MESSAGE_TYPE_NAMES[int(message.type)] || '系统消息',
  message: (message: MessageParent) => text(message.message),
  createTime: (message: MessageParent) => text(message.createTime),
  videoName: (message: MessageParent) => text(message.videoName),
};

export const Fragment = {
  id: (fragment: FragmentParent) => toGlobalId('Fragment', fragment.id),
  fragmentId: (fragment: FragmentParent) => fragment.id,
  name: (fragment: FragmentParent) => text(fragment.fragmentName),
  videoName: (fragment: FragmentParent) => text(fragment.videoName),
  videoId: (fragment: FragmentParent) => int(fragment.videoId),
  courseId: (fragment: FragmentParent) => int(fragment.courseId),
  duration: (fragment: FragmentParent) => int(fragment.duration),
  createTime: (fragment: FragmentParent) => text(fragment.createTime),
  expireTime: (fragment: FragmentParent) => text(fragment.expireTime),
  downloadable: (fragment: FragmentParent) => int(fragment.download) === 1,
  videoAddress: (fragment: FragmentParent) => safeVideoAddress(fragment.videoAddress),
};
