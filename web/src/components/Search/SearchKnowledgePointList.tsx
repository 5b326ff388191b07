import { Box } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { SearchKnowledgePointList_query$key } from '../../__generated__/SearchKnowledgePointList_query.graphql';
import type { SearchKnowledgePointListPaginationQuery } from '../../__generated__/SearchKnowledgePointListPaginationQuery.graphql';
import { KnowledgePointCard } from './KnowledgePointCard';
import { SearchResultGrid } from './SearchResultGrid';

const queryFragment = graphql`
  fragment SearchKnowledgePointList_query on Query
  @refetchable(queryName: "SearchKnowledgePointListPaginationQuery")
  @argumentDefinitions(
    keyword: { type: "String!" }
    catalogueId: { type: "Int!" }
    first: { type: "Int", defaultValue: 21 }
    after: { type: "String" }
  ) {
    search(keyword: $keyword, catalogueId: $catalogueId) {
      knowledgePoints(first: $first, after: $after) @connection(key: "SearchKnowledgePointList_knowledgePoints") {
        edges {
          node {
            id
            ...KnowledgePointCard_point
          }
        }
      }
    }
  }
`;

/** 知识点 tab: keyframes and transcript passages, each opening the player at its second; 21 a page. */
export function SearchKnowledgePointList({ query }: { readonly query: SearchKnowledgePointList_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    SearchKnowledgePointListPaginationQuery,
    SearchKnowledgePointList_query$key
  >(queryFragment, query);
  const edges = data.search.knowledgePoints.edges;
  return (
    <SearchResultGrid
      label="知识点"
      itemCount={edges.length}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadNext={loadNext}
      columns={{ base: 1, '2xl': 2 }}
    >
      {edges.map((edge) => (
        <Box as="li" display="grid" key={edge.node.id}>
          <KnowledgePointCard point={edge.node} />
        </Box>
      ))}
    </SearchResultGrid>
  );
}
