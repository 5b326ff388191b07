import { Box, HStack, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import type { MobileAuthorQuery } from '../../__generated__/MobileAuthorQuery.graphql';
import { usePageTitle } from '../../routing/pageTitle';
import type { OptionalQueryPageProps } from '../../routing/routeTypes';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { RichText } from '../../components/RichText/RichText';
import { MobileAuthorCourses } from '../../components/Mobile/MobileAuthorCourses';
import { mobileAuthorQuery } from './MobileAuthorQuery';
import { MobileSection } from '../../components/Mobile/MobileSections';

/** /m/authorDes?id=: the lecturer, their intro and courses (18 a page in infinite scroll). */
export default function MobileAuthorPage({ queryRef }: OptionalQueryPageProps<MobileAuthorQuery>) {
  if (!queryRef) return <EmptyState text="讲师不存在" />;
  return <MobileAuthor queryRef={queryRef} />;
}

function MobileAuthor({ queryRef }: { readonly queryRef: PreloadedQuery<MobileAuthorQuery> }) {
  const { author } = usePreloadedQuery<MobileAuthorQuery>(mobileAuthorQuery, queryRef);
  usePageTitle(author?.name);
  if (!author) return <EmptyState text="讲师不存在" />;
  return (
    <>
      <Box bg="white" borderRadius="xl" p="4" mb="3">
        <HStack gap="4" align="center">
          <Image
            src={author.image}
            alt=""
            boxSize="80px"
            borderRadius="full"
            objectFit="cover"
            bg="gray.100"
            flexShrink={0}
          />
          <Stack gap="1" minW="0">
            <Heading as="h2" fontSize="xl">
              {author.name}
            </Heading>
            {author.position && (
              <Text fontSize="sm" color="gray.600">
                {author.position}
              </Text>
            )}
            <Text fontSize="xs" color="gray.500">
              {author.courseCount} 门课程 · {author.videoCount} 个视频
            </Text>
          </Stack>
        </HStack>
      </Box>
      {author.intro.trim() !== '' && (
        <MobileSection title="讲师简介">
          <RichText html={author.intro} />
        </MobileSection>
      )}
      <MobileAuthorCourses author={author} />
    </>
  );
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobileAuthorQuery } from './MobileAuthorQuery';
