import { Box, HStack, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import type { MobileLecturerQuery } from '../../__generated__/MobileLecturerQuery.graphql';
import { usePageTitle } from '../../routing/pageTitle';
import type { OptionalQueryPageProps } from '../../routing/routeTypes';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { RichText } from '../../components/RichText/RichText';
import { MobileLecturerCourses } from '../../components/Mobile/MobileLecturerCourses';
import { mobileLecturerQuery } from './MobileLecturerQuery';
import { MobileSection } from '../../components/Mobile/MobileSections';

/** /m/authorDes?id=: the lecturer, their intro and courses (18 a page in infinite scroll). */
export default function MobileLecturerPage({ queryRef }: OptionalQueryPageProps<MobileLecturerQuery>) {
  if (!queryRef) return <EmptyState text="讲师不存在" />;
  return <MobileLecturer queryRef={queryRef} />;
}

function MobileLecturer({ queryRef }: { readonly queryRef: PreloadedQuery<MobileLecturerQuery> }) {
  const { author } = usePreloadedQuery<MobileLecturerQuery>(mobileLecturerQuery, queryRef);
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
      <MobileLecturerCourses author={author} />
    </>
  );
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobileLecturerQuery } from './MobileLecturerQuery';
