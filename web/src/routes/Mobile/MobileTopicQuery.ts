import { graphql } from 'react-relay';

/** /m/special/des?speciaId=: the topic with all its courses. */
export const mobileTopicQuery = graphql`
  query MobileTopicQuery($topicId: Int!) {
    topic(topicId: $topicId) {
      topicId
      title
      info
      image
      courseCount
      courses {
        id
        ...MobileCourseCard_course
      }
    }
  }
`;
