import { graphql } from 'react-relay';
import { intParam } from '../../routing/defineRoute';
import type { CatalogueQuery } from '../../__generated__/CatalogueQuery.graphql';

/** /catalog?scId=&tcId=: a level-2 category, optionally narrowed to its level-3 child tcId. */
export const catalogueQuery = graphql`
  query CatalogueQuery($scId: Int!, $catalogueId: Int!) {
    catalogue(catalogueId: $scId) {
      catalogueId
      level
      name
      parent {
        catalogueId
        name
      }
      children {
        catalogueId
      }
    }
    ...CatalogueView_query @arguments(nodeId: $scId, catalogueId: $catalogueId)
  }
`;

export function catalogueVariables(url: URL): { scId: number; catalogueId: number } {
  const scId = intParam(url, 'scId', 0);
  const tcId = intParam(url, 'tcId', 0);
  return { scId, catalogueId: tcId > 0 ? tcId : scId };
}

/** tcId when it names one of the category's children, else null (it is then dropped from the URL). */
export function honouredChild(
  node: { readonly children: ReadonlyArray<{ readonly catalogueId: number }> } | null | undefined,
  search: URLSearchParams,
): number | null {
  const tcId = intParam(search, 'tcId', 0);
  return node && tcId > 0 && node.children.some((child) => child.catalogueId === tcId) ? tcId : null;
}

/**
 * The URL a /catalog address really is: a subject is the home page's tab, a sub-category is shown
 * inside its category, and a tcId that is not a child of scId is dropped. Null: this one.
 * An unknown scId stays (the page says 分类不存在).
 */
export function catalogueRedirect(data: CatalogueQuery['response'], url: URL): string | null {
  const node = data.catalogue;
  if (!node) return null;
  if (node.level <= 1) return `/home?scId=${node.catalogueId}`;
  if (node.level >= 3 && node.parent) return `/catalog?scId=${node.parent.catalogueId}&tcId=${node.catalogueId}`;
  const wanted = url.searchParams.get('tcId');
  if (wanted !== null && honouredChild(node, url.searchParams) === null) return catalogueUrl(node.catalogueId, null);
  return null;
}

export function catalogueUrl(scId: number, tcId: number | null): string {
  return tcId === null ? `/catalog?scId=${scId}` : `/catalog?scId=${scId}&tcId=${tcId}`;
}
