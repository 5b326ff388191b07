/** /api/play/GetPlayPageData: everything the play page needs in one call. */
import { read, type RouteGroup } from './route';

export const playRoutes: RouteGroup = ({ play }) => [
  {
    method: 'GET',
    path: '/api/play/GetPlayPageData',
    handle: ({ params }) => {
      // userId arrives from the gateway for the user's own state (issue of likes and notes); validated only
      params.text('userId', 255);
      return read(
        play.playPageData({
          courseId: params.id('courseId'),
          catalogId: params.optionalId('catalogId'),
          videoId: params.optionalId('videoId'),
        }),
      );
    },
  },
];
