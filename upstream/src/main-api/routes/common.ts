/** /api/Common/GetIP: the end user's address as the platform sees it. */
import { read, type RouteGroup } from './route';

export const commonRoutes: RouteGroup = () => [
  {
    method: 'GET',
    path: '/api/Common/GetIP',
    handle: ({ clientIp }) => read(clientIp),
  },
];
