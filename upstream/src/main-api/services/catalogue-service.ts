/** The catalogue tree with resource counts: the home tab bar, the sidebar and the dropdowns. */
import { notFound } from '../../http/envelope';
import type { CatalogueRecord, Store } from '../../store';
import { toCatalogueNode } from '../presenters';
import { optionalYearRange } from './year';
import type { CatalogueNode } from '../contract';

export const CATALOGUE_NOT_FOUND = '分类不存在';

export interface CatalogueService {
  /** 0 passes (it means "all" or "top"); any other id must exist */
  requireCatalogue(id: number): Promise<CatalogueRecord | null>;
  /** the nodes under parentId, each with its whole subtree, counting courses (updated in year) */
  subtreesUnder(parentId: number, year?: number): Promise<CatalogueNode[]>;
  /** subjects that have lecturers, with their categories that have lecturers; counts are lecturers */
  lecturerCatalogues(): Promise<CatalogueNode[]>;
  /** flat list of catalogId's direct children with course counts (updated in year) */
  childrenOf(catalogId: number, year?: number): Promise<CatalogueNode[]>;
}

function groupByParent(catalogues: CatalogueRecord[]): Map<number, CatalogueRecord[]> {
  const byParent = new Map<number, CatalogueRecord[]>();
  for (const c of catalogues) {
    const siblings = byParent.get(c.parentId) ?? [];
    siblings.push(c);
    byParent.set(c.parentId, siblings);
  }
  for (const siblings of byParent.values()) siblings.sort((a, b) => a.sort - b.sort || a.id - b.id);
  return byParent;
}

export function createCatalogueService(store: Store): CatalogueService {
  const requireCatalogue = async (id: number): Promise<CatalogueRecord | null> => {
    if (id === 0) return null;
    const catalogue = await store.catalogues.get(id);
    if (!catalogue) throw notFound(CATALOGUE_NOT_FOUND);
    return catalogue;
  };

  return {
    requireCatalogue,

    async subtreesUnder(parentId, year) {
      await requireCatalogue(parentId);
      const byParent = groupByParent(await store.catalogues.all());
      const counts = await store.catalogues.courseCountsBySubtree(optionalYearRange(year));
      const build = (id: number): CatalogueNode[] =>
        (byParent.get(id) ?? []).map((c) => toCatalogueNode(c, counts.get(c.id) ?? 0, build(c.id)));
      return build(parentId);
    },

    async lecturerCatalogues() {
      const byParent = groupByParent(await store.catalogues.all());
      const counts = await store.catalogues.lecturerCountsBySubtree();
      const withLecturers = (c: CatalogueRecord) => (counts.get(c.id) ?? 0) > 0;
      return (byParent.get(0) ?? []).filter(withLecturers).map((subject) =>
        toCatalogueNode(
          subject,
          counts.get(subject.id) ?? 0,
          (byParent.get(subject.id) ?? []).filter(withLecturers).map((c) => toCatalogueNode(c, counts.get(c.id) ?? 0)),
        ),
      );
    },

    async childrenOf(catalogId, year) {
      await requireCatalogue(catalogId);
      return (await store.catalogues.childrenWithCourseCounts(catalogId, optionalYearRange(year))).map((c) =>
        toCatalogueNode(c, c.count),
      );
    },
  };
}
