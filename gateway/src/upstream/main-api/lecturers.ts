/**
 * upstream/API.md "Main API: topics and lecturers", the lecturers' half (and the home's recommended
 * lecturers): lists, the detail call and one lecturer by id. Lecturers wanted one at a time in the
 * same tick (Course.author on a page of courses) are read together (load), and every list primes
 * them, so a lecturer already listed costs nothing more in the operation.
 */
import DataLoader from 'dataloader';
import type { RestAuthor, RestAuthorDetail, RestPage } from '../types';
import type { MainApiCalls } from './calls';

/** How many lecturers one list call reads when several are wanted at once (upstream pageSize max). */
const LECTURER_LIST_PAGE = 100;

export class LecturersApi {
  private readonly byId: DataLoader<number, RestAuthor | null>;

  constructor(private readonly calls: MainApiCalls) {
    this.byId = new DataLoader((ids) => this.loadMany(ids));
  }

  /** Lecturers seen in a list (search hits too): a later load of one of them costs no call. */
  prime(lecturers: Iterable<RestAuthor>): void {
    for (const lecturer of lecturers) this.byId.prime(lecturer.id, lecturer);
  }

  async recommended(startIndex: number, endIndex: number): Promise<RestAuthor[]> {
    const lecturers = await this.calls.read<RestAuthor[]>('/api/Recommend/GetRecommendAuthor', {
      startIndex,
      endIndex,
    });
    this.prime(lecturers);
    return lecturers;
  }

  async page(args: {
    catalogId: number;
    firstWord: string | undefined;
    sortType: number;
    pageIndex: number;
    pageSize: number;
  }): Promise<RestPage<RestAuthor>> {
    const page = await this.calls.read<RestPage<RestAuthor>>('/api/author/GetListByPage', { ...args });
    this.prime(page.dataList);
    return page;
  }

  detail(args: {
    id: number;
    catalogId: number;
    sortType: number;
    pageIndex: number;
    pageSize: number;
  }): Promise<RestAuthorDetail | null> {
    return this.calls.readOrNull<RestAuthorDetail>('/api/author/AuthorDetail', { ...args });
  }

  /** One lecturer, or null for an unknown id. */
  load(id: number): Promise<RestAuthor | null> {
    return this.byId.load(id);
  }

  /**
   * Several lecturers wanted in one tick (e.g. Course.author on a page of courses): read the
   * lecturer list 100 at a time rather than one detail call each, unless that would take more
   * calls than the ids left to find. So the calls are at most min(ceil(total/100), 1 + ids).
   */
  private async loadMany(ids: readonly number[]): Promise<(RestAuthor | null)[]> {
    const found = new Map<number, RestAuthor>();
    const single = async (id: number) => {
      const detail = await this.detail({ id, catalogId: 0, sortType: 0, pageIndex: 1, pageSize: 1 });
      if (detail) found.set(id, detail);
    };
    if (ids.length === 1) {
      await single(ids[0]!);
    } else {
      const missing = () => ids.filter((id) => !found.has(id));
      const first = await this.page({
        catalogId: 0,
        firstWord: undefined,
        sortType: 0,
        pageIndex: 1,
        pageSize: LECTURER_LIST_PAGE,
      });
      for (const lecturer of first.dataList) found.set(lecturer.id, lecturer);
      const pages = Math.ceil(first.totalCount / LECTURER_LIST_PAGE);
      if (missing().length > 0 && pages > 1) {
        if (pages - 1 <= missing().length) {
          const rest = await Promise.all(
            Array.from({ length: pages - 1 }, (_, index) =>
              this.page({
                catalogId: 0,
                firstWord: undefined,
                sortType: 0,
                pageIndex: index + 2,
                pageSize: LECTURER_LIST_PAGE,
              }),
            ),
          );
          for (const page of rest) for (const lecturer of page.dataList) found.set(lecturer.id, lecturer);
        } else {
          await Promise.all(missing().map(single));
        }
      }
    }
    return ids.map((id) => found.get(id) ?? null);
  }
}
