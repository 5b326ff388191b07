import { graphql } from 'react-relay';

/** /special: the first page of 推荐专题 (12, §9) with the total count. */
export const specialQuery = graphql`
  query SpecialQuery {
    ...TopicList_query
  }
`;
