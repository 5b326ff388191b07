import { Box, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Highlighted, plainText, type Segment } from '../../components/Search/Highlighted';
import { mobilePlayUrl, mobileTopicUrl } from './mobileLinks';
import { MobileAuthorTile } from './MobileSections';

/*
 * One search hit of each kind as a mobile row (a whole-row touch target): shared by the 综合
 * tab's previews (the route query's own selections) and the per-tab infinite lists (fragments).
 */

type Segments = ReadonlyArray<Segment>;

export function ResultRow({ to, image, label, children }: { readonly to: string; readonly image?: string; readonly label: string; readonly children: ReactNode }) {
  return (
    <Box as="li" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <RouterLink to={to} aria-label={label}>
        <HStack gap="3" py="2.5" align="flex-start" minH="48px">
          {image !== undefined && (
            <Image src={image} alt="" w="112px" aspectRatio={16 / 9} objectFit="cover" borderRadius="md" bg="gray.100" flexShrink={0} loading="lazy" />
          )}
          <Stack gap="0.5" minW="0" flex="1">
            {children}
          </Stack>
        </HStack>
      </RouterLink>
    </Box>
  );
}

export interface CourseHitRowData {
  readonly course: { readonly id: string; readonly courseId: number; readonly catalogueId: number; readonly image: string };
  readonly name: Segments;
  readonly info: Segments;
  readonly authorName: Segments;
}

export function CourseHitRow({ hit }: { readonly hit: CourseHitRowData }) {
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

export interface KnowledgePointRowData {
  readonly id: string;
  readonly timePointShow: string;
  readonly keyPoints: Segments;
  readonly text: Segments;
  readonly videoId: number;
  readonly videoName: Segments;
  readonly courseId: number;
  readonly catalogueId: number;
  readonly courseName: string;
}

export function KnowledgePointRow({ point }: { readonly point: KnowledgePointRowData }) {
  return (
    <ResultRow
      to={mobilePlayUrl({ courseId: point.courseId, catalogueId: point.catalogueId, videoId: point.videoId })}
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

export interface TopicHitRowData {
  readonly topic: { readonly id: string; readonly topicId: number; readonly image: string };
  readonly title: Segments;
  readonly info: Segments;
}

export function TopicHitRow({ hit }: { readonly hit: TopicHitRowData }) {
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

export interface AuthorHitTileData {
  readonly author: { readonly id: string; readonly authorId: number; readonly image: string };
  readonly name: Segments;
  readonly position: Segments;
}

export function AuthorHitTile({ hit }: { readonly hit: AuthorHitTileData }) {
  return <MobileAuthorTile author={hit.author} name={<Highlighted segments={hit.name} />} position={<Highlighted segments={hit.position} />} />;
}
