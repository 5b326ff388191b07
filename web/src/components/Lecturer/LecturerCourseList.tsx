import { Box, Flex, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { LecturerCourseList_author$key } from '../../__generated__/LecturerCourseList_author.graphql';
import type { LecturerCourseListPaginationQuery } from '../../__generated__/LecturerCourseListPaginationQuery.graphql';
import { COURSE_ORDER_OPTIONS, PAGE_SIZE, TOPIC_LECTURER_TEXT, type CourseOrderValue } from '../../constants';
import { CourseCard } from '../CourseCard/CourseCard';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';

const lecturerFragment = graphql`
  fragment LecturerCourseList_author on Author
  @refetchable(queryName: "LecturerCourseListPaginationQuery")
  @argumentDefinitions(
    order: { type: "CourseOrder", defaultValue: LATEST }
    first: { type: "Int", defaultValue: 18 }
    after: { type: "String" }
  ) {
    courseCount
    videoCount
    courses(order: $order, first: $first, after: $after) @connection(key: "LecturerCourseList_courses") {
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
 * /authorDes (§2): 相关课程, 共 N 门课程，M 个视频, the sort select and the lecturer's course cards,
 * 18 a page in infinite scroll. A new sort starts again at page 1 (§4).
 */
export function LecturerCourseList({ author }: { readonly author: LecturerCourseList_author$key }) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<
    LecturerCourseListPaginationQuery,
    LecturerCourseList_author$key
  >(lecturerFragment, author);
  const [order, setOrder] = useState<CourseOrderValue>('LATEST');
  const [isPending, startTransition] = useTransition();
  const edges = data.courses.edges;

  // network-only: page 1 replaces the list (§4), not the pages loaded earlier in this order
  const changeOrder = (next: CourseOrderValue) => {
    setOrder(next);
    startTransition(() => {
      refetch({ order: next, first: PAGE_SIZE.lecturerCourses, after: null }, { fetchPolicy: 'network-only' });
    });
  };

  return (
    <Stack as="section" gap="4" aria-label={TOPIC_LECTURER_TEXT.relatedCourses}>
      <Flex
        align="center"
        justify="space-between"
        gap="4"
        wrap="wrap"
        bg="white"
        borderRadius="xl"
        borderWidth="1px"
        borderColor="gray.100"
        px="5"
        py="3"
      >
        <HStack gap="3" align="center">
          <Box width="4px" height="18px" bg="red.600" borderRadius="full" />
          <Text as="h2" fontSize="lg" fontWeight="bold" color="gray.900">
            {TOPIC_LECTURER_TEXT.relatedCourses}
          </Text>
          <Text fontSize="sm" color="gray.500">
            {TOPIC_LECTURER_TEXT.courseVideoCount(data.courseCount, data.videoCount)}
          </Text>
        </HStack>
        <NativeSelect.Root size="sm" width="auto" minW="32">
          <NativeSelect.Field
            aria-label="排序"
            value={order}
            onChange={(e) => changeOrder(e.currentTarget.value as CourseOrderValue)}
          >
            {COURSE_ORDER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      <Box opacity={isPending ? 0.55 : 1} transition="opacity 0.2s" aria-busy={isPending}>
        <InfiniteList
          itemCount={edges.length}
          hasNext={hasNext}
          isLoadingNext={isLoadingNext}
          loadNext={() => {
            if (!isPending) loadNext(PAGE_SIZE.lecturerCourses);
          }}
        >
          {edges.length === 0 ? (
            <EmptyState text="暂无课程" />
          ) : (
            <SimpleGrid columns={{ base: 2, lg: 3, xl: 4 }} gap="5">
              {edges.map((edge) => (
                <CourseCard key={edge.node.id} course={edge.node} />
              ))}
            </SimpleGrid>
          )}
        </InfiniteList>
      </Box>
    </Stack>
  );
}
