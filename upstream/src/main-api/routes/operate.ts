/**
 * /api/operate/*: likes and favourites of a video (GetUserOperateVideo, UserOperate,
 * CancelUserOperate), notes (AddNote, CollectionNotes) and the deletions the personal centre
 * offers (a message, an own note, a collection).
 */
import type { Params } from '../../http/params';
import type { OperateType } from '../../store';
import { isBlankText } from '../../text/user-text';
import type { Services } from '../services';
import { MESSAGE_DELETED } from '../services/message-service';
import { NOTE_ADDED, NOTE_COLLECTED, NOTE_DELETED, NOTE_UNCOLLECTED } from '../services/note-service';
import { OPERATE_CANCELLED, OPERATE_DONE, type OperateTarget } from '../services/operate-service';
import { doneWith, readUserId } from './center-params';
import { optionalSeconds } from './play-params';
import { checkProductId, read, readComId, type RouteGroup } from './route';

/** the note's text travels under either name (product-spec §7 AddNote sends both note and content) */
const CONTENT_TRANSPORT_MAX = 20_000;
const USER_NAME_MAX = 64;

/** the account's type is judged first (upstream/API.md): another type is refused whatever else it sent */
async function readTarget(params: Params, members: Services['members']): Promise<OperateTarget> {
  const userId = readUserId(params);
  await members.require(userId);
  readComId(params);
  return {
    userId,
    videoId: params.id('videoId'),
    courseId: params.optionalId('courseId'),
    catalogId: params.optionalId('catalogId'),
    operateType: params.int('operateType', { min: 0, max: 1 }) as OperateType,
  };
}

export const operateRoutes: RouteGroup = ({ members, messages, notes, operations }, config) => [
  {
    method: 'GET',
    path: '/api/operate/GetUserOperateVideo',
    handle: ({ params }) => {
      checkProductId(params, config);
      params.optionalId('catalogId');
      return read(
        operations.state({
          userId: readUserId(params),
          videoId: params.id('videoId'),
          courseId: params.optionalId('courseId'),
        }),
      );
    },
  },
  {
    method: 'POST',
    path: '/api/operate/UserOperate',
    handle: async ({ params }) => {
      const target = await readTarget(params, members);
      return doneWith(OPERATE_DONE[target.operateType], operations.set(target));
    },
  },
  {
    method: 'POST',
    path: '/api/operate/CancelUserOperate',
    handle: async ({ params }) => {
      const target = await readTarget(params, members);
      return doneWith(OPERATE_CANCELLED[target.operateType], operations.cancel(target));
    },
  },
  {
    method: 'POST',
    path: '/api/operate/AddNote',
    handle: async ({ params }) => {
      const userId = readUserId(params);
      await members.require(userId);
      readComId(params);
      const content = params.text('content', CONTENT_TRANSPORT_MAX);
      const note = await notes.add({
        userId,
        userName: params.text('userName', USER_NAME_MAX),
        videoId: params.id('videoId'),
        courseId: params.optionalId('courseId'),
        catalogId: params.optionalId('catalogId'),
        content: isBlankText(content) ? params.text('note', CONTENT_TRANSPORT_MAX) : content,
        type: params.optionalInt('type', { min: 0, max: 1 }) ?? 0,
        vtime: Math.floor(optionalSeconds(params, 'vtime') ?? 0),
      });
      return doneWith(NOTE_ADDED, note);
    },
  },
  {
    method: 'POST',
    path: '/api/operate/CollectionNotes',
    handle: async ({ params }) => {
      const userId = readUserId(params);
      await members.require(userId);
      // what the client shows beside the note; the message to the author is written from the store's own names
      params.text('videoTitle', 255);
      params.text('userName', 255);
      await notes.collect(userId, params.id('noteId'));
      return doneWith(NOTE_COLLECTED, null);
    },
  },
  {
    method: 'GET',
    path: '/api/operate/DeleteMessage',
    handle: async ({ params }) => {
      const userId = readUserId(params);
      await messages.deleteOwn(userId, params.id('messageId'));
      return doneWith(MESSAGE_DELETED, null);
    },
  },
  {
    method: 'POST',
    path: '/api/operate/DeleteNotes',
    handle: async ({ params }) => {
      const userId = readUserId(params);
      await notes.deleteOwn(userId, params.id('noteId'));
      return doneWith(NOTE_DELETED, null);
    },
  },
  {
    method: 'POST',
    path: '/api/operate/DeleteCollectionNotes',
    handle: async ({ params }) => {
      const userId = readUserId(params);
      await notes.uncollect(userId, params.id('noteId'));
      return doneWith(NOTE_UNCOLLECTED, null);
    },
  },
];
