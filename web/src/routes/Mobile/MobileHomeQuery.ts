import { graphql } from 'react-relay';

/** /m/home: banners, featured topics, recommended lecturers and the first recommended courses. */
export const mobileHomeQuery = graphql`
  query MobileHomeQuery {
    banners {
      id
      title
      image
      gotoUrl
    }
    featuredTopics(limit: 6) {
      id
      topicId
      title
      image
      courseCount
    }
    recommendedAuthors(batch: 0, size: 6) {
      id
      authorId
      name
      position
      image
    }
    ...MobileRecommendedCourses_query
  }
`;
