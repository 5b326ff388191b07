import { AspectRatio, Box, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { MobileCourseCard_course$key } from '../../__generated__/MobileCourseCard_course.graphql';
import { EyeIcon, VideoIcon } from '../icons/Icons';
import { formatCount } from '../../lib/formatCount';
import { mobilePlayUrl } from './mobileLinks';

const courseFragment = graphql`
  fragment MobileCourseCard_course on Course {
    # eslint-disable-next-line relay/unused-fields -- read by mobilePlayUrl()
    courseId
    # eslint-disable-next-line relay/unused-fields -- read by mobilePlayUrl()
    catalogueId
    name
    image
    authorName
    videoCount
    viewCount
  }
`;

/** A course on the mobile site: the whole card is one touch target, opening /m/play in this tab. */
export function MobileCourseCard({ course }: { readonly course: MobileCourseCard_course$key }) {
  const data = useFragment(courseFragment, course);
  return (
    <Box
      asChild
      display="block"
      bg="white"
      borderRadius="lg"
      overflow="hidden"
      borderWidth="1px"
      _active={{ bg: 'gray.50' }}
    >
      <RouterLink to={mobilePlayUrl(data)}>
        <AspectRatio ratio={16 / 9} bg="gray.100">
          <Image src={data.image} alt="" loading="lazy" objectFit="cover" />
        </AspectRatio>
        <Stack gap="1" p="2.5">
          <Text fontSize="sm" fontWeight="semibold" lineClamp={2} minH="2.6em" color="gray.900">
            {data.name}
          </Text>
          <Text fontSize="xs" color="gray.500" truncate>
            {data.authorName || '\u00a0'}
          </Text>
          <HStack fontSize="xs" color="gray.500" gap="3">
            <HStack gap="1">
              <VideoIcon aria-hidden />
              <span>{data.videoCount} 集</span>
            </HStack>
            <HStack gap="1">
              <EyeIcon aria-hidden />
              <span>{formatCount(data.viewCount)}</span>
            </HStack>
          </HStack>
        </Stack>
      </RouterLink>
    </Box>
  );
}
