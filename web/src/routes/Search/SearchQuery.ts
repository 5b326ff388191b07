import { graphql } from 'react-relay';

/**
 * /search?key=&menuIndex=&catalogId=: the tab counts, the catalogue filter's tree, the suggested
 * catalogue entries, then what the tab shows: 综合 the previews (one upstream call), another tab
 * its first page and the right panel. A tab change is a new load of this query (§4: a tab starts
 * again at its first page).
 */
export const searchQuery = graphql`
  query SearchQuery(
    $keyword: String!
    $catalogueId: Int!
    $isAll: Boolean!
    $isCourses: Boolean!
    $isPoints: Boolean!
    $isTopics: Boolean!
    $isLecturers: Boolean!
  ) {
    search(keyword: $keyword, catalogueId: $catalogueId) {
      counts {
        courseCount
        knowledgePointCount
        topicCount
        authorCount
      }
      overview @include(if: $isAll) {
        ...SearchOverview_overview
      }
    }
    catalogueSuggestions(keyword: $keyword) {
      catalogue {
        id
      }
      ...CatalogueSuggestionChips_suggestions
    }
    ...SearchCatalogueFilter_query
    ... on Query @include(if: $isCourses) @alias(as: "courseTab") {
      ...SearchCourseList_query @arguments(keyword: $keyword, catalogueId: $catalogueId)
    }
    ... on Query @include(if: $isPoints) @alias(as: "pointTab") {
      ...SearchKnowledgePointList_query @arguments(keyword: $keyword, catalogueId: $catalogueId)
    }
    ... on Query @include(if: $isTopics) @alias(as: "topicTab") {
      ...SearchTopicList_query @arguments(keyword: $keyword, catalogueId: $catalogueId)
    }
    ... on Query @include(if: $isLecturers) @alias(as: "authorTab") {
      ...SearchLecturerList_query @arguments(keyword: $keyword, catalogueId: $catalogueId)
    }
    ... on Query @skip(if: $isAll) @alias(as: "sidePanel") {
      ...SearchSidePanel_query
    }
  }
`;
