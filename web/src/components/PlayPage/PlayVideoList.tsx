import { Box, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { PlayVideoList_playPage$key } from '../../__generated__/PlayVideoList_playPage.graphql';
import { formatMmSs } from '../../lib/formatTime';
import { PlayIcon } from '../icons/Icons';
import { progressByVideo, VideoProgressMark } from '../ContinueLearning/VideoProgressMark';
import { useFreshCourseProgress } from '../ContinueLearning/useFreshCourseProgress';

const playPageFragment = graphql`
  fragment PlayVideoList_playPage on PlayPage {
    videos {
      id
      videoId
      name
      numberShow
      duration
    }
    course {
      courseId
      viewerProgress {
        # eslint-disable-next-line relay/unused-fields -- read by progressByVideo() and <VideoProgressMark>
        videos {
          videoId
          percent
          learned
        }
      }
    }
  }
`;

interface Props {
  readonly playPage: PlayVideoList_playPage$key;
  readonly currentVideoId: number | null;
  readonly onSelect: (videoId: number) => void;
}

/** The course's videos beside the player, the current one marked, each with how far the viewer watched it; a click plays another. */
export function PlayVideoList({ playPage, currentVideoId, onSelect }: Props) {
  const { videos, course } = useFragment(playPageFragment, playPage);
  // the viewer's 已看完 / 已看 N% of each video; none for a visitor
  const watched = progressByVideo(course.viewerProgress?.videos);
  // ...as they are now: asked again when the kept-alive page comes back, another video is chosen or the tab is in front again
  useFreshCourseProgress(course.courseId, currentVideoId);
  return (
    <Stack
      as="nav"
      aria-label="视频列表"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.100"
      gap="0"
      overflow="hidden"
      h="full"
    >
      <HStack px="4" py="3" borderBottomWidth="1px" borderColor="gray.100" justify="space-between">
        <Text asChild fontWeight="bold" color="gray.900">
          <p elementtiming="play-outline">课程目录</p>
        </Text>
        <Text fontSize="xs" color="gray.500">
          共 {videos.length} 个视频
        </Text>
      </HStack>
      <Box as="ol" listStyleType="none" overflowY="auto" maxH={{ base: '320px', lg: '480px' }} flex="1">
        {videos.map((video) => {
          const current = video.videoId === currentVideoId;
          return (
            <li key={video.id}>
              <chakra.button
                type="button"
                width="full"
                textAlign="left"
                px="4"
                py="2.5"
                display="flex"
                gap="2"
                alignItems="flex-start"
                aria-current={current ? 'true' : undefined}
                bg={current ? 'red.50' : undefined}
                color={current ? 'red.700' : 'gray.700'}
                fontWeight={current ? 'semibold' : 'normal'}
                _hover={{ bg: current ? 'red.50' : 'gray.50', color: 'red.700' }}
                onClick={() => {
                  if (!current) onSelect(video.videoId);
                }}
              >
                <Box fontSize="xs" pt="1" w="3" flexShrink={0} aria-hidden>
                  {current ? <PlayIcon /> : null}
                </Box>
                <Text flex="1" fontSize="sm" lineClamp={2}>
                  {video.numberShow ? `${video.numberShow} ` : ''}
                  {video.name}
                </Text>
                <VideoProgressMark progress={watched.get(video.videoId)} />
                {/* gray.600: gray.500 on the current video's red.50 is below 4.5:1 */}
                <Text fontSize="xs" color="gray.600" flexShrink={0} pt="0.5">
                  {formatMmSs(video.duration)}
                </Text>
              </chakra.button>
            </li>
          );
        })}
      </Box>
    </Stack>
  );
}
