import { graphql, usePaginationFragment } from 'react-relay';
import type { MobileLecturerCourses_author$key } from '../../__generated__/MobileLecturerCourses_author.graphql';
import type { MobileLecturerCoursesPaginationQuery } from '../../__generated__/MobileLecturerCoursesPaginationQuery.graphql';
import { PAGE_SIZE } from '../../constants';
import { MobilePagedCourses } from './MobilePagedCourses';

const authorFragment = graphql`
  fragment MobileLecturerCourses_author on Author
  @refetchable(queryName: "MobileLecturerCoursesPaginationQuery")
  @argumentDefinitions(first: { type: "Int", defaultValue: 18 }, after: { type: "String" }) {
    courses(first: $first, after: $after) @connection(key: "MobileLecturerCourses_courses") {
      edges {
        node {
          ...MobilePagedCourses_courses
        }
      }
    }
  }
`;

/** 讲师课程 on /m/authorDes: newest first, 18 a page in infinite scroll as on /authorDes, 没有更多了 at the end. */
export function MobileLecturerCourses({ author }: { readonly author: MobileLecturerCourses_author$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    MobileLecturerCoursesPaginationQuery,
    MobileLecturerCourses_author$key
  >(authorFragment, author);
  return (
    <MobilePagedCourses
      title="讲师课程"
      emptyText="暂无课程"
      courses={data.courses.edges.map((edge) => edge.node)}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadMore={() => loadNext(PAGE_SIZE.lecturerCourses)}
    />
  );
}
