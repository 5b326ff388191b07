import { Box } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { MobileRecommendedCoursesPaginationQuery } from '../../__generated__/MobileRecommendedCoursesPaginationQuery.graphql';
import type { MobileRecommendedCourses_query$key } from '../../__generated__/MobileRecommendedCourses_query.graphql';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { ListFooter } from '../../components/Feedback/ListFooter';
import { HOME } from '../../constants';
import { useLoadMoreSentinel } from '../../lib/useLoadMoreSentinel';
import { MobileCourseCard } from './MobileCourseCard';
import { MobileGrid, MobileSection } from './MobileSections';

const coursesFragment = graphql`
  fragment MobileRecommendedCourses_query on Query
  @refetchable(queryName: "MobileRecommendedCoursesPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 14 }, cursor: { type: "String" }) {
    recommendedCourses(first: $count, after: $cursor) @connection(key: "MobileRecommendedCourses_recommendedCourses") {
      edges {
        node {
          id
          ...MobileCourseCard_course
        }
      }
    }
  }
`;

/** 推荐课程: 14 first, then 12 a scroll, as on the desktop home page. */
export function MobileRecommendedCourses({ query }: { readonly query: MobileRecommendedCourses_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<MobileRecommendedCoursesPaginationQuery, MobileRecommendedCourses_query$key>(
    coursesFragment,
    query,
  );
  const edges = data.recommendedCourses.edges;
  const sentinel = useLoadMoreSentinel({
    hasNext,
    isLoadingNext,
    itemCount: edges.length,
    loadNext: () => {
      if (hasNext && !isLoadingNext) loadNext(HOME.recommendedNext);
    },
  });
  return (
    <MobileSection title="推荐课程">
      {edges.length === 0 ? (
        <EmptyState text="暂无推荐课程" />
      ) : (
        <MobileGrid label="推荐课程">
          {edges.map((edge) => (
            <li key={edge.node.id}>
              <MobileCourseCard course={edge.node} />
            </li>
          ))}
        </MobileGrid>
      )}
      <Box ref={sentinel} height="1px" />
      <ListFooter isLoading={isLoadingNext} hasMore={hasNext} isEmpty={edges.length === 0} />
    </MobileSection>
  );
}
