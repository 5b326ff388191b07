/**
 * /api/log/*: the visit log of every route change (AddVisitLog), the play records of the player
 * (AddPlayLog, also behind the gateway's unload beacon) and the resume point (GetPalyLog, the
 * spelling of product-spec §7).
 */
import { readUserId } from './centre-params';
import { wholeSeconds } from './play-params';
import { done, read, type RouteGroup } from './route';

const MAX_TEXT = 255;
const MAX_URL = 2048;

export const logRoutes: RouteGroup = ({ visitLogs, playLogs }) => [
  {
    method: 'POST',
    path: '/api/log/AddVisitLog',
    handle: ({ params, clientIp }) =>
      done(
        visitLogs.record({
          actId: params.text('actId', MAX_TEXT),
          customerCode: params.text('customerCode', MAX_TEXT),
          customerId: params.text('customerId', MAX_TEXT),
          customerName: params.text('customerName', MAX_TEXT),
          moduleName: params.text('moduleName', MAX_TEXT),
          pageUrl: params.text('pageUrl', MAX_URL, true),
          previousPageUrl: params.text('previousPageUrl', MAX_URL),
          productIds: params.text('productIds', MAX_TEXT),
          sourceType: params.text('sourceType', MAX_TEXT),
          userId: params.text('userId', MAX_TEXT),
          userName: params.text('userName', MAX_TEXT),
          clientIp,
        }),
      ),
  },
  {
    method: 'POST',
    path: '/api/log/AddPlayLog',
    handle: ({ params }) => {
      // names and codes the client repeats (comCode, comName, courseName, videoName, videoCode,
      // esLogId) are validated only: the record joins the current ones from the catalogue
      for (const name of ['comCode', 'comName', 'courseName', 'videoName', 'videoCode', 'esLogId']) params.text(name, MAX_TEXT);
      return done(
        playLogs.report({
          id: params.optionalId('id'),
          userId: readUserId(params),
          userName: params.text('userName', MAX_TEXT),
          comId: params.optionalId('comId'),
          videoId: params.id('videoId'),
          courseId: params.optionalId('courseId'),
          catalogId: params.optionalId('catalogId'),
          // clamped into [0, duration] by the service: a player may report a moment just past the end
          lastPlayTime: wholeSeconds(params, 'lastPlayTime', { min: -1_000_000 }),
          duration: wholeSeconds(params, 'duration'),
          stayTime: wholeSeconds(params, 'stayTime'),
        }),
      );
    },
  },
  {
    method: 'GET',
    path: '/api/log/GetPalyLog',
    handle: ({ params }) => {
      params.optionalId('catalogId');
      return read(
        playLogs.last({ userId: readUserId(params), videoId: params.id('videoId'), courseId: params.optionalId('courseId') }),
      );
    },
  },
];
