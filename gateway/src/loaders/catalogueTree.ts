/**
 * The catalogue trees as linked nodes. The whole subject tree is one upstream call
 * (GetCatalogListByParentId parentId=0 answers every node with its subtree), loaded and linked at
 * most once per operation (CatalogueTrees, one per request), so Course.catalogue, catalogueTrail,
 * catalogue(id) and subjects never cost more. Across requests the process keeps the linked trees
 * for CATALOGUE_CACHE_MS (CatalogueTreeCache): nearly every page asks for them, they change when
 * content is imported. Past that the kept tree is still answered for up to CATALOGUE_STALE_MS while one
 * request reloads it in the background, so a reload never holds a page up.
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

/** How long past CATALOGUE_CACHE_MS a kept tree is answered while it is reloaded in the background. */
export const CATALOGUE_STALE_MS = 60_000;

interface KeptTree {
  index: Promise<CatalogueIndex>;
  freshUntil: number;
  staleUntil: number;
  reloading: boolean;
}

/** The linked trees kept by the process (see the header); ttlMs 0 keeps nothing. */
export class CatalogueTreeCache {
  private readonly kept = new Map<CatalogueTreeKind, KeptTree>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly staleMs = CATALOGUE_STALE_MS,
  ) {}

  get(kind: CatalogueTreeKind, load: () => Promise<CatalogueIndex>): Promise<CatalogueIndex> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const kept = this.kept.get(kind);
    if (kept && now < kept.freshUntil) return kept.index;
    if (kept && now < kept.staleUntil) {
      if (!kept.reloading) {
        kept.reloading = true;
        load().then(
          (index) => this.keep(kind, Promise.resolve(index)),
          // the kept tree stays until its stale time; the next request past freshness tries again
          () => (kept.reloading = false),
        );
      }
      return kept.index;
    }
    const index = load();
    this.keep(kind, index);
    // a failure is not kept: the next request asks again
    index.catch(() => {
      if (this.kept.get(kind)?.index === index) this.kept.delete(kind);
    });
    return index;
  }

  private keep(kind: CatalogueTreeKind, index: Promise<CatalogueIndex>): void {
    const now = this.now();
    this.kept.set(kind, {
      index,
      freshUntil: now + this.ttlMs,
      staleUntil: now + this.ttlMs + this.staleMs,
      reloading: false,
    });
  }
}

/** The subject and lecturer trees of one request, each read and linked once (and kept by the process when given a cache). */
export class CatalogueTrees {
  private subjectTree?: Promise<CatalogueIndex>;
  private lecturerTree?: Promise<CatalogueIndex>;

  constructor(
    private readonly catalogue: CatalogueApi,
    private readonly cache: CatalogueTreeCache = new CatalogueTreeCache(0),
  ) {}

  /** Every subject with its subtree. */
  subjects(): Promise<CatalogueIndex> {
    this.subjectTree ??= this.cache.get('subject', () =>
      this.catalogue.subjectTree().then((roots) => buildCatalogueIndex(roots, 'subject')),
    );
    return this.subjectTree;
  }

  /** Lecturer categories: level-1 nodes that have lecturers, with their level-2 children. */
  lecturers(): Promise<CatalogueIndex> {
    this.lecturerTree ??= this.cache.get('author', () =>
      this.catalogue.lecturerTree().then((roots) => buildCatalogueIndex(roots, 'author')),
    );
    return this.lecturerTree;
  }
}
