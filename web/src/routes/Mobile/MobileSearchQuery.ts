import { graphql } from 'react-relay';

/**
 * /m/search?key=&menuIndex=: the tab counts, then what the tab shows: 综合 the overview's first
 * results of every group (one upstream call), another tab its first page of 21 (MobileSearchTabs).
 */
export const mobileSearchQuery = graphql`
  query MobileSearchQuery(
    $keyword: String!
    $isAll: Boolean!
    $isCourses: Boolean!
    $isPoints: Boolean!
    $isTopics: Boolean!
    $isLecturers: Boolean!
  ) {
    ... on Query @include(if: $isCourses) @alias(as: "courseTab") {
      ...MobileSearchTabs_courses @arguments(keyword: $keyword)
    }
    ... on Query @include(if: $isPoints) @alias(as: "pointTab") {
      ...MobileSearchTabs_points @arguments(keyword: $keyword)
    }
    ... on Query @include(if: $isTopics) @alias(as: "topicTab") {
      ...MobileSearchTabs_topics @arguments(keyword: $keyword)
    }
    ... on Query @include(if: $isLecturers) @alias(as: "authorTab") {
      ...MobileSearchTabs_lecturers @arguments(keyword: $keyword)
    }
    search(keyword: $keyword) {
      counts {
        courseCount
        knowledgePointCount
        topicCount
        authorCount
      }
      overview @include(if: $isAll) {
        courses {
          course {
            id
          }
          ...MobileSearchRows_courseHit
        }
        knowledgePoints {
          id
          ...MobileSearchRows_point
        }
        topics {
          topic {
            id
          }
          ...MobileSearchRows_topicHit
        }
        authors {
          author {
            id
          }
          ...MobileSearchRows_authorHit
        }
      }
    }
  }
`;
