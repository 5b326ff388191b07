/** Lecturers with their course, video and play totals computed in SQL from their courses. */
import type { Database } from 'better-sqlite3';
import { namePinyin } from '../text/name-pinyin';
import type { LecturerRecord } from './records';
import { statementCache } from './statements';

export type LecturerOrder = 'recommendation' | 'mostCourses' | 'mostViewed' | 'name';

const ORDER_BY: Record<LecturerOrder, string> = {
  recommendation: 'l.recommended DESC, l.sort, l.id',
  mostCourses: 'courseCount DESC, l.id',
  mostViewed: 'viewCount DESC, l.id',
  name: 'l.name_pinyin, l.id',
};

const SELECT_LECTURER = `
  SELECT l.id, l.name, l.name_pinyin AS namePinyin, l.first_word AS firstWord, l.position, l.school,
    l.intro_html AS introHtml, l.catalogue_id AS catalogueId, l.recommended, l.sort, l.image,
    (SELECT COUNT(*) FROM courses c WHERE c.lecturer_id = l.id) AS courseCount,
    (SELECT COUNT(*) FROM videos v JOIN courses c ON c.id = v.course_id WHERE c.lecturer_id = l.id) AS videoCount,
    (SELECT COALESCE(SUM(c.view_count), 0) FROM courses c WHERE c.lecturer_id = l.id) AS viewCount
  FROM lecturers l`;

export interface NewLecturer {
  id: number;
  name: string;
  position: string;
  school: string;
  /** must already be sanitised */
  introHtml: string;
  catalogueId: number | null;
  recommended: boolean;
  sort: number;
  image: string;
}

export interface LecturerFilter {
  /** lecturers filed in this catalogue's subtree; 0 or absent = all */
  catalogueId?: number;
  /** A–Z */
  firstWord?: string;
  recommendedOnly?: boolean;
}

export interface LecturerStore {
  /** the pinyin initial and sort key are derived from the name here, so every writer agrees */
  insert(lecturer: NewLecturer): void;
  get(id: number): LecturerRecord | undefined;
  list(filter: LecturerFilter, order: LecturerOrder, limit: number, offset: number): LecturerRecord[];
  count(filter: LecturerFilter): number;
}

type LecturerRow = Omit<LecturerRecord, 'recommended'> & { recommended: number };
const toRecord = (row: LecturerRow): LecturerRecord => ({ ...row, recommended: row.recommended === 1 });

function where(filter: LecturerFilter): { sql: string; params: Record<string, unknown> } {
  const conditions: string[] = [];
  const params: Record<string, unknown> = {};
  if (filter.catalogueId) {
    conditions.push('l.catalogue_id IN (SELECT descendant_id FROM catalogue_closure WHERE ancestor_id = @catalogueId)');
    params.catalogueId = filter.catalogueId;
  }
  if (filter.firstWord) {
    conditions.push('l.first_word = @firstWord');
    params.firstWord = filter.firstWord;
  }
  if (filter.recommendedOnly) conditions.push('l.recommended = 1');
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export function createLecturerStore(db: Database): LecturerStore {
  const prepare = statementCache(db);

  return {
    insert(lecturer) {
      const { firstWord, sortKey } = namePinyin(lecturer.name);
      prepare(
        `INSERT INTO lecturers (id, name, name_pinyin, first_word, position, school, intro_html, catalogue_id,
           recommended, sort, image)
         VALUES (@id, @name, @namePinyin, @firstWord, @position, @school, @introHtml, @catalogueId,
           @recommended, @sort, @image)`,
      ).run({ ...lecturer, namePinyin: sortKey, firstWord, recommended: lecturer.recommended ? 1 : 0 });
    },

    get(id) {
      const row = prepare(`${SELECT_LECTURER} WHERE l.id = ?`).get(id) as LecturerRow | undefined;
      return row ? toRecord(row) : undefined;
    },

    list(filter, order, limit, offset) {
      const { sql, params } = where(filter);
      const rows = prepare(`${SELECT_LECTURER} ${sql} ORDER BY ${ORDER_BY[order]} LIMIT @limit OFFSET @offset`).all({
        ...params,
        limit,
        offset,
      }) as LecturerRow[];
      return rows.map(toRecord);
    },

    count(filter) {
      const { sql, params } = where(filter);
      return (prepare(`SELECT COUNT(*) AS n FROM lecturers l ${sql}`).get(params) as { n: number }).n;
    },
  };
}
