import { Box, Button, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { startTransition } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LecturerDetailQuery } from '../../__generated__/LecturerDetailQuery.graphql';
import { usePageTitle } from '../../routing/pageTitle';
import type { OptionalQueryPageProps } from '../../routing/routeTypes';
import { LecturerCourseList } from '../../components/Lecturer/LecturerCourseList';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { ChevronLeftIcon } from '../../components/icons/Icons';
import { RichText } from '../../components/RichText/RichText';
import { TOPIC_LECTURER_TEXT } from '../../constants';
import { lecturerDetailQuery } from './LecturerDetailQuery';

/** /authorDes?id= (§2): 返回列表, the lecturer (image, name, position, intro) and their courses. */
export default function LecturerDetailPage({ queryRef }: OptionalQueryPageProps<LecturerDetailQuery>) {
  return (
    <Stack gap="4">
      <BackToList />
      {queryRef ? <LecturerDetail queryRef={queryRef} /> : <NotFound />}
    </Stack>
  );
}

/**
 * 返回列表: back in the history when the lecturer was opened from /author (the kept-alive list
 * comes back as it was left, scroll position included), else to /author.
 */
function BackToList() {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as { from?: string } | null)?.from === '/author';
  const back = () =>
    startTransition(() => {
      if (fromList) void navigate(-1);
      else void navigate('/author');
    });
  return (
    <Box>
      <Button size="sm" variant="ghost" color="gray.600" px="2" onClick={back}>
        <ChevronLeftIcon />
        {TOPIC_LECTURER_TEXT.backToList}
      </Button>
    </Box>
  );
}

function NotFound() {
  return (
    <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100" role="status">
      <EmptyState text={TOPIC_LECTURER_TEXT.lecturerNotFound} />
    </Box>
  );
}

function LecturerDetail({ queryRef }: { readonly queryRef: PreloadedQuery<LecturerDetailQuery> }) {
  const { author } = usePreloadedQuery<LecturerDetailQuery>(lecturerDetailQuery, queryRef);
  usePageTitle(author?.name);
  if (!author) return <NotFound />;
  return (
    <Stack gap="5">
      <Flex
        as="section"
        aria-label="讲师介绍"
        bg="white"
        borderRadius="xl"
        borderWidth="1px"
        borderColor="gray.100"
        p="6"
        gap="6"
        direction={{ base: 'column', md: 'row' }}
        align={{ base: 'center', md: 'flex-start' }}
      >
        <Image
          src={author.image}
          alt={author.name}
          width="140px"
          height="140px"
          flexShrink={0}
          borderRadius="full"
          objectFit="cover"
          bg="gray.100"
          borderWidth="4px"
          borderColor="red.50"
        />
        <Stack gap="2" flex="1" minW="0">
          <Text as="h1" fontSize="2xl" fontWeight="bold" color="gray.900">
            {author.name}
          </Text>
          {author.position ? (
            <Text fontSize="sm" color="red.600">
              {author.position}
            </Text>
          ) : null}
          <RichText html={author.intro} data-testid="lecturer-intro" />
        </Stack>
      </Flex>
      <LecturerCourseList author={author} />
    </Stack>
  );
}
