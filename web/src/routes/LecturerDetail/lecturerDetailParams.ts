import { intParam } from '../../routing/defineRoute';

/** /authorDes?id=: the lecturer id, 0 when the URL has none. */
export function authorIdOf(url: URL | URLSearchParams): number {
  return intParam(url, 'id', 0);
}

export function authorDetailVariables(url: URL): { authorId: number } {
  return { authorId: authorIdOf(url) };
}

/** No id: nothing is asked, the page says 讲师不存在. */
export function skipAuthorDetail(url: URL): boolean {
  return authorIdOf(url) <= 0;
}
