import { Box } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { SearchAuthorList_query$key } from '../../__generated__/SearchAuthorList_query.graphql';
import type { SearchAuthorListPaginationQuery } from '../../__generated__/SearchAuthorListPaginationQuery.graphql';
import { AuthorHitCard } from './AuthorHitCard';
import { SearchResultGrid } from './SearchResultGrid';

const queryFragment = graphql`
  fragment SearchAuthorList_query on Query
  @refetchable(queryName: "SearchAuthorListPaginationQuery")
  @argumentDefinitions(
    keyword: { type: "String!" }
    catalogueId: { type: "Int!" }
    first: { type: "Int", defaultValue: 21 }
    after: { type: "String" }
  ) {
    search(keyword: $keyword, catalogueId: $catalogueId) {
      authors(first: $first, after: $after) @connection(key: "SearchAuthorList_authors") {
        edges {
          node {
            author {
              id
            }
            ...AuthorHitCard_hit
          }
        }
      }
    }
  }
`;

/** 讲师 tab: lecturer cards with the matches marked, 21 a page. */
export function SearchAuthorList({ query }: { readonly query: SearchAuthorList_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    SearchAuthorListPaginationQuery,
    SearchAuthorList_query$key
  >(queryFragment, query);
  const edges = data.search.authors.edges;
  return (
    <SearchResultGrid
      label="讲师"
      itemCount={edges.length}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadNext={loadNext}
      columns={{ base: 2, md: 3, xl: 4 }}
    >
      {edges.map((edge) => (
        <Box as="li" display="grid" key={edge.node.author.id}>
          <AuthorHitCard hit={edge.node} />
        </Box>
      ))}
    </SearchResultGrid>
  );
}
