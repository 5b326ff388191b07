import { Box, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { SelectedCourses_query$key } from '../../__generated__/SelectedCourses_query.graphql';
import { formatCount } from '../../lib/formatCount';
import { playUrl } from '../CourseCard/CourseCard';
import { ChevronDownIcon } from '../icons/Icons';

/** the thumbnails the list shows before it is scrolled */
const FIRST_SCREEN_SELECTED = 3;

const queryFragment = graphql`
  fragment SelectedCourses_query on Query {
    selectedCourses(limit: 10) {
      id
      courseId
      catalogueId
      name
      image
      authorName
      viewCount
    }
  }
`;

/**
 * 精选课程 beside the banner. The list is taller than the banner row: it scrolls inside, with a
 * visible scrollbar, whole items (scroll snapping), a fade over the clipped item and a footer
 * saying 向下滚动查看更多 while more is below (已显示全部 N 门 at the end).
 */
export function SelectedCourses({ query }: { readonly query: SelectedCourses_query$key }) {
  const { selectedCourses } = useFragment(queryFragment, query);
  const list = useRef<HTMLDivElement>(null); // an <ol> (Stack as="ol" is typed as a div)
  const [scroll, setScroll] = useState({ overflows: false, moreBelow: false });
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const overflows = el.scrollHeight > el.clientHeight + 4;
    const moreBelow = el.scrollTop + el.clientHeight < el.scrollHeight - 4;
    setScroll((s) => (s.overflows === overflows && s.moreBelow === moreBelow ? s : { overflows, moreBelow }));
  }, []);
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, selectedCourses.length]);

  return (
    // Absolutely filled: the banner beside it sets the row height, the list scrolls inside.
    <Box position="relative" minH="240px">
      <Box
        position="absolute"
        inset="0"
        bg="white"
        borderRadius="xl"
        borderWidth="1px"
        borderColor="gray.100"
        display="flex"
        flexDirection="column"
        overflow="hidden"
      >
        <HStack px="4" pt="3.5" pb="2" justify="space-between">
          <Text fontWeight="bold" color="gray.800">
            精选课程
          </Text>
          <Text fontSize="xs" color="gray.500">
            {`编辑推荐 · ${selectedCourses.length} 门`}
          </Text>
        </HStack>
        <Box position="relative" flex="1" minH="0">
          <Stack
            ref={list}
            as="ol"
            aria-label="精选课程"
            gap="0"
            position="absolute"
            inset="0"
            overflowY="auto"
            px="2"
            pb="2"
            listStyleType="none"
            onScroll={measure}
            css={{
              scrollbarWidth: 'thin',
              scrollbarColor: 'var(--chakra-colors-gray-300) transparent',
              scrollSnapType: 'y proximity',
              '& > li': { scrollSnapAlign: 'start' },
            }}
          >
            {selectedCourses.map((course, i) => (
              <Box as="li" key={course.id}>
                <HStack asChild gap="3" px="2" py="2" borderRadius="lg" _hover={{ bg: 'red.50' }} className="group">
                  <a
                    href={playUrl(course.courseId, course.catalogueId)}
                    target="_blank"
                    rel="noopener"
                    title={course.name}
                  >
                    <Box position="relative" flexShrink={0}>
                      <Image
                        src={course.image}
                        alt=""
                        loading={i < FIRST_SCREEN_SELECTED ? 'eager' : 'lazy'}
                        htmlWidth={72}
                        htmlHeight={42}
                        width="72px"
                        height="42px"
                        objectFit="cover"
                        borderRadius="md"
                        bg="gray.100"
                      />
                      <Box
                        position="absolute"
                        top="0"
                        left="0"
                        fontSize="10px"
                        fontWeight="bold"
                        color="white"
                        bg={i < 3 ? 'red.500' : 'gray.500'}
                        px="1.5"
                        borderTopLeftRadius="md"
                        borderBottomRightRadius="md"
                      >
                        {i + 1}
                      </Box>
                    </Box>
                    <Stack gap="0.5" minW="0">
                      <Text
                        fontSize="13px"
                        fontWeight="medium"
                        color="gray.800"
                        truncate
                        _groupHover={{ color: 'red.600' }}
                      >
                        {course.name}
                      </Text>
                      <Text fontSize="xs" color="gray.500" truncate>
                        {course.authorName} · {formatCount(course.viewCount)} 次播放
                      </Text>
                    </Stack>
                  </a>
                </HStack>
              </Box>
            ))}
          </Stack>
          {scroll.moreBelow ? (
            <Box
              position="absolute"
              left="0"
              right="3"
              bottom="0"
              height="10"
              pointerEvents="none"
              bgGradient="to-t"
              gradientFrom="white"
              gradientTo="white/0"
            />
          ) : null}
        </Box>
        {scroll.overflows ? (
          <HStack
            justify="center"
            gap="1"
            py="1.5"
            borderTopWidth="1px"
            borderColor="gray.100"
            fontSize="xs"
            color="gray.500"
          >
            {scroll.moreBelow ? (
              <>
                向下滚动查看更多
                <ChevronDownIcon />
              </>
            ) : (
              `已显示全部 ${selectedCourses.length} 门`
            )}
          </HStack>
        ) : null}
      </Box>
    </Box>
  );
}
