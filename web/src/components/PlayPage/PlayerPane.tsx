import { AspectRatio, Box, Button, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { Component, lazy, Suspense, useMemo, type ComponentType, type ReactNode, type Ref } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PlayerPane_video$key, VideoMediaState } from '../../__generated__/PlayerPane_video.graphql';
import { useOpenLoginPage } from '../../lib/LoginPage';
import { MediaPending } from '../Player/MediaPending';
import type { PlayerResume, PlayerVideo, VideoPlayerHandle, VideoPlayerProps } from '../Player/types';
import { PLAY_TEXT } from './playText';
import { useAfterFirstPaint } from './useAfterFirstPaint';
import { useVideoDanmaku } from './useVideoDanmaku';

/**
 * The player is its own chunk (vidstack, hls.js): never with /home, and on /Play only after the
 * course (title, outline, lecturer, intro, AI content) has painted, with its poster in its place
 * meanwhile. The page speaks to it only through the contract of Player/types.ts.
 */
const VideoPlayer = lazy(() =>
  import('../Player/VideoPlayer').then((m) => ({
    default: m.VideoPlayer as ComponentType<VideoPlayerProps & { ref?: Ref<VideoPlayerHandle> }>,
  })),
);

const videoFragment = graphql`
  fragment PlayerPane_video on Video {
    id
    videoId
    courseId
    name
    image
    videoUrl
    subtitleUrl
    duration
    mediaState
    ...MediaPending_video
  }
`;

interface Props {
  readonly video: PlayerPane_video$key;
  readonly catalogueId: number;
  readonly resume: PlayerResume | null;
  readonly startAt: number | null;
  readonly onEnded: () => void;
  readonly playerRef: Ref<VideoPlayerHandle>;
  /** false: never the floating window (the mobile site) */
  readonly floating?: boolean;
  /** a visitor: the poster and 登录后观看 in the player's place (playing needs login, §2) */
  readonly visitor?: boolean;
}

/** The 16:9 player of the current video; a poster with a spinner while its code loads. */
export function PlayerPane({
  video: videoKey,
  catalogueId,
  resume,
  startAt,
  onEnded,
  playerRef,
  floating,
  visitor = false,
}: Props) {
  const data = useFragment(videoFragment, videoKey);
  // the comments come by a request of their own: their failure leaves the player in place
  const danmaku = useVideoDanmaku(visitor ? null : data.id);
  const video = useMemo<PlayerVideo>(
    () => ({
      videoId: data.videoId,
      courseId: data.courseId,
      catalogueId,
      name: data.name,
      videoUrl: data.videoUrl,
      poster: data.image,
      subtitleUrl: data.subtitleUrl,
      duration: data.duration,
      mediaState: knownMediaState(data.mediaState),
    }),
    [data, catalogueId],
  );
  // rendering the lazy player is what requests its code: not before the page's first paint
  const afterFirstPaint = useAfterFirstPaint();
  const fallback = <PlayerLoading poster={data.image} />;
  return (
    <Box as="section" aria-label="视频播放器" bg="black" borderRadius="xl" overflow="hidden">
      {visitor ? (
        <PlayerLoginRequired poster={data.image} />
      ) : data.mediaState === 'GENERATING' ? (
        // its own lecture is being made: the player comes when it is there
        <MediaPending video={data} poster={data.image} />
      ) : !afterFirstPaint ? (
        fallback
      ) : (
        <PlayerChunkBoundary fallback={<PlayerUnavailable poster={data.image} />}>
          <Suspense fallback={fallback}>
            <VideoPlayer
              ref={playerRef}
              video={video}
              resume={resume && resume.videoId === data.videoId ? resume : null}
              startAt={startAt}
              danmaku={danmaku}
              onEnded={onEnded}
              floating={floating}
            />
          </Suspense>
        </PlayerChunkBoundary>
      )}
    </Box>
  );
}

/** The states this page knows; one added to the schema later plays as READY would (no notice). */
function knownMediaState(state: VideoMediaState): PlayerVideo['mediaState'] {
  switch (state) {
    case 'READY':
    case 'GENERATING':
    case 'UNAVAILABLE':
    case 'NONE':
      return state;
    default:
      return undefined;
  }
}

function PlayerLoading({ poster }: { readonly poster: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Box position="relative" aria-busy="true" aria-label="播放器加载中">
        {poster ? (
          <Image
            src={poster}
            alt=""
            position="absolute"
            inset="0"
            w="full"
            h="full"
            objectFit="cover"
            opacity={0.6}
            loading="eager"
            fetchPriority="high"
          />
        ) : null}
        <Spinner color="white" size="lg" position="relative" />
      </Box>
    </AspectRatio>
  );
}

/**
 * A visitor's player (§2: playing needs login; the course around it is public): the poster and
 * 登录后观看, whose click opens the login page in a new tab, coming back to this /Play.
 */
function PlayerLoginRequired({ poster }: { readonly poster: string }) {
  const openLogin = useOpenLoginPage();
  return (
    <AspectRatio ratio={16 / 9}>
      <Box position="relative">
        {poster ? (
          <Image
            src={poster}
            alt=""
            position="absolute"
            inset="0"
            w="full"
            h="full"
            objectFit="cover"
            opacity={0.35}
            loading="eager"
            fetchPriority="high"
          />
        ) : null}
        <Stack position="relative" align="center" color="white" gap="3" textAlign="center" px="4">
          <Text fontWeight="semibold" fontSize="lg">
            {PLAY_TEXT.loginRequired}
          </Text>
          <Button colorPalette="red" size="md" onClick={() => openLogin()}>
            {PLAY_TEXT.loginToWatch}
          </Button>
        </Stack>
      </Box>
    </AspectRatio>
  );
}

function PlayerUnavailable({ poster }: { readonly poster: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Box position="relative">
        {poster ? (
          <Image src={poster} alt="" position="absolute" inset="0" w="full" h="full" objectFit="cover" opacity={0.4} />
        ) : null}
        <Stack role="alert" position="relative" align="center" color="white" gap="1" textAlign="center">
          <Text fontWeight="semibold">播放器加载失败</Text>
          <Text fontSize="sm">请检查网络后刷新页面重试</Text>
        </Stack>
      </Box>
    </AspectRatio>
  );
}

/** The player's chunk did not load (offline, a new deployment): the rest of the page stays usable. */
class PlayerChunkBoundary extends Component<
  { readonly fallback: ReactNode; readonly children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
