import { graphql } from 'react-relay';
import { intParam } from '../../app/defineRoute';

/** /catalog?scId=&tcId=: a level-2 category, optionally narrowed to its level-3 child tcId. */
export const catalogQuery = graphql`
  query CatalogQuery($scId: Int!, $catalogueId: Int!) {
    catalogue(catalogueId: $scId) {
      catalogueId
      level
      name
      parent {
        catalogueId
        name
      }
    }
    ...ClassifyView_query @arguments(nodeId: $scId, catalogueId: $catalogueId)
  }
`;

export function catalogVariables(url: URL): { scId: number; catalogueId: number } {
  const scId = intParam(url, 'scId', 0);
  const tcId = intParam(url, 'tcId', 0);
  return { scId, catalogueId: tcId > 0 ? tcId : scId };
}
