/** /api/special/*: the topic list, a topic's details and the two "more topics" lists. */
import { read, readComId, type RouteGroup } from './route';

export const topicRoutes: RouteGroup = ({ topics }) => [
  {
    method: 'GET',
    path: '/api/special/GetSpecialListByPage',
    handle: ({ params }) => {
      readComId(params);
      return read(topics.page(params.page()));
    },
  },
  {
    method: 'GET',
    path: '/api/special/GetSpecialDetails',
    handle: ({ params }) => {
      readComId(params);
      return read(topics.details(params.id('id')));
    },
  },
  {
    method: 'GET',
    path: '/api/special/GetMoreSpecialList',
    handle: ({ params }) => {
      readComId(params);
      return read(topics.more({ excludeId: params.optionalId('id'), limit: params.limit() }));
    },
  },
  {
    method: 'GET',
    path: '/api/special/GetRelatedSpecialList',
    handle: ({ params }) => {
      readComId(params);
      return read(topics.related({ id: params.id('id'), limit: params.limit() }));
    },
  },
];
