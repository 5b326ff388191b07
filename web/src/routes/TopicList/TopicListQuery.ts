import { graphql } from 'react-relay';

/** /special: the first page of 推荐专题 (12, §9) with the total count. */
export const topicListQuery = graphql`
  query TopicListQuery {
    ...TopicList_query
  }
`;
