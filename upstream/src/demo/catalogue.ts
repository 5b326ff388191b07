import type { DemoCatalogue } from './types';
import { isBranch, type LeafBank, type SubjectBank } from './text/types';

/** A node courses attach to: a level-3 node, or a level-2 node without children. */
export interface Leaf {
  catalogueId: number;
  subjectId: number;
  categoryId: number;
  subject: SubjectBank;
  bank: LeafBank;
  /** "subject/category[/leaf]", the address topics use */
  path: string;
}

export interface CatalogueTree {
  nodes: DemoCatalogue[];
  leaves: Leaf[];
  /** "subject" or "subject/category" or "subject/category/leaf" → id */
  byPath: Map<string, number>;
}

/**
 * Ids are assigned breadth-first (subjects 1..13, then their categories, then sub-categories) so
 * that 思政 is id 1 and the top-level tabs have the smallest ids.
 */
export function buildCatalogue(subjects: readonly SubjectBank[]): CatalogueTree {
  const nodes: DemoCatalogue[] = [];
  const leaves: Leaf[] = [];
  const byPath = new Map<string, number>();
  let nextId = 1;
  const add = (parentId: number, level: 1 | 2 | 3, name: string, sort: number, path: string): number => {
    const id = nextId++;
    nodes.push({ id, parentId, level, name, sort });
    if (byPath.has(path)) throw new Error(`duplicate catalogue path ${path}`);
    byPath.set(path, id);
    return id;
  };

  const subjectIds = subjects.map((s, i) => add(0, 1, s.name, i + 1, s.name));
  const categoryIds = subjects.map((s, si) =>
    s.categories.map((c, ci) => add(subjectIds[si] as number, 2, c.name, ci + 1, `${s.name}/${c.name}`)),
  );
  subjects.forEach((s, si) => {
    s.categories.forEach((c, ci) => {
      const categoryId = categoryIds[si]?.[ci] as number;
      const subjectId = subjectIds[si] as number;
      if (isBranch(c)) {
        c.children.forEach((leaf, li) => {
          const path = `${s.name}/${c.name}/${leaf.name}`;
          const id = add(categoryId, 3, leaf.name, li + 1, path);
          leaves.push({ catalogueId: id, subjectId, categoryId, subject: s, bank: leaf, path });
        });
      } else {
        leaves.push({
          catalogueId: categoryId,
          subjectId,
          categoryId,
          subject: s,
          bank: c,
          path: `${s.name}/${c.name}`,
        });
      }
    });
  });
  // leaves in tree order (subject, category, sub-category), so course ids follow the sidebar
  const order = new Map(nodes.map((n, i) => [n.id, i]));
  const rank = (l: Leaf) => [order.get(l.subjectId) ?? 0, order.get(l.categoryId) ?? 0, order.get(l.catalogueId) ?? 0];
  leaves.sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return (
      (ra[0] as number) - (rb[0] as number) ||
      (ra[1] as number) - (rb[1] as number) ||
      (ra[2] as number) - (rb[2] as number)
    );
  });
  return { nodes, leaves, byPath };
}
