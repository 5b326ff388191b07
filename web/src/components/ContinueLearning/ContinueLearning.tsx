import { AspectRatio, Box, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { ContinueLearningCard_progress$key } from '../../__generated__/ContinueLearningCard_progress.graphql';
import type { ContinueLearningQuery } from '../../__generated__/ContinueLearningQuery.graphql';
import type { ContinueLearningViewerQuery } from '../../__generated__/ContinueLearningViewerQuery.graphql';
import { formatMmSs } from '../../lib/formatTime';
import { QuietBoundary } from '../AiAssistant/QuietBoundary';
import { useAfterFirstPaint } from '../PlayPage/useAfterFirstPaint';
import { CONTINUE_LEARNING_TEXT, type PlayTargetOf } from './continueLearningText';

/**
 * 继续学习: the signed-in viewer's recently watched courses with their progress
 * (已学 2/3 讲), each opening the player at the video and second where they stopped, or at the next
 * video when they finished the one watched last (下一讲 第N讲). Its own query,
 * asked after the home page's first paint (the first screen stays as light as before, and the
 * visitors' cached home query stays cacheable) and only for someone signed in (a visitor sends
 * nothing); an organisation's network identity gets an empty list from the gateway without any
 * upstream call, and the row is not shown. Failing to load
 * shows nothing: the home page must not fail for this row.
 */
const continueLearningQuery = graphql`
  query ContinueLearningQuery($first: Int!) {
    viewer {
      isLoggedIn
      continueLearning(first: $first) {
        playPath
        ...ContinueLearningCard_progress
      }
    }
  }
`;

/** Whether anyone is signed in: the shell has asked already, so this is answered from the store. */
const viewerQuery = graphql`
  query ContinueLearningViewerQuery {
    viewer {
      isLoggedIn
    }
  }
`;

const cardFragment = graphql`
  fragment ContinueLearningCard_progress on CourseProgress {
    course {
      name
      image
    }
    learnedCount
    videoCount
    lastVideoName
    lastVideoNumberShow
    lastVideo {
      lastPlayTime
      learned
    }
    resumeVideo {
      numberShow
      isNext
    }
  }
`;

export type ContinueLearningVariant = 'desktop' | 'mobile';

interface Props {
  readonly variant: ContinueLearningVariant;
  /** how a card links to the player: /Play in a new tab on the desktop site, /m/play here on phones */
  readonly playHref: (target: PlayTargetOf) => string;
}

export function ContinueLearning(props: Props) {
  const painted = useAfterFirstPaint();
  if (!painted) return null;
  return (
    <QuietBoundary fallback={null}>
      <Suspense fallback={null}>
        <SignedInOnly {...props} />
      </Suspense>
    </QuietBoundary>
  );
}

/** The /Play path's courseId, catalogId, videoId and vtime. */
function targetOf(playPath: string): PlayTargetOf {
  const params = new URL(playPath, 'http://x').searchParams;
  const int = (name: string) => (params.has(name) ? Number(params.get(name)) : null);
  return {
    courseId: int('courseId') ?? 0,
    catalogueId: int('catalogId') ?? 0,
    videoId: int('videoId'),
    vtime: int('vtime'),
  };
}

/** A visitor sends nothing more: the row's own query is asked only for someone signed in. */
function SignedInOnly(props: Props) {
  const { viewer } = useLazyLoadQuery<ContinueLearningViewerQuery>(
    viewerQuery,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  return viewer.isLoggedIn ? <Row {...props} /> : null;
}

function Row({ variant, playHref }: Props) {
  const fetchKey = useAskedAgainInFront();
  const { viewer } = useLazyLoadQuery<ContinueLearningQuery>(
    continueLearningQuery,
    { first: variant === 'mobile' ? 6 : 4 },
    // coming back to the kept-alive home, or to this tab (the desktop plays in another), shows what
    // was watched meanwhile; the cards shown stay until the answer is there
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  if (!viewer.isLoggedIn || viewer.continueLearning.length === 0) return null;
  const cards = viewer.continueLearning.map((progress) => (
    <Card key={progress.playPath} progress={progress} variant={variant} href={playHref(targetOf(progress.playPath))} />
  ));
  const heading = (
    <HStack gap="3" align="baseline" mb={variant === 'mobile' ? '2' : '4'}>
      {variant === 'desktop' ? (
        <Box width="4px" height="18px" bg="red.600" borderRadius="full" alignSelf="center" />
      ) : null}
      <Text
        as="h2"
        id="continue-learning-title"
        fontSize={variant === 'mobile' ? 'md' : 'xl'}
        fontWeight="bold"
        color="gray.900"
      >
        {CONTINUE_LEARNING_TEXT.title}
      </Text>
    </HStack>
  );
  return (
    <Box
      as="section"
      aria-labelledby="continue-learning-title"
      data-testid="continue-learning"
      mb={variant === 'mobile' ? '3' : undefined}
    >
      {heading}
      {variant === 'mobile' ? (
        <HStack as="ul" gap="3" overflowX="auto" listStyleType="none" pb="1" css={{ scrollSnapType: 'x mandatory' }}>
          {cards}
        </HStack>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 4 }} gap="4">
          {cards}
        </SimpleGrid>
      )}
    </Box>
  );
}

/** A key that changes whenever the tab comes to the front again (shown again, or the window focused). */
function useAskedAgainInFront(): number {
  const [key, setKey] = useState(0);
  useEffect(() => {
    const again = () => {
      if (document.visibilityState !== 'hidden') setKey((k) => k + 1);
    };
    document.addEventListener('visibilitychange', again);
    window.addEventListener('focus', again);
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('focus', again);
    };
  }, []);
  return key;
}

