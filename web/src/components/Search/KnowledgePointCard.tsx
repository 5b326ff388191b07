import { AspectRatio, Badge, Box, Flex, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { KnowledgePointCard_point$key } from '../../__generated__/KnowledgePointCard_point.graphql';
import { videoPlayUrl } from '../../lib/playUrl';
import { PlayIcon } from '../icons/Icons';
import { Highlighted, plainText } from './Highlighted';

const pointFragment = graphql`
  fragment KnowledgePointCard_point on KnowledgePoint {
    kind
    timePoint
    timePointShow
    # eslint-disable-next-line relay/unused-fields -- text and hit are read by <Highlighted> and plainText()
    keyPoints {
      text
      hit
    }
    # eslint-disable-next-line relay/unused-fields -- text and hit are read by <Highlighted> and plainText()
    text {
      text
      hit
    }
    videoId
    # eslint-disable-next-line relay/unused-fields -- text and hit are read by <Highlighted> and plainText()
    videoName {
      text
      hit
    }
    videoImage
    courseId
    catalogueId
    courseName
    authorName
    playPath
  }
`;

/** The player at this point: the gateway's playPath, rebuilt from the ids if it is not a /Play path of this site. */
function playHref(point: {
  playPath: string;
  courseId: number;
  catalogueId: number;
  videoId: number;
  timePoint: number;
}): string {
  if (/^\/Play\?/.test(point.playPath)) return point.playPath;
  return videoPlayUrl({
    courseId: point.courseId,
    catalogueId: point.catalogueId,
    videoId: point.videoId,
    vtime: point.timePoint,
  });
}

/**
 * A knowledge point found by a search (a keyframe or a transcript passage at a second of a video):
 * the video image with the time, the keyframe's label or a 字幕 tag, the matched text, the video,
 * course and lecturer. Opens the player at that second in a new tab (§2 /Play).
 */
export function KnowledgePointCard({
  point,
  eager = false,
}: {
  readonly point: KnowledgePointCard_point$key;
  /** on the first screen: the image loads at once instead of when scrolled near */
  readonly eager?: boolean;
}) {
  const data = useFragment(pointFragment, point);
  const videoName = plainText(data.videoName);
  const isKeyframe = data.kind === 'KEYFRAME';
  return (
    <Box
      asChild
      display="block"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.100"
      p="3"
      transition="box-shadow 0.2s, border-color 0.2s"
      _hover={{ borderColor: 'red.100', boxShadow: '0 10px 20px rgba(15, 23, 42, 0.08)' }}
      className="group"
    >
      <a href={playHref(data)} target="_blank" rel="noopener" title={`${videoName} ${data.timePointShow}`}>
        <Flex gap="4" align="flex-start">
          <Box width={{ base: '140px', md: '184px' }} flexShrink={0}>
            <AspectRatio ratio={16 / 9} bg="gray.100" borderRadius="lg" overflow="hidden">
              <Box position="relative">
                <Image
                  src={data.videoImage}
                  alt={videoName}
                  loading={eager ? 'eager' : 'lazy'}
                  width="100%"
                  height="100%"
                  objectFit="cover"
                />
                <HStack
                  position="absolute"
                  right="1.5"
                  bottom="1.5"
                  gap="1"
                  bg="blackAlpha.700"
                  color="white"
                  fontSize="xs"
                  px="1.5"
                  py="0.5"
                  borderRadius="md"
                  aria-label={`从 ${data.timePointShow} 开始播放`}
                >
                  <PlayIcon />
                  <Text>{data.timePointShow}</Text>
                </HStack>
              </Box>
            </AspectRatio>
          </Box>
          <Stack gap="1.5" minW="0" flex="1">
            <HStack gap="2" minW="0">
              {isKeyframe ? (
                <Badge colorPalette="red" variant="subtle" size="sm" flexShrink={0}>
                  知识点
                </Badge>
              ) : (
                <Badge colorPalette="blue" variant="subtle" size="sm" flexShrink={0}>
                  字幕
                </Badge>
              )}
              {isKeyframe && data.keyPoints.length > 0 ? (
                <Text fontSize="sm" fontWeight="semibold" color="gray.800" truncate>
                  <Highlighted segments={data.keyPoints} />
                </Text>
              ) : null}
            </HStack>
            <Text fontSize="sm" color="gray.700" lineClamp={3} lineHeight="1.6" _groupHover={{ color: 'gray.900' }}>
              <Highlighted segments={data.text} />
            </Text>
            <Text fontSize="xs" color="gray.600" truncate>
              <Highlighted segments={data.videoName} />
            </Text>
            <Text fontSize="xs" color="gray.500" truncate>
              {[data.courseName, data.authorName].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </Flex>
      </a>
    </Box>
  );
}
