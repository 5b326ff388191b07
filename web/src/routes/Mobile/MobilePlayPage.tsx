import { AspectRatio, Box, Button, HStack, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { startTransition, useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { MobilePlayQuery } from '../../__generated__/MobilePlayQuery.graphql';
import { usePageTitle } from '../../routing/pageTitle';
import { LoginUrlProvider } from '../../lib/LoginPage';
import { PageOriginContext } from '../../lib/pageOrigin';
import type { OptionalQueryPageProps } from '../../routing/routeTypes';
import { ANONYMOUS_USER_TYPES } from '../../constants';
import { AiAssistant } from '../../components/AiAssistant/AiAssistant';
import { progressByVideo, VideoProgressMark } from '../../components/ContinueLearning/VideoProgressMark';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { PlayIcon, UserIcon } from '../../components/icons/Icons';
import type { VideoPlayerHandle } from '../../components/Player/types';
import { PlayerControlsContext, usePlayerControlsOf } from '../../components/PlayPage/playerControls';
import { PlayAiContent } from '../../components/PlayPage/PlayAiContent';
import { PlayerPane } from '../../components/PlayPage/PlayerPane';
import { PLAY_TEXT } from '../../components/PlayPage/playText';
import { VideoIntro } from '../../components/PlayPage/VideoIntro';
import { VideoNotes } from '../../components/PlayPage/VideoNotes';
import { VideoOperationButtons } from '../../components/PlayPage/VideoOperationButtons';
import { formatCount } from '../../lib/formatCount';
import { formatMmSs } from '../../lib/formatTime';
import { loginPageUrl } from '../../site';
import { mobileLecturerUrl, mobilePlayUrl } from '../../components/Mobile/mobileLinks';
import { mobilePlayParams } from './mobileParams';
import { MobileSection } from '../../components/Mobile/MobileSections';
import { mobilePlayQuery } from './MobilePlayQuery';

type Data = MobilePlayQuery['response'];
type Course = NonNullable<Data['course']>;

/**
 * /m/play?catalogId=&courseId=&videoId=&vtime= (the 手机网页版 QR code of /Play and the guard's
 * target; product-spec §2 play page on a phone): the same lazy player as /Play, full width at the
 * top, then the course, its videos (a tap plays another, replacing the URL), the video's abstract
 * and keyframes (a tap seeks), then as on /Play 点赞 and 收藏, the AI content and the notes, with the
 * AI drawer's floating button. Playing needs login (§2, §6): a visitor sees the course with a
 * prompt in the player's place whose 登录 opens the login page in this tab; it comes back here.
 */
export default function MobilePlayPage({ queryRef, search }: OptionalQueryPageProps<MobilePlayQuery>) {
  if (!queryRef) return <EmptyState text="课程不存在" />;
  return <MobilePlay queryRef={queryRef} search={search} />;
}

function MobilePlay({
  queryRef,
  search,
}: {
  readonly queryRef: PreloadedQuery<MobilePlayQuery>;
  readonly search: URLSearchParams;
}) {
  const { viewer, site, course, playPage } = usePreloadedQuery<MobilePlayQuery>(mobilePlayQuery, queryRef);
  const navigate = useNavigate();
  const playerRef = useRef<VideoPlayerHandle>(null);
  const controls = usePlayerControlsOf(playerRef);
  const params = mobilePlayParams(search);
  const catalogueId = params.catalogueId > 0 ? params.catalogueId : (course?.catalogueId ?? 0);
  const video = playPage?.video ?? null;
  const videoIds = useMemo(() => course?.videos.map((v) => v.videoId) ?? [], [course]);

  // §4: the end of a video moves on to the next one of the list (the URL is replaced, as a tap does)
  const playNext = useCallback(() => {
    if (!course || !video) return;
    const next = videoIds[videoIds.indexOf(video.videoId) + 1];
    if (next === undefined) return;
    startTransition(() => {
      void navigate(mobilePlayUrl({ courseId: course.courseId, catalogueId, videoId: next }), { replace: true });
    });
  }, [navigate, course, catalogueId, video, videoIds]);

  const titleVideo = video?.videoId ?? (params.videoId > 0 ? params.videoId : course?.videos[0]?.videoId);
  usePageTitle(course?.videos.find((v) => v.videoId === titleVideo)?.name, course?.name);

  if (!course) return <EmptyState text="课程不存在" />;
  const signedIn = !ANONYMOUS_USER_TYPES.includes(viewer.userType);
  const currentId =
    video?.videoId ?? (course.videos.find((v) => v.videoId === params.videoId) ?? course.videos[0])?.videoId ?? null;
  const current = course.videos.find((v) => v.videoId === currentId) ?? null;
  // vtime belongs to the video the URL names (a note's or a knowledge point's second)
  const startAt = video && (params.videoId === 0 || params.videoId === video.videoId) ? params.vtime : null;
  const resume = playPage?.resume ?? null;

  let stage: ReactNode;
  if (course.videos.length === 0) stage = <StageNotice poster={course.image} title={PLAY_TEXT.noVideos} />;
  else if (!signedIn) stage = <LoginStage poster={course.image} loginUrl={site.loginUrl} />;
  else if (!video) stage = <StageNotice poster={course.image} title={PLAY_TEXT.courseError} />;
  else
    stage = (
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
        // no floating window on a phone: §4's 360 px window would cover the screen; the player
        // stays in its place at the top of the page
        floating={false}
      />
    );

  return (
    // the AI drawer (§2) on the phone's player page too: it asks about this course and video, and
    // sends a visitor to the login page
    <LoginUrlProvider loginUrl={site.loginUrl} visitor={!signedIn}>
      <AiAssistant>
        <PlayerControlsContext.Provider value={controls}>
          {/* full width: out of the shell's side padding, square corners, right under the top bar */}
          <Box mx="-3" mt="-3" mb="3" css={{ '& > section': { borderRadius: 0 } }}>
            {stage}
          </Box>

          <Box bg="white" borderRadius="xl" mb="3">
            <Stack gap="1.5" p="4">
              {current && (
                <Text fontSize="sm" color="red.700">
                  当前视频：{current.name}
                </Text>
              )}
              <Heading as="h2" fontSize="lg">
                {course.name}
              </Heading>
              <HStack fontSize="sm" color="gray.600" gap="2" wrap="wrap">
                {course.author ? (
                  <RouterLink to={mobileLecturerUrl(course.author.authorId)}>
                    <Text as="span" color="red.700" textDecoration="underline">
                      {course.authorName}
                    </Text>
                  </RouterLink>
                ) : (
                  <span>{course.authorName}</span>
                )}
                {course.authorPosition && <span>{course.authorPosition}</span>}
              </HStack>
              <Text fontSize="xs" color="gray.500">
                {course.videoCount} 个视频 · {formatCount(course.viewCount)} 次观看
              </Text>
              {video ? (
                <Box role="group" aria-label="视频操作" mx="-2" pt="1">
                  <VideoOperationButtons video={video} catalogueId={catalogueId} userType={viewer.userType} />
                </Box>
              ) : null}
            </Stack>
          </Box>

          <MobileSection title="课程目录">
            {course.videos.length === 0 ? (
              <EmptyState text="暂无视频" />
            ) : (
              <VideoList course={course} catalogueId={catalogueId} currentId={currentId} />
            )}
          </MobileSection>

          {video ? (
            <Stack gap="3" mb="3">
              <VideoIntro key={video.videoId} video={video} />
              <PlayAiContent key={`ai-${video.videoId}`} video={video} />
              <VideoNotes
                key={`notes-${video.videoId}`}
                video={video}
                catalogueId={catalogueId}
                userType={viewer.userType}
              />
            </Stack>
          ) : null}

          {course.info.trim() !== '' && (
            <MobileSection title="课程简介">
              <Text fontSize="sm" color="gray.700" lineHeight="1.8" whiteSpace="pre-line">
                {course.info}
              </Text>
            </MobileSection>
          )}
        </PlayerControlsContext.Provider>
      </AiAssistant>
    </LoginUrlProvider>
  );
}

/**
 * The course's videos as rows of a finger's height; a tap plays another (the URL is replaced: no
 * history entry per video) and brings the player back into view.
 */
function VideoList({
  course,
  catalogueId,
  currentId,
}: {
  readonly course: Course;
  readonly catalogueId: number;
  readonly currentId: number | null;
}) {
  // the viewer's 已看完 / 已看 N% of each video; none for a visitor
  const watched = progressByVideo(course.viewerProgress?.videos);
  return (
    <Stack as="ol" aria-label="课程目录" gap="0" listStyleType="none">
      {course.videos.map((video) => {
        const isCurrent = video.videoId === currentId;
        return (
          <Box as="li" key={video.id} borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
            <RouterLink
              to={mobilePlayUrl({ courseId: course.courseId, catalogueId, videoId: video.videoId })}
              replace
              aria-current={isCurrent ? 'true' : undefined}
              onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            >
              <HStack
                minH="48px"
                py="2"
                gap="3"
                color={isCurrent ? 'red.700' : 'gray.800'}
                fontWeight={isCurrent ? 'semibold' : 'normal'}
              >
                <Box fontSize="sm" flexShrink={0} w="4" aria-hidden>
                  {isCurrent ? <PlayIcon /> : null}
                </Box>
                <Text flex="1" fontSize="sm" lineClamp={2}>
                  {video.numberShow ? `${video.numberShow} ` : ''}
                  {video.name}
                </Text>
                <VideoProgressMark progress={watched.get(video.videoId)} />
                <Text fontSize="xs" color="gray.500" flexShrink={0}>
                  {formatMmSs(video.duration)}
                </Text>
              </HStack>
            </RouterLink>
          </Box>
        );
      })}
    </Stack>
  );
}

/** A 16:9 stage in the player's place: the course picture dimmed under a message (and an action). */
function Stage({
  poster,
  label,
  children,
}: {
  readonly poster: string;
  readonly label: string;
  readonly children: ReactNode;
}) {
  return (
    <Box as="section" aria-label={label} bg="black">
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
              opacity={0.25}
            />
          ) : null}
          <Stack position="relative" align="center" justify="center" gap="3" color="white" textAlign="center" px="6">
            {children}
          </Stack>
        </Box>
      </AspectRatio>
    </Box>
  );
}

