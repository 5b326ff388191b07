import { graphql, usePaginationFragment } from 'react-relay';
import type { MobileAuthorCourses_author$key } from '../../__generated__/MobileAuthorCourses_author.graphql';
import type { MobileAuthorCoursesPaginationQuery } from '../../__generated__/MobileAuthorCoursesPaginationQuery.graphql';
import { PAGE_SIZE } from '../../constants';
import { MobilePagedCourses } from './MobilePagedCourses';

const authorFragment = graphql`
  fragment MobileAuthorCourses_author on Author
  @refetchable(queryName: "MobileAuthorCoursesPaginationQuery")
  @argumentDefinitions(first: { type: "Int", defaultValue: 18 }, after: { type: "String" }) {
    courses(first: $first, after: $after) @connection(key: "MobileAuthorCourses_courses") {
      edges {
        node {
          ...MobilePagedCourses_courses
        }
      }
    }
  }
`;

/** 讲师课程 on /m/authorDes: newest first, 18 a page in infinite scroll as on /authorDes, 没有更多了 at the end. */
export function MobileAuthorCourses({ author }: { readonly author: MobileAuthorCourses_author$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    MobileAuthorCoursesPaginationQuery,
    MobileAuthorCourses_author$key
  >(authorFragment, author);
  return (
    <MobilePagedCourses
      title="讲师课程"
      emptyText="暂无课程"
      courses={data.courses.edges.map((edge) => edge.node)}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadMore={() => loadNext(PAGE_SIZE.authorCourses)}
    />
  );
}
