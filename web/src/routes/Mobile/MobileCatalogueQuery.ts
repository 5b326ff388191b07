import { graphql } from 'react-relay';

/**
 * /m/catalog?scId=: a subject or category of the catalogue on a phone (a desktop /catalog or
 * /home?scId= address opened there), its sub-categories and the first 18 of its courses, newest first.
 */
export const mobileCatalogueQuery = graphql`
  query MobileCatalogueQuery($catalogueId: Int!) {
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
    ...MobileCataloguePage_courses @arguments(catalogueId: $catalogueId)
  }
`;
