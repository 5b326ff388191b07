import { Box, SimpleGrid } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { CenterCoursesPaginationQuery } from '../../__generated__/CenterCoursesPaginationQuery.graphql';
import type { CenterCourses_viewer$key } from '../../__generated__/CenterCourses_viewer.graphql';
import { CENTER_PAGE_SIZE } from '../../constants';
import { CourseCard } from '../CourseCard/CourseCard';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';

const viewerFragment = graphql`
  fragment CenterCourses_viewer on Viewer
  @refetchable(queryName: "CenterCoursesPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 10000 }, cursor: { type: "String" }) {
    favouriteCourses(first: $count, after: $cursor) @connection(key: "CenterCourses_favouriteCourses") {
      edges {
        node {
          id
          ...CourseCard_course
        }
      }
    }
  }
`;

/** 我的课程: the courses the viewer favourited, newest first, as course cards. */
export default function CenterCourses({ viewer }: { readonly viewer: CenterCourses_viewer$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    CenterCoursesPaginationQuery,
    CenterCourses_viewer$key
  >(viewerFragment, viewer);
  const edges = data.favouriteCourses.edges;

  if (edges.length === 0) return <EmptyState text="暂无收藏的课程" />;
  return (
    <Box>
      <InfiniteList
        itemCount={edges.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={() => loadNext(CENTER_PAGE_SIZE.courses)}
      >
        <SimpleGrid columns={{ base: 2, lg: 3, xl: 4 }} gap="5">
          {edges.map((edge) => (
            <CourseCard key={edge.node.id} course={edge.node} />
          ))}
        </SimpleGrid>
      </InfiniteList>
    </Box>
  );
}
