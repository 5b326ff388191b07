/**
 * The catalogue trees as linked nodes. The whole subject tree is one upstream call
 * (GetCatalogListByParentId parentId=0 answers every node with its subtree), loaded and linked at
 * most once per operation (CatalogueTrees, one per request), so Course.catalogue, catalogueTrail,
 * catalogue(id) and subjects never cost more.
 */
import type { CatalogueApi } from '../upstream/main-api/catalogue';
import type { RestCatalogue } from '../upstream/types';

export type CatalogueTreeKind = 'subject' | 'author';

export interface CatalogueNode {
  /** the key of the global id: the upstream id, "author:<id>" in the lecturer tree */
  key: string;
  id: number;
  name: string;
  level: number;
  parentId: number;
  /** courses of the subtree (subject tree) or lecturers (lecturer tree), as the upstream counted them */
  resourceCount: number;
  tree: CatalogueTreeKind;
  parent: CatalogueNode | null;
  children: CatalogueNode[];
}

export interface CatalogueIndex {
  roots: CatalogueNode[];
  byId: Map<number, CatalogueNode>;
}

export function buildCatalogueIndex(roots: RestCatalogue[], tree: CatalogueTreeKind): CatalogueIndex {
  const byId = new Map<number, CatalogueNode>();
  const visit = (raw: RestCatalogue, parent: CatalogueNode | null, depth: number): CatalogueNode => {
    const node: CatalogueNode = {
      key: tree === 'author' ? `author:${raw.id}` : String(raw.id),
      id: raw.id,
      name: raw.name,
      level: raw.level ?? depth,
      parentId: raw.parentId ?? parent?.id ?? 0,
      resourceCount: raw.resourceCount ?? 0,
      tree,
      parent,
      children: [],
    };
    byId.set(node.id, node);
    // a malformed tree with a cycle would recurse forever; the depth bound stops it
    if (depth < 16) node.children = (raw.child ?? []).map((child) => visit(child, node, depth + 1));
    return node;
  };
  return { roots: roots.map((root) => visit(root, null, 1)), byId };
}

/** From the subject down to the node itself. */
export function trailOf(node: CatalogueNode): CatalogueNode[] {
  const trail: CatalogueNode[] = [];
  for (let current: CatalogueNode | null = node; current && trail.length < 16; current = current.parent) {
    trail.unshift(current);
  }
  return trail;
}

/** The subject and lecturer trees of one request, each read and linked once. */
export class CatalogueTrees {
  private subjectTree?: Promise<CatalogueIndex>;
  private lecturerTree?: Promise<CatalogueIndex>;

  constructor(private readonly catalogue: CatalogueApi) {}

  /** Every subject with its subtree. */
  subjects(): Promise<CatalogueIndex> {
    this.subjectTree ??= this.catalogue.subjectTree().then((roots) => buildCatalogueIndex(roots, 'subject'));
    return this.subjectTree;
  }

  /** Lecturer categories: level-1 nodes that have lecturers, with their level-2 children. */
  lecturers(): Promise<CatalogueIndex> {
    this.lecturerTree ??= this.catalogue.lecturerTree().then((roots) => buildCatalogueIndex(roots, 'author'));
    return this.lecturerTree;
  }
}
