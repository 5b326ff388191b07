/** /api/catalog/*: the catalogue tree, the lecturer categories and the sub-category dropdown. */
import type { RouteGroup } from './route';
import { read } from './route';

export const catalogRoutes: RouteGroup = ({ catalogues }) => [
  {
    method: 'GET',
    path: '/api/catalog/GetCatalogListByParentId',
    handle: ({ params }) => read(catalogues.subtreesUnder(params.id('parentId'), params.optionalYear())),
  },
  {
    method: 'GET',
    path: '/api/catalog/GetCatalogResourceByAuthor',
    handle: () => read(catalogues.lecturerCatalogues()),
  },
  {
    method: 'GET',
    path: '/api/catalog/GetCatalogList4',
    handle: ({ params }) => read(catalogues.childrenOf(params.id('catalogId'), params.optionalYear())),
  },
];
