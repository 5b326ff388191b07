import { Box } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { SearchCourseList_query$key } from '../../__generated__/SearchCourseList_query.graphql';
import type { SearchCourseListPaginationQuery } from '../../__generated__/SearchCourseListPaginationQuery.graphql';
import { CourseHitCard } from './CourseHitCard';
import { SearchResultGrid } from './SearchResultGrid';

// Search is not a Node: the list pages through Query.search (keyword and catalogue are the
// refetch variables), keeping its edges in the store under that search.
const queryFragment = graphql`
  fragment SearchCourseList_query on Query
  @refetchable(queryName: "SearchCourseListPaginationQuery")
  @argumentDefinitions(
    keyword: { type: "String!" }
    catalogueId: { type: "Int!" }
    first: { type: "Int", defaultValue: 21 }
    after: { type: "String" }
  ) {
    search(keyword: $keyword, catalogueId: $catalogueId) {
      courses(first: $first, after: $after) @connection(key: "SearchCourseList_courses") {
        edges {
          node {
            course {
              id
            }
            ...CourseHitCard_hit
          }
        }
      }
    }
  }
`;

/** 课程 tab: course cards with the matches marked, 21 a page. */
export function SearchCourseList({ query }: { readonly query: SearchCourseList_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    SearchCourseListPaginationQuery,
    SearchCourseList_query$key
  >(queryFragment, query);
  const edges = data.search.courses.edges;
  return (
    <SearchResultGrid
      label="课程"
      itemCount={edges.length}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadNext={loadNext}
      columns={{ base: 2, lg: 3 }}
    >
      {edges.map((edge) => (
        <Box as="li" display="grid" key={edge.node.course.id}>
          <CourseHitCard hit={edge.node} />
        </Box>
      ))}
    </SearchResultGrid>
  );
}
