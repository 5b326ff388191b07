import { AspectRatio, Badge, Box, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { CourseCard_course$key } from '../../__generated__/CourseCard_course.graphql';
import { useLoginFirstHref } from '../../app/LoginPage';
import { formatCount } from '../../lib/formatCount';
import { EyeIcon, PlayIcon, VideoIcon } from '../icons/Icons';

const courseFragment = graphql`
  fragment CourseCard_course on Course {
    courseId
    catalogueId
    name
    image
    exclusive
    authorName
    authorPosition
    videoCount
    viewCount
  }
`;

/** The player page of a course (opens in a new tab, §2). */
export function playUrl(courseId: number, catalogueId: number): string {
  return `/Play?courseId=${courseId}&catalogId=${catalogueId}`;
}

interface Props {
  readonly course: CourseCard_course$key;
  /** Smaller text for dense places (topic slides). */
  readonly compact?: boolean;
  /**
   * Search results show the course with the keyword marked: these replace the plain name and
   * lecturer line, and `snippet` (the introduction around the match) goes under the name.
   */
  readonly highlight?: { readonly name?: ReactNode; readonly lecturer?: ReactNode; readonly snippet?: ReactNode };
  /** on the first screen: the image loads at once instead of when scrolled near */
  readonly eager?: boolean;
}

export function CourseCard({ course, compact = false, highlight, eager = false }: Props) {
  const data = useFragment(courseFragment, course);
  // a visitor's click opens the login page (one tab), which comes back to the course
  const loginFirst = useLoginFirstHref();
  const lecturer = highlight?.lecturer ?? [data.authorName, data.authorPosition].filter(Boolean).join(' · ');
  return (
    <Box
      asChild
      display="block"
      bg="white"
      borderRadius="xl"
      overflow="hidden"
      borderWidth="1px"
      borderColor="gray.100"
      transition="transform 0.2s, box-shadow 0.2s"
      _hover={{ transform: 'translateY(-3px)', boxShadow: '0 12px 24px rgba(15, 23, 42, 0.10)' }}
      className="group"
    >
      <a href={loginFirst(playUrl(data.courseId, data.catalogueId))} target="_blank" rel="noopener" title={data.name}>
        <AspectRatio ratio={16 / 9} bg="gray.100">
          <Box position="relative" overflow="hidden">
            <Image
              src={data.image}
              alt={data.name}
              loading={eager ? 'eager' : 'lazy'}
              width="100%"
              height="100%"
              objectFit="cover"
              transition="transform 0.35s"
              _groupHover={{ transform: 'scale(1.05)' }}
            />
            {data.exclusive ? (
              <Badge position="absolute" top="2" left="2" colorPalette="red" variant="solid" size="sm" borderRadius="md">
                独家
              </Badge>
            ) : null}
            <HStack
              position="absolute"
              right="2"
              bottom="2"
              gap="1"
              bg="blackAlpha.600"
              color="white"
              fontSize="xs"
              px="2"
              py="0.5"
              borderRadius="md"
            >
              <VideoIcon />
              <Text>{`${data.videoCount} 个视频`}</Text>
            </HStack>
            <Box
              position="absolute"
              inset="0"
              display="grid"
              placeItems="center"
              bg="blackAlpha.300"
              opacity="0"
              transition="opacity 0.2s"
              _groupHover={{ opacity: 1 }}
            >
              <Box bg="white/90" color="red.600" borderRadius="full" p="3" fontSize="xl">
                <PlayIcon />
              </Box>
            </Box>
          </Box>
        </AspectRatio>
        <Stack gap="1.5" p={compact ? '2.5' : '3'}>
          <Text
            fontSize={compact ? 'sm' : 'md'}
            fontWeight="semibold"
            color="gray.800"
            lineClamp={2}
            minH={compact ? '2.6em' : '3em'}
            lineHeight="1.4"
            _groupHover={{ color: 'red.600' }}
          >
            {highlight?.name ?? data.name}
          </Text>
          {highlight && 'snippet' in highlight ? (
            <Text fontSize="xs" color="gray.500" lineClamp={2} lineHeight="1.5" minH="3em">
              {highlight.snippet}
            </Text>
          ) : null}
          <Text fontSize="xs" color="gray.500" truncate>
            {lecturer || '\u00a0'}
          </Text>
          <HStack fontSize="xs" color="gray.500" gap="1" aria-label={`播放 ${data.viewCount} 次`}>
            <EyeIcon />
            <Text>{formatCount(data.viewCount)}</Text>
          </HStack>
        </Stack>
      </a>
    </Box>
  );
}
