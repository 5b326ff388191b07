import { graphql } from 'react-relay';

/** /m/search?key=: the tab counts and the overview's first results of every group (one upstream call each). */
export const mobileSearchQuery = graphql`
  query MobileSearchQuery($keyword: String!) {
    search(keyword: $keyword) {
      counts {
        courseCount
        knowledgePointCount
        topicCount
        authorCount
      }
      overview {
        courses {
          course {
            id
            courseId
            catalogueId
            image
          }
          name {
            text
            hit
          }
          info {
            text
            hit
          }
          authorName {
            text
            hit
          }
        }
        knowledgePoints {
          id
          timePointShow
          keyPoints {
            text
            hit
          }
          text {
            text
            hit
          }
          videoId
          videoName {
            text
            hit
          }
          courseId
          catalogueId
          courseName
        }
        topics {
          topic {
            id
            topicId
            image
            courseCount
          }
          title {
            text
            hit
          }
          info {
            text
            hit
          }
        }
        authors {
          author {
            id
            authorId
            image
          }
          name {
            text
            hit
          }
          position {
            text
            hit
          }
        }
      }
    }
  }
`;
