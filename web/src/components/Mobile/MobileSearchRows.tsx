import { Box, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { MobileSearchRows_authorHit$key } from '../../__generated__/MobileSearchRows_authorHit.graphql';
import type { MobileSearchRows_courseHit$key } from '../../__generated__/MobileSearchRows_courseHit.graphql';
import type { MobileSearchRows_point$key } from '../../__generated__/MobileSearchRows_point.graphql';
import type { MobileSearchRows_topicHit$key } from '../../__generated__/MobileSearchRows_topicHit.graphql';
import { Highlighted, plainText } from '../Search/Highlighted';
import { mobilePlayUrl, mobileTopicUrl } from './mobileLinks';
import { MobileLecturerTile } from './MobileSections';

/*
 * One search hit of each kind as a mobile row (a whole-row touch target), each with its fragment:
 * the 综合 tab's previews (MobileSearchQuery) and the per-tab infinite lists (MobileSearchTabs)
 * spread the same ones.
 */

export function ResultRow({
  to,
  image,
  label,
  children,
}: {
  readonly to: string;
  readonly image?: string;
  readonly label: string;
  readonly children: ReactNode;
}) {
  return (
    <Box as="li" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <RouterLink to={to} aria-label={label}>
        <HStack gap="3" py="2.5" align="flex-start" minH="48px">
          {image !== undefined && (
            <Image
              src={image}
              alt=""
              w="112px"
              aspectRatio={16 / 9}
              objectFit="cover"
              borderRadius="md"
              bg="gray.100"
              flexShrink={0}
              loading="lazy"
            />
          )}
          <Stack gap="0.5" minW="0" flex="1">
            {children}
          </Stack>
        </HStack>
      </RouterLink>
    </Box>
  );
}

const courseHitFragment = graphql`
  fragment MobileSearchRows_courseHit on CourseHit {
    course {
      courseId
      catalogueId
      image
    }
    name {
      text
      hit
    }
    info {
      text
      hit
    }
    authorName {
      text
      hit
    }
  }
`;

export function CourseHitRow({ hit: key }: { readonly hit: MobileSearchRows_courseHit$key }) {
  const hit = useFragment(courseHitFragment, key);
  return (
    <ResultRow to={mobilePlayUrl(hit.course)} image={hit.course.image} label={plainText(hit.name)}>
      <Text fontSize="sm" fontWeight="semibold" lineClamp={2}>
        <Highlighted segments={hit.name} />
      </Text>
      <Text fontSize="xs" color="gray.500" truncate>
        <Highlighted segments={hit.authorName} />
      </Text>
      <Text fontSize="xs" color="gray.600" lineClamp={2}>
        <Highlighted segments={hit.info} />
      </Text>
    </ResultRow>
  );
}

const pointFragment = graphql`
  fragment MobileSearchRows_point on KnowledgePoint {
    timePoint
    timePointShow
    keyPoints {
      text
      hit
    }
    text {
      text
      hit
    }
    videoId
    videoName {
      text
      hit
    }
    courseId
    catalogueId
    courseName
  }
`;

/** A knowledge point opens the mobile player at its second (vtime), as on /search. */
export function KnowledgePointRow({ point: key }: { readonly point: MobileSearchRows_point$key }) {
  const point = useFragment(pointFragment, key);
  return (
    <ResultRow
      to={mobilePlayUrl({
        courseId: point.courseId,
        catalogueId: point.catalogueId,
        videoId: point.videoId,
        vtime: point.timePoint,
      })}
      label={plainText(point.videoName)}
    >
      <Text fontSize="sm" fontWeight="semibold" lineClamp={1}>
        <Highlighted segments={point.videoName} />
      </Text>
      {point.keyPoints.length > 0 && (
        <Text fontSize="xs" color="gray.700" lineClamp={1}>
          <Highlighted segments={point.keyPoints} />
        </Text>
      )}
      <Text fontSize="xs" color="gray.600" lineClamp={2}>
        {point.timePointShow} · <Highlighted segments={point.text} />
      </Text>
      <Text fontSize="xs" color="gray.500" truncate>
        {point.courseName}
      </Text>
    </ResultRow>
  );
}

const topicHitFragment = graphql`
  fragment MobileSearchRows_topicHit on TopicHit {
    topic {
      topicId
      image
    }
    title {
      text
      hit
    }
    info {
      text
      hit
    }
  }
`;

export function TopicHitRow({ hit: key }: { readonly hit: MobileSearchRows_topicHit$key }) {
  const hit = useFragment(topicHitFragment, key);
  return (
    <ResultRow to={mobileTopicUrl(hit.topic.topicId)} image={hit.topic.image} label={plainText(hit.title)}>
      <Text fontSize="sm" fontWeight="semibold" lineClamp={2}>
        <Highlighted segments={hit.title} />
      </Text>
      <Text fontSize="xs" color="gray.600" lineClamp={2}>
        <Highlighted segments={hit.info} />
      </Text>
    </ResultRow>
  );
}

const authorHitFragment = graphql`
  fragment MobileSearchRows_authorHit on AuthorHit {
    author {
      # eslint-disable-next-line relay/unused-fields -- read by <MobileLecturerTile>
      authorId
      image
    }
    name {
      text
      hit
    }
    position {
      text
      hit
    }
  }
`;

export function LecturerHitTile({ hit: key }: { readonly hit: MobileSearchRows_authorHit$key }) {
  const hit = useFragment(authorHitFragment, key);
  return (
    <MobileLecturerTile
      author={hit.author}
      name={<Highlighted segments={hit.name} />}
      position={<Highlighted segments={hit.position} />}
    />
  );
}
