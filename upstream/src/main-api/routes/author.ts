/** /api/author/*: the lecturer list and a lecturer's details with a page of courses. */
import { badParameter } from '../../http/envelope';
import type { Params } from '../../http/params';
import { read, type RouteGroup } from './route';

const SORT_TYPE = { min: 0, max: 3 };

function readFirstWord(params: Params): string | undefined {
  const raw = params.raw('firstWord')?.trim().toUpperCase();
  if (raw === undefined || raw === '') return undefined;
  if (!/^[A-Z]$/.test(raw)) throw badParameter('参数 firstWord 必须是 A 到 Z 之间的一个字母');
  return raw;
}

export const authorRoutes: RouteGroup = ({ lecturers }) => [
  {
    method: 'GET',
    path: '/api/author/GetListByPage',
    handle: ({ params }) => {
      const { limit, offset } = params.page();
      return read(
        lecturers.list({
          catalogId: params.optionalId('catalogId'),
          firstWord: readFirstWord(params),
          sortType: params.optionalInt('sortType', SORT_TYPE) ?? 0,
          limit,
          offset,
        }),
      );
    },
  },
  {
    method: 'GET',
    path: '/api/author/AuthorDetail',
    handle: ({ params }) => {
      const id = params.id('id');
      const { limit, offset } = params.page();
      return read(
        lecturers.detail({
          id,
          catalogId: params.optionalId('catalogId'),
          sortType: params.optionalInt('sortType', SORT_TYPE) ?? 0,
          limit,
          offset,
        }),
      );
    },
  },
];
