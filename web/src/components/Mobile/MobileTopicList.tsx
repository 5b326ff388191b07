import { Box, Image, Stack, Text } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { MobileTopicList_query$key } from '../../__generated__/MobileTopicList_query.graphql';
import type { MobileTopicListPaginationQuery } from '../../__generated__/MobileTopicListPaginationQuery.graphql';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';
import { PAGE_SIZE, TOPIC_LECTURER_TEXT } from '../../constants';
import { mobileTopicUrl } from './mobileLinks';

const queryFragment = graphql`
  fragment MobileTopicList_query on Query
  @refetchable(queryName: "MobileTopicListPaginationQuery")
  @argumentDefinitions(first: { type: "Int", defaultValue: 12 }, after: { type: "String" }) {
    topics(first: $first, after: $after) @connection(key: "MobileTopicList_topics") {
      totalCount
      edges {
        node {
          id
          topicId
          title
          info
          image
          courseCount
        }
      }
    }
  }
`;

/**
 * /m/special: 推荐专题 with the total count and one column of topic cards (each card one touch
 * target), 12 a page in infinite scroll as on /special, 没有更多了 at the end.
 */
export function MobileTopicList({ query }: { readonly query: MobileTopicList_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    MobileTopicListPaginationQuery,
    MobileTopicList_query$key
  >(queryFragment, query);
  const { edges, totalCount } = data.topics;
  return (
    <>
      <Text fontSize="sm" color="gray.600" mb="3" px="1" data-testid="topic-total">
        {TOPIC_LECTURER_TEXT.topicCount(totalCount ?? edges.length)}
      </Text>
      <InfiniteList
        itemCount={edges.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={() => loadNext(PAGE_SIZE.topics)}
      >
        {edges.length === 0 ? (
          <EmptyState text="暂无专题" />
        ) : (
          <Stack as="ul" aria-label={TOPIC_LECTURER_TEXT.topicsTitle} listStyleType="none" gap="3">
            {edges.map(({ node: topic }) => (
              <li key={topic.id}>
                <Box asChild display="block" bg="white" borderRadius="xl" overflow="hidden" _active={{ bg: 'gray.50' }}>
                  <RouterLink to={mobileTopicUrl(topic.topicId)}>
                    {/* topic images carry their own headline: shown whole, at their 32:15 ratio (as on /special) */}
                    <Image
                      src={topic.image}
                      alt=""
                      loading="lazy"
                      w="full"
                      aspectRatio={640 / 300}
                      objectFit="cover"
                      bg="gray.100"
                    />
                    <Stack gap="1" p="3">
                      <Text fontSize="md" fontWeight="semibold" color="gray.900" lineClamp={2}>
                        {topic.title}
                      </Text>
                      {topic.info && (
                        <Text fontSize="sm" color="gray.600" lineClamp={2}>
                          {topic.info}
                        </Text>
                      )}
                      <Text fontSize="xs" color="gray.500">
                        {topic.courseCount} 门课程
                      </Text>
                    </Stack>
                  </RouterLink>
                </Box>
              </li>
            ))}
          </Stack>
        )}
      </InfiniteList>
    </>
  );
}