function StageNotice({ poster, title }: { readonly poster: string; readonly title: string }) {
  return (
    <Stage poster={poster} label="播放提示">
      <Text role="status" fontWeight="semibold">
        {title}
      </Text>
    </Stage>
  );
}

/**
 * §2/§6: a visitor cannot play. On a phone the login page opens in this tab, and only on a tap (no
 * popup by itself): it comes back to this very URL, signed in, and the page loads with the player.
 */
function LoginStage({ poster, loginUrl }: { readonly poster: string; readonly loginUrl: string }) {
  const location = useLocation();
  // the server render knows the browser's origin from the request (no window there)
  const origin = useContext(PageOriginContext) ?? window.location.origin;
  const back = new URL(`${location.pathname}${location.search}`, origin).toString();
  return (
    <Stage poster={poster} label="登录提示">
      <Box fontSize="3xl" aria-hidden>
        <UserIcon />
      </Box>
      <Text fontWeight="semibold">{PLAY_TEXT.loginRequired}</Text>
      <Button asChild colorPalette="red" size="md" minW="120px" minH="44px">
        <a href={loginPageUrl(loginUrl, back, origin)}>{PLAY_TEXT.login}</a>
      </Button>
    </Stage>
  );
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobilePlayQuery } from './MobilePlayQuery';
