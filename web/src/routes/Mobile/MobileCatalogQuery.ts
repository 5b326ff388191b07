import { graphql } from 'react-relay';

/**
 * /m/catalog?scId=: a subject or category of the catalogue on a phone (a desktop /catalog or
 * /home?scId= address opened there), its sub-categories and the first 18 of its courses, newest first.
 */
export const mobileCatalogQuery = graphql`
  query MobileCatalogQuery($catalogueId: Int!) {
    catalogue(catalogueId: $catalogueId) {
      catalogueId
      name
      resourceCount
      parent {
        catalogueId
        name
      }
      children {
        catalogueId
        name
      }
    }
    ...MobileCatalogPage_courses @arguments(catalogueId: $catalogueId)
  }
`;
