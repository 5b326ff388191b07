import { AspectRatio, Box, Flex, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLocation, useNavigate } from 'react-router-dom';
import type { TopicQuery } from '../../__generated__/TopicQuery.graphql';
import { usePageTitle } from '../../routing/pageTitle';
import type { OptionalQueryPageProps } from '../../routing/routeTypes';
import { CourseCard } from '../../components/CourseCard/CourseCard';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { TopicCard } from '../../components/Topic/TopicCard';
import { MORE_TOPICS, TOPIC_LECTURER_TEXT } from '../../constants';
import { topicQuery } from './TopicQuery';

/** /special/des?id= (§2): image, title, info, the topic's courses and 6 more topics; no id goes back. */
export default function TopicPage({ queryRef }: OptionalQueryPageProps<TopicQuery>) {
  if (!queryRef) return <GoBack />;
  return <TopicDetail queryRef={queryRef} />;
}

/** Without an id there is nothing to show: back to where the reader came from (or the topic list). */
function GoBack() {
  const navigate = useNavigate();
  // 'default' is the key of the first entry of this app's history: there is no page to go back to
  const opened = useLocation().key === 'default';
  // once: StrictMode runs effects twice in development, and two steps back would be one too many
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (opened) void navigate('/special', { replace: true });
    else void navigate(-1);
  }, [navigate, opened]);
  return null;
}

function TopicDetail({ queryRef }: { readonly queryRef: PreloadedQuery<TopicQuery> }) {
  const { topic } = usePreloadedQuery<TopicQuery>(topicQuery, queryRef);
  usePageTitle(topic?.title);
  if (!topic) {
    return (
      <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100" role="status">
        <EmptyState text={TOPIC_LECTURER_TEXT.topicNotFound} />
      </Box>
    );
  }
  const more = topic.moreTopics.slice(0, MORE_TOPICS);
  return (
    <Stack gap="6">
      <Flex
        as="section"
        bg="white"
        borderRadius="xl"
        borderWidth="1px"
        borderColor="gray.100"
        overflow="hidden"
        direction={{ base: 'column', lg: 'row' }}
      >
        <Box flex={{ base: 'none', lg: '0 0 44%' }}>
          <AspectRatio ratio={640 / 300} bg="gray.100">
            <Image src={topic.image} alt={topic.title} objectFit="cover" />
          </AspectRatio>
        </Box>
        <Stack gap="3" p="6" flex="1" minW="0">
          <Text as="h1" fontSize="2xl" fontWeight="bold" color="gray.900">
            {topic.title}
          </Text>
          <Text fontSize="sm" color="gray.600" lineHeight="1.8" whiteSpace="pre-line">
            {topic.info}
          </Text>
          <Text fontSize="sm" color="red.600">{`共 ${topic.courseCount} 门课程`}</Text>
        </Stack>
      </Flex>

      <Stack as="section" gap="4" aria-label="专题课程">
        <SectionTitle text="专题课程" />
        {topic.courses.length === 0 ? (
          <EmptyState text="暂无课程" />
        ) : (
          <SimpleGrid columns={{ base: 2, lg: 3, xl: 4 }} gap="5">
            {topic.courses.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      {more.length > 0 ? (
        <Stack as="section" gap="4" aria-label="更多专题">
          <SectionTitle text="更多专题" />
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="5">
            {more.map((other) => (
              <Box as="li" display="grid" key={other.id}>
                <TopicCard topic={other} />
              </Box>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}

function SectionTitle({ text }: { readonly text: string }) {
  return (
    <HStack gap="3" align="center">
      <Box width="4px" height="18px" bg="red.600" borderRadius="full" />
      <Text as="h2" fontSize="lg" fontWeight="bold" color="gray.900">
        {text}
      </Text>
    </HStack>
  );
}
