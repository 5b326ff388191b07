import { graphql } from 'react-relay';

/** /m/author: the lecturer categories and the first 18 lecturers (§9) of all categories, default sort. */
export const mobileAuthorListQuery = graphql`
  query MobileAuthorListQuery {
    ...MobileAuthorList_catalogues
    ...MobileAuthorList_query
  }
`;
