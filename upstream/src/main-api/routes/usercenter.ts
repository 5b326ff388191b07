/** /api/usercenter/*: the personal centre's lists, clearing the history and deleting a fragment. */
import {
  COLLECT_LIST_PAGE_SIZE_MAX,
  FRAGMENT_LIST_PAGE_SIZE_MAX,
  LEARNING_PROGRESS_DEFAULT_COURSES,
  LEARNING_PROGRESS_MAX_COURSES,
  MESSAGE_LIST_PAGE_SIZE_MAX,
  NOTE_LIST_PAGE_SIZE_MAX,
} from '../../learning-limits';
import { HISTORY_CLEARED } from '../services/history-service';
import { FRAGMENT_DELETED } from '../services/fragment-service';
import { NOTE_LIST_KINDS } from '../services/note-service';
import { doneWith, readUserId } from './center-params';
import { checkProductId, read, type RouteGroup } from './route';

export const usercenterRoutes: RouteGroup = ({ notes, favourites, history, learning, messages, fragments }, config) => [
  {
    method: 'GET',
    path: '/api/usercenter/GetNoteList',
    handle: ({ params }) => {
      const userId = readUserId(params);
      const kind = NOTE_LIST_KINDS[params.int('noteType', { min: 0, max: 1 })]!;
      const { limit, offset } = params.page(NOTE_LIST_PAGE_SIZE_MAX);
      // 0 or absent: no filter
      const videoId = params.optionalId('videoId') || undefined;
      const courseId = params.optionalId('courseId') || undefined;
      return read(notes.list({ userId, kind, videoId, courseId, limit, offset }));
    },
  },
  {
    method: 'GET',
    path: '/api/usercenter/GetCollectList',
    handle: ({ params }) => {
      const userId = readUserId(params);
      const { limit, offset } = params.page(COLLECT_LIST_PAGE_SIZE_MAX);
      return read(favourites.listCourses({ userId, limit, offset }));
    },
  },
  {
    method: 'GET',
    path: '/api/usercenter/GetViewLogList',
    handle: ({ params }) => read(history.list(readUserId(params))),
  },
  {
    method: 'GET',
    path: '/api/usercenter/GetLearningProgress',
    handle: ({ params }) => {
      const userId = readUserId(params);
      const courseId = params.optionalId('courseId');
      if (courseId > 0) return read(learning.ofCourse(userId, courseId));
      const limit =
        params.optionalInt('limit', { min: 1, max: LEARNING_PROGRESS_MAX_COURSES }) ??
        LEARNING_PROGRESS_DEFAULT_COURSES;
      return read(learning.recent(userId, limit));
    },
  },
  {
    method: 'POST',
    path: '/api/usercenter/ClearViewLog',
    handle: ({ params }) => doneWith(HISTORY_CLEARED, history.clear(readUserId(params))),
  },
  {
    method: 'GET',
    path: '/api/usercenter/GetMessageList',
    handle: ({ params }) => {
      const userId = readUserId(params);
      const { limit, offset } = params.page(MESSAGE_LIST_PAGE_SIZE_MAX);
      return read(messages.list({ userId, limit, offset }));
    },
  },
  {
    method: 'GET',
    path: '/api/usercenter/GetInterceptFragmentsList',
    handle: ({ params }) => {
      const userId = readUserId(params);
      checkProductId(params, config);
      const { limit, offset } = params.page(FRAGMENT_LIST_PAGE_SIZE_MAX);
      return read(fragments.list({ userId, limit, offset }));
    },
  },
  {
    method: 'GET',
    path: '/api/usercenter/deleteInterceptFragments',
    handle: async ({ params }) => {
      const userId = readUserId(params);
      await fragments.deleteOwn(userId, params.id('id'));
      return doneWith(FRAGMENT_DELETED, null);
    },
  },
];
