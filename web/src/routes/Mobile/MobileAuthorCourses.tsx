import { graphql, usePaginationFragment } from 'react-relay';
import type { MobileAuthorCourses_author$key } from '../../__generated__/MobileAuthorCourses_author.graphql';
import type { MobileAuthorCoursesPaginationQuery } from '../../__generated__/MobileAuthorCoursesPaginationQuery.graphql';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { InfiniteList } from '../../components/Feedback/InfiniteList';
import { PAGE_SIZE } from '../../constants';
import { MobileCourseCard } from './MobileCourseCard';
import { MobileGrid, MobileSection } from './MobileSections';

const authorFragment = graphql`
  fragment MobileAuthorCourses_author on Author
  @refetchable(queryName: "MobileAuthorCoursesPaginationQuery")
  @argumentDefinitions(first: { type: "Int", defaultValue: 18 }, after: { type: "String" }) {
    courses(first: $first, after: $after) @connection(key: "MobileAuthorCourses_courses") {
      edges {
        node {
          id
          ...MobileCourseCard_course
        }
      }
    }
  }
`;

/** 讲师课程 on /m/authorDes: newest first, 18 a page in infinite scroll as on /authorDes, 没有更多了 at the end. */
export function MobileAuthorCourses({ author }: { readonly author: MobileAuthorCourses_author$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<MobileAuthorCoursesPaginationQuery, MobileAuthorCourses_author$key>(
    authorFragment,
    author,
  );
  const { edges } = data.courses;
  return (
    <MobileSection title="讲师课程">
      <InfiniteList itemCount={edges.length} hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={() => loadNext(PAGE_SIZE.authorCourses)}>
        {edges.length === 0 ? (
          <EmptyState text="暂无课程" />
        ) : (
          <MobileGrid label="讲师课程">
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
