import { graphql } from 'react-relay';

/** /m/special: the first page of 推荐专题 (12, §9) with the total count. */
export const mobileTopicListQuery = graphql`
  query MobileTopicListQuery {
    ...MobileTopicList_query
  }
`;
