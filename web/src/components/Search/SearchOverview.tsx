import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { CatalogueSuggestionChips_suggestions$key } from '../../__generated__/CatalogueSuggestionChips_suggestions.graphql';
import type { SearchOverview_overview$key } from '../../__generated__/SearchOverview_overview.graphql';
import { SEARCH, SEARCH_MENU, SEARCH_TEXT } from '../../constants';
import { formatCount } from '../../lib/formatCount';
import { EmptyState } from '../Feedback/EmptyState';
import { ChevronRightIcon } from '../icons/Icons';
import { LecturerHitCard } from './LecturerHitCard';
import { CatalogueSuggestionChips } from './CatalogueSuggestionChips';
import { CourseHitCard } from './CourseHitCard';
import { KnowledgePointCard } from './KnowledgePointCard';
import { TopicHitCard } from './TopicHitCard';

/** knowledge points whose images are on the first screen (the first row); the rest load when scrolled near */
const FIRST_SCREEN_POINTS = 2;

const overviewFragment = graphql`
  fragment SearchOverview_overview on SearchOverview {
    authors {
      author {
        id
      }
      ...LecturerHitCard_hit
    }
    topics {
      topic {
        id
      }
      ...TopicHitCard_hit
    }
    knowledgePoints {
      id
      ...KnowledgePointCard_point
    }
    courses {
      course {
        id
      }
      ...CourseHitCard_hit
    }
  }
`;

export interface SearchCountsValue {
  readonly courseCount: number;
  readonly knowledgePointCount: number;
  readonly topicCount: number;
  readonly authorCount: number;
}

interface Props {
  readonly overview: SearchOverview_overview$key;
  readonly suggestions: CatalogueSuggestionChips_suggestions$key;
  readonly hasSuggestions: boolean;
  readonly counts: SearchCountsValue;
  /** 更多: show that group's own tab. */
  readonly onMore: (menuIndex: number) => void;
}

/**
 * 综合 tab (§2): previews of every group in the order lecturers (8), special topics (4), suggested
 * catalogue entries, knowledge points (10), courses (21), each group with 更多 to its own tab.
 * Full width: the right panel is only on the other tabs.
 */
export function SearchOverview({ overview, suggestions, hasSuggestions, counts, onMore }: Props) {
  const data = useFragment(overviewFragment, overview);
  const authors = data.authors.slice(0, SEARCH.previewLecturers);
  const topics = data.topics.slice(0, SEARCH.previewTopics);
  const points = data.knowledgePoints.slice(0, SEARCH.previewKnowledgePoints);
  const courses = data.courses.slice(0, SEARCH.previewCourses);
  const nothing = authors.length + topics.length + points.length + courses.length === 0;

  return (
    <Stack gap="8">
      {authors.length > 0 ? (
        <Group title="讲师" count={counts.authorCount} onMore={() => onMore(SEARCH_MENU.lecturers)}>
          <SimpleGrid as="ul" listStyleType="none" aria-label="讲师" columns={{ base: 2, md: 4 }} gap="4">
            {authors.map((hit) => (
              <Box as="li" display="grid" key={hit.author.id}>
                <LecturerHitCard hit={hit} eager />
              </Box>
            ))}
          </SimpleGrid>
        </Group>
      ) : null}
      {topics.length > 0 ? (
        <Group title="专题" count={counts.topicCount} onMore={() => onMore(SEARCH_MENU.topics)}>
          <SimpleGrid as="ul" listStyleType="none" aria-label="专题" columns={{ base: 2, xl: 4 }} gap="4">
            {topics.map((hit) => (
              <Box as="li" display="grid" key={hit.topic.id}>
                <TopicHitCard hit={hit} eager />
              </Box>
            ))}
          </SimpleGrid>
        </Group>
      ) : null}
      {hasSuggestions ? (
        <Group title="相关分类">
          <CatalogueSuggestionChips suggestions={suggestions} label="相关分类" />
        </Group>
      ) : null}
      {points.length > 0 ? (
        <Group title="知识点" count={counts.knowledgePointCount} onMore={() => onMore(SEARCH_MENU.knowledgePoints)}>
          <SimpleGrid as="ul" listStyleType="none" aria-label="知识点" columns={{ base: 1, xl: 2 }} gap="4">
            {points.map((point, i) => (
              <Box as="li" display="grid" key={point.id}>
                <KnowledgePointCard point={point} eager={i < FIRST_SCREEN_POINTS} />
              </Box>
            ))}
          </SimpleGrid>
        </Group>
      ) : null}
      {courses.length > 0 ? (
        <Group title="课程" count={counts.courseCount} onMore={() => onMore(SEARCH_MENU.courses)}>
          <SimpleGrid as="ul" listStyleType="none" aria-label="课程" columns={{ base: 2, lg: 3, xl: 4 }} gap="4">
            {courses.map((hit) => (
              <Box as="li" display="grid" key={hit.course.id}>
                <CourseHitCard hit={hit} />
              </Box>
            ))}
          </SimpleGrid>
        </Group>
      ) : null}
      {nothing ? <EmptyState text={SEARCH_TEXT.noResults} /> : null}
    </Stack>
  );
}

function Group({
  title,
  count,
  onMore,
  children,
}: {
  readonly title: string;
  readonly count?: number;
  readonly onMore?: () => void;
  readonly children: ReactNode;
}) {
  return (
    <Box as="section" aria-label={title}>
      <HStack justify="space-between" mb="3" gap="4">
        <HStack gap="3" align="center">
          <Box width="4px" height="18px" bg="red.600" borderRadius="full" />
          <Text as="h2" fontSize="lg" fontWeight="bold" color="gray.900">
            {title}
          </Text>
          {count !== undefined ? <Text fontSize="sm" color="gray.500">{`共 ${formatCount(count)} 个结果`}</Text> : null}
        </HStack>
        {onMore ? (
          <Button size="sm" variant="ghost" color="gray.600" onClick={onMore} aria-label={`更多${title}`}>
            更多
            <ChevronRightIcon />
          </Button>
        ) : null}
      </HStack>
      {children}
    </Box>
  );
}
