import { Box, SimpleGrid } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { CatalogueCourseList_query$key } from '../../__generated__/CatalogueCourseList_query.graphql';
import type { CatalogueCourseListPaginationQuery } from '../../__generated__/CatalogueCourseListPaginationQuery.graphql';
import { PAGE_SIZE } from '../../constants';
import { CourseCard } from '../CourseCard/CourseCard';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';

// Short variable names on purpose: babel-plugin-relay hashes graphql-js's print() of this text,
// which wraps a field's arguments past 80 characters while relay-compiler's printer does not; a
// longer argument line would make every dev build warn that the artifact is stale.
const queryFragment = graphql`
  fragment CatalogueCourseList_query on Query
  @refetchable(queryName: "CatalogueCourseListPaginationQuery")
  @argumentDefinitions(
    id: { type: "Int!" }
    year: { type: "Int" }
    sort: { type: "CourseOrder", defaultValue: LATEST }
    n: { type: "Int", defaultValue: 20 }
    after: { type: "String" }
  ) {
    courses(catalogueId: $id, year: $year, orderBy: $sort, first: $n, after: $after)
      @connection(key: "CatalogueCourseList_courses") {
      edges {
        node {
          id
          ...CourseCard_course
        }
      }
    }
  }
`;

/** The catalogue listing's course cards: 20 per page in infinite scroll, ending with 没有更多了. */
export function CatalogueCourseList({ query }: { readonly query: CatalogueCourseList_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    CatalogueCourseListPaginationQuery,
    CatalogueCourseList_query$key
  >(queryFragment, query);
  const edges = data.courses.edges;

  return (
    <Box>
      <InfiniteList
        itemCount={edges.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={() => loadNext(PAGE_SIZE.catalogue)}
      >
        {edges.length === 0 ? (
          <EmptyState text="暂无课程" />
        ) : (
          <SimpleGrid columns={{ base: 2, lg: 3, xl: 4, '2xl': 5 }} gap="5">
            {edges.map((edge) => (
              <CourseCard key={edge.node.id} course={edge.node} />
            ))}
          </SimpleGrid>
        )}
      </InfiniteList>
    </Box>
  );
}
