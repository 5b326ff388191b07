import { graphql, usePaginationFragment } from 'react-relay';
import type { MobileRecommendedCoursesPaginationQuery } from '../../__generated__/MobileRecommendedCoursesPaginationQuery.graphql';
import type { MobileRecommendedCourses_query$key } from '../../__generated__/MobileRecommendedCourses_query.graphql';
import { HOME } from '../../constants';
import { MobilePagedCourses } from './MobilePagedCourses';

const coursesFragment = graphql`
  fragment MobileRecommendedCourses_query on Query
  @refetchable(queryName: "MobileRecommendedCoursesPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 14 }, cursor: { type: "String" }) {
    recommendedCourses(first: $count, after: $cursor) @connection(key: "MobileRecommendedCourses_recommendedCourses") {
      edges {
        node {
          ...MobilePagedCourses_courses
        }
      }
    }
  }
`;

/** 推荐课程: 14 first, then 12 a scroll, as on the desktop home page. */
export function MobileRecommendedCourses({ query }: { readonly query: MobileRecommendedCourses_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    MobileRecommendedCoursesPaginationQuery,
    MobileRecommendedCourses_query$key
  >(coursesFragment, query);
  return (
    <MobilePagedCourses
      title="推荐课程"
      emptyText="暂无推荐课程"
      courses={data.recommendedCourses.edges.map((edge) => edge.node)}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadMore={() => loadNext(HOME.recommendedNext)}
    />
  );
}
