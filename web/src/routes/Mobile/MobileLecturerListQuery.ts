import { graphql } from 'react-relay';

/** /m/author: the lecturer categories and the first 18 lecturers (§9) of all categories, default sort. */
export const mobileLecturerListQuery = graphql`
  query MobileLecturerListQuery {
    ...MobileLecturerList_catalogues
    ...MobileLecturerList_query
  }
`;
