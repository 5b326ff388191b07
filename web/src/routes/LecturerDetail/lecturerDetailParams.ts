import { intParam } from '../../routing/defineRoute';

/** /authorDes?id=: the lecturer id, 0 when the URL has none. */
export function lecturerIdOf(url: URL | URLSearchParams): number {
  return intParam(url, 'id', 0);
}

export function lecturerDetailVariables(url: URL): { authorId: number } {
  return { authorId: lecturerIdOf(url) };
}

/** No id: nothing is asked, the page says 讲师不存在. */
export function skipLecturerDetail(url: URL): boolean {
  return lecturerIdOf(url) <= 0;
}
