/** /api/courses/*: catalogue listings, counts, related courses and the sidebar statistics. */
import { COURSE_ORDER_VALUES, type CourseOrderValue } from '../services/course-service';
import { read, type RouteGroup } from './route';

const ORDER_VALUES = Object.keys(COURSE_ORDER_VALUES) as CourseOrderValue[];
/** the site's search box takes 50 characters; a little slack for other clients */
const MAX_SEARCH_KEY = 100;

export const courseRoutes: RouteGroup = ({ courses }) => [
  {
    method: 'GET',
    path: '/api/courses/GetCourseAndVideoCount',
    handle: ({ params }) =>
      read(
        courses.countWithVideos({
          catalogId: params.id('catalogId'),
          year: params.optionalYear(),
          searchKey: params.text('searchKey', MAX_SEARCH_KEY),
        }),
      ),
  },
  {
    method: 'GET',
    path: '/api/courses/GetListByCatalogId',
    handle: ({ params }) => {
      const { limit, offset } = params.page();
      return read(
        courses.listByCatalogue({
          catalogId: params.id('catalogId'),
          year: params.optionalYear(),
          order: params.oneOf('orderBy', ORDER_VALUES, 'b.PublishTime'),
          limit,
          offset,
        }),
      );
    },
  },
  {
    method: 'GET',
    path: '/api/courses/GetRelevantList',
    handle: ({ params }) => {
      const courseId = params.id('courseId');
      const catalogId = params.optionalId('catalogId');
      const { limit, offset } = params.page();
      return read(courses.relevant({ courseId, catalogId, limit, offset }));
    },
  },
  {
    method: 'GET',
    path: '/api/courses/GetResourceStatistics',
    handle: ({ params }) =>
      read(courses.statistics({ catalogId: params.id('catalogId'), year: params.optionalYear() })),
  },
];
