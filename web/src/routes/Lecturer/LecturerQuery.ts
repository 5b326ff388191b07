import { graphql } from 'react-relay';

/** /author: the lecturer categories and the first 18 lecturers (§9) of all categories, default sort. */
export const authorQuery = graphql`
  query AuthorQuery {
    ...AuthorCatalogueSelect_query
    ...AuthorList_query
  }
`;
