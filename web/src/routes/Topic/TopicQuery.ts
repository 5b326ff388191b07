import { graphql } from 'react-relay';

/** /special/des?id=: the topic with all its courses and 6 more topics (§2). */
export const topicQuery = graphql`
  query TopicQuery($topicId: Int!) {
    topic(topicId: $topicId) {
      topicId
      title
      info
      image
      courseCount
      courses {
        id
        ...CourseCard_course
      }
      moreTopics(limit: 6) {
        id
        ...TopicCard_topic
      }
    }
  }
`;
