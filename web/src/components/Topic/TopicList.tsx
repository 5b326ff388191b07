import { Box, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { TopicList_query$key } from '../../__generated__/TopicList_query.graphql';
import type { TopicListPaginationQuery } from '../../__generated__/TopicListPaginationQuery.graphql';
import { PAGE_SIZE, TOPIC_LECTURER_TEXT } from '../../constants';
import { BackToTop } from '../BackToTop/BackToTop';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';
import { TopicCard } from './TopicCard';

const queryFragment = graphql`
  fragment TopicList_query on Query
  @refetchable(queryName: "TopicListPaginationQuery")
  @argumentDefinitions(first: { type: "Int", defaultValue: 12 }, after: { type: "String" }) {
    topics(first: $first, after: $after) @connection(key: "TopicList_topics") {
      totalCount
      edges {
        node {
          id
          ...TopicCard_topic
        }
      }
    }
  }
`;

/** /special: 推荐专题 with the total count, 12 a page in infinite scroll, 没有更多了 at the end. */
export function TopicList({ query }: { readonly query: TopicList_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    TopicListPaginationQuery,
    TopicList_query$key
  >(queryFragment, query);
  const { edges, totalCount } = data.topics;

  return (
    <Stack gap="5">
      <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100" px="5" py="4">
        <Flex align="center" justify="space-between" gap="4" wrap="wrap">
          <HStack gap="3" align="center">
            <Box width="4px" height="20px" bg="red.600" borderRadius="full" />
            <Text as="h1" fontSize="xl" fontWeight="bold" color="gray.900">
              {TOPIC_LECTURER_TEXT.topicsTitle}
            </Text>
          </HStack>
          <Text fontSize="sm" color="gray.500" data-testid="topic-total">
            {TOPIC_LECTURER_TEXT.topicCount(totalCount ?? edges.length)}
          </Text>
        </Flex>
      </Box>
      <Box>
        <InfiniteList
          itemCount={edges.length}
          hasNext={hasNext}
          isLoadingNext={isLoadingNext}
          loadNext={() => loadNext(PAGE_SIZE.topics)}
        >
          {edges.length === 0 ? (
            <EmptyState text="暂无专题" />
          ) : (
            <SimpleGrid
              as="ul"
              listStyleType="none"
              aria-label={TOPIC_LECTURER_TEXT.topicsTitle}
              columns={{ base: 1, md: 2, xl: 3 }}
              gap="5"
            >
              {edges.map((edge) => (
                <Box as="li" display="grid" key={edge.node.id}>
                  <TopicCard topic={edge.node} />
                </Box>
              ))}
            </SimpleGrid>
          )}
        </InfiniteList>
      </Box>
      <BackToTop />
    </Stack>
  );
}
