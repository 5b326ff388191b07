import { Box, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { RecommendedCourses_query$key } from '../../__generated__/RecommendedCourses_query.graphql';
import type { RecommendedCoursesPaginationQuery } from '../../__generated__/RecommendedCoursesPaginationQuery.graphql';
import { HOME } from '../../constants';
import { CourseCard } from '../CourseCard/CourseCard';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';
import { SectionHeader } from './SectionHeader';

const queryFragment = graphql`
  fragment RecommendedCourses_query on Query
  @refetchable(queryName: "RecommendedCoursesPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 14 }, cursor: { type: "String" }) {
    recommendedCourses(first: $count, after: $cursor) @connection(key: "RecommendedCourses_recommendedCourses") {
      edges {
        node {
          id
          ...CourseCard_course
        }
      }
    }
  }
`;

/**
 * 推荐课程: 14 first, then 12 per scroll; the gateway reports no next page once a load returns
 * fewer than asked for.
 */
export function RecommendedCourses({
  query,
  actions,
}: {
  readonly query: RecommendedCourses_query$key;
  readonly actions?: ReactNode;
}) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    RecommendedCoursesPaginationQuery,
    RecommendedCourses_query$key
  >(queryFragment, query);
  const edges = data.recommendedCourses.edges;

  return (
    <Box as="section">
      <SectionHeader title="推荐课程" subtitle="优质课程 持续更新" actions={actions} />
      <InfiniteList
        itemCount={edges.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={() => loadNext(HOME.recommendedNext)}
      >
        {edges.length === 0 ? (
          <EmptyState text="暂无推荐课程" />
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
