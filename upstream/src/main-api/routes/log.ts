/** /api/log/AddVisitLog: the visit log of every route change. */
import { done, type RouteGroup } from './route';

const MAX_TEXT = 255;
const MAX_URL = 2048;

export const logRoutes: RouteGroup = ({ visitLogs }) => [
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
];
