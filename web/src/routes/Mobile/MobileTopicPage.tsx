import { Box, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import type { MobileTopicQuery } from '../../__generated__/MobileTopicQuery.graphql';
import { usePageTitle } from '../../routing/pageTitle';
import type { OptionalQueryPageProps } from '../../routing/routeTypes';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { MobileCourseCard } from '../../components/Mobile/MobileCourseCard';
import { MobileGrid, MobileSection } from '../../components/Mobile/MobileSections';
import { mobileTopicQuery } from './MobileTopicQuery';

/** /m/special/des?speciaId=: the topic and its courses. */
export default function MobileTopicPage({ queryRef }: OptionalQueryPageProps<MobileTopicQuery>) {
  if (!queryRef) return <EmptyState text="专题不存在" />;
  return <MobileTopic queryRef={queryRef} />;
}

function MobileTopic({ queryRef }: { readonly queryRef: PreloadedQuery<MobileTopicQuery> }) {
  const { topic } = usePreloadedQuery<MobileTopicQuery>(mobileTopicQuery, queryRef);
  usePageTitle(topic?.title);
  if (!topic) return <EmptyState text="专题不存在" />;
  return (
    <>
      <Box bg="white" borderRadius="xl" overflow="hidden" mb="3">
        {/* topic images carry their own headline: shown whole, at their 32:15 ratio (as on /special) */}
        <Image src={topic.image} alt="" w="full" aspectRatio={640 / 300} objectFit="cover" bg="gray.100" />
        <Stack gap="2" p="4">
          <Heading as="h2" fontSize="xl">
            {topic.title}
          </Heading>
          <Text fontSize="xs" color="gray.500">
            {topic.courseCount} 门课程
          </Text>
          {topic.info && (
            <Text fontSize="sm" color="gray.700" lineHeight="1.8" whiteSpace="pre-line">
              {topic.info}
            </Text>
          )}
        </Stack>
      </Box>
      <MobileSection title="专题课程">
        {topic.courses.length === 0 ? (
          <EmptyState text="暂无课程" />
        ) : (
          <MobileGrid label="专题课程">
            {topic.courses.map((course) => (
              <li key={course.id}>
                <MobileCourseCard course={course} />
              </li>
            ))}
          </MobileGrid>
        )}
      </MobileSection>
    </>
  );
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobileTopicQuery } from './MobileTopicQuery';
