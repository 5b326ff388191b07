import { graphql } from 'react-relay';

/** /author: the lecturer categories and the first 18 lecturers (§9) of all categories, default sort. */
export const lecturerQuery = graphql`
  query LecturerQuery {
    ...LecturerCatalogueSelect_query
    ...LecturerList_query
  }
`;
