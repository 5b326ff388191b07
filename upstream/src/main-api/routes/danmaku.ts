/** /api/danmaku/*: the player's scrolling comments (paths chosen here: product-spec §7 does not show them). */
import { DANMAKU_SENT } from '../services/danmaku-service';
import { doneWith, readUserId } from './center-params';
import { optionalSeconds, optionalViewer, seconds } from './play-params';
import { read, type RouteGroup } from './route';

/** the text travels up to this size; the 30-character rule is the service's (a -1 with its sentence) */
const CONTENT_TRANSPORT_MAX = 2_000;

export const danmakuRoutes: RouteGroup = ({ danmaku }) => [
  {
    method: 'GET',
    path: '/api/danmaku/GetList',
    handle: ({ params }) =>
      read(
        danmaku.list({
          videoId: params.id('videoId'),
          from: optionalSeconds(params, 'from') ?? 0,
          to: optionalSeconds(params, 'to') ?? null,
          viewerId: optionalViewer(params) ?? 0,
        }),
      ),
  },
  {
    method: 'POST',
    path: '/api/danmaku/Send',
    handle: ({ params }) => {
      const userId = readUserId(params);
      return doneWith(
        DANMAKU_SENT,
        danmaku.send({
          userId,
          videoId: params.id('videoId'),
          vtime: seconds(params, 'vtime'),
          content: params.text('content', CONTENT_TRANSPORT_MAX),
        }),
      );
    },
  },
];
