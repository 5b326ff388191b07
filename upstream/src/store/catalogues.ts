/** The catalogue tree and its closure table; counts of courses and lecturers per subtree. */
import type { Database } from 'better-sqlite3';
import type { CatalogueRecord, CatalogueWithCount, TimeRange } from './records';
import { statementCache } from './statements';

const COLUMNS = 'k.id, k.parent_id AS parentId, k.level, k.name, k.sort';

export interface NewCatalogue {
  id: number;
  parentId: number;
  level: number;
  name: string;
  sort: number;
}

export interface CatalogueStore {
  insert(catalogue: NewCatalogue): void;
  get(id: number): CatalogueRecord | undefined;
  /** every node, parents before children, siblings in their sort order */
  all(): CatalogueRecord[];
  /** direct children of parentId (0 = the subjects) with the number of courses in each subtree */
  childrenWithCourseCounts(parentId: number, range: TimeRange | null): CatalogueWithCount[];
  /** catalogue id → number of courses in its subtree (nodes without courses are absent) */
  courseCountsBySubtree(range: TimeRange | null): Map<number, number>;
  /** catalogue id → number of lecturers filed in its subtree (nodes without lecturers are absent) */
  lecturerCountsBySubtree(): Map<number, number>;
}

export function createCatalogueStore(db: Database): CatalogueStore {
  const prepare = statementCache(db);

  const toMap = (rows: { id: number; n: number }[]) => new Map(rows.map((row) => [row.id, row.n]));

  return {
    insert(catalogue) {
      prepare(
        'INSERT INTO catalogues (id, parent_id, level, name, sort) VALUES (@id, @parentId, @level, @name, @sort)',
      ).run(catalogue);
      // The node is its own ancestor at depth 0, then inherits every ancestor of its parent.
      prepare('INSERT INTO catalogue_closure (ancestor_id, descendant_id, depth) VALUES (?, ?, 0)').run(
        catalogue.id,
        catalogue.id,
      );
      prepare(
        `INSERT INTO catalogue_closure (ancestor_id, descendant_id, depth)
         SELECT ancestor_id, ?, depth + 1 FROM catalogue_closure WHERE descendant_id = ?`,
      ).run(catalogue.id, catalogue.parentId);
    },

    get(id) {
      return prepare(`SELECT ${COLUMNS} FROM catalogues k WHERE k.id = ?`).get(id) as CatalogueRecord | undefined;
    },

    all() {
      return prepare(`SELECT ${COLUMNS} FROM catalogues k ORDER BY k.level, k.sort, k.id`).all() as CatalogueRecord[];
    },

    childrenWithCourseCounts(parentId, range) {
      const yearFilter = range ? 'AND c.update_time >= @from AND c.update_time < @to' : '';
      const sql = `
        SELECT ${COLUMNS},
          (SELECT COUNT(*) FROM catalogue_closure cl JOIN courses c ON c.catalogue_id = cl.descendant_id
            WHERE cl.ancestor_id = k.id ${yearFilter}) AS count
        FROM catalogues k WHERE k.parent_id = @parentId ORDER BY k.sort, k.id`;
      return prepare(sql).all({ parentId, ...(range ?? {}) }) as CatalogueWithCount[];
    },

    courseCountsBySubtree(range) {
      const yearFilter = range ? 'WHERE c.update_time >= @from AND c.update_time < @to' : '';
      const sql = `
        SELECT cl.ancestor_id AS id, COUNT(*) AS n
        FROM catalogue_closure cl JOIN courses c ON c.catalogue_id = cl.descendant_id
        ${yearFilter} GROUP BY cl.ancestor_id`;
      return toMap(prepare(sql).all(range ?? {}) as { id: number; n: number }[]);
    },

    lecturerCountsBySubtree() {
      const sql = `
        SELECT cl.ancestor_id AS id, COUNT(*) AS n
        FROM catalogue_closure cl JOIN lecturers l ON l.catalogue_id = cl.descendant_id
        GROUP BY cl.ancestor_id`;
      return toMap(prepare(sql).all() as { id: number; n: number }[]);
    },
  };
}
