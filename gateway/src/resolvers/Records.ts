/** The viewer's records in the personal centre: notes, history entries, messages, fragments. */
import { toGlobalId } from '../graphql/globalId';
import type {
  FragmentResolvers,
  MessageResolvers,
  NoteResolvers,
  ViewLogEntryResolvers,
} from '../graphql/resolverTypes';

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
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
      ? url.href
      : '';
  } catch {
    return '';
  }
}

const MESSAGE_TYPE_NAMES: Record<number, string> = { 1: '系统通知', 2: '笔记引用', 3: '安全提醒' };

export const Note = {
  id: (note) => toGlobalId('Note', note.id),
  noteId: (note) => note.id,
  content: (note) => text(note.content),
  vtime: (note) => int(note.vtime),
  noteTime: (note) => text(note.noteTime),
  isPublic: (note) => int(note.type) === 0,
  isMine: (note) => note.userId === note.viewerUserId,
  collectedByViewer: (note) => int(note.recordStatus) === 1,
  authorName: (note) => text(note.userName),
  videoId: (note) => int(note.videoId),
  courseId: (note) => int(note.courseId),
  catalogueId: (note) => int(note.catalogId),
  videoName: (note) => text(note.videoName),
  videoImage: (note) => text(note.videoImage),
  courseName: (note) => text(note.courseName),
} satisfies NoteResolvers;

export const ViewLogEntry = {
  id: (entry) => toGlobalId('ViewLogEntry', entry.id),
  updateTime: (entry) => text(entry.updateTime),
  lastPlayTime: (entry) => int(entry.lastPlayTime),
  duration: (entry) => int(entry.duration),
  videoId: (entry) => int(entry.videoId),
  courseId: (entry) => int(entry.courseId),
  catalogueId: (entry) => int(entry.catalogId),
  videoName: (entry) => text(entry.videoName),
  videoImage: (entry) => text(entry.videoImage),
  numberShow: (entry) => text(entry.numberShow),
  courseName: (entry) => text(entry.courseName),
} satisfies ViewLogEntryResolvers;

export const Message = {
  id: (message) => toGlobalId('Message', message.id),
  messageId: (message) => message.id,
  type: (message) => int(message.type),
  // product-spec §3: any other type is 系统消息
  typeName: (message) => text(message.typeName) || MESSAGE_TYPE_NAMES[int(message.type)] || '系统消息',
  message: (message) => text(message.message),
  createTime: (message) => text(message.createTime),
  videoName: (message) => text(message.videoName),
} satisfies MessageResolvers;

export const Fragment = {
  id: (fragment) => toGlobalId('Fragment', fragment.id),
  fragmentId: (fragment) => fragment.id,
  name: (fragment) => text(fragment.fragmentName),
  videoName: (fragment) => text(fragment.videoName),
  videoId: (fragment) => int(fragment.videoId),
  courseId: (fragment) => int(fragment.courseId),
  duration: (fragment) => int(fragment.duration),
  createTime: (fragment) => text(fragment.createTime),
  expireTime: (fragment) => text(fragment.expireTime),
  downloadable: (fragment) => int(fragment.download) === 1,
  videoAddress: (fragment) => safeVideoAddress(fragment.videoAddress),
} satisfies FragmentResolvers;