function Card({
  progress,
  variant,
  href,
}: {
  readonly progress: ContinueLearningCard_progress$key;
  readonly variant: ContinueLearningVariant;
  readonly href: string;
}) {
  const data = useFragment(cardFragment, progress);
  const { course, lastVideo } = data;
  const learned = CONTINUE_LEARNING_TEXT.learned(data.learnedCount, data.videoCount);
  const { resumeVideo } = data;
  const where = lastVideo.learned
    ? `${data.lastVideoNumberShow} ${CONTINUE_LEARNING_TEXT.finished}${resumeVideo.isNext ? ` · ${CONTINUE_LEARNING_TEXT.next(resumeVideo.numberShow)}` : ''}`
    : `${CONTINUE_LEARNING_TEXT.stoppedAt} ${data.lastVideoNumberShow} ${formatMmSs(lastVideo.lastPlayTime)}`;
  const share = data.videoCount > 0 ? Math.round((data.learnedCount * 100) / data.videoCount) : 0;
  const body = (
    <>
      <AspectRatio ratio={16 / 9} bg="gray.100">
        <Image src={course.image} alt="" loading="lazy" objectFit="cover" />
      </AspectRatio>
      <Stack gap="1.5" p="3">
        <Text fontWeight="semibold" fontSize="sm" color="gray.900" lineClamp={1}>
          {course.name}
        </Text>
        <Text fontSize="xs" color="gray.500" lineClamp={1} title={data.lastVideoName}>
          {where}
        </Text>
        {/* drawn only: the line below says the same in words, and the card's name is its text */}
        <Box aria-hidden h="4px" bg="gray.100" borderRadius="full" overflow="hidden">
          <Box data-testid="learned-share" h="full" w={`${share}%`} bg="red.500" />
        </Box>
        <HStack justify="space-between" fontSize="xs">
          <Text color="gray.600">{learned}</Text>
          <Text color="red.600" fontWeight="semibold">
            {CONTINUE_LEARNING_TEXT.resume}
          </Text>
        </HStack>
      </Stack>
    </>
  );
  const look = {
    display: 'block',
    bg: 'white',
    borderRadius: 'xl',
    overflow: 'hidden',
    borderWidth: '1px',
    borderColor: 'gray.100',
    _hover: { boxShadow: '0 8px 20px rgba(15, 23, 42, 0.08)' },
  } as const;
  return (
    <Box
      as="li"
      flex={variant === 'mobile' ? '0 0 70%' : undefined}
      css={variant === 'mobile' ? { scrollSnapAlign: 'start' } : undefined}
    >
      <Box asChild {...look}>
        {variant === 'mobile' ? (
          <RouterLink to={href}>{body}</RouterLink>
        ) : (
          <a href={href} target="_blank" rel="noopener">
            {body}
          </a>
        )}
      </Box>
    </Box>
  );
}
