import { AspectRatio, Box, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { startTransition, useEffect } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import type { MediaPending_video$key } from '../../__generated__/MediaPending_video.graphql';
import type { MediaPendingRefetchQuery } from '../../__generated__/MediaPendingRefetchQuery.graphql';
import { MEDIA_GENERATING_TEXT, MEDIA_POLL_MS } from './constants';

/**
 * What the player's place shows while the video's own lecture is being made (mediaState GENERATING:
 * the main API started it when the video was opened): 视频生成中，请稍候 with a spinner, and the
 * video's media asked for again every MEDIA_POLL_MS until it is there. The answer updates the video
 * in the store, so the play page's player then plays it (no reload).
 */
/* eslint-disable relay/unused-fields -- asked again only to update the video in the store: PlayerPane and VideoIntro read them */
const fragment = graphql`
  fragment MediaPending_video on Video @refetchable(queryName: "MediaPendingRefetchQuery") {
    mediaState
    videoUrl
    subtitleUrl
    duration
    keyframes {
      timePoint
      keyPoints
      keyPointsShow
      description
      image
    }
  }
`;
/* eslint-enable relay/unused-fields */

interface Props {
  readonly video: MediaPending_video$key;
  readonly poster: string;
}

export function MediaPending({ video, poster }: Props) {
  const [data, refetch] = useRefetchableFragment<MediaPendingRefetchQuery, MediaPending_video$key>(fragment, video);
  const generating = data.mediaState === 'GENERATING';
  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(() => {
      // in a transition: the message stays on screen while the answer comes
      startTransition(() => {
        refetch({}, { fetchPolicy: 'network-only' });
      });
    }, MEDIA_POLL_MS);
    return () => clearInterval(timer);
  }, [generating, refetch]);
  return (
    <AspectRatio ratio={16 / 9}>
      <Box position="relative">
        {poster ? (
          <Image src={poster} alt="" position="absolute" inset="0" w="full" h="full" objectFit="cover" opacity={0.4} />
        ) : null}
        <Stack
          role="status"
          aria-busy="true"
          position="relative"
          align="center"
          color="white"
          gap="3"
          textAlign="center"
        >
          <Spinner color="white" size="lg" />
          <Text fontWeight="semibold">{MEDIA_GENERATING_TEXT}</Text>
        </Stack>
      </Box>
    </AspectRatio>
  );
}
