import { AspectRatio, Button, HStack, Image, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { VideoIntro_video$data, VideoIntro_video$key } from '../../__generated__/VideoIntro_video.graphql';
import { formatMmSs } from '../../lib/formatTime';
import { ChevronDownIcon, ChevronUpIcon } from '../icons/Icons';
import { usePlayerControls } from './playerControls';
import { PLAY_LIMITS } from './playText';

const videoFragment = graphql`
  fragment VideoIntro_video on Video {
    abstract
    keyframes {
      timePoint
      keyPoints
      keyPointsShow
      description
      image
    }
  }
`;

/**
 * 视频简介 and 关键帧: the keyframes in time order with their thumbnails, 3 shown until 展开 (§4);
 * a click plays the video from that second.
 */
export function VideoIntro({ video: videoKey }: { readonly video: VideoIntro_video$key }) {
  const { abstract, keyframes } = useFragment(videoFragment, videoKey);
  const controls = usePlayerControls();
  const [expanded, setExpanded] = useState(false);
  if (abstract.trim() === '' && keyframes.length === 0) return null;
  const shown = expanded ? keyframes : keyframes.slice(0, PLAY_LIMITS.keyframesShown);
  return (
    <Stack gap="4" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100" p="4">
      {abstract.trim() !== '' ? (
        <Stack as="section" aria-label="视频简介" gap="1.5">
          <Text as="h2" fontWeight="bold" color="gray.900">
            视频简介
          </Text>
          <Text fontSize="sm" color="gray.700" lineHeight="1.8" whiteSpace="pre-line">
            {abstract}
          </Text>
        </Stack>
      ) : null}
      {keyframes.length > 0 ? (
        <Stack as="section" aria-label="关键帧" gap="2">
          <Text as="h2" fontWeight="bold" color="gray.900">
            关键帧
          </Text>
          <Stack as="ol" listStyleType="none" gap="2">
            {shown.map((frame) => (
              <li key={`${frame.timePoint}-${frame.keyPoints}`}>
                <KeyframeButton frame={frame} onSeek={controls.seek} />
              </li>
            ))}
          </Stack>
          {keyframes.length > PLAY_LIMITS.keyframesShown ? (
            <Button
              size="xs"
              variant="ghost"
              color="gray.600"
              alignSelf="center"
              aria-expanded={expanded}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? '收起' : '展开'}
              {expanded ? <ChevronUpIcon /> : <ChevronDownIcon />}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

type Keyframe = VideoIntro_video$data['keyframes'][number];

function KeyframeButton({ frame, onSeek }: { readonly frame: Keyframe; readonly onSeek: (seconds: number) => void }) {
  // keyPointsShow is the second as the upstream shows it (05:12, 1:02:03)
  const at = frame.keyPointsShow || formatMmSs(frame.timePoint);
  return (
    <chakra.button
      type="button"
      display="flex"
      gap="3"
      width="full"
      textAlign="left"
      p="2"
      borderRadius="lg"
      _hover={{ bg: 'red.50' }}
      onClick={() => onSeek(frame.timePoint)}
      data-testid="keyframe"
    >
      {frame.image ? (
        <AspectRatio ratio={16 / 9} width="120px" flexShrink={0} borderRadius="md" overflow="hidden" bg="gray.100">
          <Image src={frame.image} alt="" loading="lazy" objectFit="cover" />
        </AspectRatio>
      ) : null}
      <Stack gap="0.5" minW="0">
        <HStack gap="2">
          <Text fontSize="xs" color="red.600" fontWeight="semibold">
            {at}
          </Text>
          <Text fontSize="sm" fontWeight="semibold" color="gray.800" truncate>
            {frame.keyPoints}
          </Text>
        </HStack>
        <Text fontSize="xs" color="gray.600" lineClamp={2}>
          {frame.description}
        </Text>
      </Stack>
    </chakra.button>
  );
}
