import { Box, Grid, Stack } from '@chakra-ui/react';
import { Component, startTransition, useCallback, useMemo, useRef, type ReactNode } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate, useRevalidator } from 'react-router-dom';
import type { PlayQuery } from '../../__generated__/PlayQuery.graphql';
import { intParam } from '../../routing/defineRoute';
import { usePageTitle } from '../../routing/pageTitle';
import type { OptionalQueryPageProps } from '../../routing/routeTypes';
import { ANONYMOUS_USER_TYPES } from '../../constants';
import { videoPlayUrl } from '../../lib/playUrl';
import { EmptyState } from '../../components/Feedback/EmptyState';
import type { VideoPlayerHandle } from '../../components/Player/types';
import { LecturerCard } from '../../components/PlayPage/LecturerCard';
import { PlayAiContent } from '../../components/PlayPage/PlayAiContent';
import { PlayerControlsContext, usePlayerControlsOf } from '../../components/PlayPage/playerControls';
import { PlayerPane } from '../../components/PlayPage/PlayerPane';
import { PlayErrorView } from '../../components/PlayPage/PlayStates';
import { PlayHeader } from '../../components/PlayPage/PlayHeader';
import { PLAY_TEXT } from '../../components/PlayPage/playText';
import { PlayVideoList } from '../../components/PlayPage/PlayVideoList';
import { RelatedCourses } from '../../components/PlayPage/RelatedCourses';
import { VideoActions } from '../../components/PlayPage/VideoActions';
import { VideoIntro } from '../../components/PlayPage/VideoIntro';
import { VideoNotes } from '../../components/PlayPage/VideoNotes';
import { playQuery } from './PlayQuery';

/**
 * /Play?catalogId=&courseId=&videoId=&vtime= (§2 play page; opened in a new tab, kept alive).
 * No course id, an unknown course or a failure: 课程出错啦~看一下其他课程吧. A visitor sees the course
 * (title, outline, lecturer, intro, AI content) with 登录后观看 in the player's place, as MOOC sites
 * do: playing needs login (§2), reading about the course does not. Another video replaces the URL (no history entry per video) and the player plays it.
 */
export default function PlayPage({ queryRef, search }: OptionalQueryPageProps<PlayQuery>) {
  const revalidator = useRevalidator();
  const retry = useCallback(() => {
    startTransition(() => {
      void revalidator.revalidate();
    });
  }, [revalidator]);
  if (!queryRef) return <PlayErrorView />;
  return (
    <PlayErrorBoundary resetKey={queryRef} onRetry={retry}>
      <Play queryRef={queryRef} search={search} />
    </PlayErrorBoundary>
  );
}

function Play({
  queryRef,
  search,
}: {
  readonly queryRef: PreloadedQuery<PlayQuery>;
  readonly search: URLSearchParams;
}) {
  const { viewer, playPage } = usePreloadedQuery<PlayQuery>(playQuery, queryRef);
  const navigate = useNavigate();
  const playerRef = useRef<VideoPlayerHandle>(null);
  const controls = usePlayerControlsOf(playerRef);
  const params = {
    videoId: intParam(search, 'videoId', 0),
    catalogueId: intParam(search, 'catalogId', 0),
    vtime: vtimeOf(search),
  };

  const course = playPage?.course;
  const catalogueId = params.catalogueId > 0 ? params.catalogueId : (course?.catalogueId ?? 0);
  const video = playPage?.video ?? null;
  const videoIds = useMemo(() => playPage?.videos.map((v) => v.videoId) ?? [], [playPage]);

  const playVideo = useCallback(
    (videoId: number) => {
      if (!course) return;
      startTransition(() => {
        void navigate(videoPlayUrl({ courseId: course.courseId, catalogueId, videoId }), { replace: true });
      });
    },
    [navigate, course, catalogueId],
  );

  // §4: the end of a video moves on to the next one of the list
  const playNext = useCallback(() => {
    if (!video) return;
    const next = videoIds[videoIds.indexOf(video.videoId) + 1];
    if (next !== undefined) playVideo(next);
  }, [video, videoIds, playVideo]);

  // the tab names what is playing: <video> - <course> - 思政云课堂
  usePageTitle(video?.name, course?.name);

  if (!playPage || !course) return <PlayErrorView />;
  const visitor = ANONYMOUS_USER_TYPES.includes(viewer.userType);

  // vtime belongs to the video the URL names (a note's or a knowledge point's second)
  const startAt = video && (params.videoId === 0 || params.videoId === video.videoId) ? params.vtime : null;
  const resume = playPage.resume;

  return (
    <PlayerControlsContext.Provider value={controls}>
      <Stack gap="4" pb="6">
        <PlayHeader playPage={playPage} />
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 320px' }} gap="4" alignItems="stretch">
          <Stack gap="3" minW="0">
            {video ? (
              <>
                <PlayerPane
                  video={video}
                  catalogueId={catalogueId}
                  resume={
                    resume
                      ? {
                          logId: resume.logId,
                          videoId: resume.videoId,
                          lastPlayTime: resume.lastPlayTime,
                          duration: resume.duration,
                        }
                      : null
                  }
                  startAt={startAt}
                  onEnded={playNext}
                  playerRef={playerRef}
                  visitor={visitor}
                />
                <VideoActions
                  video={video}
                  catalogueId={catalogueId}
                  userType={viewer.userType}
                  qrCodeUrl={playPage.qrCodeUrl}
                />
              </>
            ) : (
              <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100">
                <EmptyState text={PLAY_TEXT.noVideos} />
              </Box>
            )}
          </Stack>
          <PlayVideoList playPage={playPage} currentVideoId={video?.videoId ?? null} onSelect={playVideo} />
        </Grid>
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 320px' }} gap="4" alignItems="start">
          <Stack gap="4" minW="0">
            {video ? (
              <>
                <VideoIntro key={video.videoId} video={video} />
                <PlayAiContent key={`ai-${video.videoId}`} video={video} />
                <VideoNotes
                  key={`notes-${video.videoId}`}
                  video={video}
                  catalogueId={catalogueId}
                  userType={viewer.userType}
                />
              </>
            ) : null}
          </Stack>
          <LecturerCard playPage={playPage} />
        </Grid>
        <RelatedCourses course={course} />
      </Stack>
    </PlayerControlsContext.Provider>
  );
}

/** ?vtime=: the second to start at (a note's or a knowledge point's moment), null when absent. */
function vtimeOf(search: URLSearchParams): number | null {
  const vtime = intParam(search, 'vtime', -1);
  return vtime >= 0 ? vtime : null;
}

/**
 * §8: a failed play-data request shows the course error view (with 重新加载), not the generic
 * page error; a new query reference (after 重新加载 or another video) tries again.
 */
class PlayErrorBoundary extends Component<
  { readonly resetKey: unknown; readonly onRetry: () => void; readonly children: ReactNode },
  { readonly error: unknown; readonly resetKey: unknown }
> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: { resetKey: unknown }, state: { resetKey: unknown }) {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render(): ReactNode {
    return this.state.error ? <PlayErrorView onRetry={this.props.onRetry} /> : this.props.children;
  }
}
