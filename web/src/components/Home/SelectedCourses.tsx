import { Box, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { SelectedCourses_query$key } from '../../__generated__/SelectedCourses_query.graphql';
import { formatCount } from '../../lib/formatCount';
import { playUrl } from '../CourseCard/CourseCard';

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

/** 精选课程 beside the banner. */
export function SelectedCourses({ query }: { readonly query: SelectedCourses_query$key }) {
  const { selectedCourses } = useFragment(queryFragment, query);
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
        <Text fontSize="xs" color="gray.400">
          编辑推荐
        </Text>
      </HStack>
      <Stack
        as="ol"
        gap="0"
        flex="1"
        overflowY="auto"
        px="2"
        pb="2"
        listStyleType="none"
        css={{ scrollbarWidth: 'thin' }}
      >
        {selectedCourses.map((course, i) => (
          <Box as="li" key={course.id}>
            <HStack
              asChild
              gap="3"
              px="2"
              py="2"
              borderRadius="lg"
              _hover={{ bg: 'red.50' }}
              className="group"
            >
              <a href={playUrl(course.courseId, course.catalogueId)} target="_blank" rel="noopener" title={course.name}>
                <Box position="relative" flexShrink={0}>
                  <Image src={course.image} alt="" loading="lazy" width="72px" height="42px" objectFit="cover" borderRadius="md" bg="gray.100" />
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
                  <Text fontSize="13px" fontWeight="medium" color="gray.800" truncate _groupHover={{ color: 'red.600' }}>
                    {course.name}
                  </Text>
                  <Text fontSize="xs" color="gray.400" truncate>
                    {course.authorName} · {formatCount(course.viewCount)} 次播放
                  </Text>
                </Stack>
              </a>
            </HStack>
          </Box>
        ))}
      </Stack>
    </Box>
    </Box>
  );
}
