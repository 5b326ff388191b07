/** /api/operate/*: the deletions the personal centre offers (a message, an own note, a collection). */
import { MESSAGE_DELETED } from '../services/message-service';
import { NOTE_DELETED, NOTE_UNCOLLECTED } from '../services/note-service';
import { doneWith, readUserId } from './centre-params';
import type { RouteGroup } from './route';

export const operateRoutes: RouteGroup = ({ messages, notes }) => [
  {
    method: 'GET',
    path: '/api/operate/DeleteMessage',
    handle: ({ params }) => {
      const userId = readUserId(params);
      messages.deleteOwn(userId, params.id('messageId'));
      return doneWith(MESSAGE_DELETED, null);
    },
  },
  {
    method: 'POST',
    path: '/api/operate/DeleteNotes',
    handle: ({ params }) => {
      const userId = readUserId(params);
      notes.deleteOwn(userId, params.id('noteId'));
      return doneWith(NOTE_DELETED, null);
    },
  },
  {
    method: 'POST',
    path: '/api/operate/DeleteCollectionNotes',
    handle: ({ params }) => {
      const userId = readUserId(params);
      notes.uncollect(userId, params.id('noteId'));
      return doneWith(NOTE_UNCOLLECTED, null);
    },
  },
];
