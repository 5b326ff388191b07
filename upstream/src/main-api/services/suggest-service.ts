/**
 * Suggestions under the search box as one types (GET /api/search/SuggestKeyWord):
 * hot keywords containing the text, and courses and lecturers whose NAME contains it, the names
 * starting with it first. Courses and lecturers come from the search engine (SQLite FTS5 or
 * PostgreSQL, whichever the store runs on): a bounded top-N of its ranking, never a scan of the
 * tables, then kept only when the name itself matches (a course found by its introduction is not a
 * name suggestion). Hot keywords are the search service's (cached a minute). Nothing is recorded:
 * a suggestion is not a search, so it never counts towards the hot keywords.
 */
import { foldForMatch } from '../../search/analyzer';
import type { AuthorHit, CourseHit, HotKeyword } from '../contract';
import type { MainApiData } from '../data';
import { toAuthorHit, toCourseHit } from '../search-presenters';
import type { SearchService } from './search-service';

/** suggestions of each kind: at most this many (default SUGGESTIONS_DEFAULT) */
export const SUGGESTIONS_MAX = 10;
export const SUGGESTIONS_DEFAULT = 5;
/** the engine's best this many hits are looked at for name matches */
const NAME_CANDIDATES = 30;
/** hot keywords looked through for ones containing the text */
const HOT_CANDIDATES = 50;

export interface Suggestions {
  keyWords: HotKeyword[];
  courses: CourseHit[];
  authors: AuthorHit[];
}

export interface SuggestService {
  suggest(query: { keyword: string; limit: number }): Promise<Suggestions>;
}

/** name matches only, those starting with the text first, otherwise in the engine's order */
export function byName<T>(records: T[], nameOf: (record: T) => string, text: string, limit: number): T[] {
  const ranked: { record: T; tier: number; rank: number }[] = [];
  for (const [rank, record] of records.entries()) {
    const name = foldForMatch(nameOf(record));
    const at = name.indexOf(text);
    if (at >= 0) ranked.push({ record, tier: at === 0 ? 0 : 1, rank });
  }
  ranked.sort((a, b) => a.tier - b.tier || a.rank - b.rank);
  return ranked.slice(0, limit).map(({ record }) => record);
}

export function createSuggestService(store: MainApiData, search: SearchService): SuggestService {
  async function load<R>(ids: number[], get: (id: number) => Promise<R | null | undefined>): Promise<R[]> {
    const records = await Promise.all(ids.map((id) => get(id)));
    return records.filter((r): r is Awaited<R> & R => r !== null && r !== undefined);
  }

  return {
    async suggest({ keyword, limit }) {
      const text = foldForMatch(keyword);
      const query = { keyword, offset: 0, limit: NAME_CANDIDATES };
      const [hot, courseHits, lecturerHits] = await Promise.all([
        search.hotKeywords(HOT_CANDIDATES),
        store.search.search('courses', query),
        store.search.search('lecturers', query),
      ]);
      const [courses, lecturers] = await Promise.all([
        load(courseHits.ids, store.courses.get),
        load(lecturerHits.ids, store.lecturers.get),
      ]);
      // the typed text is what the box shows emphasised
      const terms = [keyword];
      return {
        keyWords: byName(hot, (h) => h.keyWord, text, limit),
        courses: byName(courses, (c) => c.name, text, limit).map((c) => toCourseHit(c, terms)),
        authors: byName(lecturers, (l) => l.name, text, limit).map((l) => toAuthorHit(l, terms)),
      };
    },
  };
}
