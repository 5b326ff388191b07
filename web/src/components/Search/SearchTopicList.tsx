import { Box } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { SearchTopicList_query$key } from '../../__generated__/SearchTopicList_query.graphql';
import type { SearchTopicListPaginationQuery } from '../../__generated__/SearchTopicListPaginationQuery.graphql';
import { SearchResultGrid } from './SearchResultGrid';
import { TopicHitCard } from './TopicHitCard';

const queryFragment = graphql`
  fragment SearchTopicList_query on Query
  @refetchable(queryName: "SearchTopicListPaginationQuery")
  @argumentDefinitions(
    keyword: { type: "String!" }
    catalogueId: { type: "Int!" }
    first: { type: "Int", defaultValue: 21 }
    after: { type: "String" }
  ) {
    search(keyword: $keyword, catalogueId: $catalogueId) {
      topics(first: $first, after: $after) @connection(key: "SearchTopicList_topics") {
        edges {
          node {
            topic {
              id
            }
            ...TopicHitCard_hit
          }
        }
      }
    }
  }
`;

/** 专题 tab: special topics with the matches marked, 21 a page. */
export function SearchTopicList({ query }: { readonly query: SearchTopicList_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    SearchTopicListPaginationQuery,
    SearchTopicList_query$key
  >(queryFragment, query);
  const edges = data.search.topics.edges;
  return (
    <SearchResultGrid
      label="专题"
      itemCount={edges.length}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadNext={loadNext}
      columns={{ base: 1, md: 2, xl: 3 }}
    >
      {edges.map((edge) => (
        <Box as="li" display="grid" key={edge.node.topic.id}>
          <TopicHitCard hit={edge.node} />
        </Box>
      ))}
    </SearchResultGrid>
  );
}
