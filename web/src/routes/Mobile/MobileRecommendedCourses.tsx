import { graphql, usePaginationFragment } from 'react-relay';
import type { MobileRecommendedCoursesPaginationQuery } from '../../__generated__/MobileRecommendedCoursesPaginationQuery.graphql';
import type { MobileRecommendedCourses_query$key } from '../../__generated__/MobileRecommendedCourses_query.graphql';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { InfiniteList } from '../../components/Feedback/InfiniteList';
import { HOME } from '../../constants';
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
  const { edges } = data.recommendedCourses;
  return (
    <MobileSection title="推荐课程">
      <InfiniteList itemCount={edges.length} hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={() => loadNext(HOME.recommendedNext)}>
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
      </InfiniteList>
    </MobileSection>
  );
}
