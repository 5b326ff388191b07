/** /api/Recommend/* and /api/banner/GetList: the home page's curated lists. */
import { checkProductId, read, type RouteGroup } from './route';

export const recommendRoutes: RouteGroup = ({ home }, config) => [
  {
    method: 'GET',
    path: '/api/Recommend/GetRecommendCourses',
    handle: ({ params }) => {
      checkProductId(params, config);
      return read(home.recommendedCourses(params.window()));
    },
  },
  {
    method: 'GET',
    path: '/api/Recommend/GetSelectedCourses',
    handle: ({ params }) => {
      checkProductId(params, config);
      return read(home.selectedCourses(params.window()));
    },
  },
  {
    method: 'GET',
    path: '/api/Recommend/GetRecommendAuthor',
    handle: ({ params }) => read(home.recommendedAuthors(params.window())),
  },
  {
    method: 'GET',
    path: '/api/banner/GetList',
    handle: ({ params }) => {
      // comCode: the organisation's banners; the public site (empty comCode) and the demo share one set
      params.text('comCode', 255);
      return read(home.banners(params.limit()));
    },
  },
];
